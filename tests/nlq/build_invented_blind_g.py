#!/usr/bin/env python3
"""Build the 6 invented SQLite databases of the blind set invented_blind_en_g.jsonl.

Written by the "blind-invented-en-g" helper (session 25) on 2026-11-28, without reading the
askdb question-to-SQL engine, its docs, other question sets or running askdb. BIRD-style
operational schemas, every row invented: a water utility's billing, an airline loyalty
programme, a clinical trial, a card-game tournament platform, a municipal parking system and
a solar-panel installer. Abbreviated column names, code columns ('M'/'F', 'Y'/'N', 0/1,
status numbers), look-up tables, junction tables, ISO TEXT dates, REAL money.

Deterministic: fixed random.Random seeds, no clock; each run rewrites
tests/nlq/invented/<name>.sqlite byte for byte the same.
Usage: python3 tests/nlq/build_invented_blind_g.py
"""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from invented_rows import OUT, day, first_last, money, plus, unique_name, write  # noqa: E402

FIRST_F = ["Amelia", "Beatriz", "Chloe", "Dana", "Esther", "Farah", "Gemma", "Helga", "Ines",
           "Julia", "Katrin", "Leila", "Marta", "Nora", "Orla", "Priya", "Ruth", "Sofia",
           "Tamsin", "Ursula", "Valeria", "Wanda", "Yara", "Zofia"]
FIRST_M = ["Adrian", "Bruno", "Conor", "Diego", "Erik", "Faisal", "Gustav", "Henrik", "Idris",
           "Jakob", "Karim", "Lars", "Mateo", "Niall", "Oscar", "Pavel", "Rafael", "Stefan",
           "Tomas", "Viktor", "Walter", "Yannick", "Zoran", "Hamid"]
LAST = ["Aalto", "Brennan", "Carvalho", "Delgado", "Eklund", "Fontaine", "Gruber", "Hartmann",
        "Iqbal", "Jovanovic", "Kaplan", "Lindqvist", "Mahler", "Nakamura", "Okafor", "Pires",
        "Quigley", "Rahman", "Sandoval", "Toivonen", "Urquhart", "Varga", "Whitlock", "Yamada",
        "Zeller", "Bergstrom", "Castellano", "Dubois", "Esposito", "Falk", "Gallagher", "Horvat"]
FIRST = FIRST_F + FIRST_M


def person(rng, used, first=FIRST):
    return unique_name(rng, used, first_last(first, LAST))


def phone(rng):
    return f"555-{rng.randint(100, 999)}-{rng.randint(1000, 9999)}"


# ------------------------------------------------------------------ water utility billing
def water_utility():
    rng = random.Random(701)
    ddl = """
    CREATE TABLE rate_class (rate_cd TEXT PRIMARY KEY, rate_desc TEXT, base_chg REAL, per_m3 REAL);
    CREATE TABLE district (dist_id INTEGER PRIMARY KEY, dist_nm TEXT, zone_cd TEXT);
    CREATE TABLE reader (reader_id INTEGER PRIMARY KEY, rdr_fnm TEXT, rdr_lnm TEXT, hire_dt TEXT);
    CREATE TABLE account (
        acct_no INTEGER PRIMARY KEY, cust_fnm TEXT, cust_lnm TEXT, svc_addr TEXT,
        dist_id INTEGER REFERENCES district(dist_id), rate_cd TEXT REFERENCES rate_class(rate_cd),
        open_dt TEXT, close_dt TEXT, is_active TEXT CHECK (is_active IN ('Y','N')),
        autopay_flg INTEGER, cust_phone TEXT);
    CREATE TABLE meter (
        mtr_id INTEGER PRIMARY KEY, acct_no INTEGER REFERENCES account(acct_no), mtr_serial TEXT,
        mtr_size_mm INTEGER, install_dt TEXT, mfr_cd TEXT, last_test_dt TEXT);
    CREATE TABLE meter_read (
        rd_id INTEGER PRIMARY KEY, mtr_id INTEGER REFERENCES meter(mtr_id), rd_dt TEXT,
        rd_val_m3 REAL, rd_type TEXT, reader_id INTEGER REFERENCES reader(reader_id));
    CREATE TABLE bill (
        bill_id INTEGER PRIMARY KEY, acct_no INTEGER REFERENCES account(acct_no), bill_prd TEXT,
        issue_dt TEXT, due_dt TEXT, cons_m3 REAL, amt_due REAL, bill_status INTEGER);
    CREATE TABLE payment (
        pmt_id INTEGER PRIMARY KEY, bill_id INTEGER REFERENCES bill(bill_id), pmt_dt TEXT,
        pmt_amt REAL, pmt_mthd TEXT);
    CREATE TABLE leak_report (
        lk_id INTEGER PRIMARY KEY, acct_no INTEGER REFERENCES account(acct_no), rpt_dt TEXT,
        severity INTEGER, resolved_dt TEXT);
    """
    rates = [("RES", "Residential", 12.5, 1.85), ("COM", "Commercial", 38.0, 2.10),
             ("IND", "Industrial", 95.0, 1.60), ("IRR", "Irrigation", 20.0, 0.95)]
    dists = [(1, "Northgate", "N1"), (2, "Millbrook", "N2"), (3, "Harbourside", "S1"),
             (4, "Elm Heights", "S2"), (5, "Quarry Flats", "E1"), (6, "Westmere", "W1")]
    readers = []
    used = set()
    for rid in range(1, 9):
        f, l = person(rng, used)
        readers.append((rid, f, l, day(rng, "2012-01-01", "2023-06-30")))
    streets = ["Oak St", "Canal Rd", "Mill Lane", "Station Ave", "Birch Cres", "Harbour Way",
               "Quarry Rd", "Kings Parade", "Elm Grove", "Ridge Dr"]
    accts = []
    used = set()
    for a in range(1, 131):
        f, l = person(rng, used)
        rate = rng.choices(["RES", "COM", "IND", "IRR"], [12, 4, 1, 2])[0]
        dist = rng.choices([1, 2, 3, 4, 5, 6], [5, 3, 3, 4, 2, 3])[0]
        od = day(rng, "2010-01-01", "2024-06-30")
        cd = plus(od, rng.randint(400, 4000)) if rng.random() < 0.12 else None
        if cd and cd > "2026-10-31":
            cd = None
        accts.append((10000 + a, f, l, f"{rng.randint(1, 240)} {rng.choice(streets)}", dist, rate,
                      od, cd, "N" if cd else "Y", 1 if rng.random() < 0.45 else 0, phone(rng)))
    meters = []
    for i, a in enumerate(accts, 1):
        size = {"RES": 15, "COM": 25, "IND": 50, "IRR": 40}[a[5]]
        ins = day(rng, a[6], plus(a[6], 60))
        meters.append((i, a[0], f"WM{rng.randint(100000, 999999)}", size, ins,
                       rng.choice(["SEN", "ITR", "KAM", "ELS"]), day(rng, "2019-01-01", "2025-12-31")))
    reads = []
    bills = []
    pays = []
    rid = bid = pid = 0
    periods = ["2025-03", "2025-07", "2025-11"]
    for i, a in enumerate(accts):
        m = meters[i]
        val = round(rng.uniform(100, 5000), 1)
        scale = {"RES": 1, "COM": 4, "IND": 12, "IRR": 6}[a[5]]
        for prd in periods:
            start = prd + "-01"
            if start < a[6] or (a[7] and start > a[7]):
                continue
            cons = round(rng.uniform(14, 40) * scale, 1)
            val = round(val + cons, 1)
            rid += 1
            rdt = plus(start, rng.randint(0, 4))
            reads.append((rid, m[0], rdt, val, "E" if rng.random() < 0.15 else "A",
                          rng.choice([1, 2, 3, 4, 5, 6, 7, 8])))
            if rng.random() < 0.3:  # only some reads drive a bill (sample keeps size down)
                continue
            bid += 1
            r = [x for x in rates if x[0] == a[5]][0]
            amt = round(r[2] + r[3] * cons, 2)
            issue = plus(rdt, 5)
            due = plus(issue, 21)
            st = 1 if prd >= "2025-11" and rng.random() < 0.5 else rng.choices([2, 1, 3], [12, 2, 1])[0]
            bills.append((bid, a[0], prd, issue, due, cons, amt, st))
            if st == 2:
                pid += 1
                late = rng.random() < 0.2
                pdt = plus(due, rng.randint(1, 30)) if late else plus(issue, rng.randint(1, 20))
                meth = "DD" if a[9] == 1 else rng.choice(["CC", "CHQ", "CASH", "CC"])
                pays.append((pid, bid, pdt, amt, meth))
    leaks = []
    for k in range(1, 41):
        a = rng.choice(accts)
        rd = day(rng, "2024-01-01", "2026-10-31")
        leaks.append((k, a[0], rd, rng.choice([1, 1, 2, 2, 3]),
                      plus(rd, rng.randint(1, 40)) if rng.random() < 0.8 else None))
    write("water_utility_g", ddl, {"rate_class": rates, "district": dists, "reader": readers,
                                   "account": accts, "meter": meters, "meter_read": reads,
                                   "bill": bills, "payment": pays, "leak_report": leaks})


# ------------------------------------------------------------------ airline loyalty programme
def airline_loyalty():
    rng = random.Random(702)
    ddl = """
    CREATE TABLE tier (tier_cd TEXT PRIMARY KEY, tier_nm TEXT, min_qpts INTEGER, lounge_acc TEXT);
    CREATE TABLE airport (apt_cd TEXT PRIMARY KEY, apt_nm TEXT, city TEXT, ctry_cd TEXT);
    CREATE TABLE member (
        mbr_id INTEGER PRIMARY KEY, fst_nm TEXT, lst_nm TEXT, gndr TEXT, dob TEXT, email TEXT,
        tier_cd TEXT REFERENCES tier(tier_cd), enrol_dt TEXT, home_apt TEXT REFERENCES airport(apt_cd),
        pts_bal INTEGER, IsActive INTEGER);
    CREATE TABLE flight (
        flt_id INTEGER PRIMARY KEY, flt_no TEXT, orig_apt TEXT REFERENCES airport(apt_cd),
        dest_apt TEXT REFERENCES airport(apt_cd), dep_dt TEXT, dist_mi INTEGER);
    CREATE TABLE flight_activity (
        act_id INTEGER PRIMARY KEY, mbr_id INTEGER REFERENCES member(mbr_id),
        flt_id INTEGER REFERENCES flight(flt_id), fare_cls TEXT, miles_earned INTEGER,
        qpts_earned INTEGER, seg_status TEXT);
    CREATE TABLE partner (prtn_id INTEGER PRIMARY KEY, prtn_nm TEXT, prtn_type TEXT);
    CREATE TABLE partner_txn (
        txn_id INTEGER PRIMARY KEY, mbr_id INTEGER REFERENCES member(mbr_id),
        prtn_id INTEGER REFERENCES partner(prtn_id), txn_dt TEXT, spend_amt_usd REAL, pts_awarded INTEGER);
    CREATE TABLE redemption (
        rdm_id INTEGER PRIMARY KEY, mbr_id INTEGER REFERENCES member(mbr_id), rdm_dt TEXT,
        pts_used INTEGER, rdm_type TEXT, rdm_status TEXT);
    """
    tiers = [("BLU", "Blue", 0, "N"), ("SLV", "Silver", 300, "N"), ("GLD", "Gold", 800, "Y"),
             ("PLT", "Platinum", 1600, "Y")]
    apts = [("LHR", "Heathrow", "London", "GB"), ("CDG", "Charles de Gaulle", "Paris", "FR"),
            ("FRA", "Frankfurt Main", "Frankfurt", "DE"), ("MAD", "Barajas", "Madrid", "ES"),
            ("JFK", "John F. Kennedy", "New York", "US"), ("ORD", "O'Hare", "Chicago", "US"),
            ("NRT", "Narita", "Tokyo", "JP"), ("DXB", "Dubai International", "Dubai", "AE"),
            ("AMS", "Schiphol", "Amsterdam", "NL"), ("LIS", "Humberto Delgado", "Lisbon", "PT")]
    members = []
    used = set()
    for m in range(1, 161):
        g = rng.choice("MF")
        f, l = person(rng, used, FIRST_M if g == "M" else FIRST_F)
        tier = rng.choices(["BLU", "SLV", "GLD", "PLT"], [10, 5, 3, 1])[0]
        members.append((m, f, l, g, day(rng, "1950-01-01", "2010-12-31"),
                        f"{f.lower()}.{l.lower()}{m}@mailbox.net", tier,
                        day(rng, "2012-01-01", "2025-10-31"), rng.choice([a[0] for a in apts]),
                        rng.randint(0, 250000), 0 if rng.random() < 0.15 else 1))
    coords = {"LHR": 0, "CDG": 1, "FRA": 2, "MAD": 3, "JFK": 4, "ORD": 5, "NRT": 6, "DXB": 7,
              "AMS": 8, "LIS": 9}
    flights = []
    fid = 0
    routes = set()
    while len(flights) < 60:
        o, d = rng.sample([a[0] for a in apts], 2)
        if (o, d) in routes:
            continue
        routes.add((o, d))
        fid += 1
        dist = 200 + abs(coords[o] - coords[d]) * 410 + rng.randint(0, 399)
        flights.append((fid, f"SK{100 + fid * 7}", o, d, day(rng, "2024-01-01", "2026-10-31"), dist))
    acts = []
    for aid in range(1, 381):
        mb = rng.choice(members)
        fl = rng.choice(flights)
        cls = rng.choices(["Y", "W", "J", "F"], [10, 3, 3, 1])[0]
        mult = {"Y": 1.0, "W": 1.5, "J": 2.0, "F": 3.0}[cls]
        st = "N" if rng.random() < 0.08 else "F"
        miles = int(fl[5] * mult) if st == "F" else 0
        acts.append((aid, mb[0], fl[0], cls, miles, miles // 20, st))
    partners = [(1, "Grandview Hotels", "HOTEL"), (2, "Northstar Suites", "HOTEL"),
                (3, "Swift Car Rental", "CAR"), (4, "DriveAway", "CAR"),
                (5, "SkyCard Visa", "CARD"), (6, "Meridian Mastercard", "CARD"),
                (7, "Duty Free Plus", "RETAIL"), (8, "Aroma Coffee", "RETAIL")]
    txns = []
    for t in range(1, 301):
        p = rng.choice(partners)
        amt = money(rng, 15, 900)
        txns.append((t, rng.choice(members)[0], p[0], day(rng, "2024-01-01", "2026-10-31"), amt,
                     int(amt * (2 if p[2] == "HOTEL" else 1))))
    rdms = []
    for r in range(1, 121):
        typ = rng.choices(["AWD", "UPG", "MRC"], [5, 3, 2])[0]
        pts = {"AWD": rng.randint(15, 80) * 1000, "UPG": rng.randint(5, 30) * 1000,
               "MRC": rng.randint(1, 12) * 500}[typ]
        rdms.append((r, rng.choice(members[:140])[0], day(rng, "2024-01-01", "2026-10-31"), pts, typ,
                     "X" if rng.random() < 0.1 else "C"))
    write("airline_loyalty_g", ddl, {"tier": tiers, "airport": apts, "member": members,
                                     "flight": flights, "flight_activity": acts, "partner": partners,
                                     "partner_txn": txns, "redemption": rdms})


# ------------------------------------------------------------------ clinical trial
def clinical_trial():
    rng = random.Random(703)
    ddl = """
    CREATE TABLE site (site_id INTEGER PRIMARY KEY, site_nm TEXT, city TEXT, ctry TEXT, pi_name TEXT);
    CREATE TABLE arm (arm_cd TEXT PRIMARY KEY, arm_desc TEXT, dose_mg REAL);
    CREATE TABLE participant (
        pt_id INTEGER PRIMARY KEY, pt_fnm TEXT, pt_lnm TEXT, pt_sex TEXT, pt_dob TEXT,
        site_id INTEGER REFERENCES site(site_id), arm_cd TEXT REFERENCES arm(arm_cd), enrl_dt TEXT,
        wd_dt TEXT, wd_reason TEXT, bmi REAL, smoker_yn TEXT, ecog INTEGER);
    CREATE TABLE visit (
        vst_id INTEGER PRIMARY KEY, pt_id INTEGER REFERENCES participant(pt_id), vst_no INTEGER,
        vst_dt TEXT, sbp INTEGER, dbp INTEGER, wt_kg REAL, hba1c REAL);
    CREATE TABLE adverse_event (
        ae_id INTEGER PRIMARY KEY, pt_id INTEGER REFERENCES participant(pt_id), ae_term TEXT,
        onset_dt TEXT, sev_grd INTEGER, is_serious TEXT, rel_to_drug TEXT, resolved_dt TEXT);
    CREATE TABLE conmed (
        cm_id INTEGER PRIMARY KEY, pt_id INTEGER REFERENCES participant(pt_id), drug_nm TEXT,
        start_dt TEXT, dose_txt TEXT);
    CREATE TABLE lab_test (test_cd TEXT PRIMARY KEY, test_nm TEXT, unit TEXT, ref_lo REAL, ref_hi REAL);
    CREATE TABLE lab_result (
        lab_id INTEGER PRIMARY KEY, pt_id INTEGER REFERENCES participant(pt_id), vst_no INTEGER,
        test_cd TEXT REFERENCES lab_test(test_cd), result_val REAL, abn_flg TEXT);
    """
    sites = [(1, "Lakeshore University Hospital", "Toronto", "CA", "Dr. Miriam Sole"),
             (2, "St. Aurelia Medical Centre", "Lyon", "FR", "Dr. Paul Renard"),
             (3, "Nordic Heart Institute", "Gothenburg", "SE", "Dr. Ingrid Voss"),
             (4, "Pacific Research Clinic", "Portland", "US", "Dr. Kevin Osei"),
             (5, "Rhine Valley Clinic", "Basel", "CH", "Dr. Anke Brandt")]
    arms = [("PBO", "Placebo", 0.0), ("LD", "Low dose", 25.0), ("HD", "High dose", 50.0)]
    pts = []
    used = set()
    for p in range(1, 96):
        sx = rng.choice("MF")
        f, l = person(rng, used, FIRST_M if sx == "M" else FIRST_F)
        enr = day(rng, "2024-02-01", "2025-09-30")
        wd = wdr = None
        if rng.random() < 0.18:
            wd = plus(enr, rng.randint(20, 300))
            wdr = rng.choice(["Adverse event", "Withdrew consent", "Lost to follow-up",
                              "Protocol deviation"])
        pts.append((p, f, l, sx, day(rng, "1945-01-01", "2003-12-31"),
                    rng.choices([1, 2, 3, 4, 5], [5, 3, 3, 4, 2])[0], rng.choice(["PBO", "LD", "HD"]),
                    enr, wd, wdr, round(rng.uniform(18.5, 39.5), 1), "Y" if rng.random() < 0.25 else "N",
                    rng.choice([0, 0, 1, 1, 2])))
    visits = []
    labs = []
    vid = lid = 0
    tests = [("ALT", "Alanine aminotransferase", "U/L", 7, 56), ("CREA", "Creatinine", "umol/L", 60, 110),
             ("GLU", "Fasting glucose", "mmol/L", 3.9, 5.6), ("HGB", "Haemoglobin", "g/L", 120, 170)]
    for p in pts:
        wt = rng.uniform(52, 115)
        a1c = rng.uniform(6.8, 9.8)
        for vn in range(1, 5):
            vd = plus(p[7], (vn - 1) * 56)
            if p[8] and vd > p[8]:
                break
            vid += 1
            drop = {"PBO": 0.0, "LD": 0.2, "HD": 0.35}[p[6]] * (vn - 1)
            visits.append((vid, p[0], vn, vd, rng.randint(105, 175), rng.randint(62, 100),
                           round(wt - drop * 2 + rng.uniform(-1, 1), 1), round(a1c - drop + rng.uniform(-0.2, 0.2), 1)))
            if vn == 1:
                for t in tests:
                    lid += 1
                    span = t[4] - t[3]
                    v = round(rng.uniform(t[3] - span * 0.25, t[4] + span * 0.35), 1)
                    flg = "H" if v > t[4] else "L" if v < t[3] else "N"
                    labs.append((lid, p[0], vn, t[0], v, flg))
    terms = ["Headache", "Nausea", "Dizziness", "Fatigue", "Diarrhoea", "Rash", "Hypoglycaemia",
             "Back pain", "Insomnia"]
    aes = []
    for a in range(1, 111):
        p = rng.choice(pts)
        on = plus(p[7], rng.randint(3, 200))
        term = rng.choices(terms, [9, 12, 6, 8, 5, 3, 4, 3, 2])[0]
        g = rng.choices([1, 2, 3, 4], [8, 5, 2, 1])[0]
        aes.append((a, p[0], term, on, g, "Y" if g >= 3 and rng.random() < 0.6 else "N",
                    rng.choice(["Y", "N", "U"]), plus(on, rng.randint(1, 30)) if rng.random() < 0.85 else None))
    drugs = [("Metformin", "500 mg BID"), ("Atorvastatin", "20 mg QD"), ("Lisinopril", "10 mg QD"),
             ("Aspirin", "81 mg QD"), ("Omeprazole", "20 mg QD"), ("Levothyroxine", "50 mcg QD")]
    cms = []
    for c in range(1, 131):
        p = rng.choice(pts)
        dn, dt = rng.choice(drugs)
        cms.append((c, p[0], dn, day(rng, "2018-01-01", p[7]), dt))
    write("clinical_trial_g", ddl, {"site": sites, "arm": arms, "participant": pts, "visit": visits,
                                    "adverse_event": aes, "conmed": cms, "lab_test": tests,
                                    "lab_result": labs})


# ------------------------------------------------------------------ card-game tournament platform
def card_tourney():
    rng = random.Random(704)
    ddl = """
    CREATE TABLE game (game_cd TEXT PRIMARY KEY, game_nm TEXT, publisher TEXT);
    CREATE TABLE country (ctry_cd TEXT PRIMARY KEY, ctry_nm TEXT, region TEXT);
    CREATE TABLE player (
        plyr_id INTEGER PRIMARY KEY, handle TEXT UNIQUE, fname TEXT, lname TEXT,
        ctry_cd TEXT REFERENCES country(ctry_cd), dob TEXT, elo INTEGER, reg_dt TEXT,
        is_verified INTEGER, is_banned TEXT);
    CREATE TABLE tournament (
        trn_id INTEGER PRIMARY KEY, trn_nm TEXT, game_cd TEXT REFERENCES game(game_cd),
        start_dt TEXT, end_dt TEXT, buyin_usd REAL, prize_pool_usd REAL, fmt TEXT, max_plyr INTEGER,
        online_flg TEXT, trn_status INTEGER, host_ctry TEXT REFERENCES country(ctry_cd));
    CREATE TABLE registration (
        trn_id INTEGER REFERENCES tournament(trn_id), plyr_id INTEGER REFERENCES player(plyr_id),
        reg_dt TEXT, seed INTEGER, final_rank INTEGER, payout_usd REAL, PRIMARY KEY (trn_id, plyr_id));
    CREATE TABLE match (
        mtch_id INTEGER PRIMARY KEY, trn_id INTEGER REFERENCES tournament(trn_id), rnd_no INTEGER,
        p1_id INTEGER REFERENCES player(plyr_id), p2_id INTEGER REFERENCES player(plyr_id),
        winner_id INTEGER REFERENCES player(plyr_id), p1_score INTEGER, p2_score INTEGER);
    CREATE TABLE sponsor (spn_id INTEGER PRIMARY KEY, spn_nm TEXT, industry TEXT);
    CREATE TABLE trn_sponsor (
        trn_id INTEGER REFERENCES tournament(trn_id), spn_id INTEGER REFERENCES sponsor(spn_id),
        amt_usd REAL, PRIMARY KEY (trn_id, spn_id));
    """
    games = [("MTG", "Magic: The Gathering", "Wizards of the Coast"), ("PKR", "Texas Hold'em Poker", None),
             ("BRG", "Contract Bridge", None), ("HST", "Hearthstone", "Blizzard"),
             ("PKM", "Pokemon TCG", "The Pokemon Company")]
    ctrs = [("DE", "Germany", "Europe"), ("FR", "France", "Europe"), ("PL", "Poland", "Europe"),
            ("US", "United States", "Americas"), ("BR", "Brazil", "Americas"), ("JP", "Japan", "Asia"),
            ("KR", "South Korea", "Asia"), ("AU", "Australia", "Oceania"), ("SE", "Sweden", "Europe")]
    words = ["Shadow", "Ace", "Frost", "Nova", "River", "Blitz", "Echo", "Iron", "Lucky", "Viper",
             "Rook", "Storm", "Pixel", "Wild", "Ember", "Ghost", "Zen", "Comet"]
    players = []
    used = set()
    handles = set()
    elos = set()
    for p in range(1, 141):
        f, l = person(rng, used)
        while True:
            h = rng.choice(words) + rng.choice(words).lower() + str(rng.randint(1, 99))
            if h not in handles:
                handles.add(h)
                break
        while True:
            e = rng.randint(1100, 2450)
            if e not in elos:
                elos.add(e)
                break
        players.append((p, h, f, l, rng.choices([c[0] for c in ctrs], [5, 3, 3, 6, 2, 4, 3, 2, 2])[0],
                        day(rng, "1975-01-01", "2011-12-31"), e, day(rng, "2019-01-01", "2026-06-30"),
                        1 if rng.random() < 0.6 else 0, "Y" if rng.random() < 0.07 else "N"))
    towns = ["Berlin", "Lyon", "Krakow", "Vegas", "Sao Paulo", "Osaka", "Seoul", "Sydney", "Malmo"]
    trns = []
    for t in range(1, 41):
        g = rng.choice(games)[0]
        sd = day(rng, "2023-01-01", "2026-12-20")
        st = 1 if sd > "2026-11-28" else (2 if sd > "2026-11-20" else rng.choices([3, 4], [9, 1])[0])
        buy = rng.choice([0.0, 10.0, 25.0, 50.0, 100.0, 250.0])
        mx = rng.choice([8, 16, 32])
        onl = "Y" if rng.random() < 0.45 else "N"
        ci = rng.randrange(len(ctrs))
        trns.append((t, f"{towns[ci]} {rng.choice(['Open', 'Classic', 'Masters', 'Cup'])} {sd[:4]} #{t}",
                     g, sd, plus(sd, rng.randint(0, 3)), buy, round(buy * mx * 0.9 + rng.choice([0, 500, 1000]), 2),
                     rng.choice(["SE", "DE", "SW", "RR"]), mx, onl, st, ctrs[ci][0]))
    regs = []
    matches = []
    mid = 0
    for t in trns:
        n = rng.randint(5, min(t[8], 12))
        ps = rng.sample(players, n)
        ranks = list(range(1, n + 1))
        rng.shuffle(ranks)
        pool = t[6]
        for p, r in zip(ps, ranks):
            done = t[10] == 3
            pay = round(pool * {1: 0.5, 2: 0.3, 3: 0.2}.get(r, 0.0), 2) if done else 0.0
            regs.append((t[0], p[0], plus(t[3], -rng.randint(1, 30)), rng.randint(1, n),
                         r if done else None, pay))
        if t[10] in (2, 3):
            for rnd in (1, 2):
                for k in range(0, n - 1, 2):
                    mid += 1
                    a, b = ps[k], ps[k + 1]
                    s1, s2 = rng.sample([0, 1, 2], 2)
                    matches.append((mid, t[0], rnd, a[0], b[0], a[0] if s1 > s2 else b[0], s1, s2))
                rng.shuffle(ps)
    spons = [(1, "RedFox Energy", "Beverage"), (2, "Quantum Peripherals", "Hardware"),
             (3, "LuckyBet", "Gambling"), (4, "CardVault Sleeves", "Accessories"),
             (5, "StreamHub", "Media"), (6, "Aurora Bank", "Finance")]
    ts = []
    for t in trns:
        for s in rng.sample(spons, rng.randint(0, 2)):
            ts.append((t[0], s[0], float(rng.randint(5, 60) * 100)))
    write("card_tourney_g", ddl, {"game": games, "country": ctrs, "player": players,
                                  "tournament": trns, "registration": regs, "match": matches,
                                  "sponsor": spons, "trn_sponsor": ts})


# ------------------------------------------------------------------ municipal parking
def city_parking():
    rng = random.Random(705)
    ddl = """
    CREATE TABLE zone (zone_id INTEGER PRIMARY KEY, zone_cd TEXT, zone_nm TEXT, hrly_rate REAL,
        max_hrs INTEGER, is_residential TEXT);
    CREATE TABLE meter (mtr_id INTEGER PRIMARY KEY, zone_id INTEGER REFERENCES zone(zone_id),
        street_nm TEXT, inst_dt TEXT, pay_type TEXT, in_service INTEGER);
    CREATE TABLE vehicle (veh_id INTEGER PRIMARY KEY, plate_no TEXT, state_cd TEXT, make TEXT,
        model TEXT, veh_type TEXT, owner_fnm TEXT, owner_lnm TEXT, ev_flg TEXT, reg_yr INTEGER);
    CREATE TABLE permit (prmt_id INTEGER PRIMARY KEY, veh_id INTEGER REFERENCES vehicle(veh_id),
        zone_id INTEGER REFERENCES zone(zone_id), prmt_type TEXT, issue_dt TEXT, exp_dt TEXT, fee_amt REAL);
    CREATE TABLE parking_session (sess_id INTEGER PRIMARY KEY, veh_id INTEGER REFERENCES vehicle(veh_id),
        mtr_id INTEGER REFERENCES meter(mtr_id), start_ts TEXT, end_ts TEXT, amt_paid REAL, pay_chnl TEXT);
    CREATE TABLE officer (off_id INTEGER PRIMARY KEY, off_fnm TEXT, off_lnm TEXT, badge_no TEXT,
        hire_dt TEXT, shift TEXT);
    CREATE TABLE violation_type (viol_cd TEXT PRIMARY KEY, viol_desc TEXT, fine_amt REAL);
    CREATE TABLE citation (cit_id INTEGER PRIMARY KEY, veh_id INTEGER REFERENCES vehicle(veh_id),
        off_id INTEGER REFERENCES officer(off_id), viol_cd TEXT REFERENCES violation_type(viol_cd),
        zone_id INTEGER REFERENCES zone(zone_id), issued_ts TEXT, cit_status INTEGER, paid_dt TEXT,
        paid_amt REAL);
    CREATE TABLE appeal (apl_id INTEGER PRIMARY KEY, cit_id INTEGER REFERENCES citation(cit_id),
        filed_dt TEXT, decision TEXT, decided_dt TEXT);
    """
    zones = [(1, "CBD-A", "Central Business A", 4.50, 2, "N"), (2, "CBD-B", "Central Business B", 4.00, 3, "N"),
             (3, "OLD", "Old Town", 3.00, 3, "N"), (4, "UNI", "University Quarter", 2.50, 4, "N"),
             (5, "R-EAST", "Eastside Residential", 1.50, 8, "Y"), (6, "R-WEST", "Westside Residential", 1.25, 8, "Y"),
             (7, "HOSP", "Hospital Precinct", 2.00, 4, "N"), (8, "R-NORTH", "Northfield Residential", 1.00, 10, "Y")]
    streets = ["Main St", "Market St", "Bridge Rd", "Chapel Ln", "Victoria Ave", "Mill St",
               "College Rd", "Park Tce", "Ferry Rd", "Hill St"]
    meters = []
    for m in range(1, 61):
        meters.append((m, rng.choice(zones)[0], rng.choice(streets), day(rng, "2012-01-01", "2024-12-31"),
                       rng.choices(["COIN", "CARD", "APP"], [2, 5, 3])[0], 0 if rng.random() < 0.1 else 1))
    makes = [("Toyota", ["Corolla", "RAV4", "Hilux", "Prius"]), ("Ford", ["Focus", "Transit", "F-150"]),
             ("Tesla", ["Model 3", "Model Y"]), ("Honda", ["Civic", "CR-V", "Africa Twin"]),
             ("Volkswagen", ["Golf", "ID.4", "Crafter"]), ("Nissan", ["Leaf", "Navara"])]
    kind = {"Hilux": "T", "F-150": "T", "Navara": "T", "Transit": "V", "Crafter": "V", "Africa Twin": "M"}
    ev = {"Model 3", "Model Y", "ID.4", "Leaf"}
    vehs = []
    used = set()
    plates = set()
    for v in range(1, 201):
        f, l = person(rng, used)
        mk, models = rng.choice(makes)
        md = rng.choice(models)
        while True:
            pl = f"{rng.choice('ABCDEFGHJK')}{rng.choice('LMNPRSTUVW')}{rng.choice('XYZABC')}-{rng.randint(100, 999)}"
            if pl not in plates:
                plates.add(pl)
                break
        vehs.append((v, pl, rng.choices(["WA", "OR", "ID"], [8, 2, 1])[0], mk, md, kind.get(md, "C"),
                     f, l, "Y" if md in ev or (md == "Prius" and rng.random() < 0.3) else "N",
                     rng.randint(2006, 2026)))
    permits = []
    for p in range(1, 71):
        v = rng.choice(vehs)
        typ = rng.choices(["RES", "BUS", "DIS"], [6, 3, 1])[0]
        z = rng.choice([5, 6, 8]) if typ == "RES" else rng.choice([1, 2, 3, 4, 7])
        iss = day(rng, "2023-01-01", "2026-10-31")
        permits.append((p, v[0], z, typ, iss, plus(iss, 364), {"RES": 120.0, "BUS": 480.0, "DIS": 0.0}[typ]))
    sess = []
    for s in range(1, 361):
        v = rng.choice(vehs)
        m = rng.choice(meters)
        z = zones[m[1] - 1]
        d = day(rng, "2025-01-01", "2026-10-31")
        h = rng.randint(7, 18)
        mins = rng.randint(10, z[4] * 60)
        st = f"{d} {h:02d}:{rng.choice(['00', '15', '30', '45'])}"
        eh, em = divmod(int(st[11:13]) * 60 + int(st[14:16]) + mins, 60)
        sess.append((s, v[0], m[0], st, f"{d} {eh:02d}:{em:02d}", round(z[3] * mins / 60, 2),
                     m[4] if m[4] != "APP" else "APP"))
    offs = []
    used = set()
    for o in range(1, 13):
        f, l = person(rng, used)
        offs.append((o, f, l, f"PE-{400 + o * 3}", day(rng, "2011-01-01", "2025-03-31"), rng.choice("DDN")))
    vtypes = [("EXP", "Expired meter", 45.0), ("NOP", "No valid permit", 75.0),
              ("HYD", "Parked at fire hydrant", 150.0), ("DBL", "Double parking", 90.0),
              ("BUS", "Parked in bus stop", 120.0), ("OVT", "Overtime in time-limited zone", 50.0),
              ("DIS", "Disabled bay without permit", 250.0)]
    cits = []
    apls = []
    aid = 0
    for c in range(1, 261):
        v = rng.choice(vehs)
        vt = rng.choices(vtypes, [9, 5, 1, 3, 2, 6, 1])[0]
        o = rng.choices(offs, [1, 3, 2, 2, 1, 2, 1, 2, 1, 1, 2, 1])[0]
        d = day(rng, "2024-06-01", "2026-10-31")
        ts = f"{d} {rng.randint(7, 21):02d}:{rng.randint(0, 59):02d}"
        st = rng.choices([1, 2, 3, 4], [3, 8, 1, 1])[0]
        pd = pa = None
        if st == 2:
            pd = plus(d, rng.randint(1, 40))
            pa = vt[2] if pd <= plus(d, 28) else vt[2] * 1.5
        cits.append((c, v[0], o[0], vt[0], rng.choice(zones)[0], ts, st, pd, pa))
        if st in (3, 4) or (st == 2 and rng.random() < 0.1):
            aid += 1
            fd = plus(d, rng.randint(2, 20))
            dec = "D" if st == 4 else ("U" if st == 2 else "P")
            apls.append((aid, c, fd, dec, None if dec == "P" else plus(fd, rng.randint(5, 60))))
    write("city_parking_g", ddl, {"zone": zones, "meter": meters, "vehicle": vehs, "permit": permits,
                                  "parking_session": sess, "officer": offs, "violation_type": vtypes,
                                  "citation": cits, "appeal": apls})


# ------------------------------------------------------------------ solar-panel installer
def solar_installer():
    rng = random.Random(706)
    ddl = """
    CREATE TABLE customer (cust_id INTEGER PRIMARY KEY, cust_fnm TEXT, cust_lnm TEXT, addr TEXT,
        city TEXT, postcode TEXT, phone TEXT, cust_type TEXT, ref_src TEXT);
    CREATE TABLE panel_model (pm_id INTEGER PRIMARY KEY, mfr TEXT, model_nm TEXT, watt_peak INTEGER,
        eff_pct REAL, unit_cost REAL, warranty_yrs INTEGER);
    CREATE TABLE inverter_model (inv_id INTEGER PRIMARY KEY, mfr TEXT, model_nm TEXT, rated_kw REAL,
        unit_cost REAL);
    CREATE TABLE project (proj_id INTEGER PRIMARY KEY, cust_id INTEGER REFERENCES customer(cust_id),
        quote_dt TEXT, sign_dt TEXT, install_dt TEXT, pm_id INTEGER REFERENCES panel_model(pm_id),
        n_panels INTEGER, inv_id INTEGER REFERENCES inverter_model(inv_id), sys_kwp REAL,
        contract_amt REAL, stage INTEGER, roof_type TEXT);
    CREATE TABLE crew (crew_id INTEGER PRIMARY KEY, crew_nm TEXT, lead_fnm TEXT, lead_lnm TEXT);
    CREATE TABLE project_crew (proj_id INTEGER REFERENCES project(proj_id),
        crew_id INTEGER REFERENCES crew(crew_id), days_on_site INTEGER, PRIMARY KEY (proj_id, crew_id));
    CREATE TABLE gen_reading (rd_id INTEGER PRIMARY KEY, proj_id INTEGER REFERENCES project(proj_id),
        rd_month TEXT, gen_kwh REAL);
    CREATE TABLE service_ticket (tkt_id INTEGER PRIMARY KEY, proj_id INTEGER REFERENCES project(proj_id),
        open_dt TEXT, close_dt TEXT, issue_cd TEXT, billable_yn TEXT);
    CREATE TABLE rebate (rb_id INTEGER PRIMARY KEY, proj_id INTEGER REFERENCES project(proj_id),
        program_nm TEXT, rebate_amt REAL, approved_flg INTEGER);
    """
    cities = [("Fresno", "937"), ("Bakersfield", "933"), ("Visalia", "932"), ("Modesto", "953"),
              ("Merced", "953")]
    streets = ["Olive Ave", "Shaw Ave", "Palm Dr", "Cedar St", "Sunset Blvd", "Orchard Ln", "Vine St"]
    custs = []
    used = set()
    for c in range(1, 131):
        f, l = person(rng, used)
        city, pc = rng.choices(cities, [5, 3, 2, 3, 1])[0]
        custs.append((c, f, l, f"{rng.randint(10, 9999)} {rng.choice(streets)}", city,
                      pc + f"{rng.randint(0, 99):02d}", phone(rng), "B" if rng.random() < 0.2 else "R",
                      rng.choice(["WEB", "REFERRAL", "DOOR", "RADIO", None])))
    panels = [(1, "SunPeak", "SP-400M", 400, 20.5, 182.0, 25), (2, "SunPeak", "SP-430X", 430, 21.8, 214.0, 25),
              (3, "Helion", "HX-370", 370, 19.4, 149.0, 20), (4, "Helion", "HX-415 Black", 415, 21.1, 198.0, 25),
              (5, "Corona Solar", "CS-450 Bifacial", 450, 22.3, 236.0, 30), (6, "Apex Volt", "AV-355", 355, 18.9, 131.0, 15)]
    invs = [(1, "Fronius", "Primo 5.0", 5.0, 1450.0), (2, "Fronius", "Primo 8.2", 8.2, 1980.0),
            (3, "SMA", "Sunny Boy 6.0", 6.0, 1620.0), (4, "Enphase", "IQ8 microsystem", 7.5, 2400.0),
            (5, "SolarEdge", "SE10K", 10.0, 2550.0)]
    projs = []
    for p in range(1, 151):
        c = custs[(p - 1) % 130] if p <= 130 else rng.choice(custs)
        q = day(rng, "2023-01-01", "2026-09-30")
        stage = rng.choices([1, 2, 3, 4, 5], [2, 2, 2, 8, 2])[0]
        sg = plus(q, rng.randint(5, 45)) if stage in (2, 3, 4) else None
        ins = plus(sg, rng.randint(14, 90)) if stage in (3, 4) else None
        if ins and ins > "2026-11-20":
            ins, stage = None, 2
        pm = rng.choice(panels)
        n = rng.randint(10, 60) if c[7] == "B" else rng.randint(8, 28)
        kwp = round(pm[3] * n / 1000, 2)
        inv = rng.choice(invs)
        amt = round(kwp * rng.uniform(2300, 3100), 2)
        projs.append((p, c[0], q, sg, ins, pm[0], n, inv[0], kwp, amt, stage,
                      rng.choices(["TILE", "METAL", "FLAT"], [5, 3, 2])[0]))
    crews = [(1, "Alpha Crew", "Dale", "Ferris"), (2, "Bright Team", "Rosa", "Linares"),
             (3, "Canyon Crew", "Tariq", "Benson"), (4, "Delta Installs", "Megan", "Holt"),
             (5, "Eagle Roofing Unit", "Sam", "Okoro")]
    pcs = []
    for p in projs:
        if p[4]:
            for cr in rng.sample(crews, rng.choice([1, 1, 2])):
                pcs.append((p[0], cr[0], rng.randint(1, 5)))
    gens = []
    gid = 0
    months = [f"{y}-{m:02d}" for y in (2025, 2026) for m in (1, 4, 7, 10)]
    seas = [0.55, 0.65, 0.85, 1.0, 1.15, 1.25, 1.3, 1.25, 1.1, 0.9, 0.65, 0.5]
    for p in projs:
        if p[10] != 4:
            continue
        for mo in months:
            if mo <= p[4][:7] or rng.random() < 0.35:
                continue
            gid += 1
            gens.append((gid, p[0], mo, round(p[8] * 140 * seas[int(mo[5:]) - 1] * rng.uniform(0.85, 1.05), 1)))
    tkts = []
    for t in range(1, 61):
        p = rng.choice([x for x in projs if x[10] == 4])
        od = day(rng, plus(p[4], 10), "2026-11-15")
        tkts.append((t, p[0], od, plus(od, rng.randint(1, 25)) if rng.random() < 0.75 else None,
                     rng.choice(["INV_FAULT", "PANEL_DMG", "MONITOR", "LEAK", "CLEAN"]),
                     "Y" if rng.random() < 0.4 else "N"))
    rebs = []
    rid = 0
    for p in projs:
        if p[10] in (3, 4) and rng.random() < 0.6:
            rid += 1
            prog = rng.choice(["State Solar Incentive", "Utility Net-Meter Credit", "County Green Grant"])
            rebs.append((rid, p[0], prog, float(rng.randint(4, 40) * 50), 0 if rng.random() < 0.2 else 1))
    write("solar_installer_g", ddl, {"customer": custs, "panel_model": panels, "inverter_model": invs,
                                     "project": projs, "crew": crews, "project_crew": pcs,
                                     "gen_reading": gens, "service_ticket": tkts, "rebate": rebs})


def main():
    os.makedirs(OUT, exist_ok=True)
    for build in (water_utility, airline_loyalty, clinical_trial, card_tourney, city_parking,
                  solar_installer):
        build()


if __name__ == "__main__":
    main()
