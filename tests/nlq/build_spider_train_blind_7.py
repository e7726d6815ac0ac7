#!/usr/bin/env python3
"""Build tests/nlq/spider_train/<db_id>.sqlite for the 10 Spider *train* schemas of the
blind set spider_train_blind_en_7.jsonl (report: flight_company, local_govt_and_lot, game_1,
program_share, tracking_share_transactions; develop: soccer_1, behavior_monitoring,
workshop_paper, coffee_shop, movie_1).

Tables and columns use the ORIGINAL names and types of Spider's tables.json
(/work/shared/data/spider/tables.json; number -> INTEGER for ids and whole counts, REAL
otherwise; text -> TEXT; time -> TEXT ISO dates), with primary and foreign keys (link tables
get composite keys; soccer_1's sqlite_sequence is SQLite's own table and is not created).
The rows are INVENTED (plausible small-domain data generated from fixed name lists with
random.Random(fixed seed)); they are not Spider's data.  Deterministic: running the script
twice gives the same files.

Written by the "blind-spider-train-7" helper, 2026-11-27.
"""
import json
import os
import random
import sqlite3

from synthetic_db import FIRST_NAMES, LAST_NAMES, create_tables, distinct_names, insert_rows, iso_date

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "spider_train")
TABLES = "/work/shared/data/spider/tables.json"
DBS = ["flight_company", "local_govt_and_lot", "game_1", "program_share", "tracking_share_transactions",
       "soccer_1", "behavior_monitoring", "workshop_paper", "coffee_shop", "movie_1"]
COMPOSITE = {
    ("local_govt_and_lot", "Residents_Services"): ["resident_id", "service_id"],
    ("local_govt_and_lot", "Timed_Status_of_Things"): ["thing_id", "Date_and_Date"],
    ("local_govt_and_lot", "Timed_Locations_of_Things"): ["thing_id", "Date_and_Time"],
    ("program_share", "broadcast"): ["Channel_ID", "Program_ID", "Time_of_day"],
    ("program_share", "broadcast_share"): ["Channel_ID", "Program_ID", "Date"],
    ("coffee_shop", "happy_hour_member"): ["HH_ID", "Member_ID"],
    ("workshop_paper", "Acceptance"): ["Submission_ID", "Workshop_ID"],
}
INT_NAMES = {"id", "stuid", "gameid", "major", "advisor", "age", "hours_played", "hoursperweek", "gamesplayed",
             "launch", "year", "mid", "rid", "stars", "hh_id", "time_of_purchase", "level_of_membership",
             "num_of_shaff_in_charge", "seq", "height", "overall_rating", "potential", "team_api_id",
             "team_fifa_api_id", "player_api_id", "player_fifa_api_id", "country_id", "altitude",
             "customer_event_id", "customer_event_note_id", "notes_id", "sales_transaction_id",
             "purchase_transaction_id"}


def sql_type(name, kind):
    if kind in ("text", "time", "others"):
        return "TEXT"
    n = name.lower()
    if n.endswith("_id") or n in INT_NAMES:
        return "INTEGER"
    return "REAL"


class SkipSequence:
    """A connection wrapper that leaves out CREATE TABLE "sqlite_sequence" (reserved name)."""

    def __init__(self, conn):
        self.conn = conn

    def execute(self, sql, *a):
        if sql.startswith('CREATE TABLE "sqlite_sequence"'):
            return None
        return self.conn.execute(sql, *a)

    def __getattr__(self, k):
        return getattr(self.conn, k)


def flight_company(c, r):
    airports = [("Amsterdam", "Netherlands", "AMS", "EHAM", "Schiphol Airport"),
                ("London", "United Kingdom", "LHR", "EGLL", "Heathrow Airport"),
                ("Paris", "France", "CDG", "LFPG", "Charles de Gaulle Airport"),
                ("Frankfurt", "Germany", "FRA", "EDDF", "Frankfurt Airport"),
                ("Madrid", "Spain", "MAD", "LEMD", "Barajas Airport"),
                ("Rome", "Italy", "FCO", "LIRF", "Fiumicino Airport"),
                ("New York", "United States", "JFK", "KJFK", "John F. Kennedy International Airport"),
                ("Chicago", "United States", "ORD", "KORD", "O'Hare International Airport"),
                ("Tokyo", "Japan", "HND", "RJTT", "Haneda Airport"),
                ("Dubai", "United Arab Emirates", "DXB", "OMDB", "Dubai International Airport"),
                ("Reykjavik", "Iceland", "KEF", "BIKF", "Keflavik International Airport"),
                ("Munich", "Germany", "MUC", "EDDM", "Munich Airport")]
    insert_rows(c, "airport", [(i + 1,) + a for i, a in enumerate(airports)])
    comps = [("Air China Cargo", "Joint Venture", "Cargo airline", "China", 49.0),
             ("Cathay Pacific Catering", "Subsidiary", "Catering services", "Hong Kong", 100.0),
             ("Dragonair", "Subsidiary", "Airline", "Hong Kong", 100.0),
             ("Hong Kong Airport Services", "Subsidiary", "Ground handling", "Hong Kong", 100.0),
             ("Vogue Laundry Service", "Subsidiary", "Laundry", "Hong Kong", 100.0),
             ("Swire Aviation", "Joint Venture", "Aircraft leasing", "United Kingdom", 30.0),
             ("Northern Travel Holding", "Joint Venture", "Travel agency", "Iceland", 18.0),
             ("Air Hong Kong", "Subsidiary", "Cargo airline", "Hong Kong", 60.0),
             ("Global Jet Finance", "Private", "Aircraft leasing", "Ireland", 25.0),
             ("SkyBridge Logistics", "Joint Venture", "Freight forwarding", "Singapore", 45.0)]
    insert_rows(c, "operate_company", [(i + 1,) + x for i, x in enumerate(comps)])
    pilots = ["Thompson", "Hansen", "Moreau", "Becker", "Ortega", "Ricci", "Sato", "Quinn"]
    rows = []
    for i in range(30):
        ap = r.choice([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12])  # Reykjavik never used
        co = r.choice([1, 2, 3, 4, 5, 6, 8, 9])  # 7 and 10 operate no flights
        rows.append((i + 1, "M2-F%d" % (100 + i * 3), iso_date(r, 2019, 2023), pilots[(i * 5) % 8],
                     round(r.uniform(180, 270), 1), r.randint(0, 40) * 250 + i, ap, co))
    insert_rows(c, "flight", rows)


def local_govt_and_lot(c, r):
    cust = ["%s %s" % p for p in distinct_names(r, 15, FIRST_NAMES, LAST_NAMES)]
    insert_rows(c, "Customers", [(i + 1, n) for i, n in enumerate(cust)])
    streets = ["Oak Street", "Maple Avenue", "Cedar Lane", "Pine Road", "Elm Court", "Birch Way", "Willow Drive"]
    ptypes = ["house", "apartment", "flat", "shop", "field"]
    props = [(i + 1, ptypes[(i * 3) % 5], "%d %s" % (10 + i * 7, streets[i % 7]), None) for i in range(16)]
    insert_rows(c, "Properties", props)
    res = []
    for i in range(20):
        p = (i * 3) % 13 + 1  # properties 14-16 have no residents
        mi = iso_date(r, 2015, 2020)
        mo = None if i % 4 == 0 else "%d-%s" % (int(mi[:4]) + r.randint(1, 4), mi[5:])
        res.append((i + 1, p, mi, mo, r.choice(["Student", "Retired", "Employed", "Unemployed"])))
    insert_rows(c, "Residents", res)
    orgs = ["City Council", "Housing Department", "Social Services Office", "Parks and Recreation",
            "Waste Management Unit", "Public Library Service", "Youth Centre", "Senior Care Trust"]
    insert_rows(c, "Organizations", [(i + 1, None if i < 2 else (i % 2) + 1, n) for i, n in enumerate(orgs)])
    stypes = ["Check", "Moving Out", "Pay bills", "Cleanning", "Repair"]
    svc = [(i + 1, (i * 5) % 7 + 1, stypes[i % 5], r.choice(["Satisfied", "Unsatisfied", "Pending"])) for i in range(12)]
    insert_rows(c, "Services", svc)  # organization 8 offers no service
    rs = []
    for k in range(24):
        rid = r.randint(1, 20)
        sid = r.randint(1, 10)  # services 11, 12 never requested
        if any(x[0] == rid and x[1] == sid for x in rs):
            continue
        req = iso_date(r, 2016, 2021)
        rs.append((rid, sid, res[rid - 1][2], res[rid - 1][1], req,
                   "%d-%s" % (int(req[:4]) + r.randint(0, 1), req[5:]), r.choice(["Happy", "Unhappy", None])))
    insert_rows(c, "Residents_Services", rs)
    ttypes = ["Electronics", "Furniture", "Commen", "Vehicle", "Appliance"]
    things = [(i + 1, (i * 3) % 8 + 1, ttypes[i % 5], stypes[(i * 2) % 5], r.choice(["Unsatisfied", "Satisfied"]))
              for i in range(14)]
    insert_rows(c, "Things", things)
    ev = []
    for i in range(18):
        rid = r.randint(1, 20)
        ev.append((i + 1, (i * 7) % 12 + 1, res[rid - 1][2], res[rid - 1][1], rid, r.randint(1, 14)))
    insert_rows(c, "Customer_Events", ev)  # customers 13-15 have no events
    notes = []
    for i in range(22):
        e = ev[r.randint(0, 17)]
        notes.append((i + 1, e[0], r.choice(stypes), e[4], e[3], iso_date(r, 2016, 2022)))
    insert_rows(c, "Customer_Event_Notes", notes)
    st, lo = [], []
    for t in range(1, 15):
        for d in sorted(set(iso_date(r, 2017, 2022) for _ in range(r.randint(1, 3)))):
            st.append((t, d + " 09:%02d:00" % r.randint(0, 59), r.choice(["Open", "Close", "In Progress"])))
            lo.append((t, d + " 14:%02d:00" % r.randint(0, 59), r.choice(["064 Kathryne", "1316 Kirlin", "35 Dach", "99 Stokes"])))
    insert_rows(c, "Timed_Status_of_Things", st)
    insert_rows(c, "Timed_Locations_of_Things", lo)


def game_1(c, r):
    people = distinct_names(r, 24, FIRST_NAMES, LAST_NAMES)
    female = {"Emma", "Olivia", "Ava", "Sophia", "Isabella", "Mia", "Charlotte", "Amelia", "Harper", "Grace",
              "Chloe", "Zoe", "Nora", "Ella", "Lily", "Hannah", "Paula", "Ingrid", "Yuki", "Priya", "Greta"}
    cities = ["BAL", "PIT", "NYC", "HKG", "WAS", "PHL", "CHI", "LON"]
    st = []
    for i, (f, l) in enumerate(people):
        st.append((1001 + i, l, f, 17 + (i * 7) % 10, "F" if f in female else "M", [50, 100, 520, 540, 600][i % 5],
                   [1121, 1148, 2192, 7271, 8918][(i * 3) % 5], cities[(i * 5) % 8]))
    insert_rows(c, "Student", st)
    games = [("RNG Stone", "Collectible card game"), ("Call of Destiny", "Frist-person shooter"),
             ("Works of Widenius", "Massively multiplayer online game"), ("Grand Term Assignment", "Role-playing game"),
             ("Europe is the Universe", "Grand strategy"), ("Kingdom Builder", "Grand strategy"),
             ("Speed Circuit", "Racing"), ("Pixel Farm", "Simulation"), ("Mystic Quest", "Role-playing game"),
             ("Tower Siege", "Real-time strategy")]
    insert_rows(c, "Video_Games", [(i + 1,) + g for i, g in enumerate(games)])
    pg, seen = [], set()
    for k in range(30):
        s = 1001 + r.randint(0, 17)  # students 1019-1024 play nothing
        g = r.randint(1, 8)  # games 9, 10 never played
        if (s, g) in seen:
            continue
        seen.add((s, g))
        pg.append((s, g, r.randint(1, 120) * 2 + len(pg) % 2))
    insert_rows(c, "Plays_Games", pg)
    sports = ["Athletics", "Football", "Tennis", "Swimming", "Lacrosse", "Basketball", "Baseball"]
    si, seen = [], set()
    for k in range(22):
        s = 1001 + r.randint(4, 23)
        sp = r.choice(sports)
        if (s, sp) in seen:
            continue
        seen.add((s, sp))
        si.append((s, sp, r.randint(2, 30), r.randint(0, 40), r.choice(["Y", "N"])))
    insert_rows(c, "SportsInfo", si)


def program_share(c, r):
    progs = [("Happy Shopping", "Beijing", 2005, "Beijing Television (BTV)"),
             ("Toonmax Cartoons", "Shanghai", 2004, "SMG"),
             ("Aniworld", "Hunan", 2005, "Hunan Broadcasting System (HBS)"),
             ("Youman", "Guangdong", 2007, "Southern Media Corporation (SMC)"),
             ("Jiajia", "Guangdong", 2007, "Southern Media Corporation (SMC)"),
             ("Kaku", "Beijing", 2004, "CCTV"),
             ("Golden Eagle Cartoon", "Hunan", 2011, "Hunan Broadcasting System (HBS)"),
             ("Morning Tea Talk", "Shanghai", 2009, "SMG"),
             ("Evening News Hour", "Beijing", 2001, "CCTV"),
             ("Star Kitchen", "Zhejiang", 2012, "Zhejiang Radio and TV")]
    insert_rows(c, "program", [(i + 1,) + p for i, p in enumerate(progs)])
    chans = [("CCTV-1", "CCTV"), ("Hunan Satellite TV", "HBS"), ("Zhejiang Satellite TV", "ZRTG"),
             ("Jiangsu Satellite TV", "JSBC"), ("Beijing Satellite TV", "BTV"), ("Dragon TV", "SMG"),
             ("Shenzhen Satellite TV", "SZMG"), ("Anhui Satellite TV", "AHTV"), ("Guangdong Satellite TV", "SMC"),
             ("CCTV-8", "CCTV"), ("Shandong Satellite TV", "SDTV"), ("CCTV-13", "CCTV")]
    ch = []
    for i, (n, o) in enumerate(chans):
        ch.append((i + 1, n, o, round(4.9 - i * 0.37 + r.randint(0, 9) * 0.01, 2), round(0.54 - i * 0.031, 3)))
    insert_rows(c, "channel", ch)
    times = ["Morning", "Noon", "Night"]
    bc, seen = [], set()
    for k in range(24):
        t = (r.randint(1, 10), r.randint(1, 8), times[r.randint(0, 2)])  # channels 11, 12 broadcast nothing; programs 9, 10 never broadcast
        if t not in seen:
            seen.add(t)
            bc.append(t)
    insert_rows(c, "broadcast", bc)
    bs, seen = [], set()
    for k in range(22):
        t = (r.randint(1, 10), r.randint(1, 8), "%02d,%02d,2008" % (r.randint(1, 12), r.randint(1, 28)))
        if t not in seen:
            seen.add(t)
            bs.append(t + (round(r.uniform(0.5, 4.5), 2),))
    insert_rows(c, "broadcast_share", bs)


def tracking_share_transactions(c, r):
    inv = ["Aurora Capital", "Bluewater Partners", "Crestline Fund", "Delta Holdings", "Everest Trust",
           "Falcon Ventures", "Granite Pension Fund", "Harbor Asset Management", "Ironwood LLC",
           "Juniper Family Office", "Keystone Investors", "Lakeside Endowment"]
    insert_rows(c, "Investors", [(i + 1, n) for i, n in enumerate(inv)])
    lots = [(i + 1, (i * 7) % 10 + 1, r.choice(["r", "z", "s", "q", "d", "h", "x"])) for i in range(15)]
    insert_rows(c, "Lots", lots)
    insert_rows(c, "Ref_Transaction_Types", [("SALE", "Sale"), ("PUR", "Purchase"), ("DIV", "Dividend")])
    tr = []
    for i in range(36):
        inv_id = r.choice([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])  # 12 never traded
        code = ["SALE", "PUR", "PUR", "SALE", "DIV"][i % 5]
        tr.append((i + 1, inv_id, code, iso_date(r, 2018, 2023) + " 10:%02d:00" % r.randint(0, 59),
                   round(r.uniform(50, 90000), 2) if code != "DIV" else round(r.uniform(10, 900), 2),
                   str(r.randint(1, 500) * 10) if code != "DIV" else None, None))
    insert_rows(c, "Transactions", tr)
    insert_rows(c, "Sales", [(t[0], r.choice(["x", "o", "a", "e", "p"])) for t in tr if t[2] == "SALE"])
    insert_rows(c, "Purchases", [(t[0], r.choice(["c", "y", "i", "f", "g"])) for t in tr if t[2] == "PUR"])
    tl, seen = [], set()
    for k in range(24):
        p = (r.randint(1, 36), r.randint(1, 12))  # lots 13-15 never traded
        if p not in seen:
            seen.add(p)
            tl.append(p)
    insert_rows(c, "Transactions_Lots", tl)


def soccer_1(c, r):
    countries = ["England", "Spain", "Germany", "Italy", "France", "Netherlands", "Portugal", "Belgium", "Scotland", "Switzerland"]
    insert_rows(c, "Country", [(i + 1, n) for i, n in enumerate(countries)])
    leagues = ["England Premier League", "Spain LIGA BBVA", "Germany 1. Bundesliga", "Italy Serie A",
               "France Ligue 1", "Netherlands Eredivisie", "Portugal Liga ZON Sagres", "Belgium Jupiler League"]
    insert_rows(c, "League", [(i + 1, i + 1, n) for i, n in enumerate(leagues)])  # Scotland, Switzerland: no league
    teams = [("Arsenal", "ARS"), ("Chelsea", "CHE"), ("FC Barcelona", "BAR"), ("Real Madrid CF", "REA"),
             ("FC Bayern Munich", "BMU"), ("Borussia Dortmund", "DOR"), ("Juventus", "JUV"), ("AC Milan", "ACM"),
             ("Paris Saint-Germain", "PSG"), ("Olympique Lyonnais", "LYO"), ("Ajax", "AJA"), ("PSV", "PSV"),
             ("FC Porto", "POR"), ("SL Benfica", "BEN"), ("Club Brugge KV", "CLB")]
    insert_rows(c, "Team", [(i + 1, 9800 + i * 13, 1 + i * 7, n, s) for i, (n, s) in enumerate(teams)])
    klass = lambda v, lo, hi, names: names[0] if v < lo else (names[1] if v <= hi else names[2])
    ta = []
    for i in range(20):
        t = i % 12 + 1  # teams 13-15 have no attributes
        sp, dr, pa = r.randint(25, 75), r.randint(25, 75), r.randint(25, 75)
        cc, cr, cs = r.randint(25, 75), r.randint(25, 75), r.randint(25, 75)
        dp, da, dw = r.randint(25, 70), r.randint(25, 70), r.randint(30, 70)
        ta.append((i + 1, 1 + (t - 1) * 7, 9800 + (t - 1) * 13, "%d-02-22 00:00:00" % (2010 + i // 12 * 3 + r.randint(0, 2)),
                   sp, klass(sp, 34, 66, ["Slow", "Balanced", "Fast"]), dr, klass(dr, 34, 66, ["Little", "Normal", "Lots"]),
                   pa, klass(pa, 34, 66, ["Short", "Mixed", "Long"]), r.choice(["Organised", "Free Form"]),
                   cc, klass(cc, 34, 66, ["Safe", "Normal", "Risky"]), cr, klass(cr, 34, 66, ["Little", "Normal", "Lots"]),
                   cs, klass(cs, 34, 66, ["Little", "Normal", "Lots"]), r.choice(["Organised", "Free Form"]),
                   dp, klass(dp, 34, 66, ["Deep", "Medium", "High"]), da, klass(da, 34, 66, ["Contain", "Press", "Double"]),
                   dw, klass(dw, 34, 66, ["Narrow", "Normal", "Wide"]), r.choice(["Cover", "Offside Trap"])))
    insert_rows(c, "Team_Attributes", ta)
    names = ["Lionel Messi", "Cristiano Ronaldo", "Arjen Robben", "Zlatan Ibrahimovic", "Wayne Rooney",
             "Andres Iniesta", "Xavi Hernandez", "Manuel Neuer", "Gianluigi Buffon", "Thomas Mueller",
             "Eden Hazard", "Luis Suarez", "Sergio Ramos", "Mesut Oezil", "Robert Lewandowski",
             "Gareth Bale", "Karim Benzema", "Andrea Pirlo", "Iker Casillas", "Franck Ribery",
             "Aaron Mooy", "Aaron Doran"]
    pl = []
    for i, n in enumerate(names):
        pl.append((i + 1, 30000 + i * 11, n, 150000 + i * 17, "%d-%02d-%02d 00:00:00" % (1980 + (i * 7) % 14, r.randint(1, 12), r.randint(1, 28)),
                   round(168 + (i * 13) % 27 + r.randint(0, 9) * 0.1, 2), 143 + (i * 11) % 57))
    insert_rows(c, "Player", pl)
    pa = []
    k = 0
    for i in range(18):  # players 19-22 have no attributes
        for y in (2014, 2015):
            k += 1
            base = 90 - i * 2 + (y - 2014)
            vals = [min(99, max(20, base + r.randint(-25, 8))) for _ in range(33)]
            pa.append((k, pl[i][3], pl[i][1], "%d-%02d-01 00:00:00" % (y, r.randint(1, 12)), base, min(99, base + r.randint(0, 5)),
                       "left" if i % 4 == 0 else "right", r.choice(["high", "medium", "low"]), r.choice(["high", "medium", "low"]))
                      + tuple(vals))
    insert_rows(c, "Player_Attributes", pa)


def behavior_monitoring(c, r):
    insert_rows(c, "Ref_Address_Types", [("BILL", "Billing"), ("RES", "Residence")])
    insert_rows(c, "Ref_Detention_Type", [("BREAK", "During Break time"), ("AFTER", "After School"), ("LUNCH", "Lunch-time")])
    insert_rows(c, "Ref_Incident_Type", [("NOISE", "Noise"), ("VIOLENCE", "Violence"), ("DISTURB", "Disturbance"), ("CHEAT", "Cheating")])
    cities = [("Lake Ahmadland", "Texas"), ("Port Eleanor", "Ohio"), ("Springfield", "Illinois"), ("Riverton", "Wyoming"),
              ("Fairview", "Oregon"), ("Madison", "Wisconsin"), ("Salem", "Massachusetts")]
    ad = []
    for i in range(16):
        ci, stt = cities[(i * 3) % 7]
        ad.append((i + 1, "%d %s" % (100 + i * 37, ["Main St", "High St", "Park Ave", "Lake Rd"][i % 4]), None, None,
                   ci, "%05d" % (10000 + i * 4711 % 89999), stt, "USA", None))
    insert_rows(c, "Addresses", ad)
    people = distinct_names(r, 32, FIRST_NAMES, LAST_NAMES)
    st = []
    for i, (f, l) in enumerate(people[:18]):
        st.append((i + 1, (i * 5) % 16 + 1, f, r.choice(["Ann", "Lee", "Marie", "Jo", None]), l,
                   "555-%03d-%04d" % (r.randint(100, 999), r.randint(0, 9999)), "%s.%s@example.edu" % (f.lower(), l.lower()),
                   iso_date(r, 2016, 2018), iso_date(r, 2019, 2022), None))
    insert_rows(c, "Students", st)
    te = []
    for i, (f, l) in enumerate(people[18:30]):
        te.append((i + 1, (i * 7) % 16 + 1, f, None, l, "1" if i % 3 == 0 else ("0" if i % 3 == 1 else "1"),
                   "555-%03d-%04d" % (r.randint(100, 999), r.randint(0, 9999)), "%s.%s@school.org" % (f.lower(), l.lower()), None))
    insert_rows(c, "Teachers", te)
    topics = ["Homework not done", "Great progress in math", "Talks in class", "Needs reading support", "Helpful to peers"]
    insert_rows(c, "Assessment_Notes", [(i + 1, r.randint(1, 15), r.randint(1, 10), iso_date(r, 2017, 2021) + " 12:00:00",
                                         r.choice(topics), None) for i in range(25)])
    codes = ["NOISE", "VIOLENCE", "DISTURB", "NOISE", "DISTURB"]
    bi = []
    for i in range(22):
        s = iso_date(r, 2017, 2021)
        bi.append((i + 1, codes[i % 5], r.randint(1, 14), s + " 08:00:00", s + " 16:00:00",
                   r.choice(["Fight in corridor", "Loud music in class", "Disrupted assembly", None]),
                   r.choice(["Transfer schools", "Parent meeting", "Counselling", None]), None))
    insert_rows(c, "Behavior_Incident", bi)
    det = []
    for i in range(15):
        d = iso_date(r, 2017, 2021)
        det.append((i + 1, ["AFTER", "BREAK", "LUNCH"][i % 3], (i * 4) % 9 + 1, d + " 15:00:00", d + " 16:30:00", None, None))
    insert_rows(c, "Detention", det)  # teachers 10-12 gave no detention
    sa = []
    for s in range(1, 19):
        for k in range(1 + s % 2):
            f = iso_date(r, 2016, 2019)
            sa.append((s, r.randint(1, 16), f, "%d%s" % (int(f[:4]) + 1 + k, f[4:]), round(r.uniform(500, 1900), 2), None))
    insert_rows(c, "Student_Addresses", sa)
    insert_rows(c, "Students_in_Detention", [(bi[k][2], r.randint(1, 15), bi[k][0]) for k in range(0, 22, 2)])


def workshop_paper(c, r):
    ws = [("August 18, 2007", "London UK", "ABC 2007"), ("August 21, 2007", "London UK", "Conference 2007"),
          ("August 25, 2007", "New Jersey USA", "Workshop 2007"), ("October 8, 2007", "New York USA", "2007 qualification"),
          ("January 14, 2008", "New York USA", "2008 qualification"), ("July 5, 2011", "Istanbul Turkey", "Anual Workshop 2011"),
          ("June 3, 2012", "Berlin Germany", "EuroSys Workshop 2012"), ("May 20, 2013", "Tokyo Japan", "Data Science Day 2013"),
          ("September 9, 2013", "Boston USA", "ML Systems 2013"), ("March 2, 2014", "Paris France", "Web Mining 2014")]
    insert_rows(c, "workshop", [(i + 1,) + w for i, w in enumerate(ws)])
    colleges = ["MIT", "Stanford", "Oxford", "Cambridge", "ETH Zurich", "Tsinghua", "Toronto", "Berkeley"]
    people = distinct_names(r, 20, FIRST_NAMES, LAST_NAMES)
    sub = [(i + 1, round(60 + ((i * 37) % 40) + r.randint(0, 9) * 0.1, 1), "%s %s" % p, colleges[(i * 3) % 8]) for i, p in enumerate(people)]
    insert_rows(c, "submission", sub)
    acc, seen = [], set()
    for k in range(26):
        p = (r.randint(1, 16), r.randint(1, 8))  # submissions 17-20 and workshops 9, 10 have no acceptance rows
        if p not in seen:
            seen.add(p)
            acc.append(p + ("Accepted" if r.random() < 0.45 else "Rejected",))
    insert_rows(c, "Acceptance", acc)


def coffee_shop(c, r):
    streets = ["1200 Main Street", "1111 Main Street", "1330 Baltimore Street", "909 Walnut Street",
               "414 E. 12th Street", "1201 Walnut Street", "2345 McGee Street", "1100 Main Street",
               "750 Broadway", "18 Grand Boulevard"]
    insert_rows(c, "shop", [(i + 1, a, str(5 + (i * 7) % 23), round(20 + (i * 13) % 21 + r.randint(0, 9) * 0.1, 1), str(2006 + (i * 3) % 12))
                            for i, a in enumerate(streets)])
    towns = ["Hartford", "Waterbury", "Cheshire", "Bridgeport", "New Haven"]
    people = distinct_names(r, 20, FIRST_NAMES, LAST_NAMES)
    mem = [(i + 1, "%s %s" % p, ["Black", "White", "Gold", "Silver"][(i * 3) % 4], 21 + (i * 11) % 45, 18 + (i * 7) % 30,
            1 + (i * 5) % 6, towns[i % 5]) for i, p in enumerate(people)]
    insert_rows(c, "member", mem)
    months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
    hh = [(i + 1, (i * 3) % 8 + 1, months[(i * 5) % 12], 2 + (i * 7) % 9) for i in range(14)]  # shops 9, 10 have none
    insert_rows(c, "happy_hour", hh)
    hm, seen = [], set()
    for k in range(30):
        p = (r.randint(1, 14), r.randint(1, 16))  # members 17-20 never joined a happy hour
        if p not in seen:
            seen.add(p)
            hm.append(p + (round(r.uniform(5, 120), 2),))
    insert_rows(c, "happy_hour_member", hm)


def movie_1(c, r):
    mv = [("Gone with the Wind", 1939, "Victor Fleming"), ("Star Wars", 1977, "George Lucas"),
          ("The Sound of Music", 1965, "Robert Wise"), ("E.T.", 1982, "Steven Spielberg"),
          ("Titanic", 1997, "James Cameron"), ("Snow White", 1937, None), ("Avatar", 2009, "James Cameron"),
          ("Raiders of the Lost Ark", 1981, "Steven Spielberg"), ("Casablanca", 1942, "Michael Curtiz"),
          ("Jurassic Park", 1993, "Steven Spielberg"), ("The Godfather", 1972, "Francis Ford Coppola"),
          ("Amelie", 2001, "Jean-Pierre Jeunet"), ("Spirited Away", 2001, "Hayao Miyazaki"),
          ("Parasite", 2019, "Bong Joon-ho")]
    insert_rows(c, "Movie", [(101 + i,) + m for i, m in enumerate(mv)])
    rev = ["Sarah Martinez", "Daniel Lewis", "Brittany Harris", "Mike Anderson", "Chris Jackson",
           "Elizabeth Thomas", "James Cameron", "Ashley White", "Kenji Watanabe", "Lucia Romero"]
    insert_rows(c, "Reviewer", [(201 + i, n) for i, n in enumerate(rev)])
    ra, seen = [], set()
    for k in range(34):
        rid, mid = 201 + r.randint(0, 8), 101 + r.randint(0, 11)  # reviewer 210 rated nothing; movies 113, 114 unrated
        if (rid, mid) in seen:
            continue
        seen.add((rid, mid))
        ra.append((rid, mid, r.randint(1, 5), None if k % 9 == 4 else iso_date(r, 2011, 2013)))
    insert_rows(c, "Rating", ra)


def main():
    """write_databases of synthetic_db, with the connection wrapped so that soccer_1's
    sqlite_sequence (SQLite's own table) is not created."""
    schemas = {s["db_id"]: s for s in json.load(open(TABLES))}
    os.makedirs(OUT, exist_ok=True)
    for i, db in enumerate(DBS):
        path = os.path.join(OUT, db + ".sqlite")
        if os.path.exists(path):
            os.remove(path)
        conn = sqlite3.connect(path)
        create_tables(SkipSequence(conn), db, schemas[db], COMPOSITE, sql_type)
        globals()[db](conn, random.Random(7000 + i))
        conn.commit()
        conn.close()
        print("wrote", path)


if __name__ == "__main__":
    main()
