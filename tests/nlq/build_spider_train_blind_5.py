#!/usr/bin/env python3
"""Build tests/nlq/spider_train/<db_id>.sqlite for the 10 Spider *train* schemas of the
blind set spider_train_blind_en_5.jsonl (report: cre_Doc_Tracking_DB, customer_complaints,
swimming, phone_1, club_1; develop: tracking_orders, products_gen_characteristics,
news_report, election, customers_and_products_contacts).

Tables and columns use the ORIGINAL names and types of Spider's tables.json
(/work/shared/data/spider/tables.json; number -> INTEGER for ids and whole counts, REAL
otherwise; text -> TEXT; time -> TEXT ISO dates), with primary and foreign keys (link tables
get composite keys).  The rows are INVENTED (plausible small-domain data generated from fixed
name lists with random.Random(fixed seed)); they are not Spider's data.  Deterministic:
running the script twice gives the same files.

Written by the "blind-spider-train-5" helper, 2026-11-27.
"""
import os

from synthetic_db import (FIRST_NAMES, LAST_NAMES, distinct_names, insert_rows, iso_date,
                          write_databases)

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "spider_train")
TABLES = "/work/shared/data/spider/tables.json"
DBS = ["cre_Doc_Tracking_DB", "customer_complaints", "swimming", "phone_1", "club_1",
       "tracking_orders", "products_gen_characteristics", "news_report", "election",
       "customers_and_products_contacts"]
COMPOSITE = {
    ("cre_Doc_Tracking_DB", "Document_Locations"): ["Document_ID", "Location_Code", "Date_in_Location_From"],
    ("swimming", "record"): ["Swimmer_ID", "Event_ID"],
    ("news_report", "news_report"): ["journalist_ID", "Event_ID"],
    ("club_1", "Member_of_club"): ["StuID", "ClubID"],
    ("products_gen_characteristics", "Product_Characteristics"): ["product_id", "characteristic_id"],
    ("tracking_orders", "Shipment_Items"): ["shipment_id", "order_item_id"],
}
INT_NAMES = {"id", "day_number", "capacity", "opening_year", "launch_year", "ram_mib", "rom_mib",
             "graphics_mode", "hardware_colours", "used_kb", "stuid", "age", "major", "advisor",
             "clubid", "event_attendance", "years_working", "population", "district", "party",
             "first_elected", "year", "invoice_number"}


def sql_type(name, kind):
    if kind in ("text", "time", "others"):
        return "TEXT"
    n = name.lower()
    if n.endswith("_id") or n in INT_NAMES:
        return "INTEGER"
    return "REAL"


FIRST = FIRST_NAMES
FEMALE = {"Emma", "Olivia", "Ava", "Sophia", "Isabella", "Mia", "Charlotte", "Amelia", "Harper",
          "Grace", "Chloe", "Zoe", "Nora", "Ella", "Lily", "Hannah", "Paula", "Ingrid", "Yuki",
          "Priya", "Greta"}
LAST = LAST_NAMES
CITIES = [("Springfield", "IL"), ("Austin", "TX"), ("Denver", "CO"), ("Portland", "OR"),
          ("Madison", "WI"), ("Columbus", "OH"), ("Sacramento", "CA"), ("Boise", "ID"),
          ("Raleigh", "NC"), ("Tucson", "AZ"), ("Dallas", "TX"), ("San Diego", "CA")]
STREETS = ["Maple Ave", "Oak St", "Pine Rd", "Cedar Ln", "Elm St", "Lake Dr", "Hill Rd", "Park Blvd"]


def gender(f):
    return "F" if f in FEMALE else "M"


def cre_Doc_Tracking_DB(c, r):
    insert_rows(c, "Ref_Document_Types", [
        ("CV", "Curriculum Vitae", "Job applicant CVs"), ("BK", "Book", "Bound books and manuals"),
        ("PR", "Paper", "Research papers"), ("RV", "Review", "Reviews and appraisals"),
        ("CT", "Contract", "Signed contracts"), ("IN", "Invoice", "Supplier invoices")])  # IN unused
    insert_rows(c, "Ref_Locations", [
        ("b", "Brazil", "Sao Paulo archive"), ("c", "Canada", "Toronto office"),
        ("e", "Edinburgh", "Scottish head office"), ("n", "Nanjing", "China branch"),
        ("x", "Xiamen", "Storage warehouse"), ("p", "Paris", "Paris office")])
    insert_rows(c, "Roles", [
        ("MG", "Manager", "Department manager"), ("ED", "Editor", "Edits documents"),
        ("PT", "Photo", "Takes photos"), ("PR", "Proof Reader", "Proof reads documents"),
        ("HR", "Human Resource", "Staff and hiring")])
    days = set()
    while len(days) < 36:
        days.add(iso_date(r, 2015, 2022))
    days = sorted(days)
    insert_rows(c, "Ref_Calendar", [(d, i + 1) for i, d in enumerate(days)])
    emps = []
    roles = ["MG", "ED", "ED", "PT", "PR", "PR", "HR", "ED", "PT", "MG"]
    for i, (f, l) in enumerate(distinct_names(r, 16, FIRST, LAST)):
        g = "U" if i in (5, 11) else gender(f)
        emps.append((i + 1, roles[i % len(roles)], "%s %s" % (f, l), g, iso_date(r, 1960, 1998),
                     None))
    insert_rows(c, "Employees", emps)
    titles = ["Annual Report", "Staff Handbook", "Supplier Agreement", "Marketing Plan",
              "Research Summary", "Quality Review", "Budget Proposal", "Safety Manual",
              "Hiring Policy", "Design Notes", "Client Contract", "Travel Policy",
              "Audit Findings", "Training Guide", "Product Catalog", "Lease Agreement",
              "Press Release", "Board Minutes", "Project Charter", "IT Security Paper",
              "Sales Forecast", "Vendor Review", "Office Lease", "Candidate Resume",
              "Engineer Resume", "Style Guide", "Tax Return Notes", "Risk Assessment"]
    types = ["BK", "PR", "CT", "PR", "PR", "RV", "PR", "BK", "BK", "PR", "CT", "BK", "RV", "BK",
             "BK", "CT", "PR", "PR", "PR", "PR", "PR", "RV", "CT", "CV", "CV", "BK", "PR", "RV"]
    docs = []
    for i, t in enumerate(titles):
        docs.append((i + 1, r.choice(days), types[i], t, "%s document" % t.lower(), None))
    insert_rows(c, "All_Documents", docs)
    locs = []
    for i in range(1, 29):
        if i in (7, 19, 26):
            continue  # never located
        k = r.randint(1, 2)
        used = set()
        for _ in range(k):
            lc = r.choice(["b", "c", "e", "e", "n", "x", "x"])
            if lc in used:
                continue
            used.add(lc)
            a, b = sorted(r.sample(days, 2))
            locs.append((i, lc, a, b))
    insert_rows(c, "Document_Locations", locs)
    dest = []
    for i in [2, 4, 6, 9, 11, 13, 15, 17, 20, 22, 24, 25, 27]:
        a, b = sorted(r.sample(days, 2))
        dest.append((i, r.choice([1, 2, 10, 7, 13]), r.choice([3, 4, 8, 9, 14, 15, 4, 3]), a, b, None))
    insert_rows(c, "Documents_to_be_Destroyed", dest)


def customer_complaints(c, r):
    staff = []
    for i, (f, l) in enumerate(distinct_names(r, 12, FIRST, LAST)):
        staff.append((i + 1, gender(f), f, l, "%s.%s@acme-support.com" % (f.lower(), l.lower()),
                      "+1-555-%04d" % r.randint(1000, 9999)))
    insert_rows(c, "Staff", staff)
    cust = []
    for i in range(1, 21):
        city, st = r.choice(CITIES)
        cust.append((i, r.choice(["Good Credit Rating", "Good Credit Rating", "Defaults on Payments"]),
                     "%d %s" % (r.randint(10, 999), r.choice(STREETS)),
                     r.choice([None, "Apt. %d" % r.randint(1, 40), "Suite %d" % r.randint(100, 400)]),
                     city, st, "customer%d@mail.com" % i, "(%03d) 555-%04d" % (r.randint(200, 900), r.randint(1000, 9999))))
    insert_rows(c, "Customers", cust)
    prods = [("Chocolate", "Food", 4.99), ("The Great Gatsby", "Book", 12.50),
             ("Keyboard", "Hardware", 39.90), ("Wireless Mouse", "Hardware", 24.75),
             ("Green Tea", "Food", 6.20), ("Laptop Stand", "Hardware", 31.00),
             ("Cookbook", "Book", 27.40), ("Olive Oil", "Food", 9.85),
             ("Monitor 24in", "Hardware", 189.00), ("Atlas of the World", "Book", 45.30),
             ("Coffee Beans", "Food", 15.60), ("USB Hub", "Hardware", 18.45)]
    pr = []
    for i, (n, cat, p) in enumerate(prods):
        first = iso_date(r, 2012, 2016)
        disc = iso_date(r, 2019, 2022) if i in (1, 4, 8) else None
        pr.append((i + 1, None if i < 3 else r.randint(1, 3), cat, first, disc, n,
                   "%s (%s)" % (n, cat.lower()), p))
    insert_rows(c, "Products", pr)
    comp = []
    for i in range(1, 33):
        raised = iso_date(r, 2018, 2022)
        status = r.choice(["Closed", "Closed", "Open", "New"])
        closed = None
        if status == "Closed":
            y, m, d = map(int, raised.split("-"))
            m2 = m + r.randint(1, 3)
            y += (m2 - 1) // 12
            m2 = (m2 - 1) % 12 + 1
            closed = "%04d-%02d-%02d" % (y, m2, d)
        comp.append((i, r.choice([1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 2, 3, 9]),
                     r.choice([c_ for c_ in range(1, 21) if c_ not in (4, 13, 17)]),
                     "OK" if status == "Closed" and r.random() < 0.7 else "No",
                     status, r.choice(["Product Failure", "Product Unusable", "Late Delivery"]),
                     raised, closed, r.choice([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1, 3, 5])))
    insert_rows(c, "Complaints", comp)


def swimming(c, r):
    nats = ["Australia", "United States", "China", "Netherlands", "France", "Japan", "Italy",
            "Hungary", "Canada", "Brazil"]
    sw = []
    nm = distinct_names(r, 22, FIRST, LAST)
    used = set()
    for i, (f, l) in enumerate(nm):
        while True:
            base = round(r.uniform(47.2, 53.9), 2)
            if base not in used:
                used.add(base)
                break
        times = []
        t = base
        for k in range(2, 8):
            t = t + r.uniform(52, 60) + k * 0.8
            m, s = divmod(t, 60)
            times.append("%d:%05.2f" % (m, s))
        tot = t + r.uniform(50, 58)
        sw.append((i + 1, "%s %s" % (f, l), nats[i % len(nats)] if i < 10 else r.choice(nats), base,
                   *times, "%d:%05.2f" % divmod(tot, 60)))
    insert_rows(c, "swimmer", sw)
    stad = [("Olympic Aquatics Centre", 17500, "Sydney", "Australia", 1994),
            ("Water Cube", 17000, "Beijing", "China", 2008),
            ("Duna Arena", 12000, "Budapest", "Hungary", 2017),
            ("Tokyo Aquatics Centre", 15000, "Tokyo", "Japan", 2019),
            ("Foro Italico", 11200, "Rome", "Italy", 1959),
            ("Paris La Defense Arena", 15220, "Paris", "France", 2017),
            ("Maria Lenk Aquatic Center", 8250, "Rio de Janeiro", "Brazil", 2007),
            ("Kazan Aquatics Palace", 9400, "Kazan", "Russia", 2013),
            ("Indiana University Natatorium", 4700, "Indianapolis", "United States", 1982),
            ("Toronto Pan Am Centre", 6500, "Toronto", "Canada", 2014)]
    insert_rows(c, "stadium", [(i + 1, *s) for i, s in enumerate(stad)])
    evs = [("World Championships", 3, "2017"), ("Olympic Games", 2, "2008"),
           ("Pan Pacific Championships", 1, "2018"), ("European Championships", 5, "2022"),
           ("Olympic Games", 4, "2021"), ("World Cup", 8, "2019"), ("Open Meet", 6, "2020"),
           ("World Championships", 3, "2022"), ("US Nationals", 9, "2016"),
           ("Pan American Games", 10, "2015"), ("Grand Prix", 1, "2023"), ("Mare Nostrum", 5, "2019")]
    insert_rows(c, "event", [(i + 1, *e) for i, e in enumerate(evs)])
    rec = []
    for s in range(1, 23):
        if s in (6, 14, 21):
            continue  # never competed
        for e in r.sample(range(1, 13), r.randint(1, 4)):
            if e == 12:
                continue  # Mare Nostrum has no records
            rec.append((len(rec) + 1, r.choice(["Winner", "Winner", "Loser", "Loser", "Loser", "NC"]), s, e))
    insert_rows(c, "record", rec)


def phone_1(c, r):
    chips = []
    for i, (nm, y) in enumerate([("X5", 2002), ("X5 high end", 2002), ("X3 Basic", 2003),
                                 ("X3 Advanced", 2003), ("X30 low-end", 2004), ("X30 mid-range", 2004),
                                 ("X30 high-end", 2004), ("X50 Standard", 2004), ("X50 Advanced", 2004),
                                 ("X50v", 2005), ("X51 low-end", 2005), ("X51 mid-range", 2005),
                                 ("X51v", 2006)]):
        ram = [32, 64, 48, 64, 32, 64, 64, 64, 64, 64, 32, 64, 128][i]
        rom = [32, 64, 32, 64, 32, 128, 128, 64, 128, 128, 64, 128, 256][i]
        chips.append((nm, y, ram, rom, r.choice(["1CFII,1SD", "1SD", "1CFII", "1SD,1MMC"]),
                      "No" if i in (0, 2, 4) else "802.11b",
                      "No" if i in (0, 4, 10) else r.choice(["1.1", "1.2", "2.0"])))
    insert_rows(c, "chip_model", chips)
    modes = [(0, "80 × 32", "640 × 256", 2, 20, "3000–7FFF", "Graphics"),
             (1, "40 × 32", "320 × 256", 4, 20, "3000–7FFF", "Graphics"),
             (2, "20 × 32", "160 × 256", 8, 20, "3000–7FFF", "Graphics"),
             (3, "80 × 25", "640 × 200", 2, 16, "4000–7FFF", "Text"),
             (4, "40 × 32", "320 × 256", 2, 10, "5800–7FFF", "Graphics"),
             (5, "20 × 32", "160 × 256", 4, 10, "5800–7FFF", "Graphics"),
             (6, "40 × 25", "320 × 200", 2, 8, "6000–7FFF", "Text"),
             (7, "40 × 25", "320 × 200", 16, 1, "7C00–7FFF", "Teletext")]
    insert_rows(c, "screen_mode", modes)
    phones = [("Nokia Corporation", "Nokia 6300"), ("Nokia Corporation", "Nokia E71"),
              ("Nokia Corporation", "Nokia N95"), ("Sony Mobile Communications", "Xperia Z1"),
              ("Sony Mobile Communications", "Xperia T2 Ultra"), ("LG Electronics", "LG-P760"),
              ("LG Electronics", "LG G2"), ("Samsung Electronics", "Galaxy S4"),
              ("Samsung Electronics", "Galaxy Note 3"), ("Samsung Electronics", "Galaxy Ace"),
              ("HTC Corporation", "HTC One"), ("HTC Corporation", "HTC Desire"),
              ("Motorola Mobility", "Moto G"), ("Apple Inc.", "iPhone 5s"), ("Apple Inc.", "iPhone 6")]
    ph = []
    for i, (co, m) in enumerate(phones):
        chip = r.choice([ch[0] for ch in chips[:12]])  # X51v in no phone
        ph.append((co, m, "Full" if r.random() < 0.55 else "Provisional",
                   r.choice(["joyn", "joyn Hot Fixes", "joyn Hot Fixes", "joyn"]),
                   "Approved (valid until %02d.%02d.%d)" % (r.randint(1, 28), r.randint(1, 12), r.randint(2013, 2016)),
                   chip, str(r.choice([1, 2, 3, 4, 5, 6]))))  # mode 0 and 7 unused
    insert_rows(c, "phone", ph)


def club_1(c, r):
    cities = ["BAL", "PIT", "HKG", "WAS", "NYC", "PHL", "CHI", "LON", "ATL", "BOS"]
    st = []
    for i, (f, l) in enumerate(distinct_names(r, 34, FIRST, LAST)):
        st.append((1001 + i, l, f, r.randint(17, 26), gender(f), r.choice([50, 100, 520, 540, 550, 600]),
                   r.choice([1121, 1148, 2192, 7712, 8722, 8423, 1823]), r.choice(cities)))
    insert_rows(c, "Student", st)
    clubs = [("Bootup Baltimore", "Refurbish computers for schools", "AKW"),
             ("Hopkins Student Enterprises", "Venture capital fund for student businesses", "AKW"),
             ("Pen and Paper Gaming", "Play role-playing games", "HHH"),
             ("Tennis Club", "A competitive tennis club", "AKW"),
             ("Chess Society", "Weekly chess and tournaments", "HHH"),
             ("Debate Team", "Parliamentary debate practice", "GAR"),
             ("Photography Club", "Photo walks and exhibitions", "GAR"),
             ("Hiking Club", "Weekend hikes in the region", "OUT"),
             ("Film Society", "Screenings of classic films", "HHH"),
             ("Robotics Club", "Build robots for competitions", "LAT")]
    insert_rows(c, "Club", [(i + 1, *cl) for i, cl in enumerate(clubs)])
    mem = []
    for cid in range(1, 10):  # Robotics Club (10) has no members
        k = r.randint(2, 6)
        for j, s in enumerate(r.sample(range(1001, 1029), k)):  # students 1029-1034 in no club
            mem.append((s, cid, "President" if j == 0 else ("Vice-President" if j == 1 else
                                                            ("CTO" if j == 2 and cid in (1, 2) else "Member"))))
    insert_rows(c, "Member_of_club", mem)


def tracking_orders(c, r):
    cn = ["Harbor Supply Co", "Northwind Traders", "Blue Ridge Outfitters", "Lakeside Bakery",
          "Summit Dental", "Greenfield Farms", "Metro Office Plus", "Sunset Cafe", "Pioneer Hardware",
          "Riverbend Books", "Coastal Marine", "Maple Leaf Florist", "Granite Builders", "Evergreen Clinic",
          "Silver Star Diner"]
    insert_rows(c, "Customers", [(i + 1, n, r.choice(["wholesale", "retail", "online"])) for i, n in enumerate(cn)])
    inv = []
    for i in range(1, 16):
        inv.append((i, iso_date(r, 2018, 2022), r.choice(["paid", "paid", "pending", "overdue"])))
    insert_rows(c, "Invoices", inv)
    pn = ["food", "book", "food", "clothes", "phone", "music", "book", "shoes", "lamp", "toys"]
    pn = ["dried fruit", "novel", "coffee", "jacket", "phone", "vinyl record", "textbook", "sneakers",
          "desk lamp", "board game"]
    insert_rows(c, "Products", [(i + 1, n, r.choice(["bulk", "single", "pack of 6"])) for i, n in enumerate(pn)])
    orders = []
    for i in range(1, 26):
        cu = r.choice([x for x in range(1, 16) if x not in (5, 11, 14)])
        orders.append((i, cu, r.choice(["Shipped", "Shipped", "Packing", "On Road", "Cancelled"]),
                       "%s %02d:%02d:00" % (iso_date(r, 2018, 2022), r.randint(7, 20), r.randint(0, 59)), None))
    insert_rows(c, "Orders", orders)
    items = []
    for o in range(1, 26):
        for p in r.sample(range(1, 10), r.randint(1, 3)):  # board game never ordered
            items.append((len(items) + 1, p, o, r.choice(["Finish", "Finish", "Payed", "Proceeding", "Cancel"]), None))
    insert_rows(c, "Order_Items", items)
    ships = []
    shipped = [o for o in orders if o[2] in ("Shipped", "On Road")]
    for o in shipped:
        d = o[3][:10]
        ships.append((len(ships) + 1, o[0], r.randint(1, 15), "%d" % r.randint(1000, 99999),
                      "%s %02d:%02d:00" % (d, r.randint(8, 18), r.randint(0, 59)), None))
    insert_rows(c, "Shipments", ships)
    si = []
    for s in ships:
        for it in items:
            if it[2] == s[1] and r.random() < 0.8:
                si.append((s[0], it[0]))
    insert_rows(c, "Shipment_Items", si)


def products_gen_characteristics(c, r):
    insert_rows(c, "Ref_Characteristic_Types", [("Grade", "Grade"), ("Purity", "Purity"), ("Size", "Size")])
    colors = [("1", "yellow"), ("2", "black"), ("3", "white"), ("4", "red"), ("5", "green"),
              ("6", "blue"), ("7", "purple"), ("8", "orange")]
    insert_rows(c, "Ref_Colors", colors)
    insert_rows(c, "Ref_Product_Categories", [("Herbs", "Herbs", "Handful"), ("Seeds", "Seeds", "Weight - pound,kilo."),
                                      ("Spices", "Spices", "Weight - pound,kilo.")])
    chars = [("Grade", "numeric", "fast"), ("Purity", "percentage", "high purity"), ("Size", "text", "large size"),
             ("Grade", "text", "warm"), ("Purity", "numeric", "organic"), ("Size", "numeric", "weight"),
             ("Grade", "text", "aroma"), ("Purity", "text", "fresh"), ("Size", "text", "slow"),
             ("Grade", "numeric", "hot")]
    insert_rows(c, "Characteristics", [(i + 1, t, dt, n, None) for i, (t, dt, n) in enumerate(chars)])
    prods = [("cumin", "Spices"), ("peper", "Spices"), ("cinnamon", "Spices"), ("chili", "Spices"),
             ("ginger", "Spices"), ("basil", "Herbs"), ("mint", "Herbs"), ("rosemary", "Herbs"),
             ("thyme", "Herbs"), ("parsley", "Herbs"), ("sesame", "Seeds"), ("flax", "Seeds"),
             ("pumpkin", "Seeds"), ("sunflower", "Seeds"), ("poppy", "Seeds"), ("caraway", "Seeds")]
    pr = []
    for i, (n, cat) in enumerate(prods):
        buy = round(r.uniform(1.5, 40), 2)
        sell = round(buy * r.uniform(1.3, 2.6), 2)
        pr.append((i + 1, r.choice(["1", "2", "3", "4", "5", "6", "4", "2"]), cat, n, "%.2f" % buy, "%.2f" % sell,
                   "%s, %s" % (n, cat.lower()), None))  # purple and orange unused
    insert_rows(c, "Products", pr)
    pc = []
    for p in range(1, 17):
        if p in (9, 15):
            continue  # no characteristics
        for ch in r.sample(range(1, 10), r.randint(1, 3)):  # 'hot' unused
            pc.append((p, ch, r.choice(["low", "medium", "high", "premium"])))
    insert_rows(c, "Product_Characteristics", pc)


def news_report(c, r):
    evs = [("Olympia Games Openning", "Marathon"), ("Government Hearing", "Washington"),
           ("Public Debating", "Platform"), ("Global Awarding", "Motorola"),
           ("Tech Summit", "San Francisco"), ("Climate Conference", "Glasgow"),
           ("Film Festival", "Cannes"), ("Election Night", "Washington"),
           ("Champions League Final", "Istanbul"), ("Music Awards", "Los Angeles"),
           ("Trade Fair", "Hanover"), ("Space Launch", "Cape Canaveral")]
    ev = []
    att = r.sample(range(800, 9000), len(evs))
    for i, (n, v) in enumerate(evs):
        ev.append((i + 1, "%d %s" % (r.randint(1, 28), r.choice(["January", "March", "May", "June", "August", "October"])) + " %d" % r.randint(2016, 2023),
                   v, n, att[i]))
    insert_rows(c, "event", ev)
    nats = ["England", "Wales", "Northern Ireland", "Scotland", "England", "United States", "Ireland"]
    jo = []
    ages = r.sample(range(24, 61), 16)
    for i, (f, l) in enumerate(distinct_names(r, 16, FIRST, LAST)):
        jo.append((i + 1, "%s %s" % (f, l), r.choice(nats), str(ages[i]), max(1, ages[i] - 22 - r.randint(0, 6))))
    insert_rows(c, "journalist", jo)
    nr = []
    for j in range(1, 17):
        if j in (4, 12, 15):
            continue
        for e in r.sample(range(1, 12), r.randint(1, 3)):  # Space Launch never covered
            nr.append((j, e, r.choice(["Screening", "Host", "Music"])))
    insert_rows(c, "news_report", nr)


def election(c, r):
    counties = [("Howard", 21000, "D21"), ("Baltimore County", 90000, "D08"), ("Colony", 79000, "D02"),
                ("Mansfield", 87200, "D09"), ("Manning", 13300, "D11"), ("Frederick", 45600, "D14"),
                ("Anne Arundel", 65400, "D30"), ("Montgomery", 98700, "D15"), ("Carroll", 32800, "D05"),
                ("Harford", 51200, "D34")]
    insert_rows(c, "county", [(i + 1, *x) for i, x in enumerate(counties)])
    parties = [(1998, "Democratic", "Peter Vallone", "Sandra Frankel", "Carl McCall", "Eliot Spitzer", "Charles Schumer"),
               (1998, "Liberal", "Betsy McCaughey Ross", "Jonathan Reiter", "Carl McCall", "Eliot Spitzer", "Charles Schumer"),
               (2002, "Democratic", "Carl McCall", "Dennis Mehiel", "Alan Hevesi", "Eliot Spitzer", "(no election)"),
               (2002, "Independence", "Tom Golisano", "Mary Donohue", "John Faso", "Eliot Spitzer", "(no election)"),
               (2006, "Democratic", "Eliot Spitzer", "David Paterson", "Alan Hevesi", "Andrew Cuomo", "Hillary Rodham Clinton"),
               (2006, "Working Families", "Eliot Spitzer", "David Paterson", "Alan Hevesi", "Andrew Cuomo", "Hillary Rodham Clinton"),
               (2006, "Republican", "John Faso", "C. Scott Vanderhoef", "Christopher Callaghan", "Jeanine Pirro", "John Spencer"),
               (2010, "Green", "Howie Hawkins", "Gloria Mattera", "Julia Willebrand", "Ramon Jimenez", "Colia Clark")]
    insert_rows(c, "party", [(i + 1, *p) for i, p in enumerate(parties)])
    dels = distinct_names(r, 16, FIRST, LAST)
    el = []
    comms = ["Appropriations", "Economic Matters", "Ways and Means", "Environmental Matters",
             "Health and Government Operations", "Judiciary"]
    for i, (f, l) in enumerate(dels):
        d = r.choice([1, 2, 2, 3, 4, 4, 5, 6, 7, 8, 9])  # county 10 no delegate
        el.append((i + 1, "%s %s" % (counties[d - 1][0], r.choice(["A", "B", "C"])), d,
                   "%s, %s" % (l, f), r.choice([1, 1, 3, 5, 5, 7, 2, 4]), r.randint(1986, 2014), r.choice(comms)))
    insert_rows(c, "election", el)


def customers_and_products_contacts(c, r):
    addr = []
    world = [("Chicago", "IL", "USA"), ("Houston", "TX", "USA"), ("Seattle", "WA", "USA"),
             ("Toronto", "ON", "Canada"), ("Vancouver", "BC", "Canada"), ("Manchester", "England", "UK"),
             ("Leeds", "England", "UK"), ("Sydney", "NSW", "Australia"), ("Miami", "FL", "USA"),
             ("Boston", "MA", "USA")]
    for i in range(1, 19):
        ci, s, co = r.choice(world)
        addr.append((i, "%d %s" % (r.randint(1, 999), r.choice(STREETS)), ci, "%05d" % r.randint(10000, 99999), s, co))
    insert_rows(c, "Addresses", addr)
    prods = [("Hardware", "Cordless Drill", 89.99), ("Hardware", "Hammer", 14.50),
             ("Clothes", "Rain Jacket", 64.00), ("Clothes", "Wool Socks", 9.25),
             ("Hardware", "Tape Measure", 11.80), ("Clothes", "Work Gloves", 18.40),
             ("Food", "Trail Mix", 5.60), ("Food", "Energy Bar Box", 22.30),
             ("Hardware", "Ladder", 129.00), ("Clothes", "Safety Vest", 27.70), ("Food", "Ground Coffee", 12.95)]
    insert_rows(c, "Products", [(i + 1, *p) for i, p in enumerate(prods)])
    cn = ["Kayla Ortiz", "Brandon Hughes", "Acme Builders", "Nadia Patel", "Ridgeway Cafe",
          "Lucas Meyer", "Sofia Russo", "Blue Harbor Inc", "Marcus Reed", "Elena Popescu",
          "Quincy Tools", "Hannah Clark", "Dev Sharma", "Oakline Stores"]
    cu = []
    for i, n in enumerate(cn):
        cu.append((i + 1, r.choice(["Credit Card", "Credit Card", "Cash", "Cheque", "Direct Debit"]),
                   "CN-%04d" % r.randint(1000, 9999), n, r.choice([a[1] + ", " + a[2] for a in addr]),
                   "(%03d) 555-%04d" % (r.randint(200, 900), r.randint(1000, 9999)),
                   n.lower().replace(" ", ".") + "@example.com"))
    insert_rows(c, "Customers", cu)
    co = []
    for i, (f, l) in enumerate(distinct_names(r, 20, FIRST, LAST)):
        co.append((i + 1, r.choice([x for x in range(1, 15) if x not in (6, 12)]), "female" if gender(f) == "F" else "male",
                   f, l, "(%03d) 555-%04d" % (r.randint(200, 900), r.randint(1000, 9999))))
    insert_rows(c, "Contacts", co)
    h = []
    for cid in range(1, 15):
        for a in r.sample(range(1, 19), r.randint(1, 2)):
            d0 = iso_date(r, 2012, 2018)
            h.append((cid, a, d0, iso_date(r, 2019, 2023)))
    insert_rows(c, "Customer_Address_History", h)
    orders = []
    for i in range(1, 24):
        orders.append((i, r.choice([x for x in range(1, 15) if x not in (9, 13)]), iso_date(r, 2017, 2022),
                       r.choice(["Completed", "Completed", "Part", "Pending", "Cancelled"])))
    insert_rows(c, "Customer_Orders", orders)
    oi = []
    for o in range(1, 24):
        for p in r.sample(range(1, 11), r.randint(1, 3)):  # Ground Coffee never ordered
            oi.append((len(oi) + 1, o, p, str(r.randint(1, 9))))
    insert_rows(c, "Order_Items", oi)


def main():
    for path in write_databases(OUT, TABLES, DBS, COMPOSITE, sql_type, globals().get,
                                lambda i: 5000 + i):
        print("wrote", path)


if __name__ == "__main__":
    main()
