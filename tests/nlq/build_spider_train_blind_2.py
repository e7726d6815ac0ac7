#!/usr/bin/env python3
"""Build tests/nlq/spider_train/<db_id>.sqlite for the 10 Spider *train* schemas of the
blind set spider_train_blind_en_2.jsonl (student_assessment, music_4, icfp_1,
document_management, machine_repair, school_player, loan_1, shop_membership, aircraft,
epinions_1).

Tables and columns use the ORIGINAL names and types of Spider's tables.json (number -> INTEGER
for ids and whole counts, REAL otherwise; text -> TEXT; time -> TEXT ISO dates), with primary
and foreign keys.  The rows are INVENTED (plausible small-domain data generated from fixed name
lists with random.Random(fixed seed)); they are not Spider's data.  Deterministic: running the
script twice gives the same files.

Written by the "blind-spider-train-2" helper, 2026-11-27.
"""
import os

from synthetic_db import FIRST_NAMES, LAST_NAMES, insert_rows, iso_date, write_databases

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "spider_train")
TABLES = "/work/shared/data/spider/tables.json"
DBS = ["student_assessment", "music_4", "icfp_1", "document_management", "machine_repair",
       "school_player", "loan_1", "shop_membership", "aircraft", "epinions_1"]
# composite keys for link tables (Spider lists only one column of them)
COMPOSITE = {
    ("icfp_1", "Authorship"): ["authID", "instID", "paperID"],
    ("student_assessment", "Student_Course_Registrations"): ["student_id", "course_id"],
    ("student_assessment", "Student_Course_Attendance"): ["student_id", "course_id"],
    ("student_assessment", "Candidate_Assessments"): ["candidate_id", "qualification"],
    ("machine_repair", "repair_assignment"): ["technician_id", "repair_ID", "Machine_ID"],
    ("shop_membership", "membership_register_branch"): ["Member_ID"],
    ("shop_membership", "purchase"): ["Member_ID", "Branch_ID", "Year"],
    ("aircraft", "airport_aircraft"): ["Airport_ID", "Aircraft_ID"],
    ("school_player", "school_performance"): ["School_Id", "School_Year"],
    ("document_management", "Document_Sections_Images"): ["section_id", "image_id"],
}
INT_WORDS = ("age", "year", "founded", "enrollment", "level", "count", "rank", "sequence",
             "order", "round", "weeks", "no_of", "passengers", "movements", "volume", "rating",
             "trust", "score")

def sql_type(name, kind):
    if kind == "text":
        return "TEXT"
    if kind == "time":
        return "TEXT"
    n = name.lower()
    if n.endswith("id") or any(w in n for w in INT_WORDS):
        return "INTEGER"
    return "REAL"

FIRST = FIRST_NAMES[:30]
LAST = LAST_NAMES[:30]

def student_assessment(c, r):
    cities = [("Boston", "MA"), ("Austin", "TX"), ("Denver", "CO"), ("Seattle", "WA"), ("Chicago", "IL"),
              ("Portland", "OR"), ("Miami", "FL"), ("Phoenix", "AZ")]
    addrs = []
    for i in range(1, 16):
        city, st = cities[(i - 1) % len(cities)]
        addrs.append((i, "%d %s St" % (r.randint(10, 999), r.choice(["Oak", "Maple", "Pine", "Cedar", "Elm", "Main"])),
                      r.choice([None, "Apt %d" % r.randint(1, 40)]), city, "%05d" % r.randint(10000, 99999), st, "USA"))
    insert_rows(c, "Addresses", addrs)
    people = []
    for i in range(1, 21):
        f, l = FIRST[i - 1], LAST[(i * 7) % 30]
        people.append((100 + i, f, r.choice([None, "J", "Ann", "Lee", "M"]), l, "555-%04d" % r.randint(0, 9999),
                       "%s.%s@example.com" % (f.lower(), l.lower()), "%s%s" % (f[0].lower(), l.lower()), "pw%06d" % r.randint(0, 999999)))
    insert_rows(c, "People", people)
    insert_rows(c, "Students", [(100 + i, r.choice(["full-time", "part-time", "exchange"])) for i in range(1, 15)])
    courses = ["Statistics", "Calculus", "Databases", "Marketing", "Accounting", "French", "Biology", "Art History", "Physics", "Economics"]
    insert_rows(c, "Courses", [(str(301 + i), n, "Introduction to %s" % n, None) for i, n in enumerate(courses)])
    insert_rows(c, "People_Addresses", [(i, 100 + i, r.randint(1, 15), iso_date(r, 2015, 2018), iso_date(r, 2019, 2024)) for i in range(1, 21)])
    regs = set()
    while len(regs) < 30:
        regs.add((100 + r.randint(1, 12), 301 + r.choice([0, 0, 1, 2, 2, 2, 3, 4, 5, 6, 7])))  # 309, 310 never taken
    regs = sorted(regs)
    insert_rows(c, "Student_Course_Registrations", [(s, co, iso_date(r, 2021, 2023)) for s, co in regs])
    att = [x for x in regs if r.random() < 0.6]
    insert_rows(c, "Student_Course_Attendance", [(s, co, iso_date(r, 2022, 2024)) for s, co in att])
    insert_rows(c, "Candidates", [(110 + i, r.choice(["graduate", "transfer", "mature"])) for i in range(1, 11)])
    ca = []
    for i in range(1, 11):
        for q in r.sample(["A", "B", "C", "D"], r.randint(1, 3)):
            ca.append((110 + i, q, iso_date(r, 2020, 2024), r.choice(["Pass", "Pass", "Fail"])))
    insert_rows(c, "Candidate_Assessments", ca)

def music_4(c, r):
    arts = [("Adele", "Hello"), ("Coldplay", "Yellow"), ("Drake", "Hotline Bling"), ("Shakira", "Hips Don't Lie"),
            ("Bruno Mars", "Uptown Funk"), ("Rihanna", "Umbrella"), ("Ed Sheeran", "Shape of You"),
            ("Beyonce", "Halo"), ("Sting", "Desert Rose"), ("Sade", "Smooth Operator"), ("Muse", "Uprising"), ("Keane", "Somewhere Only We Know")]
    ages = r.sample(range(22, 70), len(arts))
    insert_rows(c, "artist", [(i + 1, a, ages[i], t, iso_date(r, 1995, 2017)) for i, (a, t) in enumerate(arts)])
    songs = ["Rolling in the Deep", "Viva la Vida", "God's Plan", "Whenever Wherever", "Grenade", "Diamonds",
             "Perfect", "Single Ladies", "Fields of Gold", "No Ordinary Love", "Madness", "Skyfall",
             "Paradise", "One Dance", "Locked Out of Heaven", "Work", "Thinking Out Loud", "Crazy in Love", "Someone Like You", "Fix You"]
    owners = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 2, 3, 5, 6, 7, 8, 1, 2]  # artist 12 has no volume
    weeks = r.sample(range(1, 25), len(songs))
    insert_rows(c, "volume", [(i + 1, "%d:%d" % (40 + i // 4, i % 4 + 1), iso_date(r, 2008, 2016), weeks[i], s, owners[i]) for i, s in enumerate(songs)])
    fests = ["MTV Europe Music Awards", "Brit Awards", "Grammy Awards", "Billboard Music Awards", "Juno Awards"]
    cats = ["Best Song", "Best Album", "Best Video", "Best Female Artist", "Best Male Artist"]
    insert_rows(c, "music_festival", [(i + 1, fests[i % 5], iso_date(r, 2009, 2017), cats[r.randrange(5)], r.choice(range(1, 21)),
                               r.choice(["Nominated", "Awarded", "Nominated"])) for i in range(15)])

def icfp_1(c, r):
    inst = [("MIT", "USA"), ("Stanford University", "USA"), ("University of Oxford", "UK"), ("University of Cambridge", "UK"),
            ("ETH Zurich", "Switzerland"), ("INRIA", "France"), ("University of Tokyo", "Japan"), ("Chalmers University", "Sweden"),
            ("Carnegie Mellon University", "USA"), ("University of Edinburgh", "UK"), ("KU Leuven", "Belgium")]
    insert_rows(c, "Inst", [(1000 + i, n, co) for i, (n, co) in enumerate(inst)])
    insert_rows(c, "Authors", [(50 + i, LAST[(i * 3) % 30], FIRST[(i * 5 + 2) % 30]) for i in range(20)])
    titles = ["Functional Reactive Programming", "Type Classes Revisited", "Lazy Evaluation in Practice", "Dependent Types for Everyone",
              "A Monadic Parser Library", "Effect Handlers at Scale", "Garbage Collection for Haskell", "Proof-Carrying Code",
              "Linear Types in the Wild", "Generic Programming with Lenses", "Compiling with Continuations", "Session Types",
              "Gradual Typing Performance", "Incremental Computation", "Property-Based Testing", "Staged Interpreters"]
    insert_rows(c, "Papers", [(200 + i, t) for i, t in enumerate(titles)])
    rows = set()
    for p in range(16):
        n = r.randint(1, 4)
        auths = r.sample(range(50, 68), n)  # authors 68, 69 never publish
        for k, a in enumerate(auths):
            rows.add((a, 1000 + r.randint(0, 9), 200 + p, k + 1))  # inst 1010 has no papers
    insert_rows(c, "Authorship", sorted(rows))

def document_management(c, r):
    insert_rows(c, "Roles", [("MG", "Manager"), ("ED", "Editor"), ("PR", "Proof Reader"), ("PT", "Photo"), ("GU", "Guest")])
    users = []
    for i in range(1, 16):
        f = FIRST[(i * 4) % 30]
        users.append((i, r.choice(["MG", "ED", "ED", "PR", "PT"]), f, "%s%d" % (f.lower(), i), "%08x" % r.getrandbits(32)))
    insert_rows(c, "Users", users)
    insert_rows(c, "Document_Structures", [("1", None, "Header"), ("6", "1", "Main section"), ("8", "1", "Bib"), ("9", "8", "Author section"), ("5", "6", "Image section")])
    insert_rows(c, "Functional_Areas", [("8", "8", "Signature"), ("1", "8", "Acknowledgement"), ("9", "8", "Keep blank"), ("3", "8", "Appendix")])
    insert_rows(c, "Images", [(i, "%s photo" % a, a.lower().replace(" ", "_") + ".jpg", "http://img.example.com/%d" % i) for i, a in enumerate(
        ["Lighthouse", "Mountain", "Harbor", "City skyline", "Forest", "Desert", "River", "Bridge", "Castle", "Garden", "Beach", "Glacier"], 1)])
    names = ["Travel Guide", "Employee Handbook", "Annual Report", "Safety Manual", "Style Guide", "Product Catalog",
             "Privacy Policy", "Project Plan", "Marketing Brief", "Onboarding Checklist", "Research Notes", "Budget Summary",
             "Press Release", "User Manual", "Training Deck"]
    acc = r.sample(range(100, 9999), len(names))
    docs = [("D%03d" % (i + 1), r.choice(["1", "6", "8", "9", "9"]), r.choice(["PDF", "DOC", "HTML", "PDF"]), acc[i], n) for i, n in enumerate(names)]
    insert_rows(c, "Documents", docs)
    dfa = set()
    for d in docs:
        for fa in r.sample(["8", "1", "9"], r.randint(0, 2)):  # area 3 never used
            dfa.add((d[0], fa))
    insert_rows(c, "Document_Functional_Areas", sorted(dfa))
    secs = []
    titles = ["Introduction", "Overview", "Details", "Summary", "Appendix", "Contacts"]
    sid = 1
    for d in docs[:12]:  # last 3 documents have no sections
        for k in range(r.randint(1, 3)):
            secs.append((sid, d[0], k + 1, "S%02d" % r.randint(1, 40), titles[(sid + k) % 6]))
            sid += 1
    insert_rows(c, "Document_Sections", secs)
    dsi = set()
    for s in secs:
        if r.random() < 0.6:
            dsi.add((s[0], r.randint(1, 10)))  # images 11, 12 never used
    insert_rows(c, "Document_Sections_Images", sorted(dsi))

def machine_repair(c, r):
    reps = ["Discoverer", "Vanguard", "Orion", "Atlas", "Gemini", "Apollo", "Mercury", "Titan", "Pioneer", "Voyager", "Explorer", "Ranger"]
    insert_rows(c, "repair", [(i + 1, n, iso_date(r, 2012, 2019), r.choice(["repair failed", "repair succeeded", "launch delayed", "cancelled"])) for i, n in enumerate(reps)])
    vp = r.sample(range(40, 200), 12)
    qr = r.sample(range(1, 13), 12)
    insert_rows(c, "machine", [(i + 1, r.randint(1991, 2000), r.choice(["125cc", "250cc", "500cc"]), r.choice(["Honda", "Yamaha", "Ducati", "Suzuki"]),
                        r.choice(["RS125", "YZR500", "TSR250", "NSR250"]), float(vp[i]), qr[i]) for i in range(12)])
    tn = ["Joe Sewell", "John Brown", "Tony Sewell", "Mark Sewell", "Charlie Hollocher", "Eddie Collins", "Mickey Cochrane",
          "Lou Boudreau", "Ray Chapman", "Hank Greenberg", "Babe Ruth", "Ty Cobb"]
    ages = r.sample(range(24, 60), 12)
    insert_rows(c, "technician", [(i + 1, n, r.choice(["NYY", "CLE", "CWS", "PHA", "DET"]), r.randint(2004, 2016), ages[i]) for i, n in enumerate(tn)])
    ra = set()
    while len(ra) < 20:
        ra.add((r.randint(1, 10), r.randint(1, 10), r.randint(1, 10)))  # techs/repairs/machines 11-12 unused
    insert_rows(c, "repair_assignment", sorted(ra))

def school_player(c, r):
    sch = [("St Aloysius' College", "Milsons Point"), ("Barker College", "Hornsby"), ("Cranbrook School", "Bellevue Hill"),
           ("Knox Grammar School", "Wahroonga"), ("Trinity Grammar School", "Summer Hill"), ("St Ignatius College", "Riverview"),
           ("Newington College", "Stanmore"), ("The King's School", "North Parramatta"), ("Shore School", "North Sydney"), ("Scots College", "Bellevue Hill")]
    enr = r.sample(range(600, 2000), 10)
    rows = []
    for i, (n, loc) in enumerate(sch):
        rows.append((i + 1, n, loc, float(enr[i]), float(r.randint(1831, 1930)), r.choice(["Catholic", "Anglican", "Uniting Church", "Presbyterian"]),
                     r.choice(["Boys", "Boys", "Girls", "Co-ed"]), r.choice(["Day", "Day & Boarding"]), float(r.randint(1929, 1990)),
                     r.choice(["Navy blue and gold", "Red and black", "Green and white", "Blue and white"])))
    insert_rows(c, "school", rows)
    insert_rows(c, "school_details", [(i + 1, nk, r.choice(["Maroon and white", "Navy and gold", "Red and black"]), "DSHA", r.choice(["Flight A", "Flight B"]),
                               r.choice(["Division 1", "Division 2", "Division 3"])) for i, nk in enumerate(["Auks", "Raiders", "Buccaneers", "Seahawks", "Hornets", "Lions"])])
    perf = []
    for sid in range(1, 8):
        for y in ["1987-88", "1988-89", "1989-90"]:
            perf.append((sid, y, r.choice(["Yantis", "Blue Ridge", "Anton", "Edgewood"]), r.choice(["Lexington", "Weimar", "Burkburnett", "Canadian"])))
    insert_rows(c, "school_performance", perf)
    teams = ["Baltimore Orioles", "Seattle Mariners", "Boston Red Sox", "Texas Rangers", "Chicago Cubs", "New York Mets"]
    ages = [r.randint(14, 18) for _ in range(24)]
    pl = []
    for i in range(24):
        pl.append((i + 1, "%s %s" % (FIRST[(i * 7 + 3) % 30], LAST[(i * 11 + 5) % 30]), r.choice(teams), ages[i],
                   r.choice(["Pitcher", "Catcher", "Shortstop", "Outfielder", "First baseman"]), r.randint(1, 8)))  # schools 9, 10 have no players
    insert_rows(c, "player", pl)

def loan_1(c, r):
    banks = [("Morningside", "New York City", "New York"), ("Downtown", "Salt Lake City", "Utah"), ("Broadway", "New York City", "New York"),
             ("High Street", "Austin", "Texas"), ("Lakeview", "Chicago", "Illinois"), ("Riverside", "Austin", "Texas"),
             ("Harbor", "Seattle", "Washington"), ("Pinewood", "Denver", "Colorado")]
    nc = r.sample(range(120, 900), 8)
    insert_rows(c, "bank", [(i + 1, b, nc[i], ci, st) for i, (b, ci, st) in enumerate(banks)])
    states = {1: "New York", 2: "Utah", 3: "New York", 4: "Texas", 5: "Illinois", 6: "Texas", 7: "Washington", 8: "Colorado"}
    bal = r.sample(range(500, 90000), 20)
    cs = r.sample(range(300, 850), 20)
    custs = []
    for i in range(20):
        b = r.randint(1, 8)
        custs.append((str(i + 1), "%s %s" % (FIRST[(i * 3 + 1) % 30], LAST[(i * 13 + 2) % 30]), r.choice(["checking", "saving", "saving"]),
                      float(bal[i]), 0, cs[i], b, states[b]))
    loans = []
    amt = r.sample(range(1000, 80000), 22)
    for k in range(22):
        cu = custs[r.randint(0, 15)]  # customers 17-20 never borrow
        loans.append(("L%02d" % (k + 1), r.choice(["Mortgages", "Auto", "Business", "Personal"]), cu[0], str(cu[6]), float(amt[k])))
    counts = {}
    for l in loans:
        counts[l[2]] = counts.get(l[2], 0) + 1
    custs = [cu[:4] + (counts.get(cu[0], 0),) + cu[5:] for cu in custs]
    insert_rows(c, "customer", custs)
    insert_rows(c, "loan", loans)

def shop_membership(c, r):
    mem = []
    towns = ["Collierville, Tennessee", "Louisville, Kentucky", "Jacksonville, Florida", "Columbia, South Carolina", "Atlanta, Georgia", "Nashville, Tennessee"]
    for i in range(1, 17):
        mem.append((i, "%s%03d" % (r.choice("ABLR"), r.randint(100, 999)), "%s %s" % (FIRST[(i * 7) % 30], LAST[(i * 3 + 4) % 30]), r.choice(towns), r.randint(2, 6)))
    insert_rows(c, "member", mem)
    br = [("Alexandre", "2001", "Valleys Place", "London"), ("Zytogorski", "2009", "Abbey Rise", "Oxford"), ("Stonebridge", "2004", "Park Road", "London"),
          ("Cochrane", "2012", "Brampton Road", "Oxford"), ("Saint Amant", "2015", "Cecilia Avenue", "Leeds"), ("Brown", "2013", "Oaks Crescent", "Leeds"),
          ("Taverner", "2014", "Cowley Road", "Oxford"), ("Popert", "2017", "Ancaster Road", "Bristol")]
    ma = r.sample(range(5, 2000), 8)
    insert_rows(c, "branch", [(i + 1, n, y, a, ci, str(ma[i])) for i, (n, y, a, ci) in enumerate(br)])
    insert_rows(c, "membership_register_branch", [(m, str(r.randint(1, 7)), str(r.randint(2015, 2018))) for m in range(1, 14)])  # members 14-16 unregistered
    pur = set()
    while len(pur) < 22:
        pur.add((r.randint(1, 13), str(r.randint(1, 7)), str(r.randint(2016, 2018))))
    insert_rows(c, "purchase", [p + (round(r.uniform(50, 900), 2),) for p in sorted(pur)])

def aircraft(c, r):
    pilots = ["Prof. Zackery Collins", "Katheryn Gorczany IV", "Mr. Cristian Halvorson II", "Ayana Spencer", "Ellen Ledner III",
              "Elisha Hickle V", "Dr. Jade Bradtke V", "Winnifred Boyle", "Della Lindgren", "Maxwell Graham", "Blaise Muller", "Baylee Steuber"]
    ages = r.sample(range(21, 60), 12)
    insert_rows(c, "pilot", [(i + 1, n, ages[i]) for i, n in enumerate(pilots)])
    ac = [("Robinson R-22", "Light utility helicopter", "1,370 lb (635 kg)", "497 ft² (46.2 m²)", "2.6 lb/ft² (14 kg/m²)"),
          ("Bell 206B3 JetRanger", "Turboshaft utility helicopter", "3,200 lb (1,451 kg)", "872 ft² (81.1 m²)", "3.7 lb/ft² (18 kg/m²)"),
          ("CH-47D Chinook", "Tandem rotor helicopter", "50,000 lb (22,680 kg)", "5,655 ft² (526 m²)", "8.8 lb/ft² (43 kg/m²)"),
          ("Mil Mi-26", "Heavy-lift helicopter", "123,500 lb (56,000 kg)", "8,495 ft² (789 m²)", "14.5 lb/ft² (71 kg/m²)"),
          ("CH-53E Super Stallion", "Heavy-lift helicopter", "73,500 lb (33,300 kg)", "4,900 ft² (460 m²)", "15 lb/ft² (72 kg/m²)"),
          ("Eurocopter EC135", "Light twin-engine helicopter", "6,250 lb (2,835 kg)", "850 ft² (79 m²)", "7.4 lb/ft² (36 kg/m²)"),
          ("Sikorsky S-76", "Medium utility helicopter", "11,700 lb (5,307 kg)", "1,452 ft² (135 m²)", "8.1 lb/ft² (39 kg/m²)"),
          ("AgustaWestland AW139", "Medium twin-engine helicopter", "15,000 lb (6,800 kg)", "1,485 ft² (138 m²)", "10.1 lb/ft² (49 kg/m²)")]
    insert_rows(c, "aircraft", [(i + 1,) + a for i, a in enumerate(ac)])
    locs = [("Mina' Zayid , Abu Dhabi", "United Arab Emirates"), ("Swan River , Perth", "Australia"), ("Flamengo Beach , Rio de Janeiro", "Brazil"),
            ("Windsor , Ontario", "Canada"), ("New York City", "United States"), ("EuroSpeedway Lausitz", "Germany"), ("River Danube , Budapest", "Hungary"),
            ("Porto", "Portugal"), ("Lake Balaton", "Hungary"), ("San Diego", "United States")]
    insert_rows(c, "match", [(float(i + 1), lo, co, "%s %d, %d" % (r.choice(["March", "April", "May", "June", "July", "August"]), r.randint(1, 28), 2008 + i // 4),
                      "%s %s" % (FIRST[r.randrange(30)], LAST[r.randrange(30)]), str(r.randint(1, 10)), str(r.randint(1, 6)))
                     for i, (lo, co) in enumerate(locs)])  # pilots 11, 12 and aircraft 7, 8 never win
    aps = ["London Heathrow", "London Gatwick", "London Stansted", "Manchester", "Birmingham Airport", "Edinburgh", "Glasgow International",
           "Bristol", "East Midlands", "Liverpool"]
    tot = r.sample(range(4000000, 68000000), 10)
    rows = []
    for i, n in enumerate(aps):
        t = tot[i]
        intl = int(t * r.uniform(0.6, 0.9)); tr = r.randint(0, 150000); dom = t - intl - tr
        rows.append((i + 1, n, float(t), "%.1f%%" % r.uniform(-5, 12), float(intl), float(dom), float(tr), float(r.randint(40000, 480000)), float(r.randint(0, 1400000))))
    insert_rows(c, "airport", rows)
    aa = set()
    while len(aa) < 12:
        aa.add((r.randint(1, 8), r.randint(1, 6)))  # airports 9, 10 without aircraft
    insert_rows(c, "airport_aircraft", [(k + 1, a, b) for k, (a, b) in enumerate(sorted(aa))])

def epinions_1(c, r):
    items = ["blue hoodie", "cup", "yellow shirt", "comb", "orange", "avocado", "apple", "wireless mouse", "running shoes", "desk lamp", "notebook", "water bottle"]
    insert_rows(c, "item", [(i, t) for i, t in enumerate(items)])
    users = ["Helen", "Mark", "Terry", "Nancy", "Rosie", "Roxi", "Emily", "Jack", "Bruno", "Priya", "Tomas", "Yuki"]
    insert_rows(c, "useracct", [(i + 1, n) for i, n in enumerate(users)])
    rev = []
    for a in range(1, 26):
        rev.append((a, r.randint(1, 9), r.randint(0, 9), r.randint(1, 10), r.randint(1, 12)))  # users 10-12, items 10-11 no reviews
    insert_rows(c, "review", rev)
    tr = set()
    while len(tr) < 20:
        s, t = r.randint(1, 12), r.randint(1, 11)
        if s != t:
            tr.add((s, t))
    insert_rows(c, "trust", [(s, t, r.randint(0, 10)) for s, t in sorted(tr)])

def main():
    for path in write_databases(OUT, TABLES, DBS, COMPOSITE, sql_type, globals().get,
                                lambda i: 20261127 + i):
        print(path)


if __name__ == "__main__":
    main()
