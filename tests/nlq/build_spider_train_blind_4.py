#!/usr/bin/env python3
"""Build tests/nlq/spider_train/<db_id>.sqlite for the 10 Spider *train* schemas of the
blind set spider_train_blind_en_4.jsonl (report: local_govt_in_alabama, school_finance,
decoration_competition, store_product, college_3; develop: csu_1, phone_market,
cre_Docs_and_Epenses, company_employee, party_people).

Tables and columns use the ORIGINAL names and types of Spider's tables.json
(/work/shared/data/spider/tables.json; number -> INTEGER for ids and whole counts, REAL
otherwise; text -> TEXT; time -> TEXT ISO dates), with primary and foreign keys (link tables
get composite keys).  The rows are INVENTED (plausible small-domain data generated from fixed
name lists with random.Random(fixed seed)); they are not Spider's data.  Deterministic:
running the script twice gives the same files.

Written by the "blind-spider-train-4" helper, 2026-11-27.
"""
import os

from synthetic_db import (FIRST_NAMES, LAST_NAMES, distinct_names, insert_rows, iso_date,
                          write_databases)

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "spider_train")
TABLES = "/work/shared/data/spider/tables.json"
DBS = ["local_govt_in_alabama", "school_finance", "decoration_competition", "store_product",
       "college_3", "csu_1", "phone_market", "cre_Docs_and_Epenses", "company_employee",
       "party_people"]
COMPOSITE = {
    ("local_govt_in_alabama", "Participants_in_Events"): ["Event_ID", "Participant_ID"],
    ("school_finance", "budget"): ["School_id", "Year"],
    ("decoration_competition", "round"): ["Round_ID", "Member_ID"],
    ("store_product", "store_product"): ["Store_ID", "Product_ID"],
    ("csu_1", "csu_fees"): ["Campus", "Year"],
    ("csu_1", "degrees"): ["Year", "Campus"],
    ("csu_1", "discipline_enrollments"): ["Campus", "Discipline", "Year"],
    ("csu_1", "enrollments"): ["Campus", "Year"],
    ("csu_1", "faculty"): ["Campus", "Year"],
    ("phone_market", "phone_market"): ["Market_ID", "Phone_ID"],
    ("company_employee", "employment"): ["Company_ID", "People_ID"],
}
INT_NAMES = {"year", "enrollment", "rank_in_round", "dpi", "number_of_product_category",
             "ranking", "city_population", "age", "major", "advisor", "phone", "dphone", "credits",
             "instructor", "dno", "discipline", "undergraduate", "graduate", "degrees",
             "totalenrollment_ay", "memory_in_g", "num_of_employees", "num_of_shops",
             "num_of_stock", "year_working", "campus", "school_id", "member_in_charge_id",
             "pages_per_minute_color", "stuid", "facid"}


def sql_type(name, kind):
    if kind in ("text", "time", "others"):
        return "TEXT"
    n = name.lower()
    if n.endswith("_id") or n == "id" or n in INT_NAMES:
        return "INTEGER"
    return "REAL"


FIRST = FIRST_NAMES
LAST = LAST_NAMES


def local_govt_in_alabama(c, r):
    svc = ["Marriage", "Birth Proof", "Death Proof", "Property Change", "Marriage", "Business License",
           "Birth Proof", "Voter Registration", "Property Change", "Business License"]
    insert_rows(c, "Services", [(i + 1, s) for i, s in enumerate(svc)])
    ppl = distinct_names(r, 30, FIRST, LAST)
    parts = []
    for i, (f, l) in enumerate(ppl):
        parts.append((i + 1, "Organizer" if i % 4 == 0 else "Participant", "%s %s" % (f, l)))
    insert_rows(c, "Participants", parts)
    # services 8 and 10 have no events
    used = [1, 2, 3, 4, 5, 6, 7, 9]
    ev = []
    for i in range(1, 26):
        s = used[(i * 3 + r.randint(0, 7)) % 8]
        ev.append((i, s, r.choice(["Success", "Success", "Fail", "Success", "Pending"])))
    insert_rows(c, "Events", ev)
    pie = set()
    # participants 27-30 never attend anything
    while len(pie) < 55:
        pie.add((r.randint(1, 25), r.randint(1, 26)))
    # make the most active participants distinct (no ties in a top 3)
    for pid, extra in ((12, 2), (11, 1)):
        for e in [e for e in range(1, 26) if (e, pid) not in pie][:extra]:
            pie.add((e, pid))
    insert_rows(c, "Participants_in_Events", sorted(pie))


def school_finance(c, r):
    sch = [("Bremen", "Bremen", "Lions", "AA", "AA", "50 Marshall"),
           ("Culver Community", "Culver", "Cavaliers", "A", "A", "50 Marshall"),
           ("Glenn", "Walkerton", "Falcons", "AA", "A", "71 St. Joseph"),
           ("Jimtown", "Elkhart", "Jimmies", "AA", "AA", "20 Elkhart"),
           ("Knox Community", "Knox", "Redskins", "AA", "AA", "75 Starke"),
           ("LaVille", "Lakeville", "Lancers", "AA", "A", "71 St. Joseph"),
           ("New Prairie", "New Carlisle", "Cougars", "AAA", "AAA", "46 LaPorte"),
           ("Triton", "Bourbon", "Trojans", "A", "A", "50 Marshall"),
           ("Plymouth", "Plymouth", "Pilgrims", "AAA", "AAAA", "50 Marshall"),
           ("Rochester", "Rochester", "Zebras", "AA", "AA", "25 Fulton")]
    enr = [495, 287, 605, 601, 620, 379, 852, 316, 1110, 540]
    insert_rows(c, "School", [(str(i + 1), n, loc, m, enr[i], cl, fc, co) for i, (n, loc, m, cl, fc, co) in enumerate(sch)])
    bud = []
    for s in [1, 2, 3, 4, 5, 6, 7, 9, 10]:
        for y in range(2019, 2023):
            if (s + y) % 5 == 0:
                continue
            b = round(r.uniform(2500, 9000) * (1 + s / 10.0), 1)
            inv = round(b * r.uniform(0.55, 1.05), 1)
            bud.append((s, y, b, round(r.uniform(1.0, 3.5), 2), inv, round(r.uniform(1.0, 3.5), 2),
                        "%.1f" % (inv / b * 100)))
    insert_rows(c, "budget", bud)
    donors = ["Monte Plata", "San Cristobal", "Santo Domingo Este", "Distrito Nacional", "Valverde",
              "San Pedro de Macoris", "Duarte", "La Vega", "Peravia", "Hermanas Mirabal",
              "Maria Trinidad Sanchez", "Santiago", "Azua", "Puerto Plata"]
    end = []
    for i in range(1, 19):
        s = [1, 2, 3, 4, 6, 7, 9, 10][r.randint(0, 7)]  # schools 5 and 8 get no endowment
        end.append((i, s, donors[(i * 5) % len(donors)], round(r.uniform(8.0, 12.0), 2)))
    insert_rows(c, "endowment", end)


def decoration_competition(c, r):
    col = [("Saskatchewan School", "Ousame Tounkara", "Ottawa"), ("B.C. School", "Ryan Thelwell", "Minnesota"),
           ("Calgary School", "Andre Arlain", "St. Francis Xavier"), ("Edmonton School", "Samir Chahine", "McGill"),
           ("Toronto School", "Roger Dunbrack", "Western Ontario"), ("Montreal School", "Claire Lemieux", "Laval"),
           ("Halifax School", "Ian MacLeod", "Dalhousie"), ("Winnipeg School", "Dana Kowalski", "Manitoba")]
    insert_rows(c, "college", [(i + 1,) + x for i, x in enumerate(col)])
    countries = ["United States", "Canada", "England", "Australia", "Zimbabwe", "Fiji", "South Africa", "Japan"]
    mem = []
    ppl = distinct_names(r, 24, FIRST, LAST)
    for i, (f, l) in enumerate(ppl):
        mem.append((i + 1, "%s %s" % (f, l), countries[r.randint(0, 7)], [1, 2, 3, 4, 5, 6, 7][r.randint(0, 6)]))
    insert_rows(c, "member", mem)  # college 8 has no members
    themes = ["Happiness", "Dark Nights", "Sweetie", "Walk on the Moon", "Soft Dream", "Summer", "Ocean Breeze"]
    rows = []
    for rd in range(1, 6):
        ms = r.sample(range(1, 21), 6)  # members 21-24 never took part
        for rank, m in enumerate(ms, 1):
            rows.append((rd, m, r.choice(themes), rank))
    insert_rows(c, "round", rows)


def store_product(c, r):
    prods = [("Fujitsu fi-6130 A4 Series Scanner", "301 x 160 x 158", 600, 30, "A4", "USB 2.0"),
             ("Plustek MobileOffice D28 Corporate", "303 x 94 x 60", 600, 28, "A4", "USB 2.0"),
             ("Xerox Travel Scanner 100", "289 x 51 x 38", 600, 4, "A4", "USB 2.0"),
             ("ScanShell 3000DN", "300 x 50 x 45", 600, 3, "A4", "USB 2.0"),
             ("Canon imageFORMULA P-150", "280 x 95 x 40", 600, 10, "216mm x 356mm", "USB 2.0"),
             ("Canon DR-2080C", "298 x 209 x 99", 600, 36, "216mm x 355mm", "USB 2.0"),
             ("Epson WorkForce DS-530", "296 x 169 x 176", 1200, 35, "A4", "USB 3.0"),
             ("Brother ADS-1700W", "300 x 103 x 83", 1200, 25, "A4", "Wi-Fi"),
             ("HP ScanJet Pro 2000 s2", "310 x 190 x 153", 600, 35, "A4", "USB 3.0"),
             ("Kodak ScanMate i940", "281 x 84 x 70", 600, 20, "A4", "USB 2.0"),
             ("Fujitsu ScanSnap iX1600", "292 x 161 x 152", 600, 40, "A4", "Wi-Fi"),
             ("Doxie Go SE", "267 x 41 x 36", 300, 8, "A4", "Wi-Fi")]
    insert_rows(c, "product", [(i + 1,) + p for i, p in enumerate(prods)])
    stores = [("Miramichi", "City Mall"), ("Neguac", "Village Store"), ("Rogersville", "Village Store"),
              ("Blackville", "Village Store"), ("Doaktown", "City Mall"), ("Bathurst", "Department Store"),
              ("Moncton Centre", "Department Store"), ("Fredericton Mall", "City Mall"),
              ("Saint John Outlet", "Outlet"), ("Dieppe Plaza", "City Mall"), ("Shediac Corner", "Village Store"),
              ("Sackville Depot", "Outlet")]
    areas = [179.84, 26.69, 7.23, 21.73, 28.74, 94.3, 152.6, 210.5, 66.1, 121.9, 12.4, 48.75]
    ranks = r.sample(range(1, 13), 12)
    insert_rows(c, "store", [(i + 1, n, t, areas[i], r.randint(300, 2000), ranks[i]) for i, (n, t) in enumerate(stores)])
    dis = [("Attock District", "Attock City", 94620, 20.0), ("Bahawalnagar District", "Bahawalnagar City", 134936, 13.0),
           ("Bahawalpur District", "Bahawalpur City", 530438, 38.0), ("Bhakkar District", "Bhakkar City", 89380, 15.0),
           ("Chakwal District", "Chakwal City", 113524, 10.0), ("Chiniot District", "Chiniot City", 219254, 12.0),
           ("Dera Ghazi Khan District", "Dera Ghazi Khan City", 464742, 22.0),
           ("Faisalabad District", "Faisalabad City", 2793721, 147.0), ("Gujranwala District", "Gujranwala City", 1526168, 75.0),
           ("Gujrat District", "Gujrat City", 328512, 25.0)]
    insert_rows(c, "district", [(i + 1,) + d for i, d in enumerate(dis)])
    sp = set()
    while len(sp) < 34:
        sp.add((r.randint(1, 11), r.randint(1, 11)))  # store 12 and product 12 stocked nowhere
    insert_rows(c, "store_product", sorted(sp))
    sd = [(s, [1, 2, 3, 5, 7, 8, 9][r.randint(0, 6)]) for s in range(1, 13)]
    insert_rows(c, "store_district", sd)


def college_3(c, r):
    deps = [(10, "EN", "Computer Science", "224", "NEB", 7345), (20, "EN", "Electrical Engineering", "310", "Barton", 7120),
            (30, "AS", "Mathematics", "404", "Krieger", 7333), (40, "AS", "Physics", "366", "Bloomberg", 7347),
            (50, "AS", "History", "301", "Gilman", 7575), (60, "AS", "Economics", "440", "Mergenthaler", 7601),
            (70, "EN", "Civil Engineering", "210", "Latrobe", 7410), (80, "AS", "Cognitive Science", "237", "Krieger", 7210),
            (90, "AS", "English", "146", "Gilman", 7544), (100, "EN", "Chemical Engineering", "221", "Maryland", 7170)]
    insert_rows(c, "Department", [(d[0], d[1], d[2], d[3], d[4], d[5]) for d in deps])
    fac = []
    fn = distinct_names(r, 20, FIRST, LAST)
    rk = ["Professor", "AssocProf", "AsstProf", "Instructor"]
    blds = ["NEB", "Barton", "Krieger", "Gilman", "Latrobe"]
    for i, (f, l) in enumerate(fn):
        fac.append((1000 + i * 7, l, f, rk[r.randint(0, 3)], "F" if r.random() < 0.4 else "M",
                    2000 + r.randint(100, 999), str(r.randint(100, 450)), blds[r.randint(0, 4)]))
    insert_rows(c, "Faculty", fac)
    fids = [f[0] for f in fac]
    mo = []
    for i, fid in enumerate(fids[:18]):  # last two faculty belong to no department
        mo.append((fid, deps[i % 9][0], "Primary"))
        if i % 4 == 0:
            mo.append((fid, deps[(i + 3) % 9][0], "Secondary"))
    insert_rows(c, "Member_of", mo)
    courses = [("600.101", "Computer Literacy", 3, 10), ("600.107", "Introduction to Programming", 3, 10),
               ("600.226", "Data Structures", 4, 10), ("600.315", "Databases", 3, 10),
               ("600.463", "Algorithms", 3, 10), ("520.213", "Circuits", 4, 20),
               ("520.345", "Signals and Systems", 3, 20), ("550.111", "Statistical Analysis", 4, 30),
               ("550.291", "Linear Algebra", 4, 30), ("110.405", "Real Analysis", 3, 30),
               ("171.101", "General Physics I", 4, 40), ("171.303", "Quantum Mechanics", 3, 40),
               ("100.113", "Modern European History", 3, 50), ("180.101", "Microeconomics", 3, 60),
               ("180.301", "Macroeconomics", 3, 60), ("560.201", "Statics", 3, 70),
               ("050.102", "Language and Mind", 3, 80), ("060.113", "Expository Writing", 2, 90),
               ("540.101", "Chemical Engineering Today", 1, 100), ("540.301", "Kinetics", 3, 100)]
    days = ["MTW", "MWF", "TTh", "MW", "F"]
    hrs = ["9", "10", "11", "1-2:30", "3"]
    insert_rows(c, "Course", [(cid, nm, cr, fids[(i * 3) % 18], days[r.randint(0, 4)], hrs[r.randint(0, 4)], d)
                      for i, (cid, nm, cr, d) in enumerate(courses)])
    cities = ["BAL", "PIT", "NYC", "WAS", "PHL", "HKG", "CHI", "LON"]
    stu = []
    sn = distinct_names(r, 30, FIRST, LAST)
    for i, (f, l) in enumerate(sn):
        stu.append((1001 + i, l, f, r.randint(17, 26), "F" if i % 3 != 1 else "M",
                    [d[0] for d in deps][r.randint(0, 8)], fids[r.randint(0, 17)], cities[r.randint(0, 7)]))
    insert_rows(c, "Student", stu)
    insert_rows(c, "Minor_in", [(1001 + i * 3, deps[(i * 2) % 10][0]) for i in range(10)])
    grades = [("A+", 4.0), ("A", 4.0), ("A-", 3.7), ("B+", 3.3), ("B", 3.0), ("B-", 2.7), ("C+", 2.3),
              ("C", 2.0), ("C-", 1.7), ("D+", 1.3), ("D", 1.0), ("F", 0.0)]
    insert_rows(c, "Gradeconversion", grades)
    en = set()
    while len(en) < 40:
        en.add((1001 + r.randint(0, 25), courses[r.randint(0, 17)][0]))  # 4 students and 2 courses without enrolments
    rows = [(s, ci, grades[r.randint(0, 11)][0]) for s, ci in sorted(en)]
    rows.append((1027, "550.111", "B+"))  # one clear most-enrolled course
    insert_rows(c, "Enrolled_in", rows)


def csu_1(c, r):
    camp = [("California State University-Bakersfield", "Bakersfield", "Kern", 1965),
            ("California State University-Channel Islands", "Camarillo", "Ventura", 2002),
            ("California State University-Chico", "Chico", "Butte", 1887),
            ("California State University-Dominguez Hills", "Carson", "Los Angeles", 1960),
            ("California State University-East Bay", "Hayward", "Alameda", 1957),
            ("Fresno State University", "Fresno", "Fresno", 1911),
            ("California State University-Fullerton", "Fullerton", "Orange", 1957),
            ("Humboldt State University", "Arcata", "Humboldt", 1913),
            ("California State University-Long Beach", "Long Beach", "Los Angeles", 1949),
            ("California State University-Los Angeles", "Los Angeles", "Los Angeles", 1947),
            ("San Diego State University", "San Diego", "San Diego", 1897),
            ("San Jose State University", "San Jose", "Santa Clara", 1857)]
    insert_rows(c, "Campuses", [(i + 1,) + x for i, x in enumerate(camp)])
    size = [8, 4, 16, 12, 13, 21, 33, 8, 34, 20, 32, 30]
    fees, degs, enrs, facs = [], [], [], []
    for i in range(12):
        for y in (2002, 2003, 2004):
            fees.append((i + 1, y, 1800 + r.randint(0, 900) + (y - 2002) * 150))
            degs.append((y, i + 1, size[i] * 190 + r.randint(-150, 150)))
            tot = size[i] * 1000 + r.randint(-600, 600)
            enrs.append((i + 1, y, tot, round(tot * r.uniform(0.78, 0.9), 1)))
            facs.append((i + 1, y, round(size[i] * 48 + r.uniform(-30, 30), 1)))
    insert_rows(c, "csu_fees", fees)
    insert_rows(c, "degrees", degs)
    insert_rows(c, "enrollments", enrs)
    insert_rows(c, "faculty", facs)
    de = []
    for ci in (1, 3, 6, 9, 11, 12):
        for d in range(1, 7):
            ug = size[ci - 1] * r.randint(20, 60)
            de.append((ci, d, 2004, ug, int(ug * r.uniform(0.05, 0.25))))
    insert_rows(c, "discipline_enrollments", de)


def phone_market(c, r):
    ph = [("IPhone 5s", 32, "Sprint", 320.0), ("IPhone 6", 128, "Sprint", 480.0), ("IPhone 6s", 64, "TMobile", 699.0),
          ("IPhone 7", 128, "TMobile", 899.0), ("IPhone X", 256, "TMobile", 1079.0), ("Galaxy S9", 64, "Verizon", 719.0),
          ("Galaxy Note 9", 128, "AT&T", 999.0), ("Pixel 3", 64, "Verizon", 799.0), ("Moto G7", 32, "Sprint", 199.0),
          ("OnePlus 6T", 128, "TMobile", 549.0)]
    insert_rows(c, "phone", [(n, i + 1, m, ca, p) for i, (n, m, ca, p) in enumerate(ph)])
    mk = [("Alberta", 1966, 40), ("British Columbia", 1965, 49), ("Quebec", 1958, 54), ("Ontario", 1978, 307),
          ("Nova Scotia", 1975, 22), ("Manitoba", 1972, 31), ("Saskatchewan", 1980, 18), ("New Brunswick", 1969, 15)]
    rk = [4, 21, 1, 5, 3, 9, 12, 7]
    insert_rows(c, "market", [(i + 1, d, e, float(s), rk[i]) for i, (d, e, s) in enumerate(mk)])
    pm = set()
    while len(pm) < 24:
        pm.add((r.randint(1, 7), r.randint(1, 8)))  # markets 8, phones 9-10 without stock rows
    insert_rows(c, "phone_market", [(m, str(p), r.randint(50, 4400)) for m, p in sorted(pm)])


def cre_Docs_and_Epenses(c, r):
    dt = [("BK", "Book", "Published book"), ("CV", "CV", "Curriculum vitae"), ("PR", "Presentation", "Slides"),
          ("PP", "Paper", "Research paper"), ("FM", "Film", "Video material")]
    insert_rows(c, "Ref_Document_Types", dt)
    bc = [("GV", "Government"), ("ORG", "Organisation"), ("SF", "Self founded"), ("CH", "Charity")]
    insert_rows(c, "Ref_Budget_Codes", bc)
    prj = ["Society Research project", "Internet of Things project", "Graph Database project",
           "Human Resource project", "Water Quality study", "Urban Mobility pilot", "Library Digitisation",
           "Solar Roof initiative", "Coastal Erosion survey", "Youth Literacy program"]
    insert_rows(c, "Projects", [(100 + i * 5, p) for i, p in enumerate(prj)])
    titles = ["Annual Review", "Budget Plan", "Kickoff Slides", "Field Notes", "Interim Report", "Final Report",
              "Expense Summary", "Grant Proposal", "Training Video", "Staff CV", "Market Analysis", "Data Appendix"]
    docs = []
    for i in range(1, 31):
        t = dt[r.randint(0, 4)][0]
        p = 100 + 5 * r.randint(0, 7)  # projects 135 and 145 have no documents
        docs.append((i, t, p, iso_date(r, 2015, 2019) + " 00:00:00", "%s %d" % (titles[i % 12], i),
                     r.choice(["draft", "approved", "archived"]), None))
    insert_rows(c, "Documents", docs)
    st = [(2, "Private project"), (5, "Open project"), (9, "Quarterly statement"), (12, "Audit statement"),
          (17, "Annual statement"), (21, "Grant statement"), (25, "Closing statement"), (28, "Interim statement")]
    insert_rows(c, "Statements", st)
    dwe = []
    for d in sorted(r.sample(range(1, 31), 16)):
        dwe.append((d, bc[r.randint(0, 2)][0], r.choice(["government", "safety", "ideal", "managerial", "uniform"])))
    insert_rows(c, "Documents_with_Expenses", dwe)  # budget code CH unused
    acc = []
    for i in range(1, 19):
        acc.append((i * 3 + 1, [2, 5, 9, 12, 17, 21][r.randint(0, 5)], str(r.randint(100, 9999))))  # statements 25, 28 no accounts
    insert_rows(c, "Accounts", acc)


def company_employee(c, r):
    ppl = distinct_names(r, 18, FIRST, LAST)
    nat = ["United States", "United Kingdom", "Germany", "India", "Japan", "Brazil", "Canada"]
    colls = ["Harvard", "MIT", "Stanford", "Oxford", "Cambridge", "Yale", "IIT Bombay", "Tokyo University"]
    ages = r.sample(range(24, 62), 18)
    insert_rows(c, "people", [(i + 1, ages[i], "%s %s" % (f, l), nat[r.randint(0, 6)], colls[r.randint(0, 7)])
                      for i, (f, l) in enumerate(ppl)])
    co = [("ExxonMobil", "USA", "Oil and gas"), ("JPMorgan Chase", "USA", "Banking"), ("General Electric", "USA", "Conglomerate"),
          ("Royal Dutch Shell", "Netherlands", "Oil and gas"), ("Industrial and Commercial Bank of China", "China", "Banking"),
          ("HSBC", "UK", "Banking"), ("PetroChina", "China", "Oil and gas"), ("Berkshire Hathaway", "USA", "Conglomerate"),
          ("Wells Fargo", "USA", "Banking"), ("Petrobras", "Brazil", "Oil and gas"), ("BP", "UK", "Oil and gas"),
          ("Chevron", "USA", "Oil and gas"), ("China Construction Bank", "China", "Banking"), ("Citigroup", "USA", "Banking"),
          ("Gazprom", "Russia", "Oil and gas"), ("Toyota", "Japan", "Automotive"), ("Samsung Electronics", "South Korea", "Electronics")]
    rows = []
    for i, (n, h, ind) in enumerate(co):
        s = round(r.uniform(80, 480), 1)
        rows.append((i + 1, n, h, ind, s, round(s * r.uniform(0.03, 0.12), 1), round(r.uniform(150, 2600), 1),
                     round(r.uniform(90, 420), 1)))
    insert_rows(c, "company", rows)
    emp = set()
    while len(emp) < 20:
        emp.add((r.randint(1, 13), r.randint(1, 15)))  # companies 14-17 and people 16-18 without employment
    insert_rows(c, "employment", [(a, b, r.randint(1, 12)) for a, b in sorted(emp)])


def party_people(c, r):
    reg = [("United Kingdom", "1 July 2002", "Parlophone", "CD", "540 3622"),
           ("United Kingdom", "1 July 2002", "Parlophone", "2× LP", "539 9821"),
           ("Japan", "3 July 2002", "Toshiba-EMI", "CD", "TOCP-66045"),
           ("United States", "16 July 2002", "Astralwerks", "CD", "ASW 40362"),
           ("United States", "16 July 2002", "Astralwerks", "CD digipak", "ASW 40522"),
           ("Germany", "8 July 2002", "EMI", "CD", "582 1212"),
           ("France", "10 July 2002", "Virgin", "CD", "724 3542"),
           ("Canada", "16 July 2002", "EMI Canada", "CD", "E2 40362")]
    insert_rows(c, "region", [(i + 1,) + x for i, x in enumerate(reg)])
    parties = ["Convention Peoples Party", "Progress Party", "3", "Liberal Party", "Labour Party",
               "Green Party", "Social Democrats", "Conservative Party", "Unity Party", "Reform Party"]
    parties[2] = "People's National Party"
    mins = distinct_names(r, 10, FIRST, LAST)
    pr = []
    for i, pn in enumerate(parties):
        y = 1955 + i * 3 + r.randint(0, 2)
        pr.append((i + 1, "%s %s" % mins[i], str(y), str(y + r.randint(1, 6)), [1, 2, 3, 4, 5, 6, 7][r.randint(0, 6)], pn))
    insert_rows(c, "party", pr)  # region 8 has no party
    mem = []
    for i, (f, l) in enumerate(distinct_names(r, 26, FIRST, LAST)):
        y = r.randint(1990, 2016)
        mem.append((i + 1, "%s %s" % (f, l), str([1, 2, 3, 4, 5, 6, 7, 8][r.randint(0, 7)]),
                    "%d–%s" % (y, "present" if r.random() < 0.35 else str(y + r.randint(2, 9)))))
    insert_rows(c, "member", mem)  # parties 9, 10 have no members
    evn = ["Annual Meeting", "Conference", "Election Meeting", "Fundraiser Dinner", "Summer Rally", "Youth Forum"]
    ev = []
    for i in range(1, 22):
        p = r.randint(1, 8)
        ev.append((i, evn[r.randint(0, 5)], p, r.randint(1, 20)))  # members 21-26 never in charge
    insert_rows(c, "party_events", ev)


def main():
    for path in write_databases(OUT, TABLES, DBS, COMPOSITE, sql_type, globals().get,
                                lambda i: 4000 + i):
        print("wrote", path)


if __name__ == "__main__":
    main()
