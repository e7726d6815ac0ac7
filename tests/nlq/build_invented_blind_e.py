#!/usr/bin/env python3
"""Build the 8 invented SQLite databases of the blind set invented_blind_en_e.jsonl.

Written by the "blind-invented-en-e" helper (session 21) on 2026-11-28, without reading the
askdb question-to-SQL engine, its rules or its question sets. Every schema and every row is
invented, Spider-style clubs, events, records and catalogues: a choir and its concerts, a city
marathon series, a zoo, a film festival, a chess club, a ferry line, a stamp collectors'
society and a university course catalogue. Mixed naming styles, code tables, junction
tables, self-references, ISO TEXT dates, REAL money, Y/N or 0/1 flags and status codes.

Deterministic: fixed random.Random seeds, no clock; each run rewrites
tests/nlq/invented/<name>.sqlite byte for byte the same.
Usage: python3 tests/nlq/build_invented_blind_e.py
"""
import datetime
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from invented_rows import OUT, day, first_last, money, unique_name, write  # noqa: E402

FIRST = ["Alice", "Ben", "Clara", "Dmitri", "Elena", "Felix", "Grace", "Hugo", "Iris", "Jonas",
         "Kara", "Liam", "Maya", "Nils", "Olga", "Pablo", "Quinn", "Rosa", "Sven", "Tara",
         "Umar", "Vera", "Wes", "Xena", "Yusuf", "Zoe", "Arjun", "Bianca", "Caleb", "Daria",
         "Emil", "Fiona", "Gavin", "Hana", "Ivan", "Jade", "Kenji", "Lena", "Marco", "Nadia"]
LAST = ["Abbott", "Barnes", "Castillo", "Dunn", "Eriksen", "Fischer", "Gallo", "Hughes",
        "Ivanova", "Jensen", "Kowalski", "Lambert", "Moreau", "Novak", "O'Brien", "Petrov",
        "Quint", "Rossi", "Sato", "Tanaka", "Ueda", "Vance", "Weber", "Xu", "Yilmaz", "Zhang",
        "Bauer", "Cohen", "Dias", "Engel", "Ferreira", "Gross", "Holm", "Inoue", "Keller"]


def person(rng, used):
    """A first and last name pair not used before in this table."""
    return unique_name(rng, used, first_last(FIRST, LAST))


# ---------------------------------------------------------------- choir (snake_case)
def choir():
    rng = random.Random(501)
    ddl = """
    CREATE TABLE voice_part (part_cd TEXT PRIMARY KEY, part_nm TEXT NOT NULL);
    CREATE TABLE singer (
        singer_id INTEGER PRIMARY KEY, first_nm TEXT, last_nm TEXT,
        part_cd TEXT REFERENCES voice_part(part_cd), birth_yr INTEGER, join_dt TEXT,
        is_soloist TEXT CHECK (is_soloist IN ('Y','N')),
        section_leader_id INTEGER REFERENCES singer(singer_id),
        status_cd TEXT, email TEXT);
    CREATE TABLE venue (venue_id INTEGER PRIMARY KEY, venue_nm TEXT, city TEXT, capacity INTEGER);
    CREATE TABLE concert (
        concert_id INTEGER PRIMARY KEY, title TEXT, venue_id INTEGER REFERENCES venue(venue_id),
        concert_dt TEXT, ticket_price REAL, tickets_sold INTEGER, status_cd TEXT);
    CREATE TABLE piece (piece_id INTEGER PRIMARY KEY, title TEXT, composer TEXT, era TEXT, duration_min INTEGER);
    CREATE TABLE concert_singer (
        concert_id INTEGER REFERENCES concert(concert_id),
        singer_id INTEGER REFERENCES singer(singer_id), PRIMARY KEY (concert_id, singer_id));
    CREATE TABLE programme_item (
        concert_id INTEGER REFERENCES concert(concert_id),
        piece_id INTEGER REFERENCES piece(piece_id), seq_no INTEGER,
        PRIMARY KEY (concert_id, piece_id));
    """
    parts = [("S", "Soprano"), ("A", "Alto"), ("T", "Tenor"), ("B", "Bass")]
    used = set()
    singers = []
    leaders = {}
    sid = 0
    for pc, _ in parts:
        n = {"S": 12, "A": 11, "T": 8, "B": 9}[pc]
        for k in range(n):
            sid += 1
            f, l = person(rng, used)
            leader = None if k == 0 else leaders[pc]
            if k == 0:
                leaders[pc] = sid
            yr = rng.randint(1950, 2003)
            status = rng.choices(["ACT", "LOA", "RET"], [8, 1, 1])[0]
            singers.append((sid, f, l, pc, yr, day(rng, "2008-01-01", "2024-09-30"),
                            "Y" if rng.random() < 0.2 else "N", leader, status,
                            f"{f.lower()}.{l.lower().replace(chr(39), '')}@choirmail.org"))
    # make one unique youngest and oldest
    singers[5] = singers[5][:4] + (2006,) + singers[5][5:]
    singers[20] = singers[20][:4] + (1944,) + singers[20][5:]
    venues = [(1, "St Cecilia's Church", "Riverton", 320), (2, "Town Hall", "Riverton", 450),
              (3, "Harbour Arts Centre", "Portwell", 600), (4, "Old Chapel", "Lindfield", 150),
              (5, "University Great Hall", "Portwell", 800), (6, "Cathedral of St Mark", "Ashby", 1100),
              (7, "Library Atrium", "Lindfield", 120), (8, "Botanic Garden Pavilion", "Ashby", 260)]
    titles = ["Spring Serenade", "Autumn Vespers", "Carols by Candlelight", "Summer Madrigals",
              "Requiem Evening", "Gala of Voices", "Baroque Sundays", "Folk Songs of the Isles",
              "Easter Oratorio", "Midwinter Music"]
    concerts = []
    for cid in range(1, 33):
        d = day(rng, "2023-01-15", "2026-10-30")
        if d > "2026-06-30":
            st = "SCH"
        else:
            st = "CXL" if rng.random() < 0.12 else "DONE"
        vid = rng.choice([1, 2, 3, 4, 5, 6, 1, 2, 3])
        price = rng.choice([12.0, 15.0, 18.5, 20.0, 25.0, 30.0])
        sold = 0 if st in ("CXL", "SCH") else rng.randint(60, [0, 320, 450, 600, 150, 800, 1100][vid])
        concerts.append((cid, rng.choice(titles) + f" {d[:4]}", vid, d, price, sold, st))
    composers = [("Johann Sebastian Bach", "Baroque"), ("George Frideric Handel", "Baroque"),
                 ("Wolfgang Amadeus Mozart", "Classical"), ("Joseph Haydn", "Classical"),
                 ("Johannes Brahms", "Romantic"), ("Gabriel Faure", "Romantic"),
                 ("Eric Whitacre", "Contemporary"), ("Ola Gjeilo", "Contemporary"),
                 ("Thomas Tallis", "Renaissance"), ("William Byrd", "Renaissance")]
    pieces = []
    for pid in range(1, 27):
        comp, era = composers[(pid * 7) % len(composers)]
        pieces.append((pid, f"Opus {100 + pid} ({comp.split()[-1]})", comp, era, rng.randint(3, 45)))
    cs = []
    active = [s[0] for s in singers if s[8] != "RET"]
    never = {singers[9][0], singers[27][0]}
    for c in concerts:
        if c[6] == "CXL":
            continue
        for s in sorted(rng.sample([a for a in active if a not in never], rng.randint(7, 12))):
            cs.append((c[0], s))
    prog = []
    for c in concerts:
        for seq, p in enumerate(rng.sample(range(1, 27), rng.randint(3, 6)), 1):
            prog.append((c[0], p, seq))
    write("choir_e", ddl, {"voice_part": parts, "singer": singers, "venue": venues,
                           "concert": concerts, "piece": pieces, "concert_singer": cs,
                           "programme_item": prog})


# ---------------------------------------------------------------- marathon (CamelCase)
def marathon():
    rng = random.Random(502)
    ddl = """
    CREATE TABLE Country (CountryCode TEXT PRIMARY KEY, CountryName TEXT);
    CREATE TABLE RunningClub (ClubId INTEGER PRIMARY KEY, ClubName TEXT, FoundedYear INTEGER, HomeCity TEXT);
    CREATE TABLE Runner (
        RunnerId INTEGER PRIMARY KEY, FirstName TEXT, LastName TEXT, Gender TEXT,
        BirthDate TEXT, CountryCode TEXT REFERENCES Country(CountryCode),
        ClubId INTEGER REFERENCES RunningClub(ClubId), IsElite INTEGER);
    CREATE TABLE Race (
        RaceId INTEGER PRIMARY KEY, RaceName TEXT, RaceDate TEXT, City TEXT,
        DistanceKm REAL, EntryFee REAL);
    CREATE TABLE Result (
        ResultId INTEGER PRIMARY KEY, RaceId INTEGER REFERENCES Race(RaceId),
        RunnerId INTEGER REFERENCES Runner(RunnerId), BibNo INTEGER,
        FinishSeconds INTEGER, StatusCd TEXT);
    CREATE TABLE ResultStatus (StatusCd TEXT PRIMARY KEY, StatusDesc TEXT);
    """
    countries = [("USA", "United States"), ("GBR", "United Kingdom"), ("KEN", "Kenya"),
                 ("ETH", "Ethiopia"), ("DEU", "Germany"), ("JPN", "Japan"), ("FRA", "France"),
                 ("ITA", "Italy"), ("BRA", "Brazil")]
    clubs = [(1, "Riverside Striders", 1987, "Riverton"), (2, "Harbour Harriers", 2001, "Portwell"),
             (3, "Hill Runners AC", 1975, "Ashby"), (4, "Dawn Patrol RC", 2015, "Riverton"),
             (5, "Trail Foxes", 2019, "Lindfield"), (6, "Metro Milers", 1999, "Portwell")]
    used = set()
    runners = []
    for rid in range(1, 91):
        f, l = person(rng, used)
        cc = rng.choices([c[0] for c in countries], [20, 12, 8, 6, 8, 6, 6, 5, 4])[0]
        club = None if rng.random() < 0.2 else rng.choice([1, 2, 3, 4, 6, 1, 2])
        runners.append((rid, f, l, rng.choice("MF"), day(rng, "1955-01-01", "2005-12-31"), cc,
                        club, 1 if cc in ("KEN", "ETH") and rng.random() < 0.7 else 0))
    runners[41] = runners[41][:4] + ("1948-03-14",) + runners[41][5:]
    races = [(1, "Riverton City Marathon", "2024-04-14", "Riverton", 42.195, 85.0),
             (2, "Portwell Harbour Half", "2024-06-09", "Portwell", 21.0975, 45.0),
             (3, "Ashby Hills 10K", "2024-09-22", "Ashby", 10.0, 25.0),
             (4, "Riverton City Marathon", "2025-04-13", "Riverton", 42.195, 90.0),
             (5, "Portwell Harbour Half", "2025-06-08", "Portwell", 21.0975, 48.0),
             (6, "Lindfield Trail 25K", "2025-10-05", "Lindfield", 25.0, 60.0),
             (7, "New Year Dash 5K", "2026-01-01", "Riverton", 5.0, 15.0),
             (8, "Riverton City Marathon", "2026-04-12", "Riverton", 42.195, 95.0)]
    statuses = [("FIN", "Finished"), ("DNF", "Did not finish"), ("DNS", "Did not start"),
                ("DSQ", "Disqualified")]
    results = []
    resid = 0
    pace = {1: 175, 2: 170, 3: 165, 4: 175, 5: 170, 6: 200, 7: 160, 8: 175}
    for race in races:
        bib = 100
        for r in sorted(rng.sample(range(1, 91), rng.randint(22, 40))):
            resid += 1
            bib += 1
            st = rng.choices(["FIN", "DNF", "DNS", "DSQ"], [85, 8, 5, 2])[0]
            elite = runners[r - 1][7]
            secs = None
            if st == "FIN":
                per_km = pace[race[0]] + (0 if elite else 90) + rng.randint(0, 200)
                secs = int(per_km * race[4]) + resid
            results.append((resid, race[0], r, bib, secs, st))
    write("marathon_e", ddl, {"Country": countries, "RunningClub": clubs, "Runner": runners,
                              "Race": races, "ResultStatus": statuses, "Result": results})


# ---------------------------------------------------------------- zoo (UPPER_CASE)
def zoo():
    rng = random.Random(503)
    ddl = """
    CREATE TABLE LKP_CLASS (CLASS_CD TEXT PRIMARY KEY, CLASS_DESC TEXT);
    CREATE TABLE LKP_IUCN (IUCN_CD TEXT PRIMARY KEY, IUCN_DESC TEXT, RANK_NO INTEGER);
    CREATE TABLE SPECIES (
        SPECIES_ID INTEGER PRIMARY KEY, COMMON_NM TEXT, LATIN_NM TEXT,
        CLASS_CD TEXT REFERENCES LKP_CLASS(CLASS_CD), DIET TEXT,
        IUCN_CD TEXT REFERENCES LKP_IUCN(IUCN_CD), NATIVE_CONTINENT TEXT);
    CREATE TABLE ENCLOSURE (ENCL_ID INTEGER PRIMARY KEY, ENCL_NM TEXT, ZONE TEXT, AREA_SQM REAL, INDOOR_YN TEXT);
    CREATE TABLE ANIMAL (
        ANIMAL_ID INTEGER PRIMARY KEY, ANIMAL_NM TEXT,
        SPECIES_ID INTEGER REFERENCES SPECIES(SPECIES_ID),
        ENCL_ID INTEGER REFERENCES ENCLOSURE(ENCL_ID), SEX TEXT, BIRTH_DT TEXT, ARRIVAL_DT TEXT,
        MOTHER_ID INTEGER REFERENCES ANIMAL(ANIMAL_ID), ACTIVE_FLG INTEGER);
    CREATE TABLE KEEPER (KEEPER_ID INTEGER PRIMARY KEY, FIRST_NM TEXT, LAST_NM TEXT, HIRE_DT TEXT, SALARY REAL);
    CREATE TABLE KEEPER_ENCL (
        KEEPER_ID INTEGER REFERENCES KEEPER(KEEPER_ID),
        ENCL_ID INTEGER REFERENCES ENCLOSURE(ENCL_ID), PRIMARY KEY (KEEPER_ID, ENCL_ID));
    CREATE TABLE VET_CHECK (
        CHECK_ID INTEGER PRIMARY KEY, ANIMAL_ID INTEGER REFERENCES ANIMAL(ANIMAL_ID),
        CHECK_DT TEXT, WEIGHT_KG REAL, COST_AMT REAL, NOTES TEXT);
    """
    classes = [("MAM", "Mammal"), ("BRD", "Bird"), ("REP", "Reptile"), ("AMP", "Amphibian"),
               ("FSH", "Fish")]
    iucn = [("LC", "Least Concern", 1), ("NT", "Near Threatened", 2), ("VU", "Vulnerable", 3),
            ("EN", "Endangered", 4), ("CR", "Critically Endangered", 5)]
    sp = [("African Lion", "Panthera leo", "MAM", "Carnivore", "VU", "Africa", 220),
          ("Snow Leopard", "Panthera uncia", "MAM", "Carnivore", "VU", "Asia", 45),
          ("Red Panda", "Ailurus fulgens", "MAM", "Herbivore", "EN", "Asia", 6),
          ("Giraffe", "Giraffa camelopardalis", "MAM", "Herbivore", "VU", "Africa", 900),
          ("Sumatran Tiger", "Panthera tigris sondaica", "MAM", "Carnivore", "CR", "Asia", 120),
          ("Meerkat", "Suricata suricatta", "MAM", "Insectivore", "LC", "Africa", 0.8),
          ("Asian Elephant", "Elephas maximus", "MAM", "Herbivore", "EN", "Asia", 3500),
          ("Chilean Flamingo", "Phoenicopterus chilensis", "BRD", "Omnivore", "NT", "South America", 3),
          ("Humboldt Penguin", "Spheniscus humboldti", "BRD", "Piscivore", "VU", "South America", 4.5),
          ("Scarlet Macaw", "Ara macao", "BRD", "Herbivore", "LC", "South America", 1),
          ("Komodo Dragon", "Varanus komodoensis", "REP", "Carnivore", "EN", "Asia", 70),
          ("Green Anaconda", "Eunectes murinus", "REP", "Carnivore", "LC", "South America", 60),
          ("Galapagos Tortoise", "Chelonoidis niger", "REP", "Herbivore", "VU", "South America", 250),
          ("Axolotl", "Ambystoma mexicanum", "AMP", "Carnivore", "CR", "North America", 0.2),
          ("Poison Dart Frog", "Dendrobates tinctorius", "AMP", "Insectivore", "LC", "South America", 0.01),
          ("Clownfish", "Amphiprion ocellaris", "FSH", "Omnivore", "LC", "Oceania", 0.02),
          ("Bison", "Bison bison", "MAM", "Herbivore", "NT", "North America", 700),
          ("Kea", "Nestor notabilis", "BRD", "Omnivore", "EN", "Oceania", 0.9)]
    species = [(i + 1,) + s[:6] for i, s in enumerate(sp)]
    encl = [(1, "Savannah Plains", "Africa", 12000.0, "N"), (2, "Big Cat Ridge", "Asia", 5400.0, "N"),
            (3, "Elephant House", "Asia", 8800.0, "N"), (4, "Tropical House", "Americas", 1500.0, "Y"),
            (5, "Penguin Cove", "Americas", 900.0, "N"), (6, "Reptile World", "Americas", 700.0, "Y"),
            (7, "Aquarium Hall", "Oceania", 650.0, "Y"), (8, "Bird Lagoon", "Americas", 2600.0, "N"),
            (9, "Prairie Field", "Americas", 9500.0, "N"), (10, "Himalayan Heights", "Asia", 3100.0, "N"),
            (11, "Mountain Aviary", "Oceania", 1200.0, "N"), (12, "Nocturnal House", "Asia", 400.0, "Y")]
    home = {1: 1, 2: 10, 3: 10, 4: 1, 5: 2, 6: 1, 7: 3, 8: 8, 9: 5, 10: 4, 11: 6, 12: 6,
            13: 6, 14: 4, 15: 4, 16: 7, 17: 9, 18: 11}
    names = ["Kito", "Nala", "Zuri", "Raja", "Mina", "Tumi", "Bao", "Ollie", "Pip", "Juno", "Sasha",
             "Rex", "Luna", "Toby", "Amara", "Kai", "Nia", "Obi", "Suki", "Dax", "Ember", "Fig",
             "Gus", "Hazel", "Indi", "Jax", "Kiki", "Lulu", "Milo", "Nemo", "Oscar", "Pearl",
             "Quill", "Rumi", "Sol", "Tika", "Uma", "Vito", "Wren", "Yara", "Ziggy", "Arlo",
             "Bea", "Coco", "Dot", "Eli", "Fern", "Gigi", "Hank", "Ivy"]
    animals = []
    aid = 0
    for s in species:
        n = {1: 5, 2: 2, 3: 4, 4: 6, 5: 3, 6: 9, 7: 4, 8: 8, 9: 10, 10: 3, 11: 2, 12: 2, 13: 3,
             14: 6, 15: 7, 16: 9, 17: 5, 18: 3}[s[0]]
        first_female = None
        for k in range(n):
            aid += 1
            nm = names[(aid * 7) % len(names)] + ("" if aid <= 50 else f" {aid}")
            sex = "F" if k == 0 else rng.choice("MF")
            b = day(rng, "1990-01-01", "2025-12-31")
            mother = None
            if k == 0:
                first_female = aid
            elif rng.random() < 0.4:
                mother = first_female
                b = max(b, "2015-01-01")
            arr = b if mother else day(rng, max(b, "2000-01-01"), "2026-06-30")
            if arr < b:
                arr = b
            active = 0 if rng.random() < 0.08 else 1
            animals.append((aid, nm, s[0], home[s[0]], sex, b, arr, mother, active))
    animals[30] = animals[30][:5] + ("2026-05-02", "2026-05-02") + animals[30][7:]
    used = set()
    keepers = []
    for kid in range(1, 15):
        f, l = person(rng, used)
        keepers.append((kid, f, l, day(rng, "2004-01-01", "2025-06-30"), money(rng, 31000, 58000)))
    ke = set()
    for e in encl:
        if e[0] == 12:
            continue
        for k in rng.sample(range(1, 15), rng.randint(1, 3)):
            ke.add((k, e[0]))
    ke.add((4, 5)); ke.add((4, 6)); ke.add((4, 7)); ke.add((4, 8)); ke.add((4, 11))
    keeper_encl = sorted(ke)
    checks = []
    wt = {s[0]: sp[s[0] - 1][6] for s in species}
    for cid in range(1, 181):
        a = rng.choice(animals)
        base = wt[a[2]]
        checks.append((cid, a[0], day(rng, "2023-01-01", "2026-10-31"),
                       round(base * rng.uniform(0.6, 1.2), 2), money(rng, 40, 650),
                       rng.choice(["routine", "dental", "vaccination", "injury follow-up", "routine", None])))
    write("zoo_e", ddl, {"LKP_CLASS": classes, "LKP_IUCN": iucn, "SPECIES": species,
                         "ENCLOSURE": encl, "ANIMAL": animals, "KEEPER": keepers,
                         "KEEPER_ENCL": keeper_encl, "VET_CHECK": checks})


# ---------------------------------------------------------------- film festival (tbl prefix)
def film_fest():
    rng = random.Random(504)
    ddl = """
    CREATE TABLE tblGenre (genre_cd TEXT PRIMARY KEY, genre_desc TEXT);
    CREATE TABLE tblPerson (person_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, nationality TEXT, birth_yr INTEGER);
    CREATE TABLE tblFilm (
        film_id INTEGER PRIMARY KEY, title TEXT, director_id INTEGER REFERENCES tblPerson(person_id),
        country_cd TEXT, release_yr INTEGER, runtime_min INTEGER,
        genre_cd TEXT REFERENCES tblGenre(genre_cd), lang TEXT, premiere_flag TEXT, sub_status TEXT);
    CREATE TABLE tblVenue (venue_id INTEGER PRIMARY KEY, venue_nm TEXT, seats INTEGER);
    CREATE TABLE tblScreening (
        scr_id INTEGER PRIMARY KEY, film_id INTEGER REFERENCES tblFilm(film_id),
        venue_id INTEGER REFERENCES tblVenue(venue_id), scr_dt TEXT, start_tm TEXT,
        seats_sold INTEGER, ticket_px REAL);
    CREATE TABLE tblAward (award_id INTEGER PRIMARY KEY, award_nm TEXT, fest_year INTEGER,
        film_id INTEGER REFERENCES tblFilm(film_id), prize_amt REAL);
    CREATE TABLE tblJury (fest_year INTEGER, person_id INTEGER REFERENCES tblPerson(person_id),
        is_president TEXT, PRIMARY KEY (fest_year, person_id));
    """
    genres = [("DRA", "Drama"), ("COM", "Comedy"), ("DOC", "Documentary"), ("HOR", "Horror"),
              ("ANI", "Animation"), ("THR", "Thriller"), ("SHO", "Short")]
    nats = ["FR", "US", "DE", "IT", "JP", "KR", "ES", "GB", "BR", "IN"]
    used = set()
    people = []
    for pid in range(1, 46):
        f, l = person(rng, used)
        people.append((pid, f, l, rng.choice(nats), rng.randint(1945, 1998)))
    words1 = ["Silent", "Burning", "Last", "Paper", "Glass", "Hidden", "Northern", "Broken",
              "Golden", "Quiet", "Wild", "Empty", "Salt", "Midnight", "Little"]
    words2 = ["Harbour", "Orchard", "Summer", "River", "Letters", "Mountain", "Garden", "Station",
              "Kingdom", "Tide", "Horses", "Rooms", "Road", "Bell", "Island"]
    films = []
    titles = set()
    directors = list(range(1, 31))
    for fid in range(1, 61):
        while True:
            t = f"The {rng.choice(words1)} {rng.choice(words2)}" if rng.random() < 0.4 else \
                f"{rng.choice(words1)} {rng.choice(words2)}"
            if t not in titles:
                titles.add(t)
                break
        g = rng.choices([x[0] for x in genres], [25, 12, 10, 6, 6, 8, 8])[0]
        rt = rng.randint(8, 30) if g == "SHO" else rng.randint(72, 165)
        d = rng.choice(directors)
        c = people[d - 1][3] if rng.random() < 0.8 else rng.choice(nats)
        films.append((fid, t, d, c, rng.randint(2022, 2025), rt, g,
                      {"FR": "French", "US": "English", "GB": "English", "DE": "German",
                       "IT": "Italian", "JP": "Japanese", "KR": "Korean", "ES": "Spanish",
                       "BR": "Portuguese", "IN": "Hindi"}[c],
                      "Y" if rng.random() < 0.3 else "N", rng.choices(["ACC", "REJ", "WDN"], [8, 1, 1])[0]))
    films[17] = films[17][:5] + (188,) + films[17][6:]
    venues = [(1, "Grand Palais Cinema", 900), (2, "Studio Lumiere", 220), (3, "Open Air Screen", 1500),
              (4, "Rivoli Arthouse", 140), (5, "Harbour Cinema 2", 310)]
    scr = []
    sid = 0
    for f in films:
        if f[9] != "ACC":
            continue
        for y in [2024, 2025, 2026]:
            if f[4] > y or rng.random() < 0.55:
                continue
            for _ in range(rng.randint(1, 3)):
                sid += 1
                v = rng.choice(venues)
                scr.append((sid, f[0], v[0], day(rng, f"{y}-06-10", f"{y}-06-21"),
                            rng.choice(["11:00", "14:30", "17:00", "19:45", "22:15"]),
                            rng.randint(int(v[2] * 0.2), v[2]), rng.choice([9.5, 12.0, 14.0, 16.5])))
    acc = [f[0] for f in films if f[9] == "ACC"]
    awards = []
    awid = 0
    for y in [2024, 2025]:
        for nm, amt in [("Golden Lantern", 25000.0), ("Jury Prize", 12000.0), ("Best Director", 8000.0),
                        ("Audience Award", 5000.0), ("Best Short", 3000.0), ("Best Documentary", 6000.0)]:
            awid += 1
            cand = [f for f in films if f[9] == "ACC" and f[4] <= y and
                    ((nm == "Best Short") == (f[6] == "SHO")) and
                    (nm != "Best Documentary" or f[6] == "DOC")]
            awards.append((awid, nm, y, rng.choice(cand)[0], amt))
    jury = []
    for y in [2024, 2025, 2026]:
        mem = rng.sample(range(31, 46), 5)
        for i, p in enumerate(sorted(mem)):
            jury.append((y, p, "Y" if i == 2 else "N"))
    write("film_fest_e", ddl, {"tblGenre": genres, "tblPerson": people, "tblFilm": films,
                               "tblVenue": venues, "tblScreening": scr, "tblAward": awards,
                               "tblJury": jury})


# ---------------------------------------------------------------- chess club (abbreviations)
def chess_club():
    rng = random.Random(505)
    ddl = """
    CREATE TABLE title (title_cd TEXT PRIMARY KEY, title_desc TEXT);
    CREATE TABLE member (
        mbr_id INTEGER PRIMARY KEY, f_name TEXT, l_name TEXT, birth_dt TEXT, rating INTEGER,
        title_cd TEXT REFERENCES title(title_cd), mentor_id INTEGER REFERENCES member(mbr_id),
        active_yn TEXT, joined_dt TEXT, annual_dues REAL);
    CREATE TABLE tournament (
        trn_id INTEGER PRIMARY KEY, trn_nm TEXT, start_dt TEXT, end_dt TEXT, time_ctrl TEXT,
        entry_fee REAL, prize_fund REAL, rated_flg INTEGER);
    CREATE TABLE trn_entry (
        trn_id INTEGER REFERENCES tournament(trn_id), mbr_id INTEGER REFERENCES member(mbr_id),
        final_pos INTEGER, score REAL, PRIMARY KEY (trn_id, mbr_id));
    CREATE TABLE game (
        game_id INTEGER PRIMARY KEY, trn_id INTEGER REFERENCES tournament(trn_id),
        white_id INTEGER REFERENCES member(mbr_id), black_id INTEGER REFERENCES member(mbr_id),
        result TEXT, moves INTEGER, played_dt TEXT, eco_cd TEXT);
    """
    titles = [("GM", "Grandmaster"), ("IM", "International Master"), ("FM", "FIDE Master"),
              ("CM", "Candidate Master"), ("NONE", "No title")]
    used = set()
    members = []
    ratings = set()
    for mid in range(1, 61):
        f, l = person(rng, used)
        while True:
            r = int(rng.triangular(900, 2600, 1500))
            if r not in ratings:
                ratings.add(r)
                break
        t = "GM" if r >= 2500 else "IM" if r >= 2400 else "FM" if r >= 2300 else \
            "CM" if r >= 2200 else "NONE"
        mentor = None
        if mid > 8 and rng.random() < 0.5:
            mentor = rng.choice([m[0] for m in members if m[4] >= 1900] or [1])
        members.append((mid, f, l, day(rng, "1948-01-01", "2014-12-31"), r, t, mentor,
                        "N" if rng.random() < 0.15 else "Y", day(rng, "2005-01-01", "2025-10-01"),
                        rng.choice([60.0, 60.0, 35.0, 90.0])))
    members[2] = members[2][:4] + (2650, "GM") + members[2][6:]
    tnames = ["Winter Open", "Spring Rapid", "Summer Blitz Cup", "Autumn Classic", "Club Championship",
              "Junior Rapid", "Friday Night Blitz", "Masters Invitational"]
    tours = []
    tid = 0
    for y in [2024, 2025, 2026]:
        for i, nm in enumerate(tnames):
            if y == 2026 and i > 5:
                continue
            tid += 1
            tc = "BLZ" if "Blitz" in nm else "RPD" if "Rapid" in nm else "CLS"
            s = day(rng, f"{y}-{i + 1:02d}-01", f"{y}-{i + 1:02d}-25")
            e = (datetime.date.fromisoformat(s) + datetime.timedelta(days=0 if tc == "BLZ" else rng.randint(1, 4))).isoformat()
            tours.append((tid, f"{nm} {y}", s, e, tc, rng.choice([10.0, 15.0, 20.0, 30.0]),
                          float(rng.choice([200, 300, 500, 800, 1200])), 0 if tc == "BLZ" else 1))
    entries = []
    games = []
    gid = 0
    never = {17, 33, 48}
    for t in tours:
        pool = [m[0] for m in members if m[0] not in never]
        ent = sorted(rng.sample(pool, rng.randint(8, 16)))
        for pos, m in enumerate(rng.sample(ent, len(ent)), 1):
            entries.append((t[0], m, pos, float(max(0, len(ent) // 2 - pos // 2))))
        for _ in range(len(ent)):
            w, b = rng.sample(ent, 2)
            gid += 1
            games.append((gid, t[0], w, b, rng.choices(["1-0", "0-1", "1/2-1/2"], [4, 3, 3])[0],
                          rng.randint(18, 95), t[2], rng.choice(["B90", "C65", "D37", "E60", "A45", "C42"])))
    write("chess_club_e", ddl, {"title": titles, "member": members, "tournament": tours,
                                "trn_entry": entries, "game": games})


# ---------------------------------------------------------------- ferry line (CamelCase + codes)
def ferry_line():
    rng = random.Random(506)
    ddl = """
    CREATE TABLE Port (PortCode TEXT PRIMARY KEY, PortName TEXT, Country TEXT);
    CREATE TABLE VesselStatus (StatusCd TEXT PRIMARY KEY, StatusName TEXT);
    CREATE TABLE Vessel (
        VesselId INTEGER PRIMARY KEY, VesselName TEXT, BuiltYear INTEGER, PaxCapacity INTEGER,
        CarCapacity INTEGER, StatusCd TEXT REFERENCES VesselStatus(StatusCd));
    CREATE TABLE Route (
        RouteId INTEGER PRIMARY KEY, OriginPort TEXT REFERENCES Port(PortCode),
        DestPort TEXT REFERENCES Port(PortCode), DistanceNm REAL, BaseFare REAL, Seasonal TEXT);
    CREATE TABLE Sailing (
        SailingId INTEGER PRIMARY KEY, RouteId INTEGER REFERENCES Route(RouteId),
        VesselId INTEGER REFERENCES Vessel(VesselId), DepartDt TEXT, DepartTime TEXT,
        PaxCount INTEGER, CarCount INTEGER, CancelledFlag INTEGER);
    CREATE TABLE Booking (
        BookingRef TEXT PRIMARY KEY, SailingId INTEGER REFERENCES Sailing(SailingId),
        CustName TEXT, BookedOn TEXT, NumPax INTEGER, VehicleYN TEXT, AmountPaid REAL);
    CREATE TABLE Crew (
        CrewId INTEGER PRIMARY KEY, FirstName TEXT, LastName TEXT, RankTitle TEXT,
        VesselId INTEGER REFERENCES Vessel(VesselId), ReportsTo INTEGER REFERENCES Crew(CrewId),
        HireDate TEXT);
    """
    ports = [("ABN", "Aberness", "Scotland"), ("KRV", "Kirkvale", "Scotland"),
             ("STR", "Stromsay", "Scotland"), ("BLF", "Belfast Quay", "Northern Ireland"),
             ("LRN", "Larnport", "Northern Ireland"), ("DGL", "Douglas Bay", "Isle of Man"),
             ("HLY", "Holyhaven", "Wales"), ("DUB", "Dunlin Harbour", "Ireland")]
    vstat = [("SVC", "In service"), ("DRY", "In dry dock"), ("RES", "Reserve"), ("SLD", "Sold")]
    vessels = [(1, "MV Puffin", 1998, 350, 60, "SVC"), (2, "MV Gannet", 2005, 600, 120, "SVC"),
               (3, "MV Selkie", 1989, 250, 40, "DRY"), (4, "MV Kittiwake", 2012, 800, 180, "SVC"),
               (5, "MV Fulmar", 2019, 900, 210, "SVC"), (6, "MV Shearwater", 1984, 200, 30, "SLD"),
               (7, "MV Tern", 2001, 420, 80, "RES"), (8, "MV Curlew", 2016, 500, 100, "DRY")]
    routes = [(1, "ABN", "KRV", 24.5, 18.0, "N"), (2, "KRV", "STR", 38.0, 26.5, "N"),
              (3, "ABN", "STR", 55.0, 34.0, "Y"), (4, "BLF", "DGL", 72.0, 48.0, "N"),
              (5, "LRN", "ABN", 95.0, 55.0, "N"), (6, "HLY", "DUB", 64.0, 42.0, "N"),
              (7, "DGL", "HLY", 81.0, 45.0, "Y"), (8, "KRV", "ABN", 24.5, 18.0, "N")]
    sailings = []
    for sid in range(1, 241):
        r = rng.choice(routes)
        v = rng.choice([1, 2, 2, 4, 4, 5, 5, 3, 7, 8])
        d = day(rng, "2024-01-01", "2026-10-31")
        canc = 1 if rng.random() < 0.07 else 0
        cap = vessels[v - 1]
        sailings.append((sid, r[0], v, d, rng.choice(["06:30", "09:15", "12:00", "15:45", "19:30"]),
                         0 if canc else rng.randint(int(cap[3] * 0.15), cap[3]),
                         0 if canc else rng.randint(0, cap[4]), canc))
    sailings.sort(key=lambda s: (s[3], s[4], s[0]))
    sailings = [(i + 1,) + s[1:] for i, s in enumerate(sailings)]
    used = set()
    bookings = []
    for bid in range(1, 301):
        s = rng.choice([x for x in sailings if not x[7]])
        f, l = rng.choice(FIRST), rng.choice(LAST)
        fare = routes[s[1] - 1][4]
        npax = rng.randint(1, 5)
        veh = "Y" if rng.random() < 0.35 else "N"
        booked = (datetime.date.fromisoformat(s[3]) - datetime.timedelta(days=rng.randint(0, 60))).isoformat()
        bookings.append((f"BK{10000 + bid * 7}", s[0], f"{f} {l}", booked, npax, veh,
                         round(fare * npax + (fare * 2.5 if veh == "Y" else 0), 2)))
    crew = []
    cid = 0
    for v in vessels:
        if v[5] == "SLD":
            continue
        cid += 1
        cap_id = cid
        f, l = person(rng, used)
        crew.append((cid, f, l, "Captain", v[0], None, day(rng, "1995-01-01", "2015-12-31")))
        cid += 1
        mate = cid
        f, l = person(rng, used)
        crew.append((cid, f, l, "First Officer", v[0], cap_id, day(rng, "2000-01-01", "2020-12-31")))
        for _ in range(rng.randint(2, 4)):
            cid += 1
            f, l = person(rng, used)
            crew.append((cid, f, l, rng.choice(["Deckhand", "Engineer", "Steward"]), v[0],
                         mate, day(rng, "2008-01-01", "2025-12-31")))
    write("ferry_line_e", ddl, {"Port": ports, "VesselStatus": vstat, "Vessel": vessels,
                                "Route": routes, "Sailing": sailings, "Booking": bookings,
                                "Crew": crew})


# ---------------------------------------------------------------- stamp society (UPPER + mixed)
def stamp_society():
    rng = random.Random(507)
    ddl = """
    CREATE TABLE COUNTRY (CTRY_CD TEXT PRIMARY KEY, CTRY_NAME TEXT, CONTINENT TEXT);
    CREATE TABLE COND_CODE (COND_CD TEXT PRIMARY KEY, COND_DESC TEXT);
    CREATE TABLE COLLECTOR (
        COLL_ID INTEGER PRIMARY KEY, FNAME TEXT, LNAME TEXT, CITY TEXT, MEMBER_SINCE TEXT,
        DUES_PAID_YN TEXT, REFERRED_BY INTEGER REFERENCES COLLECTOR(COLL_ID));
    CREATE TABLE STAMP (
        STAMP_ID INTEGER PRIMARY KEY, CTRY_CD TEXT REFERENCES COUNTRY(CTRY_CD), ISSUE_YR INTEGER,
        FACE_VALUE TEXT, DESCR TEXT, CATALOG_NO TEXT, COND_CD TEXT REFERENCES COND_CODE(COND_CD),
        CATALOG_VALUE REAL);
    CREATE TABLE HOLDING (
        COLL_ID INTEGER REFERENCES COLLECTOR(COLL_ID), STAMP_ID INTEGER REFERENCES STAMP(STAMP_ID),
        QTY INTEGER, ACQ_DT TEXT, PRIMARY KEY (COLL_ID, STAMP_ID));
    CREATE TABLE SALE (
        SALE_ID INTEGER PRIMARY KEY, STAMP_ID INTEGER REFERENCES STAMP(STAMP_ID),
        SELLER_ID INTEGER REFERENCES COLLECTOR(COLL_ID), BUYER_ID INTEGER REFERENCES COLLECTOR(COLL_ID),
        SALE_DT TEXT, PRICE_AMT REAL);
    CREATE TABLE MEETING (MTG_ID INTEGER PRIMARY KEY, MTG_DT TEXT, TOPIC TEXT,
        HOST_ID INTEGER REFERENCES COLLECTOR(COLL_ID), ATTENDANCE INTEGER);
    """
    countries = [("GB", "United Kingdom", "Europe"), ("FR", "France", "Europe"),
                 ("DE", "Germany", "Europe"), ("US", "United States", "North America"),
                 ("CA", "Canada", "North America"), ("JP", "Japan", "Asia"),
                 ("IN", "India", "Asia"), ("AU", "Australia", "Oceania"),
                 ("BR", "Brazil", "South America"), ("ZA", "South Africa", "Africa"),
                 ("CH", "Switzerland", "Europe")]
    conds = [("MNH", "Mint never hinged"), ("MH", "Mint hinged"), ("USD", "Used"),
             ("DMG", "Damaged")]
    used = set()
    colls = []
    cities = ["Riverton", "Portwell", "Ashby", "Lindfield"]
    for cid in range(1, 41):
        f, l = person(rng, used)
        ref = None
        if cid > 5 and rng.random() < 0.45:
            ref = rng.randint(1, cid - 1)
        colls.append((cid, f, l, rng.choice(cities), day(rng, "1985-01-01", "2025-09-30"),
                      "N" if rng.random() < 0.2 else "Y", ref))
    subjects = ["King George V", "Queen Elizabeth II", "Marianne", "Eagle", "Maple Leaf",
                "Mount Fuji", "Tiger", "Kangaroo", "Toucan", "Springbok", "Alpine Landscape",
                "Olympic Games", "Christmas", "Railway Centenary", "Space Exploration",
                "Flowers", "Lighthouse", "Famous Scientists"]
    stamps = []
    for sid in range(1, 131):
        c = rng.choice(countries)
        yr = rng.randint(1890, 2020)
        cond = rng.choices(["MNH", "MH", "USD", "DMG"], [3, 2, 5, 1])[0]
        age_mult = 1 + (2020 - yr) / 25.0
        val = round(rng.uniform(0.5, 20) * age_mult * (1.8 if cond == "MNH" else 1.2 if cond == "MH" else 0.8 if cond == "USD" else 0.3), 2)
        stamps.append((sid, c[0], yr, rng.choice(["1d", "2d", "5c", "10c", "25c", "1 Fr", "50 Pf", "3 Rs", "1 Yen"]),
                       f"{rng.choice(subjects)} {yr}", f"{c[0]}-{rng.randint(1, 999):03d}", cond, val))
    stamps[10] = stamps[10][:7] + (4850.0,)
    holdings = set()
    hold = []
    for _ in range(260):
        c = rng.randint(1, 40)
        s = rng.randint(1, 130)
        if (c, s) in holdings or c in (12, 29):
            continue
        holdings.add((c, s))
        hold.append((c, s, rng.choices([1, 2, 3, 4, 10], [10, 4, 2, 1, 1])[0], day(rng, "1990-01-01", "2026-10-30")))
    hold.sort()
    sales = []
    for sid in range(1, 121):
        s = rng.choice(stamps)
        sel, buy = rng.sample([c for c in range(1, 41) if c not in (7, 21)], 2)
        sales.append((sid, s[0], sel, buy, day(rng, "2022-01-01", "2026-10-31"),
                      round(s[7] * rng.uniform(0.6, 1.4), 2)))
    topics = ["Penny Black forgeries", "Perforation gauges", "Airmail covers", "Thematic collecting",
              "Watermarks", "Postal history of the Raj", "Swiss cantonal issues", "Storage and albums",
              "Errors and varieties", "Christmas seals"]
    meetings = []
    for mid in range(1, 31):
        meetings.append((mid, day(rng, "2023-01-01", "2026-10-31"), rng.choice(topics),
                         rng.choice([1, 2, 3, 5, 8, 13, 3, 2]), rng.randint(8, 35)))
    meetings.sort(key=lambda m: (m[1], m[0]))
    meetings = [(i + 1,) + m[1:] for i, m in enumerate(meetings)]
    write("stamp_society_e", ddl, {"COUNTRY": countries, "COND_CODE": conds, "COLLECTOR": colls,
                                   "STAMP": stamps, "HOLDING": hold, "SALE": sales,
                                   "MEETING": meetings})


# ---------------------------------------------------------------- course catalogue (snake_case)
def course_catalog():
    rng = random.Random(508)
    ddl = """
    CREATE TABLE dept (dept_cd TEXT PRIMARY KEY, dept_name TEXT, building TEXT, budget_amt REAL);
    CREATE TABLE course (
        course_id INTEGER PRIMARY KEY, course_code TEXT UNIQUE, title TEXT,
        dept_cd TEXT REFERENCES dept(dept_cd), credits INTEGER, level_no INTEGER, is_lab TEXT);
    CREATE TABLE prereq (
        course_id INTEGER REFERENCES course(course_id),
        prereq_course_id INTEGER REFERENCES course(course_id),
        PRIMARY KEY (course_id, prereq_course_id));
    CREATE TABLE rank_lkp (rank_cd TEXT PRIMARY KEY, rank_desc TEXT);
    CREATE TABLE instructor (
        instr_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT,
        dept_cd TEXT REFERENCES dept(dept_cd), rank_cd TEXT REFERENCES rank_lkp(rank_cd),
        hire_date TEXT, salary REAL, tenured INTEGER);
    CREATE TABLE section (
        section_id INTEGER PRIMARY KEY, course_id INTEGER REFERENCES course(course_id),
        instr_id INTEGER REFERENCES instructor(instr_id), term_cd TEXT, start_date TEXT,
        room TEXT, capacity INTEGER, enrolled INTEGER, status_cd TEXT);
    """
    depts = [("CS", "Computer Science", "Turing Hall", 1850000.0),
             ("MATH", "Mathematics", "Noether Building", 1200000.0),
             ("HIST", "History", "Gibbon House", 640000.0),
             ("BIO", "Biology", "Darwin Labs", 1500000.0),
             ("ECON", "Economics", "Keynes Hall", 980000.0),
             ("MUS", "Music", "Clara Schumann Hall", 410000.0)]
    ctitles = {
        "CS": ["Intro to Programming", "Data Structures", "Algorithms", "Operating Systems",
               "Databases", "Machine Learning", "Computer Networks", "Compilers"],
        "MATH": ["Calculus I", "Calculus II", "Linear Algebra", "Discrete Mathematics",
                 "Probability", "Real Analysis", "Number Theory"],
        "HIST": ["World History to 1500", "Modern Europe", "History of Science",
                 "The Cold War", "Ancient Rome"],
        "BIO": ["General Biology", "Genetics", "Cell Biology", "Ecology", "Microbiology",
                "Molecular Biology"],
        "ECON": ["Principles of Microeconomics", "Principles of Macroeconomics", "Econometrics",
                 "Game Theory", "Labour Economics"],
        "MUS": ["Music Theory I", "Music Theory II", "History of Jazz", "Orchestration"]}
    courses = []
    prereqs = []
    cid = 0
    for d, ts in ctitles.items():
        first = None
        prev = None
        for i, t in enumerate(ts):
            cid += 1
            lvl = 100 if i < 2 else 200 if i < 4 else 300 if i < 6 else 400
            code = f"{d}{lvl + i + 1}"
            courses.append((cid, code, t, d, rng.choice([3, 3, 4, 2]) if d != "BIO" else 4, lvl,
                            "Y" if d in ("BIO", "CS") and rng.random() < 0.5 else "N"))
            if i == 0:
                first = cid
            else:
                if rng.random() < 0.75:
                    prereqs.append((cid, prev if rng.random() < 0.6 else first))
                if i >= 3 and rng.random() < 0.4:
                    prereqs.append((cid, first))
            prev = cid
    prereqs = sorted(set(prereqs))
    ranks = [("PROF", "Professor"), ("ASSOC", "Associate Professor"), ("ASST", "Assistant Professor"),
             ("LECT", "Lecturer")]
    used = set()
    instr = []
    sal = set()
    for iid in range(1, 29):
        f, l = person(rng, used)
        rk = rng.choices(["PROF", "ASSOC", "ASST", "LECT"], [3, 3, 3, 2])[0]
        base = {"PROF": 118000, "ASSOC": 96000, "ASST": 82000, "LECT": 64000}[rk]
        while True:
            s = round(base * rng.uniform(0.9, 1.25), 2)
            if s not in sal:
                sal.add(s)
                break
        instr.append((iid, f, l, depts[(iid - 1) % 6][0], rk, day(rng, "1996-01-01", "2025-08-01"), s,
                      1 if rk in ("PROF", "ASSOC") else 0))
    terms = [("2024FA", "2024-09-02"), ("2025SP", "2025-01-20"), ("2025FA", "2025-09-01"),
             ("2026SP", "2026-01-19"), ("2026FA", "2026-08-31")]
    sections = []
    secid = 0
    idle = {7, 22}
    for term, start in terms:
        for c in courses:
            if rng.random() < 0.45:
                continue
            secid += 1
            cands = [i for i in instr if i[3] == c[3] and i[0] not in idle]
            ins = rng.choice(cands)
            cap = rng.choice([25, 30, 40, 60, 120])
            st = rng.choices(["O", "C", "X"], [5, 3, 1])[0]
            enr = 0 if st == "X" else cap if st == "C" else rng.randint(3, cap - 1)
            sections.append((secid, c[0], ins[0], term, start,
                             f"{c[3][:2]}-{rng.randint(100, 340)}", cap, enr, st))
    write("course_catalog_e", ddl, {"dept": depts, "course": courses, "prereq": prereqs,
                                    "rank_lkp": ranks, "instructor": instr, "section": sections})


def main():
    os.makedirs(OUT, exist_ok=True)
    for build in (choir, marathon, zoo, film_fest, chess_club, ferry_line, stamp_society,
                  course_catalog):
        build()


if __name__ == "__main__":
    main()
