#!/usr/bin/env python3
"""Build tests/nlq/spider_train/<db_id>.sqlite for the 7 Spider *train* schemas of the blind
set spider_train_blind_en_9.jsonl (report: hr_1, flight_1, company_1, gymnast; develop:
dorm_1, bike_1, musical).

Tables and columns use the ORIGINAL names and types of Spider's tables.json
(/work/shared/data/spider/tables.json; number -> INTEGER for ids and whole counts, REAL for
points, coordinates, prices, hours and other measures; text -> TEXT; time -> TEXT ISO dates),
with primary and foreign keys as Spider lists them (link tables get composite keys; the
musical schema's odd foreign key actor.Musical_ID -> actor.Actor_ID is kept as Spider has it).
The rows are INVENTED (plausible small-domain data from fixed name lists with
random.Random(fixed seed)); they are not Spider's data. Deterministic: running the script
twice gives the same files. An existing file of the same name is not overwritten: the
script then writes <db_id>_b9.sqlite instead.

Written by the "blind-spider-train-9" helper, session 25, 2026-11-28.
"""
import json
import os
import random
import sqlite3

from synthetic_db import FIRST_NAMES, LAST_NAMES, create_tables, distinct_names, insert_rows, iso_date

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "spider_train")
TABLES = "/work/shared/data/spider/tables.json"
DBS = ["hr_1", "flight_1", "company_1", "gymnast", "dorm_1", "bike_1", "musical"]
COMPOSITE = {
    ("company_1", "works_on"): ["Essn", "Pno"],
    ("company_1", "dependent"): ["Essn", "Dependent_name"],
    ("company_1", "dept_locations"): ["Dnumber", "Dlocation"],
    ("dorm_1", "Has_amenity"): ["dormid", "amenid"],
    ("flight_1", "certificate"): ["eid", "aid"],
    ("hr_1", "job_history"): ["EMPLOYEE_ID", "START_DATE"],
}
REAL_NAMES = {"lat", "long", "hours", "salary_real", "height", "price", "commission_pct",
              "precipitation_inches", "floor_exercise_points", "pommel_horse_points", "rings_points",
              "vault_points", "parallel_bars_points", "horizontal_bar_points", "total_points"}


def sql_type(name, kind):
    if kind in ("text", "time", "others"):
        return "TEXT"
    n = name.lower()
    if n in REAL_NAMES or "pressure" in n or "visibility" in n:
        return "REAL"
    return "INTEGER"


# ---------------------------------------------------------------- hr_1
def hr_1(c, r):
    regions = ["Europe", "Americas", "Asia", "Middle East and Africa"]
    insert_rows(c, "regions", [(i + 1, n) for i, n in enumerate(regions)])
    countries = [("UK", "United Kingdom", 1), ("DE", "Germany", 1), ("FR", "France", 1), ("NL", "Netherlands", 1),
                 ("US", "United States of America", 2), ("CA", "Canada", 2), ("BR", "Brazil", 2),
                 ("JP", "Japan", 3), ("IN", "India", 3), ("EG", "Egypt", 4), ("IL", "Israel", 4)]
    insert_rows(c, "countries", countries)
    locs = [(1000, "2014 Jabberwocky Rd", "26192", "Southlake", "Texas", "US"),
            (1100, "2011 Interiors Blvd", "99236", "South San Francisco", "California", "US"),
            (1200, "2004 Charade Rd", "98199", "Seattle", "Washington", "US"),
            (1300, "147 Spadina Ave", "M5V 2L7", "Toronto", "Ontario", "CA"),
            (1400, "8204 Arthur St", None, "London", None, "UK"),
            (1500, "Schwanthalerstr. 7031", "80925", "Munich", "Bavaria", "DE"),
            (1600, "2017 Shinjuku-ku", "1689", "Tokyo", "Tokyo Prefecture", "JP"),
            (1700, "Rua Frei Caneca 1360", "01307-002", "Sao Paulo", "Sao Paulo", "BR"),
            (1800, "12-98 Victoria Street", "2901", "Mumbai", "Maharashtra", "IN")]
    insert_rows(c, "locations", locs)
    jobs = [("AD_PRES", "President", 20000, 40000), ("AD_VP", "Administration Vice President", 15000, 30000),
            ("AD_ASST", "Administration Assistant", 3000, 6000), ("FI_ACCOUNT", "Accountant", 4200, 9000),
            ("SA_MAN", "Sales Manager", 10000, 20000), ("SA_REP", "Sales Representative", 6000, 12000),
            ("PU_CLERK", "Purchasing Clerk", 2500, 5500), ("ST_CLERK", "Stock Clerk", 2000, 5000),
            ("IT_PROG", "Programmer", 4000, 10000), ("MK_MAN", "Marketing Manager", 9000, 15000),
            ("HR_REP", "Human Resources Representative", 4000, 9000)]
    insert_rows(c, "jobs", jobs)
    # (dept id, name, location); Payroll (110) gets no employees
    depts = [(10, "Administration", 1700), (20, "Marketing", 1800), (30, "Purchasing", 1700),
             (40, "Human Resources", 1400), (50, "Shipping", 1500), (60, "IT", 1400), (80, "Sales", 1400),
             (90, "Executive", 1700), (100, "Finance", 1700), (110, "Payroll", 1200)]
    # employees per department: Shipping 9, Sales 8, IT 6, Finance 5, Purchasing 4, ...
    plan = [(90, "AD_PRES"), (90, "AD_VP"), (90, "AD_VP"), (10, "AD_ASST"), (20, "MK_MAN"), (20, "MK_MAN"),
            (40, "HR_REP")] + [(30, "PU_CLERK")] * 4 + [(50, "ST_CLERK")] * 9 + [(60, "IT_PROG")] * 6 + \
           [(80, "SA_MAN"), (80, "SA_MAN")] + [(80, "SA_REP")] * 6 + [(100, "FI_ACCOUNT")] * 5
    names = distinct_names(r, len(plan), FIRST_NAMES, LAST_NAMES)
    days = r.sample(range(0, 33 * 365), len(plan))
    emps = []
    used_sal = set()
    job = {j[0]: j for j in jobs}
    for i, ((d, jid), (f, l)) in enumerate(zip(plan, names)):
        lo, hi = job[jid][2], job[jid][3]
        while True:
            sal = r.randrange(lo, min(hi, 24000), 100)
            if sal not in used_sal:
                used_sal.add(sal)
                break
        y = 1987 + days[i] // 365
        doy = days[i] % 365
        hd = "%04d-%02d-%02d" % (y, doy // 28 % 12 + 1, doy % 28 + 1)
        comm = round(r.choice([0.1, 0.15, 0.2, 0.25, 0.3, 0.35]), 2) if jid.startswith("SA_") else 0
        mgr = None if i == 0 else (100 if i < 7 else 100 + r.randint(1, 6))
        emps.append((100 + i, f, l, (f[0] + l).upper(), "515.123.%04d" % r.randint(1000, 9999), hd, jid,
                     float(sal), comm, mgr, d))
    insert_rows(c, "employees", emps)
    mgrs = {10: 103, 20: 104, 30: 107, 40: 106, 50: 111, 60: 120, 80: 126, 90: 100, 100: 134, 110: None}
    insert_rows(c, "departments", [(d, n, mgrs[d], loc) for d, n, loc in depts])
    hist = []
    for e in r.sample(emps[3:], 10):
        y = int(e[5][:4])
        hist.append((e[0], "%04d-01-15" % (y - 3), "%04d-12-31" % (y - 1), r.choice(["ST_CLERK", "AD_ASST",
                                                                                      "PU_CLERK", "SA_REP"]),
                     r.choice([10, 30, 50, 80])))
    insert_rows(c, "job_history", hist)


# ---------------------------------------------------------------- flight_1
def flight_1(c, r):
    aircraft = [("Boeing 747-400", 8430), ("Boeing 737-800", 3383), ("Airbus A340-300", 7120),
                ("British Aerospace Jetstream 41", 1502), ("Embraer ERJ-145", 1530), ("SAAB 340", 2128),
                ("Piper Archer III", 520), ("Tupolev 154", 4103), ("Lockheed L1011", 6900),
                ("Boeing 757-300", 4010), ("Airbus A320", 2605), ("Boeing 777-300", 6441)]
    insert_rows(c, "aircraft", [(i + 1, n, d) for i, (n, d) in enumerate(aircraft)])
    names = ["%s %s" % p for p in distinct_names(r, 16, FIRST_NAMES, LAST_NAMES)]
    sals = r.sample(range(20000, 290000, 37), 16)
    insert_rows(c, "employee", [(100000 + 1111 * i, n, sals[i]) for i, n in enumerate(names)])
    # certificates per pilot: 7, 6, 5, 4, 4, 3, 2, 2, 1, 1; the last 6 employees hold none
    counts = [7, 6, 5, 4, 4, 3, 2, 2, 1, 1]
    order = r.sample(range(10), 10)
    certs = []
    for k, i in enumerate(order):
        eid = 100000 + 1111 * i
        planes = r.sample(range(1, 13), counts[k])
        if k == 2 and 1 not in planes:
            planes[0] = 1
        certs += [(eid, a) for a in planes]
    insert_rows(c, "certificate", sorted(set(certs)))
    routes = [("Los Angeles", "Washington D.C.", 2308), ("Los Angeles", "Chicago", 1749),
              ("Los Angeles", "Dallas", 1251), ("Los Angeles", "Boston", 2606), ("Los Angeles", "Sydney", 7487),
              ("Los Angeles", "Tokyo", 5478), ("Los Angeles", "Honolulu", 2551), ("Chicago", "New York", 733),
              ("Chicago", "Los Angeles", 1749), ("Madison", "Detroit", 319), ("Madison", "New York", 789),
              ("Madison", "Chicago", 84), ("Los Angeles", "Honolulu", 2551)]
    fl = []
    flnos = r.sample(range(2, 999), 20)
    for i in range(20):
        o, d, dist = routes[i % len(routes)]
        dep = "%s %02d:%02d" % (iso_date(r, 2005, 2005), r.randint(6, 20), r.choice([0, 15, 30, 45]))
        hours = max(1, dist // 480)
        arr_h = int(dep[11:13]) + hours
        arr = "%s %02d:%s" % (dep[:10], arr_h % 24, dep[14:16]) if arr_h < 24 else dep[:10] + " 23:59"
        price = round(dist * r.uniform(0.12, 0.35) + 60, 2)
        ok = [a for a, (_, rng) in enumerate(aircraft, 1) if rng >= dist]
        fl.append((flnos[i], o, d, dist, dep, arr, price, r.choice(ok)))
    insert_rows(c, "flight", fl)


# ---------------------------------------------------------------- company_1
def company_1(c, r):
    depts = [(1, "Headquarters"), (4, "Administration"), (5, "Research"), (6, "Sales")]
    ppl = [("John", "B", "Smith", "M"), ("Franklin", "T", "Wong", "M"), ("Alicia", "J", "Zelaya", "F"),
           ("Jennifer", "S", "Wallace", "F"), ("Ramesh", "K", "Narayan", "M"), ("Joyce", "A", "English", "F"),
           ("Ahmad", "V", "Jabbar", "M"), ("James", "E", "Borg", "M"), ("Maria", "L", "Costa", "F"),
           ("Peter", "R", "Olsen", "M"), ("Linda", "M", "Hughes", "F"), ("Samuel", "D", "Okafor", "M"),
           ("Grace", "P", "Lindqvist", "F"), ("Tomas", "H", "Novak", "M"), ("Helen", "C", "Baker", "F"),
           ("Victor", "N", "Reyes", "M")]
    dno = [5, 5, 4, 4, 5, 5, 4, 1, 6, 6, 6, 5, 6, 1, 4, 6]
    ssns = r.sample(range(100000000, 999999999), 16)
    sals = r.sample(range(24000, 56000, 500), 16)
    streets = ["731 Fondren, Houston TX", "638 Voss, Houston TX", "3321 Castle, Spring TX", "291 Berry, Bellaire TX",
               "975 Fire Oak, Humble TX", "5631 Rice, Houston TX", "980 Dallas, Houston TX", "450 Stone, Houston TX",
               "12 Elm, Sugarland TX", "88 Pine, Stafford TX"]
    emps = []
    for i, (f, m, l, s) in enumerate(ppl):
        bd = iso_date(r, 1950, 1990)
        sup = None if i == 7 else ssns[r.choice([1, 3, 7])] if i not in (1, 3) else ssns[7]
        emps.append((f, m, l, ssns[i], bd, r.choice(streets), s, float(sals[i]), sup, dno[i]))
    insert_rows(c, "employee", emps)
    mgr = {1: 7, 4: 3, 5: 1, 6: 10}
    insert_rows(c, "department", [(n, d, ssns[mgr[d]], iso_date(r, 1985, 2005)) for d, n in depts])
    locs = [(1, "Houston"), (4, "Stafford"), (5, "Bellaire"), (5, "Sugarland"), (5, "Houston"), (6, "Houston"),
            (6, "Dallas")]
    insert_rows(c, "dept_locations", locs)
    projs = [("ProductX", 1, "Bellaire", 5), ("ProductY", 2, "Sugarland", 5), ("ProductZ", 3, "Houston", 5),
             ("Computerization", 10, "Stafford", 4), ("Reorganization", 20, "Houston", 1),
             ("Newbenefits", 30, "Stafford", 4), ("CloudMigration", 40, "Houston", 6), ("DataWarehouse", 50, "Dallas", 6)]
    insert_rows(c, "project", projs)
    wo = set()
    while len(wo) < 30:
        wo.add((ssns[r.randrange(16)], r.choice([1, 2, 3, 10, 20, 30, 40, 50, 1, 3, 40])))
    insert_rows(c, "works_on", [(e, p, float(r.choice([5, 7.5, 10, 10, 15, 20, 20, 25, 30, 32.5, 40])))
                                for e, p in sorted(wo)])
    deps = [(0, "Alice", "F", "Daughter"), (0, "Michael", "M", "Son"), (0, "Elizabeth", "F", "Spouse"),
            (1, "Theodore", "M", "Son"), (1, "Joy", "F", "Spouse"), (6, "Abner", "M", "Spouse"),
            (9, "Sofia", "F", "Daughter"), (9, "Erik", "M", "Son"), (9, "Ingrid", "F", "Spouse"),
            (11, "Chidi", "M", "Son"), (13, "Eva", "F", "Daughter")]
    insert_rows(c, "dependent", [(ssns[e], n, s, iso_date(r, 1960, 2015), rel) for e, n, s, rel in deps])


# ---------------------------------------------------------------- gymnast
def gymnast(c, r):
    people = ["Paul Hamm", "Lorenzo Rossi", "Marco Alvarez", "Kenji Sato", "Pavel Novak", "Diego Hernandez",
              "Samuel Mensah", "Igor Petrov", "Tomas Lindgren", "Elias Moreau", "Rafael Ortiz", "Jonas Weber",
              "Andre Silva", "Yusuf Demir"]
    tw = ["Santo Domingo", "Bonao", "Santo Domingo", "La Romana", "Santiago de los Caballeros", "Bonao",
          "Santo Domingo", "Los Alcarrizos", "La Romana", "Bonao", "Santo Domingo", "Santiago de los Caballeros",
          "Bonao", "La Romana"]
    ages = [r.randint(18, 27) for _ in people]
    heights = r.sample(range(160, 186), len(people))
    insert_rows(c, "people", [(i + 1, n, ages[i], heights[i] / 100.0, tw[i]) for i, n in enumerate(people)])
    gids = [1, 2, 3, 4, 6, 7, 9, 10, 12]  # 5, 8, 11, 13, 14 are not gymnasts
    rows = []
    totals = set()
    for g in gids:
        while True:
            pts = [round(r.uniform(8.6, 9.9) / 0.025) * 0.025 for _ in range(6)]
            pts = [round(p, 3) for p in pts]
            tot = round(sum(pts), 3)
            if tot not in totals and all(round(p, 3) != 9.9 for p in pts):
                totals.add(tot)
                break
        rows.append([g] + pts + [tot])
    rows[4][3] = 9.9  # one clear best on the rings
    rows[4][7] = round(sum(rows[4][1:7]), 3)
    rows[2][4] = 9.9  # one clear best on the vault
    rows[2][7] = round(sum(rows[2][1:7]), 3)
    insert_rows(c, "gymnast", [tuple(x) for x in rows])


# ---------------------------------------------------------------- dorm_1
def dorm_1(c, r):
    dorms = [(100, "Smith Hall", 85, "X"), (110, "Bud Jones Hall", 116, "M"), (140, "Fawlty Towers", 355, "X"),
             (160, "Dorm-plex 2000", 400, "M"), (104, "Anonymous Donor Hall", 128, "F"),
             (117, "University Hovels", 40, "X"), (109, "Grad Student Asylum", 256, "X")]
    insert_rows(c, "Dorm", dorms)
    amen = ["Study Room", "Pub in Basement", "TV Lounge", "Roof", "Allows Pets", "Ethernet Ports",
            "Carpeted Rooms", "Working Fireplaces", "Kitchen", "Laundry"]
    insert_rows(c, "Dorm_amenity", [(900 + i, a) for i, a in enumerate(amen)])
    # amenities per dorm: 5, 2, 6, 4, 3, 0 (University Hovels), 1
    per = {100: 5, 110: 2, 140: 6, 160: 4, 104: 3, 117: 0, 109: 1}
    ha = []
    for d, n in per.items():
        picks = r.sample(range(10), n)
        if d in (100, 140, 109) and 2 not in picks:
            picks[0] = 2
        if d == 110 and 2 in picks:
            picks[picks.index(2)] = 9 if 9 not in picks else 8
        ha += [(d, 900 + a) for a in picks]
    insert_rows(c, "Has_amenity", sorted(ha))
    studs = distinct_names(r, 30, FIRST_NAMES, LAST_NAMES)
    studs[4] = ("Linda", "Thompson")
    studs[9] = ("David", "Johnson")
    studs[15] = ("Eric", "Wilson")
    sexes = ["F", "M"] * 15
    r.shuffle(sexes)
    st = []
    for i, (f, l) in enumerate(studs):
        st.append((1001 + i, l, f, r.randint(17, 26), sexes[i], r.choice([600, 520, 550, 50, 540]),
                   r.choice([1121, 7712, 1148, 2192, 8722, 8723, 2311]),
                   r.choice(["BAL", "PIT", "NYC", "HKG", "WAS", "PHL", "CHI", "LON"])))
    insert_rows(c, "Student", st)
    # 5 students (1026..1030) live off campus; Smith Hall gets 6 residents
    live = []
    dlist = [100] * 6 + [110] * 4 + [140] * 5 + [160] * 4 + [104] * 3 + [109] * 3
    for i in range(25):
        live.append((1001 + i, dlist[i], r.randint(100, 450)))
    insert_rows(c, "Lives_in", live)


# ---------------------------------------------------------------- bike_1
def bike_1(c, r):
    stations = [("San Francisco Caltrain (Townsend at 4th)", "San Francisco"), ("Market at 4th", "San Francisco"),
                ("Embarcadero at Sansome", "San Francisco"), ("2nd at Townsend", "San Francisco"),
                ("Powell Street BART", "San Francisco"), ("Civic Center BART (7th at Market)", "San Francisco"),
                ("Townsend at 7th", "San Francisco"), ("Harry Bridges Plaza (Ferry Building)", "San Francisco"),
                ("San Jose Diridon Caltrain Station", "San Jose"), ("San Pedro Square", "San Jose"),
                ("Santa Clara at Almaden", "San Jose"), ("San Jose City Hall", "San Jose"),
                ("Palo Alto Caltrain Station", "Palo Alto"), ("University and Emerson", "Palo Alto"),
                ("Mountain View City Hall", "Mountain View"), ("Castro Street and El Camino Real", "Mountain View"),
                ("Redwood City Caltrain Station", "Redwood City")]
    docks = r.sample(range(11, 28), len(stations))
    st = []
    for i, (n, city) in enumerate(stations):
        st.append((i + 2, n, round(37.3 + r.random() * 0.5, 6), round(-122.42 + r.random() * 0.55, 6), docks[i],
                   city, "2013-08-%02d" % r.randint(5, 25)))
    insert_rows(c, "station", st)
    status = []
    for s in st:
        for h in range(6):
            b = r.randint(0, s[4])
            status.append((s[0], b, s[4] - b, "2015-06-02 %02d:00:00" % (7 + 2 * h)))
    insert_rows(c, "status", status)
    starters = [s for s in st if s[1] not in ("Castro Street and El Camino Real", "Redwood City Caltrain Station",
                                              "San Jose City Hall")]
    w = [9, 8, 6, 6, 5, 5, 4, 4, 3, 3, 2, 2, 2, 1]
    bikes = [288, 321, 317, 466, 454, 559, 623, 496, 573, 212, 402, 531]
    bw = [9, 3, 12, 5, 7, 4, 4, 10, 3, 2, 5, 4]
    trips = []
    zips = [94107, 94105, 94133, 95113, 94301, 94041, 94063, 94110]
    for i in range(150):
        s = r.choices(starters, weights=w)[0]
        e = r.choice(st)
        dur = r.randint(90, 3000)
        sd = "2015-%02d-%02d %02d:%02d" % (r.randint(6, 8), r.randint(1, 28), r.randint(6, 21), r.randint(0, 59))
        trips.append((900000 + i * 7, dur, sd, s[1], s[0], sd, e[1], e[0], r.choices(bikes, weights=bw)[0],
                      r.choice(["Subscriber", "Subscriber", "Subscriber", "Customer"]), r.choice(zips)))
    trips = [t[:5] + (t[2][:11] + "%02d:%02d" % ((int(t[2][11:13]) + (int(t[2][14:16]) + t[1] // 60) // 60) % 24,
                                                  (int(t[2][14:16]) + t[1] // 60) % 60),) + t[6:] for t in trips]
    insert_rows(c, "trip", trips)
    wx = []
    for i in range(61):
        d = "2015-%02d-%02d" % (8 if i < 31 else 9, i + 1 if i < 31 else i - 30)
        mx = r.randint(64, 88)
        mn = mx - r.randint(10, 20)
        me = (mx + mn) // 2
        dew = r.randint(45, 60)
        hum = r.randint(55, 95)
        ev = r.choice([None] * 7 + ["Fog", "Fog", "Rain", "Fog-Rain"])
        p = round(r.uniform(29.8, 30.2), 2)
        vis = r.randint(5, 10)
        ws = r.randint(5, 20)
        wx.append((d, mx, me, mn, dew + 3, dew, dew - 4, hum, hum - 12, hum - 25, round(p + 0.05, 2), p,
                   round(p - 0.05, 2), 10, vis, max(1, vis - 3), ws, ws // 2, ws + r.randint(3, 10),
                   0.0 if ev in (None, "Fog") else round(r.uniform(0.01, 0.6), 2), r.randint(0, 8), ev,
                   r.randint(0, 359), 94107))
    insert_rows(c, "weather", wx)


# ---------------------------------------------------------------- musical
def musical(c, r):
    mus = [("The Phantom of the Opera", 1988), ("Les Miserables", 1987), ("Cats", 1983), ("Rent", 1996),
           ("Wicked", 2004), ("Chicago", 1997), ("The Lion King", 1998), ("Hamilton", 2016),
           ("Into the Woods", 1988), ("Miss Saigon", 1991), ("Evita", 1980)]
    cats = ["Best Book of a Musical", "Best Performance by a Leading Actor in a Musical",
            "Best Direction of a Musical", "Outstanding Director of a Musical", "Outstanding Actor in a Musical"]
    nominees = ["Bob Fosse", "Cleavant Derricks", "Joanna Gleason", "Hal Prince", "Julie Taymor",
                "Lin-Manuel Miranda", "Cameron Mackintosh", "Trevor Nunn", "Bernadette Peters"]
    res = ["Won", "Nominated", "Won", "Nominated", "Won", "Nominated", "Won", "Won", "Nominated", "Nominated", "Won"]
    award = ["Tony Award", "Drama Desk Award", "Tony Award", "Tony Award", "Drama Desk Award", "Tony Award",
             "Tony Award", "Drama Desk Award", "Tony Award", "Drama Desk Award", "Tony Award"]
    rows = []
    for i, (n, y) in enumerate(mus):
        cat = r.choice(cats[:3]) if award[i] == "Tony Award" else r.choice(cats[3:])
        rows.append((i + 1, n, y, award[i], cat, nominees[i % len(nominees)], res[i]))
    insert_rows(c, "musical", rows)
    chars = ["Christine Daae", "Jean Valjean", "Grizabella", "Mark Cohen", "Elphaba", "Roxie Hart", "Simba",
             "Alexander Hamilton", "The Baker", "Kim", "Eva Peron", "Raoul", "Javert", "Mimi", "Glinda",
             "Velma Kelly", "Nala", "Aaron Burr", "Cinderella", "The Engineer"]
    actor_names = ["%s %s" % p for p in distinct_names(r, 20, FIRST_NAMES, LAST_NAMES)]
    ages = r.sample(range(18, 62), 20)
    # actors per musical (by id): 1:4, 2:3, 3:1, 4:2, 5:3, 6:2, 7:2, 8:1, 11:2; musicals 9 and 10 have no actors
    mids = [1, 2, 3, 4, 5, 6, 7, 8, 11, 1, 2, 4, 5, 6, 7, 11, 1, 2, 5, 1]
    acts = []
    for i in range(20):
        y0 = r.randint(1985, 2012)
        acts.append((i + 1, actor_names[i], mids[i], chars[i], "%d-%d" % (y0, y0 + r.randint(1, 8))
                     if r.random() < 0.7 else "%d-" % y0, ages[i]))
    insert_rows(c, "actor", acts)


MARK = 90009  # PRAGMA user_version of the files this script writes


def ours(path):
    conn = sqlite3.connect(path)
    try:
        return conn.execute("PRAGMA user_version").fetchone()[0] == MARK
    finally:
        conn.close()


def main():
    schemas = {s["db_id"]: s for s in json.load(open(TABLES))}
    os.makedirs(OUT, exist_ok=True)
    for i, db in enumerate(DBS):
        path = os.path.join(OUT, db + ".sqlite")
        if os.path.exists(path) and not ours(path):
            path = os.path.join(OUT, db + "_b9.sqlite")  # someone else's file: leave it alone
        if os.path.exists(path):
            os.remove(path)
        conn = sqlite3.connect(path)
        conn.execute("PRAGMA user_version = %d" % MARK)
        create_tables(conn, db, schemas[db], COMPOSITE, sql_type)
        globals()[db](conn, random.Random(9000 + i))
        conn.commit()
        conn.close()
        print("wrote", path)


if __name__ == "__main__":
    main()
