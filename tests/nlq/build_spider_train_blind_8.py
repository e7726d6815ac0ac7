#!/usr/bin/env python3
"""Build tests/nlq/spider_train/<db_id>.sqlite for the 8 Spider *train* schemas of the blind
set spider_train_blind_en_8.jsonl (report: tracking_software_problems, solvency_ii, music_2,
product_catalog; develop: products_for_hire, insurance_policies, cre_Doc_Control_Systems,
twitter_1).

Tables and columns use the ORIGINAL names and types of Spider's tables.json
(/work/shared/data/spider/tables.json; number -> INTEGER for ids and whole counts, REAL
otherwise; text -> TEXT; time -> TEXT ISO dates), with primary and foreign keys (link tables
get composite keys). The rows are INVENTED (plausible small-domain data generated from fixed
name lists with random.Random(fixed seed)); they are not Spider's data. Deterministic:
running the script twice gives the same files.

Written by the "blind-spider-train-8" helper, 2026-11-27.
"""
import json
import os
import random
import sqlite3

from synthetic_db import FIRST_NAMES, LAST_NAMES, create_tables, distinct_names, insert_rows, iso_date

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "spider_train")
TABLES = "/work/shared/data/spider/tables.json"
DBS = ["tracking_software_problems", "solvency_ii", "music_2", "product_catalog",
       "products_for_hire", "insurance_policies", "cre_Doc_Control_Systems", "twitter_1"]
COMPOSITE = {
    ("music_2", "Instruments"): ["SongId", "BandmateId", "Instrument"],
    ("music_2", "Performance"): ["SongId", "Bandmate"],
    ("music_2", "Tracklists"): ["AlbumId", "Position"],
    ("music_2", "Vocals"): ["SongId", "Bandmate"],
    ("solvency_ii", "Parties_in_Events"): ["Party_ID", "Event_ID"],
    ("solvency_ii", "Assets_in_Events"): ["Asset_ID", "Event_ID"],
    ("products_for_hire", "Products_Booked"): ["booking_id", "product_id"],
    ("products_for_hire", "View_Product_Availability"): ["product_id", "booking_id", "status_date"],
    ("cre_Doc_Control_Systems", "Document_Drafts"): ["document_id", "draft_number"],
    ("cre_Doc_Control_Systems", "Draft_Copies"): ["document_id", "draft_number", "copy_number"],
    ("cre_Doc_Control_Systems", "Circulation_History"): ["document_id", "draft_number", "copy_number",
                                                         "employee_id"],
    ("cre_Doc_Control_Systems", "Documents_Mailed"): ["document_id", "mailed_to_address_id"],
    ("twitter_1", "follows"): ["f1", "f2"],
    ("product_catalog", "Catalog_Contents_Additional_Attributes"): ["catalog_entry_id", "attribute_id"],
}
INT_NAMES = {"songid", "aid", "id", "bandmateid", "bandmate", "position", "albumid", "year", "f1", "f2",
             "uid", "partitionid", "followers", "catalog_level_number", "draft_number", "copy_number",
             "booked_count", "mailed_to_address_id", "parent_entry_id", "previous_entry_id", "next_entry_id"}

CITIES = ["Leeds", "Bristol", "Glasgow", "Cardiff", "Manchester", "Dublin", "Boston", "Denver", "Austin",
          "Toronto", "Seattle", "Portland", "Lyon", "Hamburg", "Porto", "Utrecht"]
STREETS = ["High Street", "Station Road", "Church Lane", "Mill Road", "Park Avenue", "Queen Street",
           "Elm Street", "Maple Drive", "Oak Lane", "King's Road"]


def sql_type(name, kind):
    if kind in ("text", "time", "others"):
        return "TEXT"
    n = name.lower()
    if n.endswith("_id") or n in INT_NAMES:
        return "INTEGER"
    return "REAL"


def address(r):
    return "%d %s, %s" % (r.randint(1, 240), r.choice(STREETS), r.choice(CITIES))


def tracking_software_problems(c, r):
    cats = [("GUI", "Graphical user interface"), ("DATA", "Data corruption or loss"),
            ("PERF", "Performance"), ("SEC", "Security"), ("MID", "Middleware")]
    stats = [("OPEN", "Open"), ("PROG", "In progress"), ("SOLV", "Solved"), ("CLOS", "Closed"),
             ("REJ", "Rejected")]
    insert_rows(c, "Problem_Category_Codes", cats)
    insert_rows(c, "Problem_Status_Codes", stats)
    prods = ["Payroll Manager", "Inventory Pro", "CRM Suite", "Mobile Banking App", "Web Portal",
             "Data Warehouse", "Email Gateway", "HR Self-Service", "Billing Engine", "Analytics Dashboard"]
    insert_rows(c, "Product", [(i + 1, p, "Version %d.%d" % (r.randint(1, 6), r.randint(0, 9)))
                               for i, p in enumerate(prods)])
    staff = distinct_names(r, 14, FIRST_NAMES, LAST_NAMES)
    roles = ["developer", "tester", "support engineer", "team lead", "product owner"]
    insert_rows(c, "Staff", [(i + 1, f, l, r.choice(roles)) for i, (f, l) in enumerate(staff)])
    descs = ["Login page freezes", "Report totals wrong", "Slow search results", "Password reset email missing",
             "Crash on export to PDF", "Duplicate invoices created", "Session timeout too short",
             "Sync fails overnight", "Chart labels overlap", "Memory leak in service"]
    probs = []
    # products 9 and 10 never have problems; staff 13 and 14 never report one
    for i in range(30):
        pid = r.choice([1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 5, 5, 5, 5, 5, 5, 6, 7, 8])
        rep = r.randint(1, 12)
        d = iso_date(r, 2022, 2025)
        closed = None
        auth = None
        if r.random() < 0.6:
            y, m, dd = map(int, d.split("-"))
            m2 = m + r.randint(0, 4)
            y2 = y + (m2 - 1) // 12
            closed = "%04d-%02d-%02d" % (y2, (m2 - 1) % 12 + 1, dd)
            auth = r.randint(1, 6)
        probs.append((i + 1, pid, auth, rep, d, closed, r.choice(descs), None))
    insert_rows(c, "Problems", probs)
    logs = []
    for i in range(40):
        p = probs[r.randrange(30)]
        st = "CLOS" if p[5] else r.choice(["OPEN", "PROG", "PROG", "REJ", "SOLV"])
        logs.append((i + 1, r.randint(1, 12), p[0], r.choice(["GUI", "DATA", "PERF", "SEC", "GUI", "DATA"]), st,
                     p[4], "Investigated: " + p[6].lower(), r.choice(["Patched", "Config change", "Restarted service",
                                                                       "Rolled back release", None]), None))
    insert_rows(c, "Problem_Log", logs)


def solvency_ii(c, r):
    insert_rows(c, "Addresses", [(i + 1, address(r)) for i in range(15)])
    locs = ["London", "Paris", "Frankfurt", "Milan", "Madrid", "Zurich", "Amsterdam", "Brussels", "Vienna", "Dublin"]
    insert_rows(c, "Locations", [(i + 1, l) for i, l in enumerate(locs)])
    prods = [("Motor", "Comprehensive Car Cover"), ("Motor", "Third Party Car Cover"), ("Home", "Buildings Insurance"),
             ("Home", "Contents Insurance"), ("Life", "Term Life Assurance"), ("Life", "Whole of Life Plan"),
             ("Travel", "Annual Travel Cover"), ("Travel", "Single Trip Cover"), ("Health", "Private Medical Plan"),
             ("Health", "Dental Plan"), ("Pet", "Lifetime Pet Cover"), ("Pet", "Accident Only Pet Cover")]
    prices = r.sample(range(40, 1900), len(prods))
    insert_rows(c, "Products", [(i + 1, t, n, float(prices[i])) for i, (t, n) in enumerate(prods)])
    parties = ["Allianz SE", "AXA Group", "Aviva plc", "Generali", "Zurich Insurance", "Munich Re", "Swiss Re",
               "Legal & General", "Mapfre", "NN Group", "Uniqa", "Ageas", "Hannover Re", "Talanx"]
    insert_rows(c, "Parties", [(i + 1, p) for i, p in enumerate(parties)])
    assets = ["Office building Canary Wharf", "Government bond portfolio", "Corporate bond fund", "Equity fund",
              "Data centre", "Fleet of company cars", "Warehouse Rotterdam", "Real estate fund", "IT servers",
              "Mortgage loan book"]
    insert_rows(c, "Assets", [(i + 1, a) for i, a in enumerate(assets)])
    chans = ["Broker", "Online", "Telephone", "Bank branch", "Agent", "Comparison website"]
    insert_rows(c, "Channels", [(i + 1, ch) for i, ch in enumerate(chans)])
    fins = ["Quarterly premium", "Annual premium", "Reinsurance recovery", "Claims reserve", "Capital injection",
            "Dividend payment", "Investment income", "Loan repayment"]
    insert_rows(c, "Finances", [(i + 1, f) for i, f in enumerate(fins)])
    types = ["Claim", "Renewal", "Policy Sale", "Audit", "Cancellation", "Reinsurance"]
    evs = []
    for i in range(30):
        evs.append((i + 1, r.randint(1, 15), r.randint(1, 5), r.choice(types + ["Claim", "Policy Sale"]),
                    r.randint(1, 8), r.randint(1, 9)))
    insert_rows(c, "Events", evs)
    pie = []
    for i in range(36):
        pie.append((i + 1, r.randint(1, 30), r.choice([1, 1, 2, 3, 3, 3, 4, 5, 5, 6, 7, 8, 8, 9, 10])))
    insert_rows(c, "Products_in_Events", pie)
    seen = set()
    while len(seen) < 34:
        seen.add((r.randint(1, 12), r.randint(1, 30)))
    roles = ["INS", "BRK", "REI", "AUD"]
    insert_rows(c, "Parties_in_Events", [(p, e, r.choice(roles)) for p, e in sorted(seen)])
    docs = r.sample(range(100, 999), 20)
    insert_rows(c, "Agreements", [(d, r.randint(1, 30)) for d in docs])
    seen = set()
    while len(seen) < 22:
        seen.add((r.randint(1, 8), r.randint(1, 30)))
    insert_rows(c, "Assets_in_Events", sorted(seen))


def music_2(c, r):
    songs = ["Midnight Train", "Paper Hearts", "Golden Hour", "Blue Harbor", "Runaway Sun", "Falling Glass",
             "Silver Lining", "Northern Lights", "Cold Coffee", "Wild Horses Run", "City of Echoes", "Lantern",
             "Salt and Stone", "Velvet Morning", "Highway Ghost", "Summer Static", "Little Storm", "Open Doors",
             "Copper Sky", "Last Dance in Oslo", "Hollow Moon", "Fireflies", "Radio Silence", "Tidal Wave"]
    insert_rows(c, "Songs", [(i + 1, s) for i, s in enumerate(songs)])
    albums = [("Paper Hearts", 2009, "Sub Pop", "Studio"), ("Northern Lights", 2011, "Matador", "Studio"),
              ("Live at the Roundhouse", 2012, "Matador", "Live"), ("City of Echoes", 2014, "Domino", "Studio"),
              ("B-Sides and Rarities", 2015, "Domino", "Compilation"), ("Copper Sky", 2017, "4AD", "Studio"),
              ("Live in Tokyo", 2018, "4AD", "Live"), ("Greatest Hits", 2020, "Warner", "Compilation"),
              ("Tidal Wave", 2022, "Warner", "Studio")]
    insert_rows(c, "Albums", [(i + 1, t, y, l, ty) for i, (t, y, l, ty) in enumerate(albums)])
    band = [("Solveig", "Heilo"), ("Marianne", "Sveen"), ("Anne-Marit", "Bergheim"), ("Turid", "Jorgensen"),
            ("Jonas", "Lindqvist"), ("Erik", "Dahl"),
            ("Kari", "Nilsen"), ("Mats", "Holm")]
    insert_rows(c, "Band", [(i + 1, f, l) for i, (f, l) in enumerate(band)])
    inst = set()
    plays = {1: ["guitar", "piano"], 2: ["drums", "percussion"], 3: ["bass", "accordion"],
             4: ["guitar", "banjo", "ukulele"], 5: ["piano", "organ"], 7: ["violin", "cello"]}
    # 6 plays nothing; 8 neither plays, performs nor sings
    for s in range(1, 25):
        for b in r.sample([1, 2, 3, 4, 5, 7], r.randint(1, 2)):
            inst.add((s, b, r.choice(plays[b])))
    insert_rows(c, "Instruments", sorted(inst))
    perf = []
    for s in range(1, 25):
        for b in r.sample([1, 2, 3, 4, 6, 7], r.randint(1, 2)):
            perf.append((s, b, r.choice(["left", "center", "right", "back"])))
    insert_rows(c, "Performance", perf)
    tl = []
    for a in range(1, 10):
        for p, s in enumerate(r.sample(range(1, 23), r.randint(3, 7))):
            tl.append((a, p + 1, s))
    insert_rows(c, "Tracklists", tl)
    voc = []
    for s in range(1, 25):
        for b in r.sample([1, 2, 3, 4, 5], r.randint(1, 2)):
            voc.append((s, b, r.choice(["lead", "lead", "back", "shared"])))
    insert_rows(c, "Vocals", voc)


def product_catalog(c, r):
    attrs = [(1, "Green", "Bool"), (2, "Sweet", "Bool"), (3, "Organic", "Bool"), (4, "Caffeine", "Bool"),
             (5, "Origin", "Text"), (6, "Shelf life days", "Number"), (7, "Fair Trade", "Bool"),
             (8, "Roast level", "Text")]
    insert_rows(c, "Attribute_Definitions", attrs)
    cats = [(1, "Chocolate", "Koepp-Rutherford handmade chocolate store", "2018-03-04", "2019-01-12"),
            (2, "Coffee Bean", "Murray Coffee shop", "2018-07-15", "2020-02-20"),
            (3, "Lemonade", "Russel-Gislason lemonade store", "2019-04-28", "2019-11-30"),
            (4, "Breakfast Tea", "Grady & Kautzer", "2019-09-10", "2021-05-08"),
            (5, "Coco powder", "Lidl", "2020-02-18", "2021-10-03"),
            (6, "Fruit juice", "Murray Coffee shop", "2021-06-01", "2022-08-14"),
            (7, "Herbal infusions", "Grady & Kautzer", "2022-01-20", "2023-03-09"),
            (8, "Snack bars", "Lidl", "2023-05-05", "2023-12-01")]
    insert_rows(c, "Catalogs", cats)
    levels = [(1, 1, "Category"), (8, 2, "Sub-Category"), (9, 3, "Product"), (2, 4, "Brand"),
              (3, 5, "Range"), (4, 6, "Variant")]
    insert_rows(c, "Catalog_Structure", levels)
    names = ["Cola", "Root beer", "Cream Soda", "Carbonated Water", "Ginger Beer", "Lemonade", "Iced Tea",
             "Espresso Roast", "House Blend", "Decaf Colombian", "Earl Grey", "English Breakfast", "Chamomile",
             "Peppermint", "Dark Chocolate 70%", "Milk Chocolate", "White Chocolate", "Hazelnut Praline",
             "Orange Juice", "Apple Juice", "Cranberry Juice", "Hot Cocoa Mix", "Granola Bar", "Protein Bar"]
    dollars = r.sample(range(250, 99000), len(names))
    rows = []
    for i, n in enumerate(names):
        d = dollars[i] / 100.0
        rows.append((i + 1, r.choice([1, 8, 9, 9, 9]), r.choice([None] + list(range(1, i + 1))) if i else None,
                     i if i else None, i + 2 if i + 1 < len(names) else None, n,
                     "%d%d-%s" % (r.randint(10, 99), r.randint(100, 999), r.choice("ABCDEFGH")),
                     d, round(d * 0.92, 2), round(d * 0.79, 2), str(r.choice([1, 2, 5, 6, 8, 10, 12])),
                     str(r.randint(3, 9)), str(r.randint(2, 10)), str(r.randint(1, 9))))
    insert_rows(c, "Catalog_Contents", rows)
    seen = set()
    out = []
    while len(out) < 30:
        e, a = r.randint(1, 24), r.randint(1, 8)
        if (e, a) in seen:
            continue
        seen.add((e, a))
        val = {"Bool": r.choice(["0", "1"]), "Text": r.choice(["Brazil", "Ghana", "Kenya", "Ecuador", "dark", "medium"]),
               "Number": str(r.randint(30, 720))}[attrs[a - 1][2]]
        out.append((e, rows[e - 1][1], a, val))
    insert_rows(c, "Catalog_Contents_Additional_Attributes", out)


def products_for_hire(c, r):
    coupons = [(i + 1, iso_date(r, 2019, 2022), float(a)) for i, a in enumerate(r.sample(range(50, 900), 15))]
    insert_rows(c, "Discount_Coupons", coupons)
    names = distinct_names(r, 15, FIRST_NAMES, LAST_NAMES)
    custs = []
    for i, (f, l) in enumerate(names):
        became = iso_date(r, 2016, 2020)
        custs.append((i + 1, r.randint(1, 15), r.choice(["good", "good", "bad"]), f, l, r.choice(["F", "M"]),
                      became, iso_date(r, 2021, 2023)))
    insert_rows(c, "Customers", custs)
    prods = [("Cutlery", 26.15, "Book collection C", "Anna Karenina"),
             ("Cutlery", 15.62, "Book collection B", "Great Expectations"),
             ("Cutlery", 39.73, "Book collection A", "The Great Gatsby"),
             ("Din_Plates", 18.50, "DVD collection A", "Twilight"), ("Din_Plates", 67.00, "DVD collection B", "Inception"),
             ("Party_Tent", 120.00, "Marquee 6x12m", "White wedding marquee"),
             ("Party_Tent", 85.50, "Gazebo 3x6m", "Pop-up garden gazebo"),
             ("Audio", 44.90, "PA speaker set", "Two 500W speakers with stand"),
             ("Audio", 22.75, "Wireless microphone", "Handheld UHF microphone"),
             ("Lighting", 31.40, "Fairy light bundle", "100m warm white fairy lights")]
    insert_rows(c, "Products_for_Hire", [(i + 1, t, d, n, desc) for i, (t, d, n, desc) in enumerate(prods)])
    bookings = []
    for i in range(24):
        start = iso_date(r, 2021, 2023)
        y, m, d = map(int, start.split("-"))
        end = "%04d-%02d-%02d" % (y, m, min(28, d + r.randint(1, 9)))
        pay = float(r.randint(120, 990))
        disc = float(r.randint(0, 90))
        bookings.append((i + 1, r.choice([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]), r.choice(["Provisional", "Confirmed", "Confirmed"]),
                         r.choice(["Y", "N", "N", "N"]), start, end, str(r.randint(1, 6)), pay, disc,
                         float(r.randint(0, int(pay) // 2)), float(r.choice([0, 0, 0, r.randint(10, 80)]))))
    insert_rows(c, "Bookings", bookings)
    pays = []
    for i in range(20):
        b = bookings[r.randrange(24)]
        due = b[7] - b[8]
        paid = due if r.random() < 0.5 else float(r.randint(20, int(due)))
        pays.append((i + 1, b[0], b[1], r.choice(["Cash", "Credit Card", "Direct Debit", "Check"]),
                     "Y" if paid == due else "N", b[4], due, paid))
    insert_rows(c, "Payments", pays)
    pb = set()
    out = []
    while len(out) < 32:
        b, p = r.randint(1, 24), r.choice([1, 2, 3, 4, 5, 6, 7, 8, 9])  # product 10 never booked
        if (b, p) in pb:
            continue
        pb.add((b, p))
        out.append((b, p, r.choice(["Y", "Y", "N"]), r.choice(["Y", "N", "N"]), r.randint(1, 12),
                    round(prods[p - 1][1] * r.randint(1, 5), 2)))
    insert_rows(c, "Products_Booked", sorted(out))
    av = []
    for i, (b, p, *_rest) in enumerate(sorted(out)[:15]):
        av.append((p, b, "%04d-%02d-%02d %02d:%02d:00" % (2022, r.randint(1, 12), r.randint(1, 28), r.randint(8, 18), i),
                   r.choice(["Y", "N"])))
    insert_rows(c, "View_Product_Availability", av)


def insurance_policies(c, r):
    names = ["%s %s" % p for p in distinct_names(r, 15, FIRST_NAMES, LAST_NAMES)]
    insert_rows(c, "Customers", [(i + 1, n) for i, n in enumerate(names)])
    pols = []
    for i in range(24):
        s = iso_date(r, 2016, 2020)
        y = int(s[:4])
        pols.append((100 + i, r.randint(1, 13), r.choice(["Car", "Home", "Life", "Travel", "Car", "Home"]), s,
                     "%04d%s" % (y + r.randint(1, 4), s[4:])))  # customers 14, 15 hold no policy
    insert_rows(c, "Customer_Policies", pols)
    claims = []
    for i in range(28):
        p = pols[r.randrange(20)]
        made = iso_date(r, 2017, 2021)
        y = int(made[:4])
        amt = float(r.randint(300, 48000))
        claims.append((500 + i, p[0], made, "%04d%s" % (y + r.randint(0, 1), made[4:]), amt,
                       float(r.randint(100, int(amt)))))
    insert_rows(c, "Claims", claims)
    setts = []
    for i in range(22):
        cl = claims[r.randrange(28)]
        setts.append((900 + i, cl[0], cl[2], cl[3], cl[4], float(r.randint(80, int(cl[5]))), cl[1]))
    insert_rows(c, "Settlements", setts)
    pays = []
    for i in range(26):
        s = setts[r.randrange(22)]
        pays.append((1000 + i, s[0], r.choice(["Visa", "MasterCard", "Discover", "American Express", "Visa"]),
                     iso_date(r, 2018, 2022), float(r.randint(50, max(60, int(s[5]))))))
    insert_rows(c, "Payments", pays)


def cre_Doc_Control_Systems(c, r):
    types = [("CD", "Compact disc"), ("Paper", "Paper document"), ("Hard Drive", "External hard drive"),
             ("Email", "Electronic mail")]
    insert_rows(c, "Ref_Document_Types", types)
    roles = [("ED", "Editor"), ("PT", "Photo"), ("MG", "Manager"), ("PR", "Proof Reader")]
    insert_rows(c, "Roles", roles)
    insert_rows(c, "Addresses", [(i, address(r)) for i in range(10)])
    insert_rows(c, "Ref_Document_Status", [("working", "currently working on"), ("done", "mailed"),
                                           ("overdue", "mailed late")])
    insert_rows(c, "Ref_Shipping_Agents", [("UP", "UPS", "United Parcel Service"), ("US", "USPS", "US Postal Service"),
                                           ("AL", "Airline", "Air freight"), ("FE", "Fedex", "FedEx Express"),
                                           ("SH", "Ship", "Sea freight")])
    docs = []
    for i in range(1, 21):
        docs.append((i, r.choice(["working", "done", "done", "overdue"]), r.choice(["CD", "Paper", "Paper", "Hard Drive", "Email"]),
                     r.choice(["UP", "US", "US", "AL", "FE"]), iso_date(r, 2018, 2023), str(r.randint(10, 999)),
                     r.choice(["Rush", "Standard", "Confidential"])))
    insert_rows(c, "Documents", docs)
    emps = distinct_names(r, 10, FIRST_NAMES, LAST_NAMES)
    insert_rows(c, "Employees", [(i + 1, r.choice(["ED", "ED", "PT", "MG", "PR"]), f + " " + l, None)
                                 for i, (f, l) in enumerate(emps)])
    drafts = []
    for d in range(1, 17):  # documents 17-20 have no draft
        for n in r.sample(range(1, 12), r.randint(1, 3)):
            drafts.append((d, n, r.choice(["initial", "revised", "final", "legal review"])))
    insert_rows(c, "Document_Drafts", drafts)
    copies = []
    for d, n, _ in drafts:
        for k in range(1, r.randint(1, 3) + 1):
            copies.append((d, n, k))
    copies = copies[:38]
    insert_rows(c, "Draft_Copies", copies)
    circ = set()
    while len(circ) < 30:
        d, n, k = r.choice(copies)
        circ.add((d, n, k, r.randint(1, 8)))  # employees 9, 10 never see a copy
    insert_rows(c, "Circulation_History", sorted(circ))
    mailed = set()
    while len(mailed) < 18:
        mailed.add((r.randint(1, 20), r.randint(0, 9)))
    insert_rows(c, "Documents_Mailed", [(d, a, iso_date(r, 2019, 2024)) for d, a in sorted(mailed)])


def twitter_1(c, r):
    users = [("Iron Man", "tony@starkindustries.com"), ("Mary Jane", "mary@yale.edu"), ("Black Widow", "natasha@shield.gov"),
             ("Susan Miller", "susan.miller@gmail.com"), ("Celine Dion", "celine@dion.ca"), ("Tyler Swift", "tyler@swift.com"),
             ("Ravi Patel", "ravi.patel@outlook.com"), ("Hannah Berg", "hannah.berg@gmx.de"), ("Lucas Moreau", "lucas@moreau.fr"),
             ("Aiko Tanaka", "aiko.tanaka@yahoo.co.jp"), ("Pedro Alvarez", "pedro@alvarez.es"), ("Grace Lee", "grace.lee@gmail.com"),
             ("Omar Haddad", "omar.haddad@hotmail.com"), ("Nina Kowalski", "nina.k@wp.pl")]
    followers = r.sample(range(150, 98000000), len(users))
    insert_rows(c, "user_profiles", [(i + 1, n, e, r.randint(1, 4), followers[i]) for i, (n, e) in enumerate(users)])
    fl = set()
    while len(fl) < 36:
        a, b = r.randint(1, 13), r.randint(1, 12)  # user 14 follows nobody, nobody follows 13, 14
        if a != b:
            fl.add((a, b))
    insert_rows(c, "follows", sorted(fl))
    texts = ["Just landed in New York!", "Loving the new album", "Coffee first, then code", "Who else is watching the game tonight?",
             "Happy new year everyone", "Working on something big", "Best pizza in town, hands down", "Rainy day reading",
             "Marathon training day 12", "Thank you for 1 million followers", "New blog post is up", "Sunset at the beach",
             "Can't believe this weather", "Big announcement tomorrow", "Back in the studio"]
    tw = []
    for i in range(30):
        u = r.choice([1, 1, 2, 3, 3, 3, 4, 5, 5, 6, 6, 6, 6, 7, 8, 9, 10, 12])  # 11, 13, 14 never tweet
        tw.append((i + 1, u, r.choice(texts), "%s %02d:%02d:%02d" % (iso_date(r, 2020, 2024), r.randint(0, 23),
                                                                    r.randint(0, 59), r.randint(0, 59))))
    insert_rows(c, "tweets", tw)


def main():
    schemas = {s["db_id"]: s for s in json.load(open(TABLES))}
    os.makedirs(OUT, exist_ok=True)
    for i, db in enumerate(DBS):
        path = os.path.join(OUT, db + ".sqlite")
        if os.path.exists(path):
            os.remove(path)
        conn = sqlite3.connect(path)
        create_tables(conn, db, schemas[db], COMPOSITE, sql_type)
        globals()[db](conn, random.Random(8000 + i))
        conn.commit()
        conn.close()
        print("wrote", path)


if __name__ == "__main__":
    main()
