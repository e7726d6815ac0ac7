"""Builds tests/nlq/spider_train/<db_id>.sqlite for the 10 Spider *train* schemas of the blind set
tests/nlq/spider_train_blind_en.jsonl (tracking_grants_for_research, match_season, flight_4,
sports_competition, insurance_fnol, culture_company, scientist_1, apartment_rentals,
customers_card_transactions, music_1).

Tables and columns come from Spider's tables.json (original table and column names, types:
number -> INTEGER for ids and keys, REAL otherwise; text -> TEXT; time -> TEXT ISO dates),
with its primary and foreign keys (the few link tables whose Spider DDL has a two-column key
get that key). The ROWS ARE INVENTED: plausible hand-written lists of names, cities, codes,
etc., drawn with random.Random(fixed seed), so running the script twice gives the same files.

Written by the "blind-spider-train" helper session, 2026-11-27.
Usage: python3 tests/nlq/build_spider_train_blind.py [/path/to/spider/tables.json]
"""
import json
import os
import random
import sqlite3
import sys

from synthetic_db import insert_rows, iso_date

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "spider_train")
TABLES = sys.argv[1] if len(sys.argv) > 1 else "/work/shared/data/spider/tables.json"

# Link tables whose Spider DDL key spans two columns (tables.json lists only the first).
COMPOSITE_PK = {
    ("insurance_fnol", "Customers_Policies"): ["Customer_ID", "Policy_ID"],
    ("scientist_1", "AssignedTo"): ["Scientist", "Project"],
    ("apartment_rentals", "Apartment_Facilities"): ["apt_id", "facility_code"],
}

FIRST = ["James", "Mary", "Robert", "Linda", "Michael", "Susan", "David", "Karen", "Daniel",
         "Laura", "Thomas", "Emma", "Peter", "Olivia", "Andrew", "Sophie", "Mark", "Grace",
         "Paul", "Hannah", "Kevin", "Chloe", "Brian", "Alice", "George", "Nora", "Henry",
         "Julia", "Oscar", "Irene", "Victor", "Rita", "Samuel", "Fiona", "Lucas", "Wendy"]
FEMALE = {"Mary", "Linda", "Susan", "Karen", "Laura", "Emma", "Olivia", "Sophie", "Grace", "Hannah",
          "Chloe", "Alice", "Nora", "Julia", "Irene", "Rita", "Fiona", "Wendy"}
MALE = [f for f in FIRST if f not in FEMALE]
LAST = ["Smith", "Johnson", "Brown", "Garcia", "Miller", "Davis", "Wilson", "Moore", "Taylor",
        "Anderson", "Thomas", "Jackson", "White", "Harris", "Martin", "Clark", "Lewis", "Walker",
        "Hall", "Young", "King", "Wright", "Scott", "Green", "Baker", "Adams", "Nelson", "Hill",
        "Campbell", "Mitchell", "Roberts", "Carter", "Phillips", "Evans", "Turner", "Parker"]


def add_days(d, n):
    import datetime
    x = datetime.date(*map(int, d.split("-"))) + datetime.timedelta(days=n)
    return x.isoformat()


def people(rng, n, first=FIRST):
    pairs = [(f, l) for f in first for l in LAST if f != l]
    rng.shuffle(pairs)
    return pairs[:n]


def distinct_values(rng, n, lo, hi, step=1):
    return rng.sample(range(lo, hi, step), n)


# ---------------------------------------------------------------- tracking_grants_for_research
def tracking_grants_for_research(rng):
    T = {}
    T["Document_Types"] = [
        ("APP", "Grant application"), ("REG", "Registration form"), ("PRG", "Progress report"),
        ("FIN", "Final report"), ("BUD", "Budget statement"), ("ETH", "Ethics approval"),
        ("AGR", "Signed agreement"), ("INV", "Invoice")]
    T["Organisation_Types"] = [
        ("RES", "Research institute"), ("SPON", "Sponsor"), ("UNI", "University"),
        ("GOV", "Government agency"), ("NGO", "Non-governmental organisation"),
        ("HOSP", "Hospital"), ("IND", "Industry partner"), ("FND", "Charitable foundation")]
    orgs = [("Northbridge University", "UNI"), ("Lakeside University", "UNI"),
            ("Vale Institute of Technology", "UNI"), ("Harwick Research Institute", "RES"),
            ("Marlow Centre for Genomics", "RES"), ("Eastgate Climate Lab", "RES"),
            ("National Science Agency", "GOV"), ("Ministry of Health Research Office", "GOV"),
            ("Clearwater Foundation", "FND"), ("Helen Porter Trust", "FND"),
            ("St. Aldric Hospital", "HOSP"), ("Riverside Children's Hospital", "HOSP"),
            ("Orion Biotech Ltd", "IND"), ("Kestrel Materials plc", "IND"),
            ("Open Water Alliance", "NGO"), ("Global Literacy Network", "NGO"),
            ("Brightwell Sponsors Group", "SPON"), ("Summit Venture Sponsors", "SPON"),
            ("Fenwick College", "UNI"), ("Coastal Marine Station", "RES")]
    T["Organisations"] = [(i + 1, t, n) for i, (n, t) in enumerate(orgs)]
    grants = []
    amounts = distinct_values(rng, 30, 5000, 950000, 250)
    for i in range(30):
        org = rng.choice([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 19])  # some orgs get none
        start = iso_date(rng, 2019, 2024)
        grants.append((i + 1, org, float(amounts[i]), start, add_days(start, rng.randint(180, 1400)),
                       rng.choice(["renewable", "one-off", "matched funding", "pilot", None])))
    T["Grants"] = grants
    docs = []
    for i in range(40):
        g = rng.randint(1, 30)
        if g in (7, 21):
            g = 8  # grants 7 and 21 have no documents
        sent = add_days(grants[g - 1][3], rng.randint(-60, 400))
        resp = add_days(sent, rng.randint(3, 90)) if rng.random() < 0.8 else None
        docs.append((i + 1, rng.choice([c for c, _ in T["Document_Types"]][:7]), g, sent, resp,
                     rng.choice(["sent by post", "sent by email", "uploaded to portal", None])))
    T["Documents"] = docs
    T["Research_Outcomes"] = [
        ("PAPER", "Published journal paper"), ("PATENT", "Patent filed"),
        ("DATA", "Open dataset released"), ("SOFT", "Software released"),
        ("PROTO", "Working prototype"), ("REPORT", "Technical report"),
        ("THESIS", "Doctoral thesis"), ("WKSHOP", "Workshop organised")]
    titles = ["Coastal erosion modelling", "Antibiotic resistance in soil", "Low-cost solar glass",
              "Early reading interventions", "Urban heat islands", "Protein folding with ML",
              "Wetland bird migration", "Battery recycling methods", "Child asthma registry",
              "Drought-tolerant wheat", "Ocean plastic tracking", "Rural broadband uptake",
              "Glacier melt sensors", "Heart failure telemonitoring", "Graphene membranes",
              "Microfinance and literacy", "Wind turbine noise", "Sleep and memory in teens",
              "Coral reef restoration", "Smart grid pricing", "Ancient DNA of cattle",
              "Water quality drones", "Vaccine cold chain", "Bee colony collapse",
              "Quantum sensor arrays"]
    T["Projects"] = [(i + 1, rng.choice([1, 2, 3, 4, 5, 6, 9, 11, 12, 13, 15, 19, 20]), t)
                     for i, t in enumerate(titles)]
    po, seen = [], set()
    while len(po) < 30:
        p = rng.randint(1, 22)  # projects 23-25 have no outcome yet
        code = rng.choice(["PAPER", "PAPER", "PATENT", "DATA", "SOFT", "PROTO", "REPORT", "THESIS"])
        if (p, code) in seen:
            continue
        seen.add((p, code))
        po.append((p, code, rng.choice(["accepted", "under review", "completed", "in press", None])))
    T["Project_Outcomes"] = po
    T["Staff_Roles"] = [("leader", "Project leader"), ("researcher", "Researcher"),
                        ("assistant", "Research assistant"), ("technician", "Lab technician"),
                        ("analyst", "Data analyst"), ("coord", "Project coordinator"),
                        ("advisor", "Scientific advisor"), ("intern", "Student intern")]
    names = people(rng, 30)
    T["Research_Staff"] = [(i + 1, rng.randint(1, 20), "%s %s" % n) for i, n in enumerate(names)]
    ps = []
    for i in range(36):
        start = iso_date(rng, 2019, 2024)
        role = rng.choice(["leader", "researcher", "researcher", "researcher", "assistant",
                           "technician", "analyst", "coord", "advisor"])
        ps.append((i + 1, rng.randint(1, 25), role, start,
                   add_days(start, rng.randint(90, 900)) if rng.random() < 0.7 else None,
                   rng.choice(["part-time", "full-time", None])))
    T["Project_Staff"] = ps
    tasks = ["Agree objectives", "Literature review", "Ethics submission", "Recruit staff",
             "Collect samples", "Build prototype", "Field survey", "Data cleaning",
             "Statistical analysis", "Write interim report", "Stakeholder workshop",
             "Write final report", "Submit paper", "Release dataset"]
    T["Tasks"] = [(i + 1, rng.randint(1, 25), rng.choice(tasks), rng.choice(["Y", "N"]))
                  for i in range(32)]
    return T


# ---------------------------------------------------------------- match_season
def match_season(rng):
    T = {}
    T["country"] = [(1, "United States", "Washington", "English"), (2, "Canada", "Ottawa", "English, French"),
                    (3, "Mexico", "Mexico City", "Spanish"), (4, "Brazil", "Brasilia", "Portuguese"),
                    (5, "Ireland", "Dublin", "Irish, English"), (6, "Ghana", "Accra", "English"),
                    (7, "Jamaica", "Kingston", "English"), (8, "Colombia", "Bogota", "Spanish"),
                    (9, "Japan", "Tokyo", "Japanese"), (10, "Norway", "Oslo", "Norwegian")]
    teams = ["Columbus Crew", "D.C. United", "LA Galaxy", "Chicago Fire", "New England Revolution",
             "Seattle Sounders", "Portland Timbers", "Houston Dynamo", "Sporting Kansas City",
             "Real Salt Lake", "Toronto FC", "Colorado Rapids"]
    T["team"] = [(i + 1, n) for i, n in enumerate(teams)]
    colleges = ["UCLA", "Maryland", "Virginia", "Indiana", "North Carolina", "Stanford", "Akron",
                "Wake Forest", "Creighton", "Duke", "Notre Dame", "Georgetown"]
    names = people(rng, 36, MALE)  # a men's league
    picks = distinct_values(rng, 36, 1, 60)
    ms = []
    for i in range(36):
        season = 1989 + i
        country = rng.choice([1, 1, 1, 1, 2, 2, 3, 4, 5, 6, 7, 8])  # Japan, Norway: no players
        team = rng.randint(1, 11)  # Colorado Rapids (12) has no drafted player
        ms.append((float(season), "%s %s" % names[i], rng.choice(["Defender", "Midfielder", "Forward", "Goalkeeper", "Defender", "Midfielder"]),
                   country, team, float(picks[i]), "%d MLS SuperDraft" % season, rng.choice(colleges)))
    T["match_season"] = ms
    pl = []
    pnames = people(rng, 60, MALE)[36:60]
    for i in range(24):
        y0 = rng.randint(1998, 2016)
        n = rng.randint(1, 8)
        sw, sl, dw, dl = [rng.randint(0, 20) for _ in range(4)]
        pl.append((i + 1, "%s %s" % pnames[i], "%d (%d–%d)" % (n, y0, y0 + n - 1),
                   "%d–%d" % (sw + dw, sl + dl), "%d–%d" % (sw, sl), "%d–%d" % (dw, dl),
                   rng.choice([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])))
    T["player"] = pl
    return T


# ---------------------------------------------------------------- flight_4
def flight_4(rng):
    T = {}
    aps = [("Hartsfield-Jackson Atlanta International Airport", "Atlanta", "United States", "ATL", "KATL", -84.43, 33.64, 1026),
           ("Los Angeles International Airport", "Los Angeles", "United States", "LAX", "KLAX", -118.41, 33.94, 125),
           ("O'Hare International Airport", "Chicago", "United States", "ORD", "KORD", -87.90, 41.98, 672),
           ("Denver International Airport", "Denver", "United States", "DEN", "KDEN", -104.67, 39.86, 5431),
           ("John F Kennedy International Airport", "New York", "United States", "JFK", "KJFK", -73.78, 40.64, 13),
           ("San Francisco International Airport", "San Francisco", "United States", "SFO", "KSFO", -122.38, 37.62, 14),
           ("Seattle Tacoma International Airport", "Seattle", "United States", "SEA", "KSEA", -122.31, 47.45, 433),
           ("Toronto Pearson International Airport", "Toronto", "Canada", "YYZ", "CYYZ", -79.63, 43.68, 569),
           ("Vancouver International Airport", "Vancouver", "Canada", "YVR", "CYVR", -123.18, 49.19, 9),
           ("Calgary International Airport", "Calgary", "Canada", "YYC", "CYYC", -114.02, 51.11, 3557),
           ("Heathrow Airport", "London", "United Kingdom", "LHR", "EGLL", -0.46, 51.47, 83),
           ("Gatwick Airport", "London", "United Kingdom", "LGW", "EGKK", -0.19, 51.15, 202),
           ("Manchester Airport", "Manchester", "United Kingdom", "MAN", "EGCC", -2.27, 53.35, 257),
           ("Charles de Gaulle International Airport", "Paris", "France", "CDG", "LFPG", 2.55, 49.01, 392),
           ("Nice-Cote d'Azur Airport", "Nice", "France", "NCE", "LFMN", 7.21, 43.66, 12),
           ("Frankfurt am Main Airport", "Frankfurt", "Germany", "FRA", "EDDF", 8.57, 50.03, 364),
           ("Munich Airport", "Munich", "Germany", "MUC", "EDDM", 11.79, 48.35, 1487),
           ("Amsterdam Airport Schiphol", "Amsterdam", "Netherlands", "AMS", "EHAM", 4.76, 52.31, -11),
           ("Adolfo Suarez Madrid-Barajas Airport", "Madrid", "Spain", "MAD", "LEMD", -3.57, 40.47, 1998),
           ("Barcelona International Airport", "Barcelona", "Spain", "BCN", "LEBL", 2.08, 41.30, 12),
           ("Leonardo da Vinci-Fiumicino Airport", "Rome", "Italy", "FCO", "LIRF", 12.25, 41.80, 13),
           ("Zurich Airport", "Zurich", "Switzerland", "ZRH", "LSZH", 8.55, 47.46, 1416),
           ("Dubai International Airport", "Dubai", "United Arab Emirates", "DXB", "OMDB", 55.36, 25.25, 62),
           ("Tokyo Haneda International Airport", "Tokyo", "Japan", "HND", "RJTT", 139.78, 35.55, 35),
           ("Narita International Airport", "Tokyo", "Japan", "NRT", "RJAA", 140.39, 35.76, 141),
           ("Singapore Changi Airport", "Singapore", "Singapore", "SIN", "WSSS", 103.99, 1.36, 22),
           ("Sydney Kingsford Smith International Airport", "Sydney", "Australia", "SYD", "YSSY", 151.18, -33.95, 21),
           ("El Dorado International Airport", "Bogota", "Colombia", "BOG", "SKBO", -74.15, 4.70, 8361),
           ("Mexico City International Airport", "Mexico City", "Mexico", "MEX", "MMMX", -99.07, 19.44, 7316),
           ("Reykjavik Keflavik Airport", "Reykjavik", "Iceland", "KEF", "BIKF", -22.61, 63.99, 171)]
    T["airports"] = [(i + 1, n, c, co, x, y, float(e), ia, ic) for i, (n, c, co, ia, ic, x, y, e) in enumerate(aps)]
    als = [("American Airlines", "AA", "AAL", "AMERICAN", "United States", "Y"),
           ("Delta Air Lines", "DL", "DAL", "DELTA", "United States", "Y"),
           ("United Airlines", "UA", "UAL", "UNITED", "United States", "Y"),
           ("Southwest Airlines", "WN", "SWA", "SOUTHWEST", "United States", "Y"),
           ("Pan American World Airways", "PA", "PAA", "CLIPPER", "United States", "N"),
           ("Air Canada", "AC", "ACA", "AIR CANADA", "Canada", "Y"),
           ("WestJet", "WS", "WJA", "WESTJET", "Canada", "Y"),
           ("Canadian Airlines", "CP", "CDN", "CANADIAN", "Canada", "N"),
           ("British Airways", "BA", "BAW", "SPEEDBIRD", "United Kingdom", "Y"),
           ("easyJet", "U2", "EZY", "EASY", "United Kingdom", "Y"),
           ("Air France", "AF", "AFR", "AIRFRANS", "France", "Y"),
           ("Lufthansa", "LH", "DLH", "LUFTHANSA", "Germany", "Y"),
           ("KLM Royal Dutch Airlines", "KL", "KLM", "KLM", "Netherlands", "Y"),
           ("Iberia Airlines", "IB", "IBE", "IBERIA", "Spain", "Y"),
           ("Alitalia", "AZ", "AZA", "ALITALIA", "Italy", "N"),
           ("Swiss International Air Lines", "LX", "SWR", "SWISS", "Switzerland", "Y"),
           ("Emirates", "EK", "UAE", "EMIRATES", "United Arab Emirates", "Y"),
           ("Japan Airlines", "JL", "JAL", "JAPANAIR", "Japan", "Y"),
           ("Singapore Airlines", "SQ", "SIA", "SINGAPORE", "Singapore", "Y"),
           ("Qantas", "QF", "QFA", "QANTAS", "Australia", "Y")]
    T["airlines"] = [(i + 1,) + a for i, a in enumerate(als)]
    hubs = {1: [1, 2, 3, 5], 2: [1, 5, 2, 7], 3: [3, 6, 4, 5], 4: [4, 2, 1], 6: [8, 9, 10],
            7: [10, 9, 8], 9: [11, 5, 12], 10: [12, 14, 20, 13], 11: [14, 15, 1], 12: [16, 17, 14],
            13: [18, 5, 26], 14: [19, 20, 29], 16: [22, 11], 17: [23, 11, 27], 18: [24, 25, 2],
            19: [26, 27], 20: [27, 2]}  # airlines 5, 8, 15 (defunct) have no routes
    weights = {1: 4, 2: 4, 3: 3, 4: 2, 6: 3, 7: 1, 9: 3, 10: 2, 11: 3, 12: 3, 13: 2, 14: 2, 16: 1, 17: 2, 18: 2, 19: 1, 20: 1}
    pool = [a for a, w in weights.items() for _ in range(w)]
    routes, seen = [], set()
    while len(routes) < 40:
        al = rng.choice(pool)
        src = rng.choice(hubs[al])
        dst = rng.choice([a for a in range(1, 28) if a != src and a not in (21, 28)])  # FCO, BOG, MEX, KEF unserved
        if (al, src, dst) in seen:
            continue
        seen.add((al, src, dst))
        routes.append((len(routes) + 1, dst, aps[dst - 1][3], src, aps[src - 1][3], al, als[al - 1][1],
                       "Y" if rng.random() < 0.2 else None))
    T["routes"] = routes
    return T


# ---------------------------------------------------------------- sports_competition
def sports_competition(rng):
    T = {}
    clubs = [("Leeds Rhinos", "England", "1890"), ("Wigan Warriors", "England", "1872"),
             ("St Helens", "England", "1873"), ("Warrington Wolves", "England", "1876"),
             ("Catalans Dragons", "France", "2000"), ("Toulouse Olympique", "France", "1937"),
             ("Toronto Wolfpack", "Canada", "2016"), ("Brisbane Broncos", "Australia", "1988"),
             ("Melbourne Storm", "Australia", "1997"), ("Auckland Warriors", "New Zealand", "1995"),
             ("Hull FC", "England", "1865"), ("Castleford Tigers", "England", "1926")]
    T["club"] = [(i + 1, n, r, y) for i, (n, r, y) in enumerate(clubs)]
    medal = []
    for cid in [2, 1, 3, 9, 8, 4, 5, 11, 10, 6]:  # clubs 7, 12: unranked
        g, s, b = rng.randint(0, 14), rng.randint(0, 12), rng.randint(0, 12)
        medal.append([cid, g, s, b, g + s + b])
    medal.sort(key=lambda m: (-m[4], -m[1]))
    tot = [m[4] for m in medal]
    for i in range(1, len(medal)):  # strictly decreasing totals: no ties
        if medal[i][4] >= medal[i - 1][4]:
            medal[i][3] -= medal[i][4] - medal[i - 1][4] + 1
            if medal[i][3] < 0:
                medal[i][1] += medal[i][3]
                medal[i][3] = 0
            medal[i][4] = medal[i][1] + medal[i][2] + medal[i][3]
    T["club_rank"] = [(float(i + 1), m[0], float(m[1]), float(m[2]), float(m[3]), float(m[4]))
                      for i, m in enumerate(medal)]
    names = people(rng, 30, MALE)  # men's rugby league
    pts = distinct_values(rng, 30, 0, 260)
    pl = []
    for i in range(30):
        pos = rng.choice(["Prop", "Hooker", "Second row", "Loose forward", "Scrum half", "Stand off",
                          "Centre", "Wing", "Full back", "Centre", "Wing"])
        tries = rng.randint(0, 25)
        goals = rng.choice(["0", "0", str(rng.randint(1, 90)), "0"])
        pl.append((i + 1, "%s %s" % names[i], pos, rng.choice([1, 2, 3, 4, 5, 6, 8, 9, 10, 11]),
                   float(rng.randint(3, 30)), float(tries), goals, float(pts[i])))
    T["player"] = pl
    comps = []
    for i in range(14):
        comps.append((i + 1, float(rng.randint(2016, 2024)), rng.choice(["Friendly", "Tournament", "Friendly"]),
                       rng.choice(["England", "France", "Australia", "Ireland", "Spain", "Russia"])))
    T["competition"] = comps
    res = []
    for cid in range(1, 13):  # competitions 13, 14 have no result yet
        a, b = rng.sample([1, 2, 3, 4, 5, 6, 8, 9, 10, 11], 2)  # clubs 7, 12 never played
        res.append((cid, a, b, "%d:%d" % (rng.randint(0, 40), rng.randint(0, 40))))
    T["competition_result"] = res
    return T


# ---------------------------------------------------------------- insurance_fnol
def insurance_fnol(rng):
    T = {}
    names = ["America Jaskolski", "Ellsworth Paucek", "Mrs. Hanna Willms", "Dr. Diana Rath",
             "Selena Gerhold", "Lauriane Ferry", "Sydnie Friesen", "Dayana Robel",
             "Mr. Edwardo Blanda I", "Augustine Kerluke", "Buddy Marquardt", "Mr. Randal Lynch",
             "Mrs. Liza Heller V", "Mrs. Lilly Graham III", "Miss Felicita Reichel", "Jay Chou",
             "Ramon Vega", "Priya Natarajan"]
    T["Customers"] = [(i + 1, n) for i, n in enumerate(names)]
    T["Services"] = [(1, "New policy application"), (2, "Close a policy"), (3, "Change a policy"),
                     (4, "Upgrade a policy"), (5, "Report vehicle damage"), (6, "Report home damage"),
                     (7, "Report a theft"), (8, "Travel emergency help")]
    pols = []
    for i in range(16):
        pols.append((i + 1, rng.choice(["Life Insurance", "Property Insurance", "Mortgage Insurance",
                                         "Travel Insurance", "Property Insurance"]),
                     "(%03d) %03d-%04d" % (rng.randint(200, 989), rng.randint(200, 989), rng.randint(0, 9999))))
    T["Available_Policies"] = pols
    cp, seen = [], set()
    while len(cp) < 26:
        c = rng.randint(1, 15)  # customers 16-18 hold no policy
        p = rng.randint(1, 16)
        if (c, p) in seen:
            continue
        seen.add((c, p))
        opened = iso_date(rng, 2016, 2022)
        closed = add_days(opened, rng.randint(200, 2500)) if rng.random() < 0.6 else None
        cp.append((c, p, opened, closed))
    T["Customers_Policies"] = cp
    fn = []
    for i in range(20):
        c, p = rng.choice(cp)[:2]
        fn.append((i + 1, c, p, rng.choice([1, 3, 4, 5, 5, 6, 6, 7, 8])))  # service 2 never used
    T["First_Notification_of_Loss"] = fn
    cl = []
    for i in range(18):
        cl.append((i + 1, rng.randint(1, 20), iso_date(rng, 2018, 2024)))
    T["Claims"] = cl
    st = []
    amts = distinct_values(rng, 22, 150, 48000, 37)
    for i in range(22):
        c = rng.randint(1, 18)
        st.append((i + 1, c, add_days(cl[c - 1][2], rng.randint(10, 200)), float(amts[i])))
    T["Settlements"] = st
    return T


# ---------------------------------------------------------------- culture_company
def culture_company(rng):
    T = {}
    books = [(1989, "Michael Nava", "Goldenboy", "Alyson", "Gay M/SF", "Won [A]"),
             (1989, "Donald Ward", "Death Takes the Stage", "St. Martin's Press", "Gay M/SF", "Nom"),
             (1990, "Sarah Waters", "Fingersmith", "Virago", "Lesb. M/SF", "Won"),
             (1990, "Claire McNab", "Lessons in Murder", "Naiad Press", "Lesb. M/SF", "Nom"),
             (1991, "Joseph Hansen", "Obedience", "Mysterious Press", "Gay M/SF", "Won"),
             (1991, "Katherine V. Forrest", "Murder by Tradition", "Naiad Press", "Lesb. M/SF", "Won"),
             (1992, "John Preston", "Franny the Queen", "Alyson", "Gay SF/F", "Nom"),
             (1992, "Jewelle Gomez", "The Gilda Stories", "Firebrand Books", "Lesb. SF/F", "Won [B]"),
             (1993, "Samuel Delany", "The Mad Man", "Masquerade", "Gay SF/F", "Nom"),
             (1993, "Randye Lordon", "Brotherly Love", "St. Martin's Press", "Lesb. M/SF", "Nom"),
             (1994, "Mark Richard Zubro", "Sorry Now?", "St. Martin's Press", "Gay M/SF", "Won"),
             (1994, "Ellen Hart", "Hallowed Murder", "Seal Press", "Lesb. M/SF", "Nom"),
             (1995, "Val McDermid", "Common Murder", "Spinsters Ink", "Lesb. M/SF", "Won")]
    T["book_club"] = [(i + 1, float(y), a, t, p, c, r) for i, (y, a, t, p, c, r) in enumerate(books)]
    movies = [("The Big Kahuna", 1999, "John Swanbeck", 7.0, 3728888), ("Storm Catcher", 1999, "Anthony Hickox", 5.0, 40500),
              ("Jill Rips", 2000, "Anthony Hickox", 4.0, 456976), ("Get Carter", 2000, "Stephen Kay", 63.6, 19412993),
              ("Battlefield Earth", 2000, "Roger Christian", 44.0, 29725663), ("The Whole Nine Yards", 2000, "Jonathan Lynn", 41.3, 106371651),
              ("Agent Red", 2000, "Damian Lee", 47.0, 543356), ("3000 Miles to Graceland", 2001, "Demian Lichtenstein", 62.0, 18720175),
              ("Antitrust", 2001, "Peter Howitt", 30.0, 18195610), ("Hollywood Homicide", 2003, "Ron Shelton", 75.0, 51142659),
              ("The Core", 2003, "Jon Amiel", 60.0, 73498611), ("Paycheck", 2003, "John Woo", 61.0, 96269812),
              ("Blue Water Dreams", 2002, "Ron Shelton", 12.5, 2210455)]
    T["movie"] = [(i + 1, t, float(y), d, b, float(g)) for i, (t, y, d, b, g) in enumerate(movies)]
    comps = [("Cathay Pacific Culture", "Subsidiary", "Hong Kong", 100.0, "1", "2"),
             ("Cathay Pacific Cargo", "Subsidiary", "Hong Kong", 90.0, "2", "4"),
             ("Dragonair Media", "Subsidiary", "Hong Kong", 70.0, "3", "6"),
             ("Cathay Pacific Catering", "Joint Venture", "China", 45.0, "5", "3"),
             ("Air China Cultural Services", "Joint Venture", "China", 18.0, "6", "10"),
             ("Hong Kong Film Holdings", "Corporate", "Hong Kong", 60.0, "7", "8"),
             ("Shanghai Pages Ltd", "Joint Venture", "China", 25.0, "9", "11"),
             ("Vancouver Screen Partners", "Corporate", "Canada", 40.0, "11", "12"),
             ("Harbourside Books", "Corporate", "Hong Kong", 30.0, "13", "1"),
             ("Pacific Story Studios", "Joint Venture", "Singapore", 35.0, "5", "9")]
    T["culture_company"] = comps
    return T


# ---------------------------------------------------------------- scientist_1
def scientist_1(rng):
    T = {}
    sci = people(rng, 16)
    ssns = distinct_values(rng, 16, 123000000, 999000000, 1013)
    T["Scientists"] = [(ssns[i], "%s %s" % sci[i]) for i in range(16)]
    projs = [("AeH1", "Winds: Studying Bernoullis Principle", 156), ("AeH2", "Aerodynamics and Bridge Design", 189),
             ("AeH3", "Aerodynamics and Gas Mileage", 256), ("AeH4", "Aerodynamics and Ice Hockey", 789),
             ("AeH5", "Aerodynamics of a Football", 98), ("AeH6", "Aerodynamics of Air Hockey", 89),
             ("Ast1", "A Matter of Time", 112), ("Ast2", "A Puzzling Parallax", 299),
             ("Ast3", "Build Your Own Telescope", 6546), ("Bte1", "Juicy: Extracting Apple Juice with Pectinase", 321),
             ("Bte2", "A Magnetic Primer Designer", 9684), ("Bte3", "Bacterial Transformation Efficiency", 2210),
             ("Che1", "A Silver-Cleaning Battery", 545), ("Che2", "A Soluble Separation Solution", 778)]
    T["Projects"] = [(c, n, float(h)) for c, n, h in projs]
    at, seen = [], set()
    while len(at) < 22:
        s = ssns[rng.randint(0, 12)]  # the last 3 scientists are unassigned
        p = rng.choice([c for c, _, _ in projs[:12]])  # Che1, Che2 have nobody
        if (s, p) in seen:
            continue
        seen.add((s, p))
        at.append((s, p))
    T["AssignedTo"] = at
    return T


# ---------------------------------------------------------------- apartment_rentals
def apartment_rentals(rng):
    T = {}
    b = [("Normandie Court", "Normandie Court Apartments", "Duplex"), ("Stuyvesant Town", "Stuyvesant Town Residences", "Studio"),
         ("Columbus Square", "Columbus Square Tower", "Flat"), ("Avalon Park", "Avalon Park Lofts", "Loft"),
         ("Mercer House", "Mercer House Condominiums", "Duplex"), ("Grand Central", "Grand Central Suites", "Studio"),
         ("Riverside Park", "Riverside Park Place", "Flat"), ("Park Slope", "Park Slope Brownstones", "Townhouse"),
         ("Harbor View", "Harbor View Towers", "Flat"), ("Elm Street", "Elm Street Garden Apartments", "Garden")]
    mgr = people(rng, 10)
    streets = ["Broadway", "Main St", "Oak Avenue", "Elm Street", "Harbor Road", "Lake Drive", "Pine Lane", "River Road", "Park Avenue", "Hill Street"]
    T["Apartment_Buildings"] = [(i + 1, s, f, d, "%d %s" % (rng.randint(10, 999), streets[i]),
                                 "%s %s" % mgr[i], "(%03d) %03d-%04d" % (rng.randint(200, 989), rng.randint(200, 989), rng.randint(0, 9999)))
                                for i, (s, f, d) in enumerate(b)]
    apts = []
    for i in range(30):
        bld = rng.randint(1, 9)  # Elm Street (10) has no apartments listed
        typ = rng.choice(["Studio", "Flat", "Duplex", "Flat"])
        bed = 0 if typ == "Studio" else rng.randint(1, 3) + (1 if typ == "Duplex" else 0)
        bath = 1 if bed <= 1 else rng.randint(1, 3)
        apts.append((i + 1, bld, typ, "Suite %d%02d" % (rng.randint(1, 9), rng.randint(1, 40)),
                     float(bath), float(bed), str(bed + bath + rng.randint(1, 3))))
    T["Apartments"] = apts
    fac, seen = [], set()
    while len(fac) < 30:
        a = rng.randint(1, 30)
        f = rng.choice(["Boardband", "Gym", "Swimming Pool", "Cable TV", "Parking", "Gym"])
        if (a, f) in seen:
            continue
        seen.add((a, f))
        fac.append((a, f))
    T["Apartment_Facilities"] = fac
    gp = people(rng, 25)
    T["Guests"] = [(i + 1, "Unknown" if i % 9 == 4 else ("Female" if gp[i][0] in FEMALE else "Male"), gp[i][0], gp[i][1], iso_date(rng, 1950, 2002))
                   for i in range(25)]
    bk = []
    for i in range(36):
        start = iso_date(rng, 2022, 2025)
        bk.append((i + 1, rng.randint(1, 30), rng.randint(1, 21),  # guests 22-25 never booked
                   rng.choice(["Confirmed", "Provisional", "Confirmed", "Cancelled"]), start, add_days(start, rng.randint(2, 60))))
    T["Apartment_Bookings"] = bk
    vs, seen = [], set()
    while len(vs) < 30:
        bkid = rng.randint(1, 36)
        d = add_days(bk[bkid - 1][4], rng.randint(-30, 30))
        if d in seen:
            continue
        seen.add(d)
        vs.append((bk[bkid - 1][1], bkid, d, rng.choice([0, 1])))
    T["View_Unit_Status"] = vs
    return T


# ---------------------------------------------------------------- customers_card_transactions
def customers_card_transactions(rng):
    T = {}
    cities = ["Springfield, IL", "Portland, OR", "Austin, TX", "Columbus, OH", "Madison, WI", "Denver, CO", "Tampa, FL", "Boise, ID"]
    ppl = people(rng, 18)
    T["Customers"] = [(i + 1, f, l, "%d %s St, %s" % (rng.randint(10, 9999), rng.choice(["Maple", "Cedar", "Walnut", "Cherry", "Birch"]), rng.choice(cities)),
                       "%03d-%03d-%04d" % (rng.randint(200, 989), rng.randint(200, 989), rng.randint(0, 9999)),
                       "%s.%s@example.com" % (f.lower(), l.lower()), rng.choice(["VIP", "Regular", "Regular", None]))
                      for i, (f, l) in enumerate(ppl)]
    acc = []
    for i in range(20):
        acc.append((i + 1, rng.randint(1, 15), "%03d" % rng.randint(100, 999), rng.choice(["Savings", "Checking", "Regular", "VIP"])))
    T["Accounts"] = acc
    cards = []
    for i in range(24):
        frm = iso_date(rng, 2016, 2022)
        cards.append((i + 1, rng.randint(1, 16), rng.choice(["Credit", "Debit"]),
                      "%04d%04d%04d%04d" % tuple(rng.randint(1000, 9999) for _ in range(4)), frm, add_days(frm, rng.randint(3, 5) * 365), None))
    T["Customers_Cards"] = cards
    amts = distinct_values(rng, 40, 1200, 190000, 37)
    tx = []
    for i in range(40):
        a = rng.randint(1, 18)  # accounts 19, 20 have no transactions
        c = rng.randint(1, 24)
        tx.append((i + 1, rng.randint(1, i) if i > 0 and rng.random() < 0.5 else None, a, c,
                   rng.choice(["Payment", "Refund", "Payment"]), iso_date(rng, 2023, 2025), round(amts[i] / 100.0, 2),
                   rng.choice(["monthly bill", "online purchase", "grocery", "refund of order", None]), None))
    T["Financial_Transactions"] = tx
    return T


# ---------------------------------------------------------------- music_1
def music_1(rng):
    T = {}
    T["genre"] = [("tagore", "8", "Bangladesh"), ("nazrul", "7", "Bangladesh"), ("folk", "9", "Sylhet,Chittagong,Kustia"),
                  ("modern", "8", "Bangladesh"), ("blues", "7", "Canada"), ("pop", "9", "America"),
                  ("jazz", "6", "United States"), ("classical", "5", "Austria")]
    art = [("Shrikanta", "India", "Male", "tagore"), ("Prity", "Bangladesh", "Female", "nazrul"),
           ("Farida", "Bangladesh", "Female", "folk"), ("Topu", "India", "Female", "modern"),
           ("Enrique", "USA", "Male", "blues"), ("Michel", "UK", "Male", "pop"),
           ("Nora Jones", "USA", "Female", "jazz"), ("Lata", "India", "Female", "modern"),
           ("James Blunt", "UK", "Male", "pop"), ("Arnob", "Bangladesh", "Male", "modern"),
           ("Adele", "UK", "Female", "pop"), ("Keith Jarrett", "USA", "Male", "jazz")]
    T["artist"] = art
    files = []
    for i in range(16):
        a = art[i % 11][0] if i < 14 else ["Nora Jones", "Enrique"][i - 14]  # Keith Jarrett: no files
        secs = rng.randint(150, 420)
        files.append((i + 1, a, "%.2f MB" % (rng.randint(250, 900) / 100.0), "%d:%02d" % (secs // 60, secs % 60),
                      rng.choice(["mp3", "mp4", "mp3"])))
    T["files"] = files
    songs = ["Tumi robe nirobe", "Shukno patar nupur pae", "Amaro porano jaha chay", "Ami opar hoye",
             "Hero", "Just beat it", "Come away with me", "Aj ei akash", "You're beautiful",
             "Moner manush", "Someone like you", "Ekla cholo re", "Aji jhoro jhoro", "Bondhu tumi",
             "Don't know why", "Bailamos"]
    rates = [r / 10.0 for r in distinct_values(rng, 16, 10, 101)]
    sg = []
    for i, s in enumerate(songs):
        f = files[i]
        a = f[1]
        ainfo = [x for x in art if x[0] == a][0]
        g = ainfo[3] if rng.random() < 0.7 else rng.choice(["tagore", "folk", "modern", "pop", "blues", "jazz"])
        lang = {"India": "bangla", "Bangladesh": "bangla", "USA": "english", "UK": "english"}[ainfo[1]]
        sg.append((s, a, ainfo[1], f[0], g, rates[i], lang, iso_date(rng, 2010, 2024), float(rng.choice([320, 480, 720, 1080, 1080, 720, 360]))))
    T["song"] = sg
    return T


BUILDERS = {
    "tracking_grants_for_research": tracking_grants_for_research,
    "match_season": match_season,
    "flight_4": flight_4,
    "sports_competition": sports_competition,
    "insurance_fnol": insurance_fnol,
    "culture_company": culture_company,
    "scientist_1": scientist_1,
    "apartment_rentals": apartment_rentals,
    "customers_card_transactions": customers_card_transactions,
    "music_1": music_1,
}


def create(conn, schema):
    db = schema["db_id"]
    tables = schema["table_names_original"]
    cols = schema["column_names_original"]
    types = schema["column_types"]
    pks = set()
    for k in schema["primary_keys"]:
        pks.update(k if isinstance(k, list) else [k])
    fk = {}
    for c, p in schema["foreign_keys"]:
        fk.setdefault(c, p)
    keyish = pks | set(fk) | set(fk.values())
    for t, tname in enumerate(tables):
        ids = [i for i, (ti, _) in enumerate(cols) if ti == t]
        defs = []
        for c in ids:
            kind = types[c]
            if kind == "number":
                sqlt = "INTEGER" if (c in keyish or cols[c][1].lower().endswith("id")) else "REAL"
            else:
                sqlt = "TEXT"
            defs.append('"%s" %s' % (cols[c][1], sqlt))
        pk = COMPOSITE_PK.get((db, tname)) or [cols[c][1] for c in ids if c in pks]
        if pk:
            defs.append("PRIMARY KEY (%s)" % ", ".join('"%s"' % x for x in pk))
        for c in ids:
            if c in fk:
                p = fk[c]
                defs.append('FOREIGN KEY ("%s") REFERENCES "%s"("%s")' % (cols[c][1], tables[cols[p][0]], cols[p][1]))
        conn.execute('CREATE TABLE "%s" (%s)' % (tname, ", ".join(defs)))


def build(schema):
    db = schema["db_id"]
    path = os.path.join(OUT, db + ".sqlite")
    if os.path.exists(path):
        os.remove(path)
    rng = random.Random("askdb-blind-spider-train|" + db)
    rows = BUILDERS[db](rng)
    conn = sqlite3.connect(path)
    create(conn, schema)
    for tname, data in rows.items():  # parents first
        insert_rows(conn, tname, data)
    conn.commit()
    conn.execute("VACUUM")
    conn.close()


def main():
    schemas = {s["db_id"]: s for s in json.load(open(TABLES))}
    os.makedirs(OUT, exist_ok=True)
    for db in BUILDERS:
        build(schemas[db])
        print("built", os.path.join(OUT, db + ".sqlite"))


if __name__ == "__main__":
    main()
