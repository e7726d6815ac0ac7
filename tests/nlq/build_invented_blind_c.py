#!/usr/bin/env python3
"""Build the 8 invented SQLite databases of the blind set invented_blind_en_c.jsonl.

Written by the "blind-invented-en-c" helper (session 21) on 2026-11-28, without reading the
askdb question-to-SQL engine, its rules or its question sets. Every schema and every row is
invented: small retail and service businesses (bakery chain, florist, print shop, music
school, pet grooming salon, car wash chain, wedding planner, bookshop cafe) with mixed
naming styles (snake_case, CamelCase, UPPER_CASE, abbreviations), code/lookup tables,
junction tables, self-references, ISO TEXT dates, REAL money, Y/N or 0/1 flags and status
code columns.

Deterministic: fixed random.Random seeds, no clock; each run deletes and rewrites
tests/nlq/invented/<name>.sqlite byte for byte the same.
Usage: python3 tests/nlq/build_invented_blind_c.py
"""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from invented_rows import OUT, day, first_last, money, plus, unique_name, write  # noqa: E402

FIRST = ["Oliver", "Amelia", "Harry", "Isla", "Jack", "Ava", "George", "Mia", "Leo", "Grace",
         "Oscar", "Freya", "Henry", "Lily", "Arthur", "Ella", "Theo", "Ruby", "Alfie", "Evie",
         "Finn", "Zara", "Ethan", "Hannah", "Samuel", "Nora", "Rhys", "Maya", "Lucas", "Erin",
         "Ibrahim", "Leila", "Kenji", "Mei", "Rafael", "Ines", "Tomas", "Anya", "Kwame", "Nia",
         "Dmitri", "Elena", "Sean", "Bridget", "Ravi", "Anjali", "Felix", "Clara", "Hugo", "Rosa"]
LAST = ["Ashworth", "Bennett", "Carver", "Dalton", "Ellis", "Fletcher", "Gibbs", "Hayward",
        "Irving", "Jarvis", "Keller", "Lomax", "Marsh", "Norris", "Osborne", "Pryce", "Quinn",
        "Rowe", "Sutton", "Thorne", "Upton", "Vaughan", "Webb", "Yates", "Abbott", "Barlow",
        "Crane", "Doyle", "Everett", "Frost", "Griffin", "Holt", "Ingram", "Judd", "Kerr",
        "Lowe", "Mercer", "Nash", "Oakes", "Parry", "Reid", "Sharma", "Tanaka", "Okoye",
        "Novak", "Silva", "Kowalski", "Haddad", "Byrne", "Moreau"]
TOWNS = ["Ashford", "Bramley", "Cobham", "Dunmore", "Elmstead", "Fairfield"]


def person(rng, used):
    """A first and last name pair not used before in this table."""
    return unique_name(rng, used, first_last(FIRST, LAST))


# ---------------------------------------------------------------- bakery chain (snake_case, abbreviations)
def bakery():
    rng = random.Random(3101)
    ddl = """
CREATE TABLE branch (branch_id INTEGER PRIMARY KEY, branch_nm TEXT NOT NULL, city TEXT,
  opened_dt TEXT, seats INTEGER);
CREATE TABLE employee (emp_id INTEGER PRIMARY KEY, first_nm TEXT, last_nm TEXT,
  branch_id INTEGER REFERENCES branch(branch_id), role_cd TEXT,
  hire_dt TEXT, hourly_wage REAL, supervisor_id INTEGER REFERENCES employee(emp_id));
CREATE TABLE product_category (cat_cd TEXT PRIMARY KEY, cat_desc TEXT);
CREATE TABLE product (prod_id INTEGER PRIMARY KEY, prod_nm TEXT, cat_cd TEXT REFERENCES product_category(cat_cd),
  unit_price REAL, gluten_free_flag TEXT CHECK (gluten_free_flag IN ('Y','N')), active_flag TEXT);
CREATE TABLE sale (sale_id INTEGER PRIMARY KEY, branch_id INTEGER REFERENCES branch(branch_id),
  emp_id INTEGER REFERENCES employee(emp_id), sale_dt TEXT, pay_method TEXT, total_amt REAL);
CREATE TABLE sale_line (sale_id INTEGER REFERENCES sale(sale_id), prod_id INTEGER REFERENCES product(prod_id),
  qty INTEGER, line_amt REAL, PRIMARY KEY (sale_id, prod_id));
CREATE TABLE order_status (status_cd TEXT PRIMARY KEY, status_desc TEXT);
CREATE TABLE special_order (ord_id INTEGER PRIMARY KEY, cust_nm TEXT, cust_phone TEXT,
  branch_id INTEGER REFERENCES branch(branch_id), prod_id INTEGER REFERENCES product(prod_id),
  qty INTEGER, order_dt TEXT, pickup_dt TEXT, deposit_amt REAL, status_cd TEXT REFERENCES order_status(status_cd));
"""
    branches = [(1, "Old Mill Bakery", "Ashford", "2015-04-11", 24),
                (2, "Crumb & Co Bramley", "Bramley", "2018-09-02", 16),
                (3, "Harbour Loaf", "Dunmore", "2019-06-20", 30),
                (4, "Fairfield Bakehouse", "Fairfield", "2021-03-15", 12),
                (5, "Station Rise", "Ashford", "2023-10-01", 8)]
    emps, used = [], set()
    eid = 1
    for b in branches:
        f, l = person(rng, used)
        mgr = eid
        emps.append((eid, f, l, b[0], "MGR", day(rng, b[3], "2024-01-01"), money(rng, 17, 21), None))
        eid += 1
        for role in ["BKR", "BKR", "CSH", "CSH", "DEC", "DRV"][: rng.randint(4, 6)]:
            f, l = person(rng, used)
            emps.append((eid, f, l, b[0], role, day(rng, b[3], "2025-06-30"), money(rng, 11.5, 15.5), mgr))
            eid += 1
    cats = [("BRD", "Bread"), ("PAS", "Pastry"), ("CAK", "Cake"), ("SAV", "Savoury"), ("DRK", "Drinks")]
    prods_spec = [("Sourdough Loaf", "BRD", 4.20, "N"), ("Seeded Rye", "BRD", 4.60, "N"),
                  ("Gluten-Free Loaf", "BRD", 5.40, "Y"), ("Baguette", "BRD", 2.10, "N"),
                  ("Croissant", "PAS", 1.90, "N"), ("Pain au Chocolat", "PAS", 2.20, "N"),
                  ("Cinnamon Swirl", "PAS", 2.60, "N"), ("Almond Danish", "PAS", 2.80, "N"),
                  ("Victoria Sponge", "CAK", 18.50, "N"), ("Carrot Cake Slice", "CAK", 3.40, "N"),
                  ("Flourless Chocolate Torte", "CAK", 22.00, "Y"), ("Lemon Drizzle Slice", "CAK", 3.10, "N"),
                  ("Sausage Roll", "SAV", 2.70, "N"), ("Cheese Scone", "SAV", 2.30, "N"),
                  ("Spinach Quiche", "SAV", 4.90, "N"), ("Flat White", "DRK", 3.20, "Y"),
                  ("Pot of Tea", "DRK", 2.50, "Y"), ("Hot Chocolate", "DRK", 3.40, "Y")]
    prods = [(i + 1, n, c, p, g, "N" if n == "Almond Danish" else "Y") for i, (n, c, p, g) in enumerate(prods_spec)]
    sales, lines = [], []
    sid = 1
    for _ in range(118):
        b = rng.choice([1, 1, 1, 2, 2, 3, 3, 3, 4, 5])
        bo = branches[b - 1][3]
        staff = [e for e in emps if e[3] == b and e[4] in ("CSH", "MGR")]
        dt = day(rng, max(bo, "2024-01-01"), "2025-10-31")
        picks = rng.sample(prods, rng.randint(1, 4))
        tot = 0.0
        for p in picks:
            if p[5] == "N" and dt > "2024-12-31":
                continue
            q = rng.randint(1, 6)
            amt = round(q * p[3], 2)
            lines.append((sid, p[0], q, amt))
            tot += amt
        if tot == 0:
            p = prods[0]
            lines.append((sid, p[0], 1, p[3]))
            tot = p[3]
        sales.append((sid, b, rng.choice(staff)[0], dt, rng.choice(["CARD", "CARD", "CARD", "CASH", "APP"]), round(tot, 2)))
        sid += 1
    orders = []
    cakes = [p for p in prods if p[2] in ("CAK", "BRD")]
    names = set()
    for oid in range(1, 61):
        f, l = person(rng, names)
        p = rng.choice(cakes)
        od = day(rng, "2024-01-01", "2025-11-20")
        pk = plus(od, rng.randint(2, 14))
        st = rng.choice(["C", "C", "C", "C", "R", "P", "X"]) if pk < "2025-11-28" else rng.choice(["P", "R"])
        orders.append((oid, f"{f} {l}", f"07{rng.randint(100000000, 999999999)}", rng.randint(1, 4), p[0],
                       rng.randint(1, 3), od, pk, money(rng, 5, 25), st))
    ostat = [("P", "Pending"), ("R", "Ready for pickup"), ("C", "Collected"), ("X", "Cancelled")]
    write("bakery_c", ddl, {"branch": branches, "employee": emps, "product_category": cats, "product": prods,
                            "sale": sales, "sale_line": lines, "order_status": ostat, "special_order": orders})


# ---------------------------------------------------------------- florist (CamelCase)
def florist():
    rng = random.Random(3102)
    ddl = """
CREATE TABLE Customers (CustomerId INTEGER PRIMARY KEY, FirstName TEXT, LastName TEXT, Email TEXT,
  Town TEXT, IsCorporate INTEGER, ReferredById INTEGER REFERENCES Customers(CustomerId), CreatedOn TEXT);
CREATE TABLE Flowers (FlowerId INTEGER PRIMARY KEY, FlowerName TEXT, ColourCode TEXT, StemCost REAL,
  IsSeasonal INTEGER);
CREATE TABLE Occasions (OccasionCode TEXT PRIMARY KEY, OccasionName TEXT);
CREATE TABLE Arrangements (ArrangementId INTEGER PRIMARY KEY, ArrangementName TEXT,
  OccasionCode TEXT REFERENCES Occasions(OccasionCode), BasePrice REAL);
CREATE TABLE ArrangementFlowers (ArrangementId INTEGER REFERENCES Arrangements(ArrangementId),
  FlowerId INTEGER REFERENCES Flowers(FlowerId), StemCount INTEGER, PRIMARY KEY (ArrangementId, FlowerId));
CREATE TABLE OrderStatus (StatusCode TEXT PRIMARY KEY, StatusDesc TEXT);
CREATE TABLE Orders (OrderId INTEGER PRIMARY KEY, CustomerId INTEGER REFERENCES Customers(CustomerId),
  ArrangementId INTEGER REFERENCES Arrangements(ArrangementId), OrderDate TEXT, DeliveryDate TEXT,
  DeliveryTown TEXT, DeliveryFee REAL, TotalAmount REAL, StatusCode TEXT REFERENCES OrderStatus(StatusCode),
  CardMessage TEXT);
"""
    custs, used = [], set()
    for cid in range(1, 71):
        f, l = person(rng, used)
        corp = 1 if rng.random() < 0.2 else 0
        ref = rng.randint(1, cid - 1) if cid > 5 and rng.random() < 0.25 else None
        custs.append((cid, f, l, f"{f.lower()}.{l.lower()}@example.com", rng.choice(TOWNS), corp, ref,
                      day(rng, "2022-01-01", "2025-06-30")))
    flowers = [(1, "Red Rose", "RED", 1.80, 0), (2, "White Rose", "WHT", 1.75, 0), (3, "Peony", "PNK", 3.90, 1),
               (4, "Tulip", "YEL", 0.95, 1), (5, "Lily", "WHT", 2.40, 0), (6, "Sunflower", "YEL", 1.60, 1),
               (7, "Carnation", "PNK", 0.70, 0), (8, "Orchid", "PUR", 6.50, 0), (9, "Eucalyptus", "GRN", 0.60, 0),
               (10, "Gypsophila", "WHT", 0.45, 0), (11, "Ranunculus", "ORG", 2.10, 1), (12, "Hydrangea", "BLU", 4.20, 1)]
    occ = [("BDAY", "Birthday"), ("ANNV", "Anniversary"), ("SYMP", "Sympathy"), ("WEDD", "Wedding"),
           ("CORP", "Corporate"), ("JUST", "Just Because")]
    arrs = [(1, "Classic Dozen Roses", "ANNV", 55.00), (2, "Sunshine Posy", "BDAY", 32.00),
            (3, "Peony Dream", "BDAY", 68.00), (4, "Peaceful White Wreath", "SYMP", 95.00),
            (5, "Lily Sympathy Basket", "SYMP", 72.00), (6, "Bridal Cascade", "WEDD", 180.00),
            (7, "Buttonhole Set", "WEDD", 45.00), (8, "Reception Desk Weekly", "CORP", 85.00),
            (9, "Orchid Pot", "JUST", 48.00), (10, "Meadow Jar", "JUST", 28.00),
            (11, "Tulip Bunch", "BDAY", 24.00), (12, "Ruby Anniversary Box", "ANNV", 110.00)]
    af = []
    for a in arrs:
        for fl in rng.sample(flowers, rng.randint(2, 4)):
            af.append((a[0], fl[0], rng.randint(3, 24)))
    statuses = [("NEW", "Received"), ("PRP", "Being prepared"), ("OUT", "Out for delivery"),
                ("DLV", "Delivered"), ("CAN", "Cancelled"), ("RFD", "Refunded")]
    orders = []
    msgs = ["Happy birthday!", "With love", "Thinking of you", None, "Congratulations", None, "Thank you"]
    for oid in range(1, 221):
        c = rng.choice(custs)
        a = rng.choice(arrs) if not c[5] else rng.choice([arrs[7], arrs[7], arrs[8], arrs[9]])
        od = day(rng, "2023-01-01", "2025-11-25")
        dd = plus(od, rng.randint(0, 5))
        fee = rng.choice([0.0, 4.95, 4.95, 7.50])
        tot = round(a[3] * rng.choice([1, 1, 1, 1.15, 1.3]) + fee, 2)
        if dd >= "2025-11-26":
            st = rng.choice(["NEW", "PRP", "OUT"])
        else:
            st = rng.choice(["DLV"] * 9 + ["CAN", "RFD"])
        orders.append((oid, c[0], a[0], od, dd, rng.choice(TOWNS), fee, tot, st, rng.choice(msgs)))
    write("florist_c", ddl, {"Customers": custs, "Flowers": flowers, "Occasions": occ, "Arrangements": arrs,
                             "ArrangementFlowers": af, "OrderStatus": statuses, "Orders": orders})


# ---------------------------------------------------------------- print shop (UPPER_CASE)
def print_shop():
    rng = random.Random(3103)
    ddl = """
CREATE TABLE SECTOR (SECTOR_CD TEXT PRIMARY KEY, SECTOR_DESC TEXT);
CREATE TABLE CLIENT (CLIENT_ID INTEGER PRIMARY KEY, CLIENT_NM TEXT, SECTOR_CD TEXT REFERENCES SECTOR(SECTOR_CD),
  CONTACT_NM TEXT, ACCT_OPEN_DT TEXT, TAX_EXEMPT_YN TEXT, CREDIT_LIMIT REAL);
CREATE TABLE JOB_TYPE (JOB_TYPE_CD TEXT PRIMARY KEY, JOB_TYPE_DESC TEXT);
CREATE TABLE MACHINE (MACH_ID INTEGER PRIMARY KEY, MACH_NM TEXT, COLOR_YN TEXT, MAX_SHEET_SZ TEXT,
  PURCH_DT TEXT);
CREATE TABLE JOB (JOB_ID INTEGER PRIMARY KEY, CLIENT_ID INTEGER REFERENCES CLIENT(CLIENT_ID),
  JOB_TYPE_CD TEXT REFERENCES JOB_TYPE(JOB_TYPE_CD), MACH_ID INTEGER REFERENCES MACHINE(MACH_ID),
  RECV_DT TEXT, DUE_DT TEXT, DONE_DT TEXT, QTY INTEGER, QUOTE_AMT REAL, FINAL_AMT REAL,
  STATUS_CD TEXT, RUSH_YN TEXT, PARENT_JOB_ID INTEGER REFERENCES JOB(JOB_ID));
CREATE TABLE PAPER_STOCK (STOCK_ID INTEGER PRIMARY KEY, STOCK_NM TEXT, GSM INTEGER, COST_PER_SHEET REAL);
CREATE TABLE JOB_STOCK (JOB_ID INTEGER REFERENCES JOB(JOB_ID), STOCK_ID INTEGER REFERENCES PAPER_STOCK(STOCK_ID),
  SHEETS_USED INTEGER, PRIMARY KEY (JOB_ID, STOCK_ID));
"""
    sectors = [("EDU", "Education"), ("HOS", "Hospitality"), ("RET", "Retail"), ("NFP", "Non-profit"),
               ("PRO", "Professional services"), ("GOV", "Local government")]
    cl_names = ["Bramley Primary School", "The Copper Kettle", "Dunmore Estate Agents", "Fairfield Town Council",
                "Riverside Dental", "Oakes & Parry Solicitors", "Elmstead Scouts", "Harbour Fish Bar",
                "Cobham Garden Centre", "St Anne's Hospice", "Ashford Rugby Club", "Thorne Accountants",
                "Lantern Theatre Group", "Greenway Cafe", "Mercer Opticians", "Dunmore High School",
                "Ashford Farmers Market", "Vaughan Architects", "Pryce Bridal", "The Nash Arms",
                "Cobham Library Friends", "Silva Yoga Studio", "Bennett Motors", "Webb Property Lettings",
                "Fairfield Food Co-op", "Kerr Physiotherapy", "Upton Wine Merchants", "Moreau Patisserie"]
    sec_for = ["EDU", "HOS", "PRO", "GOV", "PRO", "PRO", "NFP", "HOS", "RET", "NFP", "NFP", "PRO", "NFP", "HOS",
               "RET", "EDU", "RET", "PRO", "RET", "HOS", "NFP", "RET", "RET", "PRO", "NFP", "PRO", "RET", "HOS"]
    clients, used = [], set()
    for i, (n, s) in enumerate(zip(cl_names, sec_for)):
        f, l = person(rng, used)
        clients.append((i + 1, n, s, f"{f} {l}", day(rng, "2017-01-01", "2024-12-31"),
                        "Y" if s in ("NFP", "EDU") else "N", float(rng.choice([500, 1000, 1500, 2500, 5000]))))
    jtypes = [("BC", "Business cards"), ("FLY", "Flyers"), ("PST", "Posters"), ("BKL", "Booklets"),
              ("BAN", "Banners"), ("LET", "Letterheads"), ("INV", "Invitations")]
    machines = [(1, "Konica C4080", "Y", "SRA3", "2019-05-01"), (2, "Xerox Versant 280", "Y", "SRA3", "2021-08-15"),
                (3, "Ricoh Pro 8300", "N", "SRA3", "2018-02-10"), (4, "HP Latex 335", "Y", "1.6m roll", "2022-11-30")]
    stocks = [(1, "Silk 130", 130, 0.045), (2, "Silk 170", 170, 0.062), (3, "Gloss 250", 250, 0.095),
              (4, "Uncoated 100", 100, 0.028), (5, "Matt Card 350", 350, 0.140), (6, "Recycled 120", 120, 0.040),
              (7, "Vinyl Banner", 440, 2.800)]
    unit = {"BC": 0.12, "FLY": 0.09, "PST": 1.80, "BKL": 2.40, "BAN": 38.0, "LET": 0.15, "INV": 0.85}
    qtys = {"BC": [250, 500, 1000], "FLY": [250, 500, 1000, 2500], "PST": [10, 25, 50, 100],
            "BKL": [50, 100, 200], "BAN": [1, 2, 4], "LET": [500, 1000], "INV": [50, 80, 120, 150]}
    jobs, js = [], []
    for jid in range(1, 181):
        c = rng.choice(clients)
        t = rng.choice([j[0] for j in jtypes])
        m = 4 if t == "BAN" else rng.choice([1, 1, 2, 2, 3])
        rv = day(rng, "2024-01-02", "2025-11-20")
        due = plus(rv, rng.randint(2, 12))
        q = rng.choice(qtys[t])
        quote = round(unit[t] * q * rng.uniform(0.9, 1.2) + 15, 2)
        rush = "Y" if rng.random() < 0.2 else "N"
        if due >= "2025-11-28":
            st, done, final = rng.choice(["QTE", "PRF", "PRN"]), None, None
        else:
            st = rng.choice(["DLV"] * 6 + ["CMP", "CMP", "CXL"])
            if st == "CXL":
                done, final = None, None
            else:
                done = plus(due, rng.choice([-2, -1, 0, 0, 0, 1, 3]))
                final = round(quote * rng.choice([1, 1, 1, 0.95, 1.1]) * (1.25 if rush == "Y" else 1), 2)
        parent = None
        if jid > 20 and rng.random() < 0.1:
            prev = [j for j in jobs if j[1] == c[0] and j[10] in ("DLV", "CMP")]
            if prev:
                parent = rng.choice(prev)[0]
        jobs.append((jid, c[0], t, m, rv, due, done, q, quote, final, st, rush, parent))
        if t == "BAN":
            js.append((jid, 7, q))
        else:
            for s in rng.sample(stocks[:6], rng.choice([1, 1, 2])):
                js.append((jid, s[0], max(1, q // rng.choice([1, 2, 4])) + rng.randint(0, 30)))
    write("print_shop_c", ddl, {"SECTOR": sectors, "CLIENT": clients, "JOB_TYPE": jtypes, "MACHINE": machines,
                                "JOB": jobs, "PAPER_STOCK": stocks, "JOB_STOCK": js})


# ---------------------------------------------------------------- music school (lower abbreviations)
def music_school():
    rng = random.Random(3104)
    ddl = """
CREATE TABLE instr_family (family_cd TEXT PRIMARY KEY, family_desc TEXT);
CREATE TABLE instr (instr_id INTEGER PRIMARY KEY, instr_nm TEXT, family_cd TEXT REFERENCES instr_family(family_cd));
CREATE TABLE tchr (tchr_id INTEGER PRIMARY KEY, fname TEXT, lname TEXT, hourly_rate REAL, hire_dt TEXT,
  active_flg TEXT, head_of_dept_id INTEGER REFERENCES tchr(tchr_id));
CREATE TABLE tchr_instr (tchr_id INTEGER REFERENCES tchr(tchr_id), instr_id INTEGER REFERENCES instr(instr_id),
  PRIMARY KEY (tchr_id, instr_id));
CREATE TABLE stu (stu_id INTEGER PRIMARY KEY, fname TEXT, lname TEXT, dob TEXT, guardian_nm TEXT,
  reg_dt TEXT, sibling_disc_flg INTEGER);
CREATE TABLE enrol (enr_id INTEGER PRIMARY KEY, stu_id INTEGER REFERENCES stu(stu_id),
  tchr_id INTEGER REFERENCES tchr(tchr_id), instr_id INTEGER REFERENCES instr(instr_id),
  start_dt TEXT, end_dt TEXT, lesson_min INTEGER, term_fee REAL, status_cd TEXT);
CREATE TABLE lesson (lesson_id INTEGER PRIMARY KEY, enr_id INTEGER REFERENCES enrol(enr_id), lesson_dt TEXT,
  attended INTEGER, room TEXT);
CREATE TABLE exam (exam_id INTEGER PRIMARY KEY, stu_id INTEGER REFERENCES stu(stu_id),
  instr_id INTEGER REFERENCES instr(instr_id), grade_lvl INTEGER, exam_dt TEXT, score INTEGER,
  result_cd TEXT);
"""
    fams = [("KEY", "Keyboard"), ("STR", "Strings"), ("WW", "Woodwind"), ("BRS", "Brass"),
            ("PRC", "Percussion"), ("VOC", "Voice")]
    instrs = [(1, "Piano", "KEY"), (2, "Violin", "STR"), (3, "Cello", "STR"), (4, "Guitar", "STR"),
              (5, "Flute", "WW"), (6, "Clarinet", "WW"), (7, "Saxophone", "WW"), (8, "Trumpet", "BRS"),
              (9, "Drum Kit", "PRC"), (10, "Singing", "VOC")]
    tchrs, used = [], set()
    heads = {}
    spec = [("KEY", [1]), ("STR", [2, 3]), ("STR", [4]), ("WW", [5, 6]), ("WW", [7, 6]), ("BRS", [8]),
            ("PRC", [9]), ("VOC", [10]), ("KEY", [1, 10]), ("STR", [4, 2]), ("KEY", [1]), ("STR", [2])]
    ti = []
    for i, (fam, ins) in enumerate(spec):
        tid = i + 1
        f, l = person(rng, used)
        head = heads.get(fam)
        if head is None:
            heads[fam] = tid
        active = "N" if tid in (6, 11) else "Y"
        tchrs.append((tid, f, l, money(rng, 28, 48), day(rng, "2012-01-01", "2024-09-01"), active, head))
        for x in ins:
            ti.append((tid, x))
    studs, used = [], set()
    for sid in range(1, 91):
        f, l = person(rng, used)
        dob = day(rng, "2008-01-01", "2019-12-31") if rng.random() < 0.8 else day(rng, "1960-01-01", "2000-12-31")
        g = f"{rng.choice(FIRST)} {l}" if dob > "2007-12-31" else None
        studs.append((sid, f, l, dob, g, day(rng, "2021-01-01", "2025-09-30"), 1 if rng.random() < 0.15 else 0))
    enrols, lessons, exams = [], [], []
    eid, lid = 1, 1
    for s in studs:
        for _ in range(rng.choice([1, 1, 1, 2])):
            t, i = rng.choice(ti)
            if tchrs[t - 1][5] == "N" and rng.random() < 0.6:
                t, i = ti[0]
            st = max(s[5], "2023-09-01")
            start = day(rng, st, "2025-09-30")
            mins = rng.choice([30, 30, 45, 60])
            fee = round(tchrs[t - 1][3] * mins / 60 * 10, 2)
            status = rng.choice(["ACT", "ACT", "ACT", "CMP", "WDR", "PND"])
            end = plus(start, rng.choice([70, 140, 280])) if status in ("CMP", "WDR") else None
            enrols.append((eid, s[0], t, i, start, end, mins, fee, status))
            if status != "PND":
                n = rng.randint(1, 4)
                for k in range(n):
                    ld = plus(start, 7 * k + rng.randint(0, 2))
                    if ld <= "2025-11-27":
                        lessons.append((lid, eid, ld, 0 if rng.random() < 0.12 else 1, rng.choice(["R1", "R2", "R3", "Hall"])))
                        lid += 1
            eid += 1
    exid = 1
    for e in enrols:
        if e[8] in ("ACT", "CMP") and rng.random() < 0.45:
            sc = rng.randint(88, 148)
            res = "D" if sc >= 130 else "M" if sc >= 120 else "P" if sc >= 100 else "F"
            exams.append((exid, e[1], e[3], rng.randint(1, 8), day(rng, "2024-03-01", "2025-11-15"), sc, res))
            exid += 1
    write("music_school_c", ddl, {"instr_family": fams, "instr": instrs, "tchr": tchrs, "tchr_instr": ti,
                                  "stu": studs, "enrol": enrols, "lesson": lessons, "exam": exams})


# ---------------------------------------------------------------- pet grooming (CamelCase with ID suffix)
def pet_grooming():
    rng = random.Random(3105)
    ddl = """
CREATE TABLE Owner (OwnerID INTEGER PRIMARY KEY, OwnerFirst TEXT, OwnerLast TEXT, Phone TEXT, Town TEXT,
  MarketingOptIn TEXT);
CREATE TABLE Breed (BreedCode TEXT PRIMARY KEY, BreedName TEXT, CoatType TEXT, SizeClass TEXT);
CREATE TABLE Pet (PetID INTEGER PRIMARY KEY, OwnerID INTEGER REFERENCES Owner(OwnerID), PetName TEXT,
  Species TEXT, BreedCode TEXT REFERENCES Breed(BreedCode), WeightKg REAL, DOB TEXT, Aggressive TEXT);
CREATE TABLE Groomer (GroomerID INTEGER PRIMARY KEY, FirstName TEXT, LastName TEXT, StartDate TEXT,
  MentorID INTEGER REFERENCES Groomer(GroomerID), CommissionRate REAL);
CREATE TABLE Service (ServiceCode TEXT PRIMARY KEY, ServiceDesc TEXT, BasePrice REAL, DurationMin INTEGER);
CREATE TABLE Appointment (ApptID INTEGER PRIMARY KEY, PetID INTEGER REFERENCES Pet(PetID),
  GroomerID INTEGER REFERENCES Groomer(GroomerID), ApptDate TEXT, ApptTime TEXT, StatusCd TEXT,
  TotalAmt REAL, TipAmt REAL);
CREATE TABLE ApptService (ApptID INTEGER REFERENCES Appointment(ApptID),
  ServiceCode TEXT REFERENCES Service(ServiceCode), Price REAL, PRIMARY KEY (ApptID, ServiceCode));
"""
    owners, used = [], set()
    for oid in range(1, 61):
        f, l = person(rng, used)
        owners.append((oid, f, l, f"07{rng.randint(100000000, 999999999)}", rng.choice(TOWNS),
                       rng.choice(["Y", "N", "N"])))
    breeds = [("LAB", "Labrador Retriever", "Short", "L"), ("CKR", "Cocker Spaniel", "Long", "M"),
              ("POO", "Miniature Poodle", "Curly", "S"), ("SHZ", "Shih Tzu", "Long", "S"),
              ("GSD", "German Shepherd", "Double", "L"), ("BCO", "Border Collie", "Double", "M"),
              ("DAC", "Dachshund", "Short", "S"), ("CAV", "Cavapoo", "Curly", "S"),
              ("PER", "Persian Cat", "Long", "S"), ("MXD", "Mixed Breed", "Short", "M")]
    pet_names = ["Biscuit", "Luna", "Max", "Bella", "Teddy", "Poppy", "Milo", "Daisy", "Bear", "Rosie",
                 "Buster", "Willow", "Alfie", "Coco", "Archie", "Maple", "Ziggy", "Pepper", "Otis", "Hazel"]
    pets = []
    pid = 1
    for o in owners:
        for _ in range(rng.choice([1, 1, 1, 2])):
            b = rng.choice(breeds)
            sp = "Cat" if b[0] == "PER" else "Dog"
            w = {"S": (3, 9), "M": (10, 22), "L": (24, 40)}[b[3]]
            pets.append((pid, o[0], rng.choice(pet_names), sp, b[0], round(rng.uniform(*w), 1),
                         day(rng, "2012-01-01", "2024-06-01"), "Y" if rng.random() < 0.08 else "N"))
            pid += 1
    groomers = [(1, "Tess", "Harland", "2016-03-01", None, 0.30), (2, "Jonah", "Reeve", "2019-07-15", 1, 0.25),
                (3, "Priya", "Malik", "2021-02-01", 1, 0.22), (4, "Caleb", "Ortiz", "2023-05-08", 2, 0.20),
                (5, "Sasha", "Lindqvist", "2024-09-02", 3, 0.18)]
    services = [("BATH", "Bath and brush", 28.0, 45), ("FULL", "Full groom", 48.0, 90),
                ("NAIL", "Nail clip", 8.0, 10), ("TEETH", "Teeth cleaning", 12.0, 15),
                ("DESH", "De-shedding treatment", 22.0, 40), ("PUPPY", "Puppy intro groom", 25.0, 45),
                ("FLEA", "Flea treatment", 15.0, 20)]
    appts, aps = [], []
    for aid in range(1, 156):
        p = rng.choice(pets)
        g = rng.choice(groomers)
        while g[3] > "2024-01-01" and rng.random() < 0.5:
            g = rng.choice(groomers)
        dt = day(rng, max(g[3], "2024-01-02"), "2025-12-20")
        if dt >= "2025-11-28":
            st = "BK"
        else:
            st = rng.choice(["DN"] * 8 + ["NS", "CX"])
        mult = {"S": 1.0, "M": 1.2, "L": 1.45}[[b for b in breeds if b[0] == p[4]][0][3]]
        main = rng.choice(["BATH", "FULL", "FULL", "DESH"] + (["PUPPY"] if p[6] > "2023-06-01" else []))
        chosen = [main] + [s for s in ("NAIL", "TEETH", "FLEA") if rng.random() < 0.3]
        tot = 0.0
        for sc in chosen:
            pr = round([s for s in services if s[0] == sc][0][2] * (mult if sc in ("BATH", "FULL", "DESH") else 1), 2)
            aps.append((aid, sc, pr))
            tot += pr
        tip = round(rng.choice([0, 0, 2, 5, 5, 10]), 2) if st == "DN" else 0.0
        appts.append((aid, p[0], g[0], dt, rng.choice(["09:00", "10:30", "12:00", "13:30", "15:00"]), st,
                      round(tot, 2) if st == "DN" else (0.0 if st in ("NS", "CX") else round(tot, 2)), tip))
    write("pet_grooming_c", ddl, {"Owner": owners, "Breed": breeds, "Pet": pets, "Groomer": groomers,
                                  "Service": services, "Appointment": appts, "ApptService": aps})


# ---------------------------------------------------------------- car wash chain (UPPER_CASE abbreviations)
def car_wash():
    rng = random.Random(3106)
    ddl = """
CREATE TABLE LOCATION (LOC_ID INTEGER PRIMARY KEY, LOC_NM TEXT, CITY TEXT, BAY_CNT INTEGER, OPEN_24H_YN TEXT);
CREATE TABLE WASH_PKG (PKG_CD TEXT PRIMARY KEY, PKG_NM TEXT, PRICE REAL, WAX_YN TEXT, MINUTES INTEGER);
CREATE TABLE MBR_PLAN (PLAN_CD TEXT PRIMARY KEY, PLAN_DESC TEXT, MONTHLY_FEE REAL, WASHES_PER_MO INTEGER);
CREATE TABLE MEMBER (MBR_ID INTEGER PRIMARY KEY, FIRST_NM TEXT, LAST_NM TEXT, PLAN_CD TEXT REFERENCES MBR_PLAN(PLAN_CD),
  JOIN_DT TEXT, ACTIVE_YN TEXT, HOME_LOC_ID INTEGER REFERENCES LOCATION(LOC_ID),
  REFERRER_MBR_ID INTEGER REFERENCES MEMBER(MBR_ID));
CREATE TABLE VEHICLE (VEH_ID INTEGER PRIMARY KEY, MBR_ID INTEGER REFERENCES MEMBER(MBR_ID), PLATE TEXT,
  MAKE TEXT, VEH_TYPE TEXT);
CREATE TABLE WASH_TXN (TXN_ID INTEGER PRIMARY KEY, LOC_ID INTEGER REFERENCES LOCATION(LOC_ID),
  VEH_ID INTEGER REFERENCES VEHICLE(VEH_ID), PKG_CD TEXT REFERENCES WASH_PKG(PKG_CD), TXN_DT TEXT,
  AMT REAL, PAY_CD TEXT, STATUS_CD TEXT);
CREATE TABLE ADDON (ADDON_CD TEXT PRIMARY KEY, ADDON_NM TEXT, ADDON_PRICE REAL);
CREATE TABLE TXN_ADDON (TXN_ID INTEGER REFERENCES WASH_TXN(TXN_ID), ADDON_CD TEXT REFERENCES ADDON(ADDON_CD),
  PRIMARY KEY (TXN_ID, ADDON_CD));
"""
    locs = [(1, "SparkleStop North", "Ashford", 4, "Y"), (2, "SparkleStop Retail Park", "Bramley", 6, "N"),
            (3, "SparkleStop Docks", "Dunmore", 3, "N"), (4, "SparkleStop Ring Road", "Elmstead", 5, "Y")]
    pkgs = [("BAS", "Basic Exterior", 6.00, "N", 8), ("STD", "Standard", 9.50, "N", 12),
            ("DLX", "Deluxe Shine", 14.00, "Y", 18), ("ULT", "Ultimate Ceramic", 22.00, "Y", 25),
            ("INT", "Interior Valet", 18.00, "N", 35)]
    plans = [("SILV", "Silver Unlimited Basic", 19.99, 30), ("GOLD", "Gold 8 Washes", 29.99, 8),
             ("PLAT", "Platinum Unlimited Deluxe", 39.99, 30)]
    members, used = [], set()
    for mid in range(1, 81):
        f, l = person(rng, used)
        ref = rng.randint(1, mid - 1) if mid > 8 and rng.random() < 0.2 else None
        members.append((mid, f, l, rng.choice(["SILV", "SILV", "GOLD", "PLAT"]), day(rng, "2022-03-01", "2025-09-30"),
                        "N" if rng.random() < 0.2 else "Y", rng.randint(1, 4), ref))
    makes = ["Ford", "Vauxhall", "Volkswagen", "Toyota", "BMW", "Nissan", "Kia", "Tesla"]
    vehs = []
    vid = 1
    for m in members:
        for _ in range(rng.choice([1, 1, 2])):
            vehs.append((vid, m[0], f"{rng.choice('ABDEFGHK')}{rng.choice('ABCDLMNPRSTVWXY')}{rng.randint(10, 25)} "
                         f"{''.join(rng.choice('ABCDEFGHJKLMNPRSTUVWXYZ') for _ in range(3))}",
                         rng.choice(makes), rng.choice(["CAR", "CAR", "CAR", "SUV", "SUV", "VAN"])))
            vid += 1
    addons = [("TYR", "Tyre shine", 2.50), ("BUG", "Bug removal", 3.00), ("AIR", "Air freshener", 1.50),
              ("UND", "Underbody rinse", 4.00), ("MAT", "Mat shampoo", 5.00)]
    txns, ta = [], []
    for tid in range(1, 301):
        loc = rng.choice([1, 1, 2, 2, 2, 3, 4, 4])
        veh = rng.choice(vehs)[0] if rng.random() < 0.55 else None
        pk = rng.choice(pkgs)
        dt = day(rng, "2024-01-01", "2025-11-27")
        st = rng.choice(["C"] * 18 + ["R", "V"])
        pay = "MBR" if veh is not None and rng.random() < 0.7 else rng.choice(["CARD", "CARD", "CASH"])
        amt = 0.0 if pay == "MBR" else pk[2]
        for a in addons:
            if rng.random() < 0.15:
                ta.append((tid, a[0]))
                if pay != "MBR":
                    amt += a[2]
        txns.append((tid, loc, veh, pk[0], dt, round(amt, 2), pay, st))
    write("car_wash_c", ddl, {"LOCATION": locs, "WASH_PKG": pkgs, "MBR_PLAN": plans, "MEMBER": members,
                              "VEHICLE": vehs, "WASH_TXN": txns, "ADDON": addons, "TXN_ADDON": ta})


# ---------------------------------------------------------------- wedding planner (snake_case)
def wedding_planner():
    rng = random.Random(3107)
    ddl = """
CREATE TABLE planner (planner_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, commission_pct REAL,
  lead_planner_id INTEGER REFERENCES planner(planner_id), joined_on TEXT);
CREATE TABLE venue (venue_id INTEGER PRIMARY KEY, venue_nm TEXT, town TEXT, capacity INTEGER,
  indoor_flg INTEGER, hire_fee REAL);
CREATE TABLE wedding_status (status_cd TEXT PRIMARY KEY, status_desc TEXT);
CREATE TABLE couple (couple_id INTEGER PRIMARY KEY, partner1_nm TEXT, partner2_nm TEXT, contact_email TEXT,
  planner_id INTEGER REFERENCES planner(planner_id), venue_id INTEGER REFERENCES venue(venue_id),
  wedding_dt TEXT, guest_cnt INTEGER, budget_amt REAL, status_cd TEXT REFERENCES wedding_status(status_cd),
  signed_dt TEXT);
CREATE TABLE vendor_type (vendor_type_cd TEXT PRIMARY KEY, type_desc TEXT);
CREATE TABLE vendor (vendor_id INTEGER PRIMARY KEY, vendor_nm TEXT, vendor_type_cd TEXT REFERENCES vendor_type(vendor_type_cd),
  town TEXT, rating REAL, preferred_yn TEXT);
CREATE TABLE booking (couple_id INTEGER REFERENCES couple(couple_id), vendor_id INTEGER REFERENCES vendor(vendor_id),
  booked_dt TEXT, contract_amt REAL, deposit_paid_yn TEXT, PRIMARY KEY (couple_id, vendor_id));
CREATE TABLE payment (pmt_id INTEGER PRIMARY KEY, couple_id INTEGER REFERENCES couple(couple_id), pmt_dt TEXT,
  amt REAL, method TEXT);
"""
    planners = [(1, "Imogen", "Hart", 12.0, None, "2014-02-01"), (2, "Marcus", "Delaney", 10.0, 1, "2018-06-01"),
                (3, "Yasmin", "Cole", 10.0, 1, "2020-01-13"), (4, "Declan", "Frost", 8.0, 2, "2022-04-04"),
                (5, "Bea", "Lindsay", 8.0, 3, "2023-09-18")]
    venues = [(1, "Hartwell Manor", "Cobham", 180, 1, 6500.0), (2, "The Old Tithe Barn", "Bramley", 140, 1, 4200.0),
              (3, "Lakeside Pavilion", "Elmstead", 220, 0, 5200.0), (4, "St Oswald's Hall", "Ashford", 90, 1, 1200.0),
              (5, "Orchard Meadow Estate", "Fairfield", 250, 0, 7800.0), (6, "The Boathouse", "Dunmore", 70, 1, 2600.0),
              (7, "Kingsley Hotel Ballroom", "Ashford", 300, 1, 8900.0)]
    statuses = [("ENQ", "Enquiry"), ("CNF", "Confirmed"), ("DONE", "Completed"), ("PPD", "Postponed"),
                ("CXL", "Cancelled")]
    couples, used = [], set()
    for cid in range(1, 61):
        a, b = person(rng, used), person(rng, used)
        wd = day(rng, "2024-03-01", "2026-09-30")
        v = rng.choice(venues)
        guests = rng.randint(30, v[3])
        if wd < "2025-11-28":
            st = rng.choice(["DONE"] * 8 + ["CXL", "PPD"])
        else:
            st = rng.choice(["CNF", "CNF", "CNF", "ENQ"])
        signed = plus(wd, -rng.randint(120, 500))
        couples.append((cid, f"{a[0]} {a[1]}", f"{b[0]} {b[1]}", f"{a[0].lower()}.{b[0].lower()}@wedmail.com",
                        rng.choice([1, 2, 2, 3, 3, 4, 5]), v[0], wd, guests,
                        float(rng.choice([15000, 18000, 22000, 25000, 30000, 40000, 55000])), st, signed))
    vtypes = [("PHO", "Photographer"), ("CAT", "Caterer"), ("FLO", "Florist"), ("MUS", "Band / DJ"),
              ("CAK", "Cake maker"), ("HMU", "Hair and make-up"), ("TRN", "Transport")]
    vnames = [("Lumen Photography", "PHO"), ("Golden Hour Studio", "PHO"), ("Snapdragon Images", "PHO"),
              ("Feast & Field Catering", "CAT"), ("Silver Platter Co", "CAT"), ("Hearth Kitchen Events", "CAT"),
              ("Petal & Stem", "FLO"), ("Wild Bloom Florals", "FLO"), ("The Jive Cats", "MUS"),
              ("DJ Reeve Sounds", "MUS"), ("String Theory Quartet", "MUS"), ("Tiered Delights", "CAK"),
              ("Sugarloaf Cakes", "CAK"), ("Glow Bridal Beauty", "HMU"), ("Veil & Vanity", "HMU"),
              ("Classic Carriage Hire", "TRN"), ("Vintage Bus Co", "TRN"), ("Ribbon Rolls", "TRN")]
    vendors = [(i + 1, n, t, rng.choice(TOWNS), round(rng.uniform(3.4, 5.0), 1), "Y" if rng.random() < 0.4 else "N")
               for i, (n, t) in enumerate(vnames)]
    base = {"PHO": 1800, "CAT": 7000, "FLO": 1400, "MUS": 1200, "CAK": 450, "HMU": 600, "TRN": 500}
    bookings, pays = [], []
    pid = 1
    for c in couples:
        if c[9] == "ENQ":
            continue
        for t in rng.sample([v[0] for v in vtypes], rng.randint(2, 5)):
            v = rng.choice([x for x in vendors if x[2] == t])
            mult = c[7] / 100 if t == "CAT" else 1
            amt = round(base[t] * mult * rng.uniform(0.85, 1.3), 2)
            bookings.append((c[0], v[0], plus(c[10], rng.randint(5, 90)), amt,
                             "Y" if c[9] in ("DONE", "CNF") or rng.random() < 0.5 else "N"))
        if c[9] != "CXL":
            for k in range(rng.randint(1, 3)):
                d = plus(c[10], 30 * k + rng.randint(0, 20))
                if d <= "2025-11-27":
                    pays.append((pid, c[0], d, float(rng.choice([500, 1000, 1500, 2500, 4000])),
                                 rng.choice(["BANK", "BANK", "CARD"])))
                    pid += 1
    write("wedding_planner_c", ddl, {"planner": planners, "venue": venues, "wedding_status": statuses,
                                     "couple": couples, "vendor_type": vtypes, "vendor": vendors,
                                     "booking": bookings, "payment": pays})


# ---------------------------------------------------------------- bookshop cafe (CamelCase)
def bookshop_cafe():
    rng = random.Random(3108)
    ddl = """
CREATE TABLE Genre (GenreCode TEXT PRIMARY KEY, GenreName TEXT, ParentGenreCode TEXT REFERENCES Genre(GenreCode));
CREATE TABLE Author (AuthorID INTEGER PRIMARY KEY, AuthorFirst TEXT, AuthorLast TEXT, Country TEXT);
CREATE TABLE Book (BookID INTEGER PRIMARY KEY, Title TEXT, AuthorID INTEGER REFERENCES Author(AuthorID),
  GenreCode TEXT REFERENCES Genre(GenreCode), ListPrice REAL, PubYear INTEGER, StockQty INTEGER,
  IsSigned INTEGER);
CREATE TABLE MenuItem (ItemID INTEGER PRIMARY KEY, ItemName TEXT, ItemType TEXT, Price REAL, IsVegan INTEGER);
CREATE TABLE LoyaltyMember (MemberID INTEGER PRIMARY KEY, FirstName TEXT, LastName TEXT, JoinDate TEXT,
  TierCd TEXT, Points INTEGER);
CREATE TABLE Receipt (ReceiptID INTEGER PRIMARY KEY, MemberID INTEGER REFERENCES LoyaltyMember(MemberID),
  ReceiptDate TEXT, Till TEXT, StatusCd TEXT, TotalAmt REAL);
CREATE TABLE ReceiptLine (LineID INTEGER PRIMARY KEY, ReceiptID INTEGER REFERENCES Receipt(ReceiptID),
  BookID INTEGER REFERENCES Book(BookID), ItemID INTEGER REFERENCES MenuItem(ItemID), Qty INTEGER,
  LineAmt REAL);
"""
    genres = [("FIC", "Fiction", None), ("CRM", "Crime", "FIC"), ("SFF", "Science Fiction & Fantasy", "FIC"),
              ("ROM", "Romance", "FIC"), ("NF", "Non-fiction", None), ("HIS", "History", "NF"),
              ("FOOD", "Food & Drink", "NF"), ("NAT", "Nature", "NF"), ("KID", "Children's", None)]
    authors = [(1, "Marguerite", "Ashby", "UK"), (2, "Tobias", "Lindgren", "Sweden"), (3, "Adaeze", "Nwosu", "Nigeria"),
               (4, "Hal", "Brennan", "Ireland"), (5, "Sofia", "Castellanos", "Spain"), (6, "Graham", "Pike", "UK"),
               (7, "Noor", "Rahimi", "Canada"), (8, "Elsie", "Thornbury", "UK"), (9, "Kai", "Nakamura", "Japan"),
               (10, "Dolores", "Fenn", "USA"), (11, "Rupert", "Vale", "UK"), (12, "Wren", "Callaghan", "Ireland")]
    titles = [("The Salt Road", 5, "FIC"), ("Murder at Mallow Quay", 1, "CRM"), ("The Ninth Lantern", 9, "SFF"),
              ("A Winter in Lisbon", 5, "ROM"), ("Bread and Empire", 6, "HIS"), ("The Hedgerow Year", 8, "NAT"),
              ("Small Plates, Big Hearts", 7, "FOOD"), ("Otto and the Moon Kite", 12, "KID"), ("Cold Harbour", 4, "CRM"),
              ("Glass Orchard", 3, "FIC"), ("The Quiet Detective", 1, "CRM"), ("Starfall Archive", 9, "SFF"),
              ("Letters to Juniper", 10, "ROM"), ("Rivers of the North", 2, "NAT"), ("The Long Table", 7, "FOOD"),
              ("Kings Without Crowns", 6, "HIS"), ("Pip the Brave Hedgehog", 12, "KID"), ("Under the Ash Tree", 3, "FIC"),
              ("The Lighthouse Keeper's Code", 4, "CRM"), ("Empires of Dust", 11, "HIS"), ("Moths and Moonlight", 8, "NAT"),
              ("The Clockwork Heir", 10, "SFF"), ("Sunday Baking", 7, "FOOD"), ("Fjord Light", 2, "FIC"),
              ("Dinosaur Picnic", 12, "KID"), ("The Velvet Ledger", 11, "CRM"), ("Harvest of Stars", 3, "SFF"),
              ("Second Chances at Sea", 5, "ROM")]
    books = []
    for i, (t, a, g) in enumerate(titles):
        books.append((i + 1, t, a, g, round(rng.choice([7.99, 8.99, 9.99, 12.99, 14.99, 16.99, 20.00, 25.00]), 2),
                      rng.randint(2009, 2025), rng.randint(0, 14), 1 if rng.random() < 0.15 else 0))
    menu = [(1, "Americano", "DRINK", 2.80, 1), (2, "Oat Latte", "DRINK", 3.60, 1), (3, "Cappuccino", "DRINK", 3.40, 0),
            (4, "Chai Latte", "DRINK", 3.50, 0), (5, "Earl Grey", "DRINK", 2.40, 1), (6, "Hot Chocolate", "DRINK", 3.30, 0),
            (7, "Banana Bread", "FOOD", 2.90, 1), (8, "Cheese Toastie", "FOOD", 5.20, 0), (9, "Soup of the Day", "FOOD", 4.80, 1),
            (10, "Scone with Jam", "FOOD", 3.10, 0), (11, "Brownie", "FOOD", 2.70, 0), (12, "Hummus Wrap", "FOOD", 5.60, 1)]
    members, used = [], set()
    for mid in range(1, 51):
        f, l = person(rng, used)
        members.append((mid, f, l, day(rng, "2021-05-01", "2025-08-31"), rng.choice(["BRZ", "BRZ", "SLV", "GLD"]),
                        rng.randint(0, 2400)))
    receipts, lines = [], []
    lid = 1
    for rid in range(1, 141):
        m = rng.choice(members)[0] if rng.random() < 0.45 else None
        dt = day(rng, "2024-01-01", "2025-11-27")
        st = rng.choice(["PD"] * 15 + ["RF", "VD"])
        tot = 0.0
        kind = rng.choice(["book", "cafe", "cafe", "both"])
        if kind in ("book", "both"):
            for b in rng.sample(books, rng.choice([1, 1, 2])):
                q = 1
                lines.append((lid, rid, b[0], None, q, b[4]))
                lid += 1
                tot += b[4]
        if kind in ("cafe", "both"):
            for it in rng.sample(menu, rng.randint(1, 3)):
                q = rng.choice([1, 1, 2])
                lines.append((lid, rid, None, it[0], q, round(q * it[3], 2)))
                lid += 1
                tot += q * it[3]
        receipts.append((rid, m, dt, rng.choice(["T1", "T2"]), st, round(tot, 2)))
    write("bookshop_cafe_c", ddl, {"Genre": genres, "Author": authors, "Book": books, "MenuItem": menu,
                                   "LoyaltyMember": members, "Receipt": receipts, "ReceiptLine": lines})


def main():
    os.makedirs(OUT, exist_ok=True)
    for build in (bakery, florist, print_shop, music_school, pet_grooming, car_wash, wedding_planner,
                  bookshop_cafe):
        build()


if __name__ == "__main__":
    main()
