#!/usr/bin/env python3
"""Build the 8 invented SQLite databases of the blind set invented_blind_en_f.jsonl.

Written by the "blind-invented-en-f" helper (session 24) on 2026-11-28, without reading the
askdb question-to-SQL engine, its rules, its docs or its question sets. Every schema and every
row is invented: a city bike-sharing scheme, a wine shop, a hackathon series, a rail freight
operator, a community garden, a public library's loans, an escape-room venue and a local radio
station. Mixed naming styles (snake_case, CamelCase, abbreviations), code tables, junction
tables, a self-reference (community garden mentors), ISO TEXT dates, REAL money, Y/N or 0/1
flags and status codes.

Deterministic: fixed random.Random seeds, no clock; each run rewrites
tests/nlq/invented/<name>.sqlite byte for byte the same.
Usage: python3 tests/nlq/build_invented_blind_f.py
"""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from invented_rows import OUT, day, first_last, money, plus, unique_name, write  # noqa: E402

FIRST = ["Aaron", "Beatriz", "Cormac", "Delia", "Esteban", "Farah", "Gideon", "Helga", "Idris",
         "Juno", "Kofi", "Leonie", "Mateo", "Nora", "Oskar", "Priya", "Rafael", "Saoirse",
         "Tobias", "Ulla", "Viktor", "Wanda", "Yara", "Zane", "Anouk", "Bruno", "Cecile",
         "Dario", "Elif", "Florian", "Greta", "Hamid", "Ingrid", "Jasper", "Kamala", "Luca",
         "Mirela", "Niall", "Odette", "Pieter"]
LAST = ["Achterberg", "Bellamy", "Carvalho", "Doyle", "Ekstrom", "Fontaine", "Grieve",
        "Hartmann", "Iqbal", "Jovanovic", "Kerr", "Lindqvist", "Mbeki", "Nakamura", "Okafor",
        "Pellegrini", "Quinlan", "Reyes", "Szabo", "Thorne", "Umeh", "Varga", "Whitfield",
        "Yamada", "Zielinski", "Brennan", "Costa", "Duval", "Eliot", "Fraser", "Halloran"]


def person(rng, used):
    return unique_name(rng, used, first_last(FIRST, LAST))


def ts(rng, start, end, hours=(6, 22)):
    """An ISO 'YYYY-MM-DD HH:MM' timestamp."""
    return f"{day(rng, start, end)} {rng.randint(*hours):02d}:{rng.choice([0, 10, 15, 20, 30, 40, 45, 50]):02d}"


# ---------------------------------------------------------------- bike sharing (snake_case + abbrev)
def bike_share():
    rng = random.Random(601)
    ddl = """
    CREATE TABLE plan (plan_cd TEXT PRIMARY KEY, plan_nm TEXT, monthly_fee REAL);
    CREATE TABLE station (station_id INTEGER PRIMARY KEY, station_nm TEXT, district TEXT,
        capacity INTEGER, opened_dt TEXT);
    CREATE TABLE member (member_id INTEGER PRIMARY KEY, first_nm TEXT, last_nm TEXT, gender TEXT,
        birth_dt TEXT, plan_cd TEXT REFERENCES plan(plan_cd), join_dt TEXT,
        is_active TEXT CHECK (is_active IN ('Y','N')));
    CREATE TABLE bike (bike_id INTEGER PRIMARY KEY, model TEXT, is_electric INTEGER,
        in_service_dt TEXT, status_cd TEXT);
    CREATE TABLE trip (trip_id INTEGER PRIMARY KEY, member_id INTEGER REFERENCES member(member_id),
        bike_id INTEGER REFERENCES bike(bike_id),
        start_station_id INTEGER REFERENCES station(station_id),
        end_station_id INTEGER REFERENCES station(station_id),
        start_ts TEXT, duration_min INTEGER, fare_amt REAL);
    """
    plans = [("PAYG", "Pay as you go", 0.0), ("MON", "Monthly", 14.5), ("ANN", "Annual", 9.75),
             ("STU", "Student", 6.0)]
    stations = [(1, "Central Square", "Old Town", 30, "2019-04-01"),
                (2, "Riverside Walk", "Old Town", 20, "2019-04-01"),
                (3, "University Gate", "College Hill", 40, "2019-09-15"),
                (4, "Science Park", "College Hill", 25, "2020-03-01"),
                (5, "Harbour Point", "Docklands", 24, "2020-06-20"),
                (6, "Ferry Terminal", "Docklands", 18, "2021-05-10"),
                (7, "Market Hall", "Old Town", 22, "2021-08-01"),
                (8, "Northgate Mall", "Northgate", 28, "2022-02-14"),
                (9, "Hospital East", "Northgate", 16, "2023-07-03"),
                (10, "Velodrome", "Eastfield", 12, "2024-05-18")]
    used = set()
    members = []
    for mid in range(1, 81):
        f, l = person(rng, used)
        members.append((mid, f, l, rng.choice("MF"), day(rng, "1960-01-01", "2006-12-31"),
                        rng.choices(["PAYG", "MON", "ANN", "STU"], [4, 3, 5, 2])[0],
                        day(rng, "2019-04-01", "2026-09-30"), "Y" if rng.random() < 0.85 else "N"))
    members[33] = members[33][:4] + ("1951-07-09",) + members[33][5:]
    members[61] = members[61][:4] + ("2007-11-02",) + members[61][5:]
    models = ["CityCruiser 3", "CityCruiser 3", "Volt E2", "Volt E2", "Volt E3", "Urbano 7"]
    bikes = []
    for bid in range(1, 61):
        m = rng.choice(models)
        bikes.append((bid, m, 1 if m.startswith("Volt") else 0, day(rng, "2019-03-01", "2025-12-31"),
                      rng.choices(["OK", "REP", "RET"], [12, 2, 1])[0]))
    trips = []
    idle = {5, 18, 44, 70}
    riders = [m[0] for m in members if m[0] not in idle]
    weights = [1 + (r % 7) for r in riders]
    st_w = [14, 8, 11, 5, 9, 6, 7, 10, 3, 2]
    for tid in range(1, 301):
        s = rng.choices(range(1, 11), st_w)[0]
        e = rng.choices(range(1, 11), st_w)[0]
        b = rng.randint(1, 60)
        dur = rng.randint(3, 75)
        fare = 0.0 if rng.random() < 0.3 else round(1.0 + dur * (0.12 if bikes[b - 1][2] else 0.06), 2)
        trips.append((tid, rng.choices(riders, weights)[0], b, s, e,
                      ts(rng, "2024-06-01", "2026-10-31"), dur, fare))
    write("bike_share_f", ddl, {"plan": plans, "station": stations, "member": members,
                                "bike": bikes, "trip": trips})


# ---------------------------------------------------------------- wine shop (CamelCase)
def wine_shop():
    rng = random.Random(602)
    ddl = """
    CREATE TABLE WineType (TypeCode TEXT PRIMARY KEY, TypeName TEXT);
    CREATE TABLE Region (RegionId INTEGER PRIMARY KEY, RegionName TEXT, Country TEXT);
    CREATE TABLE Wine (WineId INTEGER PRIMARY KEY, WineName TEXT,
        TypeCode TEXT REFERENCES WineType(TypeCode), RegionId INTEGER REFERENCES Region(RegionId),
        Vintage INTEGER, ListPrice REAL, StockQty INTEGER, IsOrganic TEXT);
    CREATE TABLE Customer (CustId INTEGER PRIMARY KEY, FirstName TEXT, LastName TEXT, City TEXT,
        JoinDate TEXT, LoyaltyTier TEXT);
    CREATE TABLE SalesOrder (OrderId INTEGER PRIMARY KEY, CustId INTEGER REFERENCES Customer(CustId),
        OrderDate TEXT, Channel TEXT, StatusCode TEXT);
    CREATE TABLE OrderLine (OrderId INTEGER REFERENCES SalesOrder(OrderId),
        WineId INTEGER REFERENCES Wine(WineId), Qty INTEGER, UnitPrice REAL,
        PRIMARY KEY (OrderId, WineId));
    """
    types = [("R", "Red"), ("W", "White"), ("P", "Rose"), ("S", "Sparkling")]
    regions = [(1, "Bordeaux", "France"), (2, "Burgundy", "France"), (3, "Champagne", "France"),
               (4, "Rioja", "Spain"), (5, "Priorat", "Spain"), (6, "Tuscany", "Italy"),
               (7, "Piedmont", "Italy"), (8, "Mosel", "Germany"), (9, "Barossa", "Australia"),
               (10, "Marlborough", "New Zealand"), (11, "Douro", "Portugal")]
    region_types = {1: "RRW", 2: "RW", 3: "S", 4: "RRP", 5: "R", 6: "RRW", 7: "R", 8: "WWS",
                    9: "RR", 10: "WWP", 11: "RW"}
    estates = ["Chateau Lune", "Domaine Vallet", "Bodega Sol", "Tenuta Rossi", "Weingut Berg",
               "Casa Alta", "Quinta Verde", "Clos Martin", "Hill Estate", "Cantina Fiore",
               "Maison Roux", "Kellerei Stein", "Villa Serena", "Ridge & Co"]
    wines = []
    names = set()
    for wid in range(1, 71):
        reg = rng.randint(1, 11)
        t = rng.choice(region_types[reg])
        while True:
            nm = f"{rng.choice(estates)} {regions[reg - 1][1]} {dict(types)[t]}"
            if t == "S":
                nm = f"{rng.choice(estates)} {regions[reg - 1][1]} Brut"
            if nm not in names:
                names.add(nm)
                break
            nm = None
            break
        if nm is None:
            nm = f"{rng.choice(estates)} Reserve No. {wid}"
            names.add(nm)
        wines.append((wid, nm, t, reg, rng.randint(2012, 2024), money(rng, 9, 95),
                      0 if rng.random() < 0.12 else rng.randint(1, 140), "Y" if rng.random() < 0.25 else "N"))
    wines[22] = wines[22][:4] + (2004,) + wines[22][5:]
    used = set()
    cities = ["Bristol", "Bath", "Cardiff", "Exeter", "Gloucester", "Swindon"]
    custs = []
    for cid in range(1, 61):
        f, l = person(rng, used)
        custs.append((cid, f, l, rng.choice(cities), day(rng, "2018-01-01", "2026-08-31"),
                      rng.choices(["BRZ", "SLV", "GLD"], [6, 3, 1])[0]))
    orders, lines = [], []
    for oid in range(1, 141):
        orders.append((oid, rng.randint(1, 60), day(rng, "2024-01-02", "2026-11-20"),
                       rng.choice(["WEB", "SHOP", "WEB"]), rng.choices(["PAID", "REFD", "PEND"], [14, 1, 1])[0]))
        for w in rng.sample(range(1, 71), rng.randint(1, 3)):
            lines.append((oid, w, rng.choice([1, 1, 2, 3, 6, 12]), wines[w - 1][5]))
    write("wine_shop_f", ddl, {"WineType": types, "Region": regions, "Wine": wines,
                               "Customer": custs, "SalesOrder": orders, "OrderLine": lines})


# ---------------------------------------------------------------- hackathon (mixed, abbrev)
def hackathon():
    rng = random.Random(603)
    ddl = """
    CREATE TABLE event (evt_id INTEGER PRIMARY KEY, evt_name TEXT, city TEXT, start_dt TEXT,
        end_dt TEXT, prize_pool_amt REAL);
    CREATE TABLE track (track_cd TEXT PRIMARY KEY, track_desc TEXT);
    CREATE TABLE participant (pid INTEGER PRIMARY KEY, fname TEXT, lname TEXT, email TEXT,
        university TEXT, yr_of_study INTEGER, is_student INTEGER);
    CREATE TABLE team (team_id INTEGER PRIMARY KEY, team_name TEXT,
        evt_id INTEGER REFERENCES event(evt_id));
    CREATE TABLE team_member (team_id INTEGER REFERENCES team(team_id),
        pid INTEGER REFERENCES participant(pid), role_cd TEXT, PRIMARY KEY (team_id, pid));
    CREATE TABLE submission (sub_id INTEGER PRIMARY KEY, team_id INTEGER REFERENCES team(team_id),
        title TEXT, track_cd TEXT REFERENCES track(track_cd), submitted_ts TEXT, score REAL,
        place INTEGER);
    """
    events = [(1, "HackBerlin 2024", "Berlin", "2024-05-17", "2024-05-19", 15000.0),
              (2, "Lisbon Code Sprint", "Lisbon", "2024-10-04", "2024-10-06", 8000.0),
              (3, "HackBerlin 2025", "Berlin", "2025-05-16", "2025-05-18", 20000.0),
              (4, "Nordic Climate Hack", "Oslo", "2025-09-12", "2025-09-14", 12500.0),
              (5, "Lisbon Code Sprint 2026", "Lisbon", "2026-03-20", "2026-03-22", 9000.0),
              (6, "HackBerlin 2026", "Berlin", "2026-05-15", "2026-05-17", 22000.0)]
    tracks = [("ML", "Machine Learning"), ("WEB", "Web & Mobile"), ("HW", "Hardware & IoT"),
              ("SUS", "Sustainability"), ("FIN", "Fintech")]
    unis = ["TU Berlin", "Universidade de Lisboa", "University of Oslo", "ETH Zurich",
            "TU Delft", "Humboldt University"]
    used = set()
    parts = []
    for pid in range(1, 121):
        f, l = person(rng, used)
        stu = 1 if rng.random() < 0.7 else 0
        parts.append((pid, f, l, f"{f.lower()}.{l.lower()}@mail.example", rng.choices(unis, [6, 3, 2, 2, 2, 1])[0]
                      if stu else None, rng.randint(1, 5) if stu else None, stu))
    words = ["Byte", "Null", "Pixel", "Stack", "Lambda", "Kernel", "Qubit", "Cache", "Vector",
             "Socket", "Neon", "Delta"]
    words2 = ["Me", "Pointers", "Pirates", "Overflow", "Squad", "Panic", "Ninjas", "Misses",
              "Force", "Wizards", "Rebels", "Crew"]
    teams, tm, subs = [], [], []
    tnames = set()
    team_id = 0
    sub_id = 0
    pool = list(range(1, 121))
    for e in events:
        n = rng.randint(6, 9)
        members_here = rng.sample(pool, n * 3)
        scores = rng.sample(range(520, 980), n)
        order = sorted(range(n), key=lambda i: -scores[i])
        for i in range(n):
            team_id += 1
            while True:
                nm = f"{rng.choice(words)} {rng.choice(words2)}"
                if nm not in tnames:
                    tnames.add(nm)
                    break
            teams.append((team_id, nm, e[0]))
            mem = members_here[i * 3:(i + 1) * 3]
            for j, p in enumerate(mem):
                tm.append((team_id, p, "LEAD" if j == 0 else rng.choice(["DEV", "DEV", "DES"])))
            if i == n - 1 and e[0] == 2:
                continue  # one team never submitted
            sub_id += 1
            place = order.index(i) + 1
            subs.append((sub_id, team_id, f"Project {rng.choice(['Aurora', 'Beacon', 'Compass', 'Drift', 'Ember', 'Fjord', 'Grove', 'Harbor'])} {sub_id}",
                         rng.choice([t[0] for t in tracks]),
                         f"{e[4] if rng.random() < 0.6 else e[3]} {rng.randint(9, 23):02d}:{rng.randint(0, 59):02d}",
                         scores[i] / 10.0, place if place <= 3 else None))
    write("hackathon_f", ddl, {"event": events, "track": tracks, "participant": parts,
                               "team": teams, "team_member": tm, "submission": subs})


# ---------------------------------------------------------------- rail freight (CamelCase + abbrev)
def rail_freight():
    rng = random.Random(604)
    ddl = """
    CREATE TABLE Yard (YardID INTEGER PRIMARY KEY, YardName TEXT, City TEXT);
    CREATE TABLE WagonType (TypeCd TEXT PRIMARY KEY, TypeDesc TEXT);
    CREATE TABLE Wagon (WagonNo TEXT PRIMARY KEY, TypeCd TEXT REFERENCES WagonType(TypeCd),
        CapacityT REAL, BuiltYr INTEGER, HomeYardID INTEGER REFERENCES Yard(YardID), InService TEXT);
    CREATE TABLE Shipper (ShipperID INTEGER PRIMARY KEY, ShipperName TEXT, Industry TEXT);
    CREATE TABLE Consignment (ConsID INTEGER PRIMARY KEY, ShipperID INTEGER REFERENCES Shipper(ShipperID),
        OriginYardID INTEGER REFERENCES Yard(YardID), DestYardID INTEGER REFERENCES Yard(YardID),
        DispatchDt TEXT, ArrivalDt TEXT, CommodityDesc TEXT, WeightT REAL, ChargeAmt REAL,
        StatusCd TEXT);
    CREATE TABLE ConsignmentWagon (ConsID INTEGER REFERENCES Consignment(ConsID),
        WagonNo TEXT REFERENCES Wagon(WagonNo), PRIMARY KEY (ConsID, WagonNo));
    """
    yards = [(1, "Kingsbridge Yard", "Kingsbridge"), (2, "Marsh Lane Sidings", "Eastport"),
             (3, "Hollow Vale Depot", "Hollow Vale"), (4, "Carrick Junction", "Carrick"),
             (5, "Northfleet Terminal", "Northfleet"), (6, "Saltmarsh Exchange", "Eastport")]
    wtypes = [("BOX", "Boxcar"), ("TNK", "Tank car"), ("FLT", "Flatcar"), ("HOP", "Hopper")]
    caps = {"BOX": (40, 60), "TNK": (55, 80), "FLT": (45, 70), "HOP": (60, 90)}
    wagons = []
    for i in range(1, 71):
        t = rng.choices(["BOX", "TNK", "FLT", "HOP"], [5, 3, 3, 4])[0]
        wagons.append((f"{t[0]}{4000 + i * 7}", t, float(rng.randint(*caps[t])), rng.randint(1982, 2022),
                       rng.choice([1, 2, 3, 4, 5, 1, 2]), "Y" if rng.random() < 0.88 else "N"))
    wagons[40] = wagons[40][:3] + (1974,) + wagons[40][4:]
    shippers = [(1, "Northbay Grain Co", "Agriculture"), (2, "Carrick Steelworks", "Steel"),
                (3, "Petrolux Chemicals", "Chemicals"), (4, "Greenfield Timber", "Forestry"),
                (5, "Eastport Containers", "Logistics"), (6, "Vale Quarries", "Mining"),
                (7, "Solway Fertiliser", "Agriculture"), (8, "Atlas Autoparts", "Manufacturing")]
    commod = {1: ["Wheat", "Barley"], 2: ["Steel coil", "Rebar"], 3: ["Diesel", "Ethanol"],
              4: ["Sawn timber", "Logs"], 5: ["Containers"], 6: ["Aggregate", "Limestone"],
              7: ["Potash", "Urea"], 8: ["Car parts"]}
    cons, cw = [], []
    for cid in range(1, 131):
        sh = rng.choices(range(1, 9), [6, 4, 3, 3, 5, 4, 2, 2])[0]
        o = rng.randint(1, 6)
        d = rng.choice([y for y in range(1, 7) if y != o])
        disp = day(rng, "2025-01-06", "2026-11-20")
        st = rng.choices(["DLV", "TRN", "HLD"], [4, 3, 1])[0]
        if disp < "2026-10-01":
            st = "DLV" if rng.random() < 0.95 else "HLD"
        arr = plus(disp, rng.randint(1, 6)) if st == "DLV" else None
        w = round(rng.uniform(60, 900), 1)
        cons.append((cid, sh, o, d, disp, arr, rng.choice(commod[sh]), w,
                     round(w * rng.uniform(11, 19), 2), st))
        for wn in rng.sample([x[0] for x in wagons if x[5] == "Y"], rng.randint(1, 3)):
            cw.append((cid, wn))
    write("rail_freight_f", ddl, {"Yard": yards, "WagonType": wtypes, "Wagon": wagons,
                                  "Shipper": shippers, "Consignment": cons, "ConsignmentWagon": cw})


# ---------------------------------------------------------------- community garden (snake_case, self-ref)
def community_garden():
    rng = random.Random(605)
    ddl = """
    CREATE TABLE plot (plot_no TEXT PRIMARY KEY, bed_size_m2 REAL, zone TEXT,
        has_water TEXT CHECK (has_water IN ('Y','N')), annual_fee REAL);
    CREATE TABLE gardener (gardener_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT,
        phone TEXT, joined_on TEXT, mentor_id INTEGER REFERENCES gardener(gardener_id),
        is_active INTEGER);
    CREATE TABLE allocation (alloc_id INTEGER PRIMARY KEY, plot_no TEXT REFERENCES plot(plot_no),
        gardener_id INTEGER REFERENCES gardener(gardener_id), season_yr INTEGER, paid_flag TEXT);
    CREATE TABLE crop (crop_id INTEGER PRIMARY KEY, crop_name TEXT, family TEXT, is_perennial INTEGER);
    CREATE TABLE planting (planting_id INTEGER PRIMARY KEY,
        alloc_id INTEGER REFERENCES allocation(alloc_id), crop_id INTEGER REFERENCES crop(crop_id),
        sown_dt TEXT, harvest_dt TEXT, yield_kg REAL);
    """
    plots = []
    for i in range(1, 37):
        z = "NSEW"[(i - 1) // 9]
        size = rng.choice([6.0, 8.0, 10.0, 12.5, 15.0, 20.0])
        plots.append((f"{z}{(i - 1) % 9 + 1:02d}", size, z, "Y" if rng.random() < 0.6 else "N",
                      round(size * 3.5 + (5 if z == "S" else 0), 2)))
    used = set()
    gards = []
    for gid in range(1, 51):
        f, l = person(rng, used)
        mentor = None
        if gid > 6 and rng.random() < 0.55:
            mentor = rng.randint(1, 6)
        gards.append((gid, f, l, f"07{rng.randint(100, 999)} {rng.randint(100000, 999999)}",
                      day(rng, "2012-03-01", "2026-04-30"), mentor, 1 if rng.random() < 0.85 else 0))
    gards[2] = gards[2][:4] + ("2009-05-16",) + gards[2][5:]
    crops = [(1, "Tomato", "Solanaceae", 0), (2, "Potato", "Solanaceae", 0), (3, "Pepper", "Solanaceae", 0),
             (4, "Cabbage", "Brassicaceae", 0), (5, "Kale", "Brassicaceae", 0), (6, "Broccoli", "Brassicaceae", 0),
             (7, "Runner bean", "Fabaceae", 0), (8, "Pea", "Fabaceae", 0), (9, "Courgette", "Cucurbitaceae", 0),
             (10, "Pumpkin", "Cucurbitaceae", 0), (11, "Rhubarb", "Polygonaceae", 1),
             (12, "Asparagus", "Asparagaceae", 1), (13, "Strawberry", "Rosaceae", 1), (14, "Onion", "Amaryllidaceae", 0),
             (15, "Garlic", "Amaryllidaceae", 0)]
    allocs, plantings = [], []
    aid = 0
    pl_id = 0
    for yr in (2024, 2025, 2026):
        holders = rng.sample(range(1, 51), 30)
        for p, g in zip(rng.sample([x[0] for x in plots], 30), holders):
            aid += 1
            paid = "Y" if (yr < 2026 or rng.random() < 0.8) else "N"
            allocs.append((aid, p, g, yr, paid))
            for c in rng.sample(range(1, 16), rng.randint(1, 3)):
                pl_id += 1
                sown = day(rng, f"{yr}-03-01", f"{yr}-06-15")
                harvested = yr < 2026 or rng.random() < 0.8
                hv = plus(sown, rng.randint(50, 120)) if harvested else None
                yk = round(rng.uniform(0.5, 25.0), 1) if harvested else None
                plantings.append((pl_id, aid, c, sown, hv, yk))
    write("community_garden_f", ddl, {"plot": plots, "gardener": gards, "allocation": allocs,
                                      "crop": crops, "planting": plantings})


# ---------------------------------------------------------------- public library loans (abbrev)
def library_loans():
    rng = random.Random(606)
    ddl = """
    CREATE TABLE branch (br_id INTEGER PRIMARY KEY, br_name TEXT, suburb TEXT, opens_sun TEXT);
    CREATE TABLE genre (genre_cd TEXT PRIMARY KEY, genre_nm TEXT);
    CREATE TABLE patron (patron_no INTEGER PRIMARY KEY, fname TEXT, lname TEXT, dob TEXT,
        card_type TEXT, home_br_id INTEGER REFERENCES branch(br_id), reg_dt TEXT);
    CREATE TABLE title (title_id INTEGER PRIMARY KEY, title TEXT, author TEXT, pub_yr INTEGER,
        genre_cd TEXT REFERENCES genre(genre_cd), isbn TEXT);
    CREATE TABLE copy (copy_id INTEGER PRIMARY KEY, title_id INTEGER REFERENCES title(title_id),
        br_id INTEGER REFERENCES branch(br_id), acq_dt TEXT, cond TEXT);
    CREATE TABLE loan (loan_id INTEGER PRIMARY KEY, copy_id INTEGER REFERENCES copy(copy_id),
        patron_no INTEGER REFERENCES patron(patron_no), out_dt TEXT, due_dt TEXT, ret_dt TEXT,
        fine_amt REAL);
    """
    branches = [(1, "Central Library", "City Centre", "Y"), (2, "Eastside Branch", "Eastside", "N"),
                (3, "Millbrook Branch", "Millbrook", "Y"), (4, "Harbourview Branch", "Harbourview", "N"),
                (5, "Oakridge Branch", "Oakridge", "N")]
    genres = [("FIC", "Fiction"), ("MYS", "Mystery"), ("SCI", "Science"), ("HIS", "History"),
              ("CHI", "Children"), ("BIO", "Biography"), ("SFF", "Science fiction & fantasy")]
    authors = ["M. Okonkwo", "L. Farrant", "J. Castellano", "R. Ishikawa", "P. Delacroix",
               "S. Whitcombe", "A. Nyberg", "T. Abernathy", "C. Moreno", "E. Galloway",
               "H. Lindgren", "D. Oyelaran"]
    words = ["Silent", "Harbour", "Glass", "Winter", "Hidden", "Paper", "Iron", "Golden", "Last",
             "Distant", "Salt", "Quiet"]
    nouns = ["Garden", "River", "Orchard", "Lantern", "Archive", "Island", "Map", "Clockmaker",
             "Signal", "Valley"]
    used_t = set()
    titles = []
    for tid in range(1, 61):
        while True:
            t = f"The {rng.choice(words)} {rng.choice(nouns)}"
            if t not in used_t:
                used_t.add(t)
                break
        titles.append((tid, t, rng.choice(authors), rng.randint(1965, 2026), rng.choice([g[0] for g in genres]),
                       f"978{rng.randint(1000000000, 9999999999)}"))
    copies = []
    for cid in range(1, 141):
        copies.append((cid, rng.randint(1, 60), rng.choices(range(1, 6), [5, 3, 3, 2, 2])[0],
                       day(rng, "2010-01-01", "2026-06-30"), rng.choices("GFP", [6, 3, 1])[0]))
    used = set()
    patrons = []
    for pn in range(1, 91):
        f, l = person(rng, used)
        dob = day(rng, "1940-01-01", "2019-12-31")
        ct = "J" if dob > "2008-11-28" else ("S" if dob < "1961-11-28" else "A")
        patrons.append((1000 + pn, f, l, dob, ct, rng.randint(1, 5), day(rng, "2012-01-01", "2026-10-31")))
    patrons[47] = patrons[47][:3] + ("2020-08-30", "J") + patrons[47][5:]
    loans = []
    hot = list(range(1, 141))
    w = [6 if copies[c - 1][1] == 17 else 1 for c in hot]
    for lid in range(1, 261):
        c = rng.choices(hot, w)[0]
        out = day(rng, "2025-01-02", "2026-11-20")
        due = plus(out, 21)
        if out > "2026-10-25" and rng.random() < 0.7:
            ret, fine = None, 0.0
        else:
            late = rng.random() < 0.2
            ret = plus(out, rng.randint(22, 45) if late else rng.randint(2, 21))
            fine = round((int(ret[8:]) % 9 + 1) * 0.25, 2) if late else 0.0
            if ret > "2026-11-27":
                ret = None
                fine = 0.0
        loans.append((lid, c, rng.choice(patrons)[0], out, due, ret, fine))
    write("library_loans_f", ddl, {"branch": branches, "genre": genres, "patron": patrons,
                                   "title": titles, "copy": copies, "loan": loans})


# ---------------------------------------------------------------- escape rooms (CamelCase)
def escape_room():
    rng = random.Random(607)
    ddl = """
    CREATE TABLE Room (RoomId INTEGER PRIMARY KEY, RoomName TEXT, Theme TEXT, DifficultyLvl INTEGER,
        TimeLimitMin INTEGER, PricePerPlayer REAL, IsActive TEXT);
    CREATE TABLE GameMaster (GmId INTEGER PRIMARY KEY, FirstName TEXT, LastName TEXT, HireDate TEXT);
    CREATE TABLE Customer (CustomerId INTEGER PRIMARY KEY, FirstName TEXT, LastName TEXT, Email TEXT,
        BirthDate TEXT);
    CREATE TABLE Booking (BookingId INTEGER PRIMARY KEY, RoomId INTEGER REFERENCES Room(RoomId),
        GmId INTEGER REFERENCES GameMaster(GmId), LeadCustomerId INTEGER REFERENCES Customer(CustomerId),
        BookedFor TEXT, GroupSize INTEGER, Escaped INTEGER, FinishTimeMin INTEGER, TotalPaid REAL,
        Source TEXT);
    """
    rooms = [(1, "The Vault", "Heist", 4, 60, 28.0, "Y"), (2, "Pharaoh's Curse", "Egypt", 3, 60, 25.0, "Y"),
             (3, "Lab 13", "Sci-fi", 5, 75, 32.0, "Y"), (4, "Grandma's Attic", "Family", 1, 45, 18.0, "Y"),
             (5, "Submarine K-9", "Military", 3, 60, 26.0, "N"), (6, "Haunted Manor", "Horror", 4, 60, 27.5, "Y"),
             (7, "Detective's Office", "Noir", 2, 60, 22.0, "Y"), (8, "Space Station Orion", "Sci-fi", 2, 50, 24.0, "N")]
    used = set()
    gms = []
    for g in range(1, 9):
        f, l = person(rng, used)
        gms.append((g, f, l, day(rng, "2019-02-01", "2026-05-31")))
    custs = []
    used = set()
    for c in range(1, 101):
        f, l = person(rng, used)
        custs.append((c, f, l, f"{f.lower()}{c}@inbox.example", day(rng, "1965-01-01", "2008-06-30")))
    books = []
    for b in range(1, 241):
        r = rng.choices(range(1, 9), [8, 6, 5, 4, 2, 6, 4, 1])[0]
        room = rooms[r - 1]
        gs = rng.randint(2, 7)
        p_esc = {1: 0.9, 2: 0.65, 3: 0.5, 4: 0.35, 5: 0.2}[room[3]]
        esc = 1 if rng.random() < p_esc else 0
        fin = rng.randint(room[4] - 30, room[4] - 1) if esc else None
        src = rng.choices(["WEB", "PHN", "WALK"], [7, 2, 1])[0]
        gm = rng.choices(range(1, 9), [3, 5, 4, 2, 3, 4, 1, 2])[0]
        books.append((b, r, gm, rng.choices(range(1, 101), [3 if c in (12, 57) else 1 for c in range(1, 101)])[0],
                      ts(rng, "2025-03-01", "2026-11-25", (10, 21)), gs, esc, fin,
                      round(gs * room[5] * (0.9 if src == "WEB" else 1.0), 2), src))
    write("escape_room_f", ddl, {"Room": rooms, "GameMaster": gms, "Customer": custs, "Booking": books})


# ---------------------------------------------------------------- radio station (snake_case + abbrev)
def radio_station():
    rng = random.Random(608)
    ddl = """
    CREATE TABLE presenter (presenter_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT,
        start_dt TEXT, is_freelance TEXT);
    CREATE TABLE show (show_id INTEGER PRIMARY KEY, show_title TEXT,
        presenter_id INTEGER REFERENCES presenter(presenter_id), weekday TEXT, start_time TEXT,
        duration_min INTEGER, genre TEXT);
    CREATE TABLE track (track_id INTEGER PRIMARY KEY, title TEXT, artist TEXT, release_yr INTEGER,
        length_sec INTEGER);
    CREATE TABLE playlist_entry (show_id INTEGER REFERENCES show(show_id), broadcast_dt TEXT,
        seq INTEGER, track_id INTEGER REFERENCES track(track_id), PRIMARY KEY (show_id, broadcast_dt, seq));
    CREATE TABLE advertiser (adv_id INTEGER PRIMARY KEY, adv_name TEXT, sector TEXT);
    CREATE TABLE ad_spot (spot_id INTEGER PRIMARY KEY, adv_id INTEGER REFERENCES advertiser(adv_id),
        show_id INTEGER REFERENCES show(show_id), air_dt TEXT, fee_amt REAL);
    """
    used = set()
    pres = []
    for p in range(1, 11):
        f, l = person(rng, used)
        pres.append((p, f, l, day(rng, "2005-01-01", "2025-12-31"), "Y" if p in (3, 7, 9) else "N"))
    shows = [(1, "Wake Up Weekdays", 1, "MON", "06:00", 180, "Talk"),
             (2, "Wake Up Weekdays", 1, "TUE", "06:00", 180, "Talk"),
             (3, "Midday Mix", 2, "WED", "12:00", 120, "Pop"),
             (4, "Jazz Cellar", 3, "THU", "21:00", 120, "Jazz"),
             (5, "Night Owls", 4, "FRI", "23:00", 180, "Electronic"),
             (6, "Saturday Sessions", 5, "SAT", "10:00", 150, "Rock"),
             (7, "Sunday Roast", 6, "SUN", "11:00", 90, "Talk"),
             (8, "Drive Time", 7, "WED", "16:00", 150, "Pop"),
             (9, "Classic Hour", 8, "SUN", "19:00", 60, "Classical"),
             (10, "Indie Underground", 9, "SAT", "20:00", 120, "Indie"),
             (11, "Morning Brew", 10, "FRI", "07:00", 120, "Pop"),
             (12, "Folk Roots", 2, "THU", "18:00", 90, "Folk")]
    artists = ["The Lanterns", "Mira Solis", "Kite Parade", "Duke Ellery Trio", "Neon Harbour",
               "Ola Brandt", "Velvet Static", "The Marrow", "Sunny Adeyemi", "Glasshouse",
               "Iris Quay", "Northern Wires", "Paloma Reyes", "Cobalt Youth"]
    tracks = []
    tt = set()
    for t in range(1, 121):
        while True:
            nm = f"{rng.choice(['Blue', 'Midnight', 'Paper', 'Golden', 'Electric', 'Wild', 'Slow', 'Lost', 'Silver', 'Broken', 'Velvet', 'Open'])} " \
                 f"{rng.choice(['Hearts', 'Summer', 'Train', 'Ocean', 'Radio', 'Dance', 'Letters', 'Skyline', 'Roads', 'Mirrors', 'Fever', 'Tides'])}"
            if nm not in tt:
                tt.add(nm)
                break
        tracks.append((t, nm, rng.choices(artists, [3, 2, 2, 1, 2, 1, 1, 1, 2, 1, 1, 1, 1, 1])[0],
                       rng.randint(1962, 2026), rng.randint(140, 420)))
    tracks[64] = tracks[64][:4] + (731,)
    entries = []
    for sh in shows:
        for k in range(4):
            bdt = day(rng, "2026-09-01", "2026-11-27")
            for seq, tr in enumerate(rng.sample(range(1, 121), rng.randint(3, 6)), 1):
                entries.append((sh[0], bdt, seq, tr))
    entries = sorted(set({(e[0], e[1], e[2]): e for e in entries}.values()))
    advs = [(1, "Hillside Motors", "Automotive"), (2, "Brightwater Bank", "Finance"),
            (3, "Pizza Palazzo", "Food"), (4, "Kwik Tyres", "Automotive"),
            (5, "Greenleaf Grocers", "Food"), (6, "Summit Insurance", "Finance"),
            (7, "CityGym", "Leisure"), (8, "Rivers Furniture", "Retail"), (9, "Pet Planet", "Retail")]
    spots = []
    for s in range(1, 161):
        a = rng.choices(range(1, 10), [5, 3, 4, 2, 3, 2, 2, 1, 1])[0]
        sh = rng.choices(range(1, 13), [6, 5, 4, 1, 2, 3, 2, 5, 1, 1, 3, 1])[0]
        spots.append((s, a, sh, day(rng, "2026-01-05", "2026-11-27"), float(rng.choice([40, 55, 75, 90, 120, 150]))))
    write("radio_station_f", ddl, {"presenter": pres, "show": shows, "track": tracks,
                                   "playlist_entry": entries, "advertiser": advs, "ad_spot": spots})


def main():
    os.makedirs(OUT, exist_ok=True)
    for build in (bike_share, wine_shop, hackathon, rail_freight, community_garden, library_loans,
                  escape_room, radio_station):
        build()


if __name__ == "__main__":
    main()
