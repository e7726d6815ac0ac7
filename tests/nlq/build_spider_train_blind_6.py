#!/usr/bin/env python3
"""Build tests/nlq/spider_train/<db_id>.sqlite for the 10 Spider *train* schemas of the
blind set spider_train_blind_en_6.jsonl (report: entertainment_awards, school_bus,
insurance_and_eClaims, game_injury, small_bank_1; develop: customers_and_addresses,
medicine_enzyme_interaction, wedding, farm, theme_gallery).

Tables and columns use the ORIGINAL names and types of Spider's tables.json
(/work/shared/data/spider/tables.json; number -> INTEGER for ids and whole counts, REAL
otherwise; text -> TEXT; time -> TEXT ISO dates), with primary and foreign keys (link tables
get composite keys).  The rows are INVENTED (plausible small-domain data generated from fixed
name lists with random.Random(fixed seed)); they are not Spider's data.  Deterministic:
running the script twice gives the same files.

Written by the "blind-spider-train-6" helper, 2026-11-27.
"""
import os

from synthetic_db import FIRST_NAMES, LAST_NAMES, distinct_names, insert_rows, iso_date, write_databases

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "spider_train")
TABLES = "/work/shared/data/spider/tables.json"
DBS = ["entertainment_awards", "school_bus", "insurance_and_eClaims", "game_injury", "small_bank_1",
       "customers_and_addresses", "medicine_enzyme_interaction", "wedding", "farm", "theme_gallery"]
COMPOSITE = {
    ("entertainment_awards", "nomination"): ["Artwork_ID", "Festival_ID"],
    ("school_bus", "school_bus"): ["School_ID", "Driver_ID"],
    ("medicine_enzyme_interaction", "medicine_enzyme_interaction"): ["enzyme_id", "medicine_id"],
    ("wedding", "wedding"): ["Church_ID", "Male_ID", "Female_ID"],
    ("farm", "competition_record"): ["Competition_ID", "Farm_ID"],
    ("theme_gallery", "exhibition_record"): ["Exhibition_ID", "Date"],
    ("customers_and_addresses", "Order_Items"): ["order_id", "product_id"],
}
INT_NAMES = {"id", "year", "num_of_audience", "age", "years_working", "home_games", "total_attendance",
             "season", "custid", "omim", "open_date", "population", "rank", "total_horses",
             "working_horses", "total_cattle", "oxen", "bulls", "cows", "pigs", "sheep_and_goats",
             "year_join", "attendance", "created_date", "next_claim_stage_id"}


def sql_type(name, kind):
    if kind in ("text", "time"):
        return "TEXT"
    n = name.lower()
    if kind == "others":
        return "TEXT"
    if n.endswith("_id") or n in INT_NAMES:
        return "INTEGER"
    return "REAL"


FIRST = FIRST_NAMES
LAST = LAST_NAMES
FEMALE = {"Emma", "Olivia", "Ava", "Sophia", "Isabella", "Mia", "Charlotte", "Amelia", "Harper",
          "Grace", "Chloe", "Zoe", "Nora", "Ella", "Lily", "Hannah", "Paula", "Ingrid", "Yuki",
          "Priya", "Greta"}
MALE = [f for f in FIRST if f not in FEMALE]


def entertainment_awards(c, r):
    fests = [("Cannes Film Festival", "Camille Laurent", "France"),
             ("Berlinale", "Jonas Weber", "Germany"),
             ("Sundance Film Festival", "Rachel Moore", "United States"),
             ("Toronto International Film Festival", "Daniel Clark", "Canada"),
             ("Venice Film Festival", "Marco Rossi", "Italy"),
             ("Busan International Film Festival", "Min-jun Park", "South Korea"),
             ("Tribeca Festival", "Laura Hill", "United States"),
             ("Edinburgh Festival Fringe", "Fiona Campbell", "United Kingdom"),
             ("Melbourne International Film Festival", "Sam Baker", "Australia"),
             ("San Sebastian Film Festival", "Lucia Garcia", "Spain")]
    rows = []
    for i, (n, ch, loc) in enumerate(fests):
        rows.append((i + 1, n, ch, loc, 2016 + i % 7, 15000 + 3700 * ((i * 7) % 10) + r.randint(0, 900)))
    insert_rows(c, "festival_detail", rows)
    works = [("Film", "The Quiet Harbor"), ("Film", "Northern Lights"), ("Documentary", "Salt and Stone"),
             ("Short Film", "Paper Birds"), ("Film", "The Last Ferry"), ("Documentary", "River of Glass"),
             ("Animation", "Little Comet"), ("Film", "Midnight in Lisbon"), ("Short Film", "Red Umbrella"),
             ("Animation", "The Clockmaker's Cat"), ("Film", "Desert Bloom"), ("Documentary", "Voices of the Reef"),
             ("Television", "Harbor Street"), ("Television", "The Inspector's Notebook"), ("Film", "Glass Houses"),
             ("Short Film", "Second Breakfast"), ("Animation", "Moonfall"), ("Film", "A Winter Wedding"),
             ("Documentary", "Bread and Bicycles"), ("Television", "Green Valley")]
    insert_rows(c, "artwork", [(i + 1, t, n) for i, (t, n) in enumerate(works)])
    nom = []
    for a in range(1, 18):  # artworks 18-20 never nominated
        for f in sorted(r.sample(range(1, 10), r.randint(1, 3))):  # festival 10 has no nominations
            nom.append((a, f, r.choice(["Won", "Nominated", "Nominated"])))
    insert_rows(c, "nomination", nom)


def school_bus(c, r):
    cities = ["Hartford", "Bethel", "Manchester", "East Hartford", "Coventry", "Glastonbury"]
    dr = []
    for i, (f, l) in enumerate(distinct_names(r, 16, FIRST, LAST)):
        dr.append((i + 1, f + " " + l, r.choice(["Dem", "Dem", "Rep"]), r.choice(cities), 30 + (i * 13) % 31))
    insert_rows(c, "driver", dr)
    sc = [("K-5", "Maple Elementary School", "Hartford, CT", "Public"),
          ("K-5", "Oak Hill Elementary", "Bethel, CT", "Public"),
          ("6-8", "Lincoln Middle School", "Manchester, CT", "Public"),
          ("9-12", "Central High School", "Hartford, CT", "Public"),
          ("K-12", "St. Mary Academy", "Glastonbury, CT", "Private"),
          ("9-12", "Riverside High School", "East Hartford, CT", "Public"),
          ("K-8", "Trinity Christian School", "Coventry, CT", "Private"),
          ("6-12", "Westbrook Preparatory", "Bethel, CT", "Private"),
          ("K-5", "Cedar Grove Elementary", "Manchester, CT", "Public"),
          ("9-12", "Northfield High School", "Glastonbury, CT", "Public")]
    insert_rows(c, "school", [(i + 1, *s) for i, s in enumerate(sc)])
    sb = []
    drivers = r.sample(range(1, 15), 12)  # drivers 15, 16 + two others drive no bus
    for k, d in enumerate(drivers):
        s = [1, 2, 3, 4, 5, 6, 7, 8, 1, 3, 4, 6][k]  # schools 9, 10 have no bus
        sb.append((s, d, r.randint(1, 12), r.choice(["T", "T", "F"])))
    insert_rows(c, "school_bus", sb)


def insurance_and_eClaims(c, r):
    cust = ["America Jaskolski", "Ellsworth Paucek", "Mrs. Hanna Willms", "Dr. Diana Rath", "Selena Gerhold",
            "Lauriane Ferry", "Sydnee Friesen", "Dayana Robel", "Mr. Edwardo Blanda I", "Augustine Kerluke",
            "Buddy Marquardt", "Mrs. Liza Heller V", "Mrs. Lilly Graham III", "Miss Felicita Reichel",
            "Jay Chou", "Marcus Bell"]
    insert_rows(c, "Customers", [(i + 1, n) for i, n in enumerate(cust)])
    staff = ["Evie", "Lorine", "Kaitlin", "Gideon", "Mabel", "Roxanne", "Clemens", "Hannah", "Colleen", "Ellis"]
    insert_rows(c, "Staff", [(100 + i, n) for i, n in enumerate(staff)])
    pol = []
    for i in range(24):
        cu = (i * 5) % 14 + 1  # customers 15, 16 hold no policy
        s = iso_date(r, 2016, 2019)
        e = "%d%s" % (int(s[:4]) + r.randint(1, 4), s[4:])
        pol.append((200 + i, cu, r.choice(["Auto", "Home", "Life", "Travel", "Health"]), s, e))
    insert_rows(c, "Policies", pol)
    stages = [(1, 2, "Open", "Claim received and opened"), (2, 3, "Under Review", "Being assessed by an adjuster"),
              (3, 4, "Approved", "Claim approved for payment"), (4, 0, "Settled", "Payment made, claim closed"),
              (5, 0, "Rejected", "Claim rejected"), (6, 2, "Reopened", "Claim reopened after appeal"),
              (7, 4, "Pending Payment", "Awaiting payment run"), (8, 0, "Withdrawn", "Withdrawn by customer")]
    insert_rows(c, "Claims_Processing_Stages", stages)
    ch = []
    for i in range(30):
        p = 200 + (i * 7) % 20  # policies 220-223 have no claims
        st = r.choice(["Settled", "Settled", "In Progress", "Disputed"])
        d = iso_date(r, 2017, 2021)
        sett = "%d%s" % (int(d[:4]) + r.randint(0, 1), d[4:7] + "-28") if st == "Settled" else None
        amt = round(r.uniform(300, 25000), 2)
        paid = round(amt * r.uniform(0.4, 1.0), 2) if st == "Settled" else (round(amt * 0.2, 2) if st == "Disputed" else 0.0)
        ch.append((500 + i, st, r.choice(["Overtime Meal Subsidy", "Handphone Subsidy", "Child Birth", "Accident", "Property Damage"]),
                   p, d, sett, amt, paid))
    insert_rows(c, "Claim_Headers", ch)
    docs = []
    for i in range(26):
        docs.append((500 + (i * 11) % 30, r.choice(["Document", "Medical", "Photo", "Invoice"]),
                     100 + r.randint(0, 7), r.randint(1, 9)))
    seen, dd = set(), []
    for d in docs:
        if d[0] not in seen:
            seen.add(d[0]); dd.append(d)
    insert_rows(c, "Claims_Documents", dd)
    pr = []
    for i in range(28):
        pr.append((900 + i, 500 + r.randint(0, 29), r.choice(["In progress", "Disputed", "Settled"]), r.randint(1, 8),
                   100 + r.randint(0, 8)))
    insert_rows(c, "Claims_Processing", pr)


def game_injury(c, r):
    stadia = ["Cowboys Stadium", "FedExField", "New Meadowlands Stadium", "Invesco Field", "Bank of America Stadium",
              "M&T Bank Stadium", "Reliant Stadium", "Arrowhead Stadium", "Lambeau Field", "Soldier Field",
              "Gillette Stadium", "Lincoln Financial Field", "Qualcomm Stadium"]
    st = []
    for i, n in enumerate(stadia):
        avg = 60000 + 2311 * ((i * 5) % 13) + r.randint(0, 900)
        hg = 8
        st.append((i + 1, n, hg, float(avg), float(avg * hg), round(88 + ((i * 3) % 13) * 1.07, 1)))
    insert_rows(c, "stadium", st)
    teams = ["Quruvchi", "Pakhtakor", "Bunyodkor", "Nasaf", "Lokomotiv", "Neftchi", "Mash'al", "Andijan"]
    g = []
    for i in range(24):
        h, a = r.sample(teams, 2)
        season = 2007 + i % 5
        g.append(((i * 4) % 11 + 1, i + 1, season, "%d-%02d-%02d" % (season, r.randint(3, 11), r.randint(1, 28)),
                  h, a, "%d–%d" % (r.randint(0, 4), r.randint(0, 3)), r.choice(["League", "League", "Cup", "Super Cup"])))
    insert_rows(c, "game", g)  # stadiums 12, 13 host no game
    players = ["Davron Mirzaev", "Dejan Jakovic", "Sanjar Tursunov", "Ilhom Suyunov", "Server Djeparov",
               "Odil Ahmedov", "Aziz Haydarov", "Timur Kapadze", "Anvar Gafurov", "Vitaliy Denisov",
               "Jasur Hasanov", "Marat Bikmaev", "Shavkat Salomov", "Farhod Tadjiyev"]
    inj = ["Knee problem", "Hamstring strain", "Ankle sprain", "Concussion", "Groin injury", "Broken collarbone",
           "Calf strain", "Back pain"]
    rows = []
    for i in range(20):
        rows.append((r.randint(1, 18), i + 1, r.choice(players), r.choice(inj), str(r.choice([1, 2, 2, 3, 4, 6])),
                     r.choice(["inter.co.uk", "dailymail.co.uk", "goal.com", "uzfootball.uz"])))
    insert_rows(c, "injury_accident", rows)  # games 19-24 without injuries


def small_bank_1(c, r):
    names = ["Brown", "Wang", "O'mahony", "Weeks", "Granger", "Porter", "Novak", "Alvarez", "Okafor",
             "Lindqvist", "Tanaka", "Ferreira", "Murphy", "Schmidt", "Patel", "Dubois", "Kowalski", "Rossi"]
    insert_rows(c, "ACCOUNTS", [(i + 1, n) for i, n in enumerate(names)])
    sav = [(i + 1, float(round(r.uniform(50, 250000) / 10) * 10 + i)) for i in range(16)]  # 17, 18 no savings
    insert_rows(c, "SAVINGS", sav)
    chk = [(i + 1, float(round(r.uniform(10, 12000)) + i)) for i in range(18) if i not in (3, 9)]  # 4, 10 no checking
    insert_rows(c, "CHECKING", chk)


def customers_and_addresses(c, r):
    places = [("New York", "10001", "NY", "USA"), ("Boston", "02108", "MA", "USA"), ("Chicago", "60601", "IL", "USA"),
              ("Austin", "73301", "TX", "USA"), ("Seattle", "98101", "WA", "USA"), ("Denver", "80202", "CO", "USA"),
              ("Toronto", "M5H 2N2", "Ontario", "Canada"), ("Vancouver", "V6B 1A1", "British Columbia", "Canada"),
              ("Manchester", "M1 1AE", "Greater Manchester", "UK"), ("Leeds", "LS1 4AP", "West Yorkshire", "UK")]
    streets = ["Maple Ave", "Oak St", "Pine Rd", "Cedar Ln", "Elm St", "Lake Dr", "Hill Rd", "Park Blvd"]
    ad = []
    for i in range(18):
        p = places[i % 10]
        ad.append((i + 1, "%d %s" % (r.randint(10, 990), r.choice(streets)), p[0], p[1], p[2], p[3], None))
    insert_rows(c, "Addresses", ad)
    prods = ["Americano", "Latte", "Cappuccino", "Espresso", "Mocha", "Green Tea", "Hot Chocolate", "Chai Latte",
             "Iced Coffee", "Croissant"]
    insert_rows(c, "Products", [(i + 1, p) for i, p in enumerate(prods)])
    cu = []
    for i, (f, l) in enumerate(distinct_names(r, 16, FIRST, LAST)):
        cu.append((i + 1, r.choice(["Cash", "Credit Card", "Credit Card", "Cheque"]), f + " " + l,
                   iso_date(r, 2015, 2019) + " 00:00:00", r.choice([None, None, "VIP", "Regular"])))
    insert_rows(c, "Customers", cu)
    ca = []
    for i in range(1, 15):  # customers 15, 16 have no address; addresses 17, 18 unused
        a = (i * 3) % 16 + 1
        fr = iso_date(r, 2015, 2019)
        ca.append((i, a, fr + " 00:00:00", r.choice(["Residential", "Billing"]),
                   None if i % 3 else "%d%s 00:00:00" % (int(fr[:4]) + 2, fr[4:])))
    insert_rows(c, "Customer_Addresses", ca)
    ch = []
    for i in range(1, 17):
        for code in r.sample(["Email", "Mobile", "Fax", "Handheld", "Landline"], r.randint(1, 2)):
            fr = iso_date(r, 2016, 2019)
            ch.append((i, code, fr + " 00:00:00", "%d%s 00:00:00" % (int(fr[:4]) + r.randint(1, 3), fr[4:]),
                       "(%03d)%03d-%04d" % (r.randint(200, 989), r.randint(200, 989), r.randint(0, 9999))))
    insert_rows(c, "Customer_Contact_Channels", ch)
    orders, items = [], []
    for o in range(1, 26):
        cid = (o * 7) % 13 + 1  # customers 14-16 never ordered
        orders.append((o, cid, r.choice(["Delivered", "Delivered", "Cancelled", "Pending"]),
                       iso_date(r, 2018, 2021) + " 00:00:00", None))
        for p in sorted(r.sample(range(1, 10), r.randint(1, 3))):  # Croissant never ordered
            items.append((o, p, str(r.randint(1, 9))))
    insert_rows(c, "Customer_Orders", orders)
    insert_rows(c, "Order_Items", items)


def medicine_enzyme_interaction(c, r):
    meds = [("Amisulpride", "Solian", "No"), ("Aripiprazole", "Abilify", "Yes"), ("Asenapine", "Saphris", "Yes"),
            ("Blonanserin", "Lonasen", "No"), ("Carpipramine", "Prazinil", "No"), ("Clocapramine", "Clofekton", "No"),
            ("Clozapine", "Clozaril", "Yes"), ("Iloperidone", "Fanapt", "Yes"), ("Lurasidone", "Latuda", "Yes"),
            ("Melperone", "Buronil", "No"), ("Olanzapine", "Zyprexa", "Yes"), ("Paliperidone", "Invega", "Yes"),
            ("Perospirone", "Lullan", "No"), ("Quetiapine", "Seroquel", "Yes"), ("Remoxipride", "Roxiam", "No"),
            ("Risperidone", "Risperdal", "Yes"), ("Sertindole", "Serdolect", "No"), ("Ziprasidone", "Geodon", "Yes")]
    insert_rows(c, "medicine", [(i + 1, *m) for i, m in enumerate(meds)])
    enz = [("ALA synthase", "Mitochondrion", "δ-Aminolevulinic acid", "3p21.1", 125290, "none"),
           ("ALA dehydratase", "Cytosol", "Porphobilinogen", "9q34", 125270, "ALA-Dehydratase deficiency"),
           ("PBG deaminase", "Cytosol", "Hydroxymethyl bilane", "11q23.3", 176000, "acute intermittent porphyria"),
           ("Uroporphyrinogen III synthase", "Cytosol", "Uroporphyrinogen III", "10q25.2-q26.3", 606938, "congenital erythropoietic porphyria"),
           ("Uroporphyrinogen III decarboxylase", "Cytosol", "Coproporphyrinogen III", "1p34", 176100, "porphyria cutanea tarda"),
           ("Coproporphyrinogen III oxidase", "Mitochondrion", "Protoporphyrinogen IX", "3q12", 121300, "coproporphyria"),
           ("Protoporphyrinogen oxidase", "Mitochondrion", "Protoporphyrin IX", "1q22", 600923, "variegate porphyria"),
           ("Ferrochelatase", "Mitochondrion", "Heme", "18q21.3", 177000, "erythropoietic protoporphyria"),
           ("Cytochrome P450 2D6", "Endoplasmic reticulum", "Hydroxylated metabolites", "22q13.2", 124030, "none"),
           ("Cytochrome P450 3A4", "Endoplasmic reticulum", "Oxidized metabolites", "7q22.1", 124010, "none")]
    insert_rows(c, "enzyme", [(i + 1, *e) for i, e in enumerate(enz)])
    mi = []
    for e in range(1, 10):  # enzyme 10 (CYP3A4) has no recorded interaction
        for m in sorted(r.sample(range(1, 16), r.randint(1, 4))):  # medicines 16-18 interact with nothing
            mi.append((e, m, r.choice(["inhibitor", "inhibitor", "activitor"])))
    insert_rows(c, "medicine_enzyme_interaction", mi)


def wedding(c, r):
    countries = ["United States", "Canada", "Ireland", "United Kingdom", "Australia"]
    ppl = []
    males = r.sample(MALE, 12)
    females = r.sample(sorted(FEMALE), 12)
    for i in range(24):
        f = males[i // 2] if i % 2 == 0 else females[i // 2]
        ppl.append((i + 1, f + " " + r.choice(LAST), r.choice(countries), "T" if i % 2 == 0 else "F", 20 + (i * 7) % 23))
    insert_rows(c, "people", ppl)
    ch = [("Pure Church of Christ", "Wycam Clark", 1831, "Church of Christ"),
          ("Independent Church", "– Hoton", 1832, "Church of Christ"),
          ("Church of Christ", "Ezra Booth", 1836, "Church of the Latter Day Saints"),
          ("Church of Christ (Parrishite)", "Warren Parrish", 1837, "Church of the Latter Day Saints"),
          ("Alston Church", "Isaac Russell", 1839, "Church of Jesus Christ of Latter Day Saints"),
          ("Church of Christ", "William Chubby", 1830, "Church of Jesus Christ of Latter Day Saints"),
          ("Church of Jesus Christ, the Bride, the Lamb's Wife", "George M. Hinkle", 1840, "Church of Jesus Christ of Latter Day Saints"),
          ("St. Andrew's Chapel", "Thomas Hale", 1845, "Church of England"),
          ("Grace Community Church", "Martha Reed", 1852, "Methodist Episcopal Church"),
          ("Holy Trinity Church", "John Ashby", 1858, "Church of England")]
    insert_rows(c, "church", [(i + 1, *x) for i, x in enumerate(ch)])
    w = []
    for k in range(9):  # churches 9, 10 host no wedding; couples 10-12 never married
        w.append(((k * 3) % 8 + 1, 2 * k + 1, 2 * k + 2, 2012 + (k * 5) % 7))
    insert_rows(c, "wedding", w)


def farm(c, r):
    cities = [("Grand Falls/Grand-Sault", "Town", 18.06, 5706), ("Perth-Andover", "Village", 8.89, 1778),
              ("Plaster Rock", "Village", 3.09, 1135), ("Drummond", "Village", 8.91, 775),
              ("Aroostook", "Village", 2.24, 351), ("Woodstock", "Town", 14.8, 5254),
              ("Hartland", "Town", 9.64, 957), ("Florenceville-Bristol", "Village", 16.09, 1639),
              ("Sussex", "Town", 9.03, 4282), ("Saint-Quentin", "Town", 4.24, 2095),
              ("Edmundston", "City", 107.0, 16580), ("Fredericton", "City", 132.57, 58220)]
    insert_rows(c, "city", [(i + 1, n, s, a, p, "%d of 5,008" % (5000 - p // 20)) for i, (n, s, a, p) in enumerate(cities)])
    fm = []
    for i in range(16):
        th = 3000 + 417 * ((i * 7) % 16) + r.randint(0, 50)
        cattle = 5000 + 311 * ((i * 5) % 16) + r.randint(0, 50)
        fm.append((i + 1, 1927 + i % 8, th, int(th * 0.8) + r.randint(0, 40), cattle, r.randint(40, 900),
                   r.randint(10, 60), int(cattle * 0.5) + r.randint(0, 30), 2000 + 231 * ((i * 3) % 16) + r.randint(0, 50),
                   1000 + 513 * ((i * 11) % 16) + r.randint(0, 50)))
    insert_rows(c, "farm", fm)
    themes = ["Carnival M is back!", "Aliens", "MTV Asia Aftershow", "Codehunters", "Harvest Moon", "Green Pastures",
              "Carnival M is back!", "Heritage Breeds", "Barn Dance", "Country Fair"]
    hosts = ["Miley Cyrus Jared Leto and Karen Mok", "Alicia Keys and Tom Cruise", "Leehom Wang and Kelly Rowland",
             "Vanness Wu and Michelle Branch", "Shaggy and Coco Lee", "Anne Murray and Stompin' Tom",
             "Brad Paisley and Shania Twain", "Keith Urban and Carrie Underwood", "Blake Shelton", "Dolly Parton"]
    insert_rows(c, "farm_competition", [(i + 1, 2002 + i, themes[i], [1, 2, 5, 1, 6, 9, 11, 5, 2, 12][i], hosts[i])
                                         for i in range(10)])  # cities 3, 4, 7, 8, 10 never host
    cr = []
    for comp in range(1, 10):  # competition 10 has no record
        for rank, f in enumerate(r.sample(range(1, 14), r.randint(2, 4))):  # farms 14-16 never compete
            cr.append((comp, f, rank + 1))
    insert_rows(c, "competition_record", cr)


def theme_gallery(c, r):
    art = [("Vijay Singh", "Fiji"), ("John Daly", "United States"), ("Paul Azinger", "United States"),
           ("Jeff Sluman", "United States"), ("Mark Brooks", "United States"), ("Nick Price", "Zimbabwe"),
           ("Larry Nelson", "United States"), ("Yuki Tanaka", "Japan"), ("Ingrid Larsen", "Norway"),
           ("Pablo Silva", "Brazil"), ("Greta Fischer", "Germany"), ("Chloe Dubois", "France"),
           ("Omar Haddad", "Egypt"), ("Priya Nair", "India")]
    insert_rows(c, "artist", [(i + 1, n, co, 1995 + (i * 5) % 14, 25 + (i * 7) % 37) for i, (n, co) in enumerate(art)])
    themes = ["Santa Claus", "Christmas stocking", "Spring Garden", "Summer Seas", "Autumn Leaves", "Winter Light",
              "Urban Portraits", "Ocean Blue", "Desert Dreams", "Folk Tales", "Modern Machines", "Harvest",
              "Night Cities", "Wild Birds"]
    ex = []
    for i in range(14):
        a = (i * 3) % 11 + 1  # artists 12-14 never exhibited
        ex.append((i + 1, 2004 + i % 6, themes[i], a, round(9.95 + ((i * 5) % 14) * 1.5 + r.randint(0, 9) * 0.01, 2)))
    insert_rows(c, "exhibition", ex)
    rec = []
    for e in range(1, 13):  # exhibitions 13, 14 have no record
        y = ex[e - 1][1]
        for m in sorted(r.sample(range(1, 13), r.randint(1, 3))):
            rec.append((e, "%d-%02d-%02d" % (y, m, r.randint(1, 28)), r.randint(150, 4500)))
    insert_rows(c, "exhibition_record", rec)


def main():
    for path in write_databases(OUT, TABLES, DBS, COMPOSITE, sql_type, globals().get, lambda i: 6000 + i):
        print("wrote", path)


if __name__ == "__main__":
    main()
