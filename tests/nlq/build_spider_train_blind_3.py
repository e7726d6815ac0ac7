#!/usr/bin/env python3
"""Build tests/nlq/spider_train/<db_id>.sqlite for the 10 Spider *train* schemas of the
blind set spider_train_blind_en_3.jsonl (customers_campaigns_ecommerce, local_govt_mdm,
browser_web, storm_record, protein_institute, pilot_record, party_host,
performance_attendance, soccer_2, e_learning).

Tables and columns use the ORIGINAL names and types of Spider's tables.json
(/work/shared/data/spider/tables.json; number -> INTEGER for ids and whole counts, REAL
otherwise; text -> TEXT; time -> TEXT ISO dates), with primary and foreign keys.  The rows are
INVENTED (plausible small-domain data generated from fixed name lists with
random.Random(fixed seed)); they are not Spider's data.  Deterministic: running the script
twice gives the same files.

Written by the "blind-spider-train-3" helper, 2026-11-27.
"""
import os

from synthetic_db import FIRST_NAMES, LAST_NAMES, insert_rows, iso_date, write_databases

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "spider_train")
TABLES = "/work/shared/data/spider/tables.json"
DBS = ["customers_campaigns_ecommerce", "local_govt_mdm", "browser_web", "storm_record",
       "protein_institute", "pilot_record", "party_host", "performance_attendance", "soccer_2",
       "e_learning"]
# composite keys for link tables (Spider lists only one column of them)
COMPOSITE = {
    ("storm_record", "affected_region"): ["Region_id", "Storm_ID"],
    ("pilot_record", "pilot_record"): ["Pilot_ID", "Aircraft_ID", "Date"],
    ("browser_web", "accelerator_compatible_browser"): ["accelerator_id", "browser_id"],
    ("performance_attendance", "member_attendance"): ["Member_ID", "Performance_ID"],
    ("soccer_2", "Tryout"): ["pID", "cName"],
    ("party_host", "party_host"): ["Party_ID", "Host_ID"],
}
INT_NAMES = {"order_year", "rank", "age", "join_year", "number_of_hosts", "num_of_pieces",
             "attendance", "hs", "enr", "founded", "enrollment", "sequence_length", "floors",
             "compatible_since_year", "number_deaths", "number_city_affected", "max_speed"}

def sql_type(name, kind):
    if kind in ("text", "time"):
        return "TEXT"
    if kind == "others":
        return "TEXT"  # boolean flag stored as 'T'/'F'
    n = name.lower()
    if n.endswith("id") or n in INT_NAMES:
        return "INTEGER"
    return "REAL"

def dt(r, y0, y1):
    return "%s %02d:%02d:%02d" % (iso_date(r, y0, y1), r.randint(0, 23), r.randint(0, 59), r.randint(0, 59))

def distinct(r, n, lo, hi):
    return r.sample(range(lo, hi + 1), n)

FIRST = FIRST_NAMES[:30]
LAST = LAST_NAMES[:30]
STREETS = ["Oak Road", "Maple Avenue", "High Street", "Church Lane", "Station Road", "Mill Lane",
           "Park Avenue", "Cedar Court", "Elm Street", "Kings Road"]
TOWNS = ["Leeds", "Bristol", "York", "Bath", "Derby", "Exeter", "Norwich", "Oxford"]

def customers_campaigns_ecommerce(c, r):
    prem = []
    for i in range(1, 16):
        typ = ["Residence", "Office", "Warehouse"][i % 3]
        prem.append((i, typ, "%d %s, %s" % (r.randint(1, 250), r.choice(STREETS), r.choice(TOWNS))))
    insert_rows(c, "Premises", prem)
    prods = [("Food", "Organic Coffee Beans"), ("Food", "Dark Chocolate Bar"), ("Food", "Green Tea"),
             ("Electronics", "Wireless Earbuds"), ("Electronics", "USB-C Charger"), ("Electronics", "Smart Speaker"),
             ("Books", "Cookbook for Beginners"), ("Books", "Travel Guide Italy"), ("Books", "Mystery Novel"),
             ("Hardware", "Cordless Drill"), ("Hardware", "Tape Measure"), ("Hardware", "Socket Set")]
    insert_rows(c, "Products", [(i + 1, a, b) for i, (a, b) in enumerate(prods)])
    pay = ["Credit Card", "Direct Debit", "PayPal", "Cash"]
    cust = []
    for i in range(1, 21):
        f, l = FIRST[i - 1], LAST[(i * 7) % 30]
        cust.append((i, pay[r.randint(0, 3)], "%s %s" % (f, l), "07%09d" % r.randint(0, 999999999),
                     "%s.%s@example.com" % (f.lower(), l.lower()),
                     "%d %s, %s" % (r.randint(1, 250), r.choice(STREETS), r.choice(TOWNS)),
                     "%s%s%d" % (f.lower(), l[0].lower(), r.randint(10, 99)), "%08x" % r.getrandbits(32)))
    insert_rows(c, "Customers", cust)
    camp = [("Food", "Spring Food Fair"), ("Electronics", "Back to School Tech"), ("Books", "Summer Reading"),
            ("Hardware", "DIY Weekend"), ("Food", "Christmas Hampers"), ("Electronics", "Black Friday Gadgets"),
            ("Books", "Autumn Bestsellers"), ("Hardware", "Garden Tools Sale")]
    rows = []
    for i, (cat, name) in enumerate(camp):
        s = iso_date(r, 2016, 2018)
        y, m, d = map(int, s.split("-"))
        m2 = m + r.randint(1, 3)
        e = "%04d-%02d-%02d" % (y + (m2 - 1) // 12, (m2 - 1) % 12 + 1, d)
        rows.append((i + 1, cat, name, s, e))
    insert_rows(c, "Mailshot_Campaigns", rows)
    ca = []
    for i in range(1, 21):
        p = r.randint(1, 13)  # premises 14, 15 unused
        ca.append((i, p, iso_date(r, 2014, 2016), ["Billing", "Shipping"][i % 2], iso_date(r, 2017, 2019)))
    insert_rows(c, "Customer_Addresses", ca)
    status = ["Delivered", "Delivered", "Shipped", "Pending", "Cancelled", "Paid"]
    ship = ["FedEx", "UPS", "Royal Mail", "DHL"]
    orders = []
    for i in range(1, 31):
        cid = r.randint(1, 16)  # customers 17-20 never ordered
        placed = dt(r, 2016, 2018)
        st = r.choice(status)
        dlv = None if st in ("Pending", "Cancelled") else dt(r, int(placed[:4]), int(placed[:4]) + 1)
        if dlv is not None and dlv < placed:
            dlv = placed[:8] + "28 18:00:00"
        orders.append((i, cid, st, r.choice(ship), placed, dlv, "%.2f" % (r.randint(300, 2500) / 100)))
    insert_rows(c, "Customer_Orders", orders)
    mc = []
    for k in range(25):
        m = r.randint(1, 8)
        mc.append((m, r.randint(1, 20), r.choice(["Order", "No Response", "Order", "Unsubscribed"]), iso_date(r, 2016, 2018)))
    insert_rows(c, "Mailshot_Customers", mc)
    items = []
    for i in range(1, 41):
        o = r.randint(1, 30)
        st = r.choice(["Delivered", "Delivered", "Out of Stock", "Returned", "Cancelled"])
        items.append((i, st, o, r.randint(1, 10), r.choice(["Good", "Good", "Damaged"]),
                      dt(r, 2016, 2019), str(r.randint(1, 9))))  # products 11, 12 never ordered
    insert_rows(c, "Order_Items", items)

def local_govt_mdm(c, r):
    names = ["Harper & Sons Ltd", "Mrs. Ellen Carter", "Greenfield Dairy Co", "Mr. Tom Whitaker",
             "Riverside Cafe", "Ms. Priya Shah", "Northgate Motors", "Dr. Alan Pryce",
             "Blue Lantern Pub", "Mrs. Rosa Delgado", "Orchard Nursery", "Mr. Kwame Mensah"]
    insert_rows(c, "Customer_Master_Index", [(i + 1, n) for i, n in enumerate(names)])
    codes = ["Tax", "Rent", "Parking", "Benefits", "Electoral", "Business"]
    refs = []
    for i in range(1, 46):
        refs.append((100 + i, r.randint(1, 10), codes[(i - 1) % 6]))  # masters 11, 12 without refs
    insert_rows(c, "CMI_Cross_References", refs)
    by = {}
    for rid, m, code in refs:
        by.setdefault(code, []).append(rid)
    def pick(code, n, base, tab, extra=None):
        ids = sorted(r.sample(by[code] + (extra or []), n))
        insert_rows(c, tab, [(base + k, x) for k, x in enumerate(ids)])
    pick("Tax", 8, 1, "Council_Tax", by["Electoral"][:2])
    pick("Business", 8, 301, "Business_Rates", by["Tax"][:1])
    pick("Benefits", 8, 501, "Benefits_Overpayments", by["Tax"][:2])
    pick("Parking", 8, 701, "Parking_Fines")
    pick("Rent", 8, 901, "Rent_Arrears")
    pick("Electoral", 8, 1101, "Electoral_Register", by["Tax"][:2])

def browser_web(c, r):
    acc = [("CACHEbox", "Appliance (Linux)", "End user, ISP", "Broadband, Satellite, Wireless, Fiber, DSL"),
           ("CProxy", "Windows", "user", "up to 756kbit/s"), ("Fasterfox", "Windows, Mac, Linux", "user", "Dialup, Wireless, Broadband, DSL"),
           ("fasTun", "Any", "All", "Any"), ("Freewire", "Windows, except NT and 95", "ISP", "Dial-up"),
           ("Google Web Accelerator", "Windows", "user/Google server", "Broadband"),
           ("Propel", "Windows, Mac", "End User, ISP", "Dial, DSL"), ("Netfury", "Windows, Mac", "End User, ISP", "Dial, DSL"),
           ("Nitro", "Windows, Mac", "End User, ISP", "Dial, DSL"), ("SpeedBit", "Windows", "user", "Broadband"),
           ("Opera Turbo", "Windows, Mac, Linux", "user/Opera server", "Any"), ("WebSpeed", "Linux", "ISP", "Fiber"),
           ("Ziproxy", "Linux", "ISP", "Any"), ("Squid Accelerator", "Linux", "End user", "Broadband")]
    insert_rows(c, "Web_client_accelerator", [(i + 1,) + a for i, a in enumerate(acc)])
    br = [("Internet Explorer", 28.96), ("Firefox", 18.11), ("Safari", 8.54), ("Opera", 1.2),
          ("Chrome", 37.45), ("Edge", 4.33), ("Brave", 0.71), ("Vivaldi", 0.38)]
    insert_rows(c, "browser", [(i + 1, n, s) for i, (n, s) in enumerate(br)])
    pairs = set()
    while len(pairs) < 22:
        pairs.add((r.randint(1, 12), r.randint(1, 6)))  # accelerators 13-14, browsers 7-8 unpaired
    insert_rows(c, "accelerator_compatible_browser", [(a, b, r.randint(1996, 2012)) for a, b in sorted(pairs)])

def storm_record(c, r):
    names = ["Alberto", "Beryl", "Chris", "Debby", "Ernesto", "Florence", "Gordon", "Helene",
             "Isaac", "Joyce", "Kirk", "Leslie", "Michael", "Nadine"]
    mon = ["May", "June", "July", "August", "September", "October"]
    speeds = distinct(r, 14, 40, 160)
    dmg = distinct(r, 14, 1, 900)
    rows = []
    for i, n in enumerate(names):
        m = mon[min(5, i * 6 // 14)]
        d0 = r.randint(1, 20)
        rows.append((i + 1, n, "%s %d - %s %d" % (m, d0, m, d0 + r.randint(2, 8)), speeds[i],
                     round(dmg[i] * 1.37, 2), r.choice([0, 0, 1, 2, 3, 5, 7, 12, 18, 25, 40, 52])))
    insert_rows(c, "storm", rows)
    regs = [("US", "United States"), ("MX", "Mexico"), ("CU", "Cuba"), ("BS", "Bahamas"),
            ("JM", "Jamaica"), ("HT", "Haiti"), ("DO", "Dominican Republic"), ("PR", "Puerto Rico"),
            ("BZ", "Belize"), ("HN", "Honduras"), ("BM", "Bermuda"), ("CA", "Canada")]
    insert_rows(c, "region", [(i + 1, a, b) for i, (a, b) in enumerate(regs)])
    pairs = set()
    while len(pairs) < 24:
        pairs.add((r.randint(1, 10), r.randint(1, 12)))  # regions 11-12, storms 13-14 untouched
    insert_rows(c, "affected_region", [(a, b, r.randint(1, 60)) for a, b in sorted(pairs)])

def protein_institute(c, r):
    bld = [("Citizens Bank Building", "701 North Franklin Street", "1913-1915"),
           ("Tampa City Hall", "315 John F. Kennedy Boulevard", "1915-1926"),
           ("Floridan Hotel", "905 North Florida Avenue", "1926-1966"),
           ("Franklin Exchange Building", "655 North Franklin Street", "1966-1972"),
           ("Park Tower", "400 North Tampa Street", "1972-1981"),
           ("One Tampa City Center", "201 North Franklin Street", "1981-1986"),
           ("Bank of America Tower", "101 East Kennedy Boulevard", "1986-1992"),
           ("100 North Tampa", "100 North Tampa Street", "1992-present"),
           ("Harbour Island Tower", "777 South Harbour Island Boulevard", "never"),
           ("Riverwalk Plaza", "250 West Cass Street", "never")]
    hts = distinct(r, 10, 120, 620)
    fl = distinct(r, 10, 8, 45)
    insert_rows(c, "building", [(str(i), n, a, y, float(hts[i]), fl[i]) for i, (n, a, y) in enumerate(bld)])
    inst = [("Ave Maria University", "Ave Maria, Florida", "Private", "Gyrenes", "The Sun"),
            ("Dakota State University", "Madison, South Dakota", "Public", "Trojans", "none"),
            ("Edward Waters College", "Jacksonville, Florida", "Private", "Tigers", "Gulf Coast"),
            ("Haskell Indian Nations University", "Lawrence, Kansas", "Tribal", "Fighting Indians", "MCAC"),
            ("Jamestown College", "Jamestown, North Dakota", "Private", "Jimmies", "none"),
            ("Lindenwood University-Belleville", "Belleville, Illinois", "Private", "Lynx", "AII"),
            ("Mayville State University", "Mayville, North Dakota", "Public", "Comets", "none"),
            ("Menlo College", "Atherton, California", "Private", "Oaks", "CalPac"),
            ("Point University", "West Point, Georgia", "Private", "Skyhawks", "AII"),
            ("Valley City State University", "Valley City, North Dakota", "Public", "Vikings", "none"),
            ("Webber International University", "Babson Park, Florida", "Private", "Warriors", "The Sun"),
            ("Oklahoma Panhandle State", "Goodwell, Oklahoma", "Public", "Aggies", "Sooner")]
    enr = distinct(r, 12, 400, 3200)
    fnd = distinct(r, 12, 1870, 2005)
    rows = []
    for i, (n, loc, t, team, conf) in enumerate(inst):
        rows.append(("%d" % (i + 1), n, loc, fnd[i], t, enr[i], team, conf, str(r.randint(0, 7))))  # buildings 8, 9 no institution
    insert_rows(c, "Institution", rows)
    prot = [("Tropical Clawed Frog", "uncharacterized protein C20orf117-like"), ("Purple Sea Urchin", "uncharacterized protein LOC578090"),
            ("Body Louse", "Conserved hypothetical protein"), ("Southern House Mosquito", "conserved hypothetical protein"),
            ("Porkworm", "surface antigen repeat family protein"), ("Zebrafish", "myosin heavy chain 7"),
            ("House Mouse", "tubulin beta-2A chain"), ("Fruit Fly", "heat shock protein 83"),
            ("Chicken", "ovalbumin-related protein X"), ("Baker's Yeast", "actin cytoskeleton protein"),
            ("Nematode Worm", "collagen alpha-1 chain"), ("Rhesus Macaque", "hemoglobin subunit beta"),
            ("Gray Short-tailed Opossum", "keratin type II cuticular"), ("Platypus", "venom defensin-like peptide"),
            ("Sea Anemone", "green fluorescent protein-like"), ("Honey Bee", "royal jelly protein 1"),
            ("Pufferfish", "sodium channel protein"), ("Lancelet", "homeobox protein Hox-A1")]
    div = distinct(r, 18, 90, 950)
    sl = distinct(r, 18, 300, 2800)
    rows = []
    for i, (cn, pn) in enumerate(prot):
        rows.append((cn, pn, div[i] / 1.0 if i % 2 else div[i] + 0.5, "XP_%09d.%d" % (r.randint(0, 10**9 - 1), r.randint(1, 3)),
                     sl[i], "%d%%" % r.randint(30, 99), str(r.randint(1, 9))))  # institutions 10-12 no protein
    insert_rows(c, "protein", rows)

def pilot_record(c, r):
    ac = [(2001, "Boeing", "737-800", "N801-N812", "CFM56-7B", "Jet A-1"),
          (2003, "Airbus", "A320-200", "F-GKX series", "CFM56-5B", "Jet A-1"),
          (2005, "Embraer", "E190", "E190 (6)", "GE CF34-10E", "Jet A-1"),
          (2008, "Bombardier", "Q400", "Q400 (8)", "PW150A", "Jet A-1"),
          (2010, "ATR", "72-600", "ATR (5)", "PW127M", "Jet A-1"),
          (2012, "Boeing", "787-9", "787 (4)", "GEnx-1B", "Jet A-1"),
          (2014, "Airbus", "A321neo", "A321N (10)", "PW1100G", "SAF blend"),
          (2016, "Airbus", "A350-900", "A350 (3)", "Trent XWB", "SAF blend"),
          (2018, "Cessna", "208 Caravan", "C208 (2)", "PT6A-114A", "Jet A-1"),
          (2020, "Pipistrel", "Velis Electro", "Velis (2)", "E-811 electric motor", "Electric")]
    insert_rows(c, "aircraft", [(i + 1,) + a for i, a in enumerate(ac)])
    nat = ["United States", "United Kingdom", "Canada", "Germany", "France", "Brazil", "Japan", "Australia"]
    teams = ["Bradley", "Eagles", "Falcons", "Hawks", "Ospreys"]
    ages = distinct(r, 16, 24, 63)
    rows = []
    for i in range(16):
        pos = "Captain" if ages[i] > 45 else r.choice(["First Officer", "Captain", "Second Officer"])
        rows.append((i + 1, "%s %s" % (FIRST[(i * 3) % 30], LAST[(i * 5 + 2) % 30]), i + 1, ages[i],
                     nat[r.randint(0, 7)], pos, r.randint(1999, 2021), teams[r.randint(0, 4)]))
    insert_rows(c, "pilot", rows)
    recs = set()
    while len(recs) < 32:
        recs.add((r.randint(1, 13), r.randint(1, 9), iso_date(r, 2019, 2023)))  # pilots 14-16, aircraft 10 no record
    insert_rows(c, "pilot_record", [(k + 1, p, a, d) for k, (p, a, d) in enumerate(sorted(recs, key=lambda x: x[2]))])

def party_host(c, r):
    themes = ["Spring", "Club Q-BASE", "Hardcore Resurrection", "Teqnology", "Qlubtempo", "QrimeTime",
              "In Qontrol", "Houseqlassics", "Summer Beats", "Neon Nights", "Retro Disco", "Winter Wonderland"]
    locs = ["Hemkade 48 Zaandam", "Heineken Music Hall Amsterdam", "Hemkade 48 Zaandam", "Heineken Music Hall Amsterdam",
            "Amsterdam RAI", "Ziggo Dome Amsterdam", "Ahoy Rotterdam", "Amsterdam RAI", "Ziggo Dome Amsterdam",
            "Ahoy Rotterdam", "Paradiso Amsterdam", "Hemkade 48 Zaandam"]
    nh = distinct(r, 12, 3, 40)
    rows = []
    for i, t in enumerate(themes):
        f = r.randint(1998, 2012)
        rows.append((i + 1, t, locs[i], str(f), str(f + r.randint(0, 9)), nh[i]))
    insert_rows(c, "party", rows)
    hosts = [("Austin Daye", "United States"), ("Lloyd Daniels", "United States"), ("Kornel David", "Hungary"),
             ("Antonio Davis", "United States"), ("Ed Davis", "United States"), ("Hubert Davis", "United States"),
             ("Carlos Delfino", "Argentina"), ("Justin Dentmon", "United States"), ("DeMar DeRozan", "Canada"),
             ("Nando de Colo", "France"), ("Dirk Nowitzki", "Germany"), ("Pau Gasol", "Spain"),
             ("Andrea Bargnani", "Italy"), ("Tony Parker", "France")]
    ages = distinct(r, 14, 22, 61)
    insert_rows(c, "host", [(i + 1, n, na, str(ages[i])) for i, (n, na) in enumerate(hosts)])
    pairs = set()
    while len(pairs) < 20:
        pairs.add((r.randint(1, 10), r.randint(1, 11)))  # parties 11-12, hosts 12-14 never
    out, seen = [], set()
    for p, h in sorted(pairs):
        main = "F" if p in seen else "T"
        seen.add(p)
        out.append((p, h, main))
    insert_rows(c, "party_host", out)

def performance_attendance(c, r):
    mem = [("Wilfredo Ruiz", "Uruguay", "Prime Violin"), ("Luis Bermudez", "Uruguay", "Violin"),
           ("Hector Campana", "Argentina", "Violin"), ("Joseph Bunn", "United States", "Bass"),
           ("Charlie Burke", "United States", "Viola"), ("Ray Irwin", "United States", "Conductor"),
           ("Juan Espil", "Argentina", "Viola"), ("Andrew Moten", "United States", "Cello"),
           ("Harriet Lane", "United Kingdom", "Flute"), ("Sofia Marchetti", "Italy", "Oboe"),
           ("Kenji Mori", "Japan", "Piano"), ("Ana Duarte", "Brazil", "Clarinet"),
           ("Pierre Lambert", "France", "Cello"), ("Greta Holm", "Sweden", "Harp")]
    insert_rows(c, "member", [(str(i + 1),) + m for i, m in enumerate(mem)])
    hosts = [("Boston Bruins", "TD Garden"), ("New York Rangers", "Madison Square Garden"),
             ("Atlanta Thrashers", "Philips Arena"), ("Pittsburgh Penguins", "Mellon Arena"),
             ("Montreal Canadiens", "Bell Centre"), ("Chicago Blackhawks", "United Center"),
             ("Toronto Maple Leafs", "Air Canada Centre")]
    att = distinct(r, 12, 900, 19000)
    rows = []
    for i in range(12):
        h, loc = hosts[r.randint(0, 6)]
        rows.append((i + 1, iso_date(r, 2019, 2023), h, loc, att[i]))
    insert_rows(c, "performance", rows)
    pairs = set()
    while len(pairs) < 26:
        pairs.add((r.randint(1, 11), r.randint(1, 10)))  # members 12-14, performances 11-12 none
    insert_rows(c, "member_attendance", [(m, p, r.randint(1, 8)) for m, p in sorted(pairs)])

def soccer_2(c, r):
    col = [("LSU", "LA"), ("ASU", "AZ"), ("OU", "OK"), ("FSU", "FL"), ("UCLA", "CA"), ("Stanford", "CA"),
           ("UT Austin", "TX"), ("Rice", "TX"), ("Duke", "NC"), ("UNC", "NC")]
    enr = distinct(r, 10, 6, 52)
    insert_rows(c, "College", [(n, s, enr[i] * 1000 + r.randint(0, 999)) for i, (n, s) in enumerate(col)])
    names = ["Andrew", "Blake", "Charles", "David", "Eddie", "Frank", "Gregor", "Hakeem", "Ivan",
             "Jonah", "Kyle", "Marcus", "Nikolai", "Omar", "Pedro", "Quentin", "Rafael", "Simon", "Tomas", "Victor"]
    hs = distinct(r, 20, 200, 1800)
    insert_rows(c, "Player", [(10001 + i, n, r.choice(["yes", "no", "no"]), hs[i]) for i, n in enumerate(names)])
    pairs = set()
    while len(pairs) < 28:
        pairs.add((10001 + r.randint(0, 16), col[r.randint(0, 7)][0]))  # players 18-20, colleges Duke/UNC none
    insert_rows(c, "Tryout", [(p, cn, r.choice(["goalie", "mid", "striker", "defender"]), r.choice(["yes", "no"])) for p, cn in sorted(pairs)])

def e_learning(c, r):
    auth = []
    for i in range(1, 13):
        f, l = FIRST[(i * 2) % 30], LAST[(i * 3 + 1) % 30]
        auth.append((i, ["Author", "Tutor", "Both"][i % 3], "%s.%s" % (f.lower(), l.lower()), "%08x" % r.getrandbits(32),
                     f, r.choice([None, "Marie", "J.", "Lee", "Ann"]), l, "F" if i % 2 else "M",
                     "%d %s, %s" % (r.randint(1, 250), r.choice(STREETS), r.choice(TOWNS))))
    insert_rows(c, "Course_Authors_and_Tutors", auth)
    st = []
    for i in range(1, 21):
        f, l = FIRST[(i * 7 + 3) % 30], LAST[(i * 11) % 30]
        reg = dt(r, 2015, 2017)
        st.append((i, reg, dt(r, 2018, 2019), "%s%d" % (f.lower(), r.randint(10, 99)), "%08x" % r.getrandbits(32),
                   f, r.choice([None, "Rose", "Paul", "Kay"]), l))
    insert_rows(c, "Students", st)
    subj = ["Computer Science", "Arts", "Language", "Mathematics", "History", "Biology"]
    insert_rows(c, "Subjects", [(i + 1, s) for i, s in enumerate(subj)])
    courses = [("database", 1), ("advanced database", 1), ("operating system", 1), ("data structure", 1),
               ("Art history", 2), ("painting", 2), ("English", 3), ("French", 3), ("Japanese", 3),
               ("Spanish", 3), ("calculus", 4), ("statistics", 4), ("linear algebra", 4), ("World War II", 5)]
    rows = []
    for i, (n, s) in enumerate(courses):
        rows.append((i + 1, r.randint(1, 9), s, n, "An introductory course on %s." % n.lower()))  # authors 10-12 no course; Biology no course
    insert_rows(c, "Courses", rows)
    enr = []
    for k in range(1, 36):
        d = dt(r, 2017, 2018)
        comp = dt(r, 2018, 2019)
        enr.append((k, r.randint(1, 17), r.randint(1, 13), d, comp))  # students 18-20, course 14 none
    insert_rows(c, "Student_Course_Enrolment", enr)
    tests = []
    for k in sorted(r.sample(range(1, 36), 24)):
        tests.append((k, dt(r, 2018, 2019), r.choice(["Pass", "Pass", "Fail"])))
    insert_rows(c, "Student_Tests_Taken", tests)

def main():
    for path in write_databases(OUT, TABLES, DBS, COMPOSITE, sql_type, globals().get,
                                lambda i: 20261127 + 300 + i):
        print(path)


if __name__ == "__main__":
    main()
