#!/usr/bin/env python3
"""Build the 8 invented SQLite databases of the blind set invented_blind_en_a.jsonl.

Written by the "blind-invented-en-a" helper on 2026-11-28, without reading the askdb
question-to-SQL engine, its rules or its question sets. Every schema and every row is
invented: small organisations' systems (vet clinic, bike rental, school library, plumbing
jobs, small hotel, recruitment agency, food bank, amateur football league) with mixed naming
styles, code tables, a junction table, a self-reference, ISO TEXT dates, REAL money and
Y/N or 0/1 flags.

Deterministic: fixed random.Random seeds, no clock; each run rewrites
tests/nlq/invented/<name>.sqlite byte for byte the same.
Usage: python3 tests/nlq/build_invented_blind_a.py
"""
import datetime
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from invented_rows import OUT, day, first_last, money, plus, unique_name, write  # noqa: E402

FIRST = ["James", "Mary", "Robert", "Patricia", "John", "Jennifer", "Michael", "Linda",
         "David", "Elizabeth", "William", "Barbara", "Richard", "Susan", "Joseph", "Jessica",
         "Thomas", "Sarah", "Charles", "Karen", "Daniel", "Nancy", "Matthew", "Lisa",
         "Anthony", "Betty", "Mark", "Sandra", "Paul", "Ashley", "Steven", "Emily", "Andrew",
         "Donna", "Kevin", "Michelle", "Brian", "Carol", "George", "Amanda", "Omar", "Priya",
         "Lukas", "Sofia", "Mateo", "Aisha", "Chen", "Yuki", "Noah", "Chloe"]
LAST = ["Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis",
        "Rodriguez", "Martinez", "Hernandez", "Lopez", "Wilson", "Anderson", "Thomas",
        "Taylor", "Moore", "Jackson", "Martin", "Lee", "Perez", "Thompson", "White", "Harris",
        "Sanchez", "Clark", "Ramirez", "Lewis", "Robinson", "Walker", "Young", "Allen", "King",
        "Wright", "Scott", "Torres", "Nguyen", "Hill", "Flores", "Green", "Adams", "Nelson",
        "Baker", "Hall", "Rivera", "Campbell", "Mitchell", "Carter", "Roberts", "Okafor"]
CITIES = ["Springfield", "Riverton", "Lakeside", "Oakdale", "Hillcrest", "Maplewood"]


def person(rng, used):
    """A first and last name pair not used before in this table."""
    return unique_name(rng, used, first_last(FIRST, LAST))


# ---------------------------------------------------------------- vet clinic (snake_case)
def vet_clinic():
    rng = random.Random(101)
    ddl = """
CREATE TABLE species_cd (species_code TEXT PRIMARY KEY, descr TEXT NOT NULL);
CREATE TABLE owners (owner_id INTEGER PRIMARY KEY, first_nm TEXT, last_nm TEXT,
  phone TEXT, city TEXT);
CREATE TABLE pets (pet_id INTEGER PRIMARY KEY, owner_id INTEGER NOT NULL REFERENCES owners(owner_id),
  pet_nm TEXT, species_code TEXT REFERENCES species_cd(species_code), breed TEXT,
  sex TEXT, dob TEXT, neutered_flg TEXT);
CREATE TABLE vets (vet_id INTEGER PRIMARY KEY, first_nm TEXT, last_nm TEXT, hire_dt TEXT,
  supervisor_id INTEGER REFERENCES vets(vet_id));
CREATE TABLE visits (visit_id INTEGER PRIMARY KEY, pet_id INTEGER NOT NULL REFERENCES pets(pet_id),
  vet_id INTEGER REFERENCES vets(vet_id), visit_dt TEXT, reason TEXT, fee_amt REAL, paid_flg TEXT);
CREATE TABLE treatments (trt_id INTEGER PRIMARY KEY, visit_id INTEGER NOT NULL REFERENCES visits(visit_id),
  drug_nm TEXT, qty INTEGER, unit_cost REAL);
"""
    species = [("DOG", "Dog"), ("CAT", "Cat"), ("RAB", "Rabbit"), ("BRD", "Bird"), ("REP", "Reptile")]
    breeds = {"DOG": ["Labrador", "Beagle", "Poodle", "Border Collie", "Mixed"],
              "CAT": ["Siamese", "Persian", "Domestic Shorthair", "Maine Coon"],
              "RAB": ["Lop", "Rex"], "BRD": ["Budgie", "Cockatiel"]}
    used = set()
    owners = []
    for i in range(1, 31):
        f, l = person(rng, used)
        phone = None if i % 11 == 0 else f"555-{rng.randint(1000, 9999)}"
        owners.append((i, f, l, phone, rng.choice(CITIES)))
    pet_names = ["Buddy", "Bella", "Max", "Luna", "Charlie", "Daisy", "Rocky", "Molly", "Milo",
                 "Coco", "Oscar", "Ruby", "Toby", "Lily", "Bailey", "Nala", "Jack", "Rosie",
                 "Simba", "Pepper", "Ziggy", "Olive", "Bruno", "Maple", "Kiwi", "Thumper",
                 "Biscuit", "Shadow", "Ginger", "Sunny", "Hazel", "Pip", "Rex", "Mochi", "Leo",
                 "Cleo", "Duke", "Willow", "Finn", "Tilly"]
    pets = []
    for i, nm in enumerate(pet_names, 1):
        sp = rng.choice(["DOG", "DOG", "DOG", "CAT", "CAT", "RAB", "BRD"])
        owner = rng.randint(1, 26)  # owners 27-30 have no pets yet
        pets.append((i, owner, nm, sp, rng.choice(breeds[sp]), rng.choice("MF"),
                     day(rng, "2010-01-01", "2023-06-30"), rng.choice("YN")))
    vets = [(1, "Helen", "Carter", "2012-03-01", None), (2, "Raj", "Patel", "2015-07-15", 1),
            (3, "Grace", "Okoye", "2018-01-08", 1), (4, "Tom", "Becker", "2020-09-21", 2),
            (5, "Ines", "Duarte", "2023-02-13", 2)]
    reasons = ["Vaccination", "Checkup", "Dental cleaning", "Injury", "Skin problem",
               "Surgery", "Vomiting"]
    fee = {"Vaccination": (45, 70), "Checkup": (55, 90), "Dental cleaning": (150, 260),
           "Injury": (90, 320), "Skin problem": (70, 140), "Surgery": (400, 1400),
           "Vomiting": (80, 180)}
    visits = []
    for i in range(1, 61):
        pet = rng.randint(1, 36)  # pets 37-40 never visited
        r = rng.choice(reasons)
        visits.append((i, pet, rng.randint(1, 4), day(rng, "2021-01-01", "2024-12-31"), r,
                       money(rng, *fee[r]), "N" if rng.random() < 0.15 else "Y"))
    drugs = [("Amoxicillin", 4.5), ("Meloxicam", 6.25), ("Rabies vaccine", 18.0),
             ("Frontline", 12.9), ("Prednisolone", 3.1), ("Cefazolin", 9.8)]
    trts = []
    for i in range(1, 46):
        d, c = rng.choice(drugs)
        trts.append((i, rng.randint(1, 60), d, rng.randint(1, 6), c))
    write("vet_clinic_a", ddl, {"species_cd": species, "owners": owners, "pets": pets,
                                "vets": vets, "visits": visits, "treatments": trts})


# ---------------------------------------------------------------- bike rental (CamelCase)
def bike_rental():
    rng = random.Random(202)
    ddl = """
CREATE TABLE Stations (StationID INTEGER PRIMARY KEY, StationName TEXT, District TEXT, Capacity INTEGER);
CREATE TABLE Bikes (BikeID INTEGER PRIMARY KEY, SerialNo TEXT, BikeType TEXT,
  HomeStationID INTEGER REFERENCES Stations(StationID), PurchaseDate TEXT, IsActive INTEGER);
CREATE TABLE Customers (CustomerID INTEGER PRIMARY KEY, FirstName TEXT, LastName TEXT, Email TEXT,
  JoinDate TEXT, MemberTier TEXT);
CREATE TABLE Rentals (RentalID INTEGER PRIMARY KEY, BikeID INTEGER REFERENCES Bikes(BikeID),
  CustomerID INTEGER REFERENCES Customers(CustomerID), StartStationID INTEGER REFERENCES Stations(StationID),
  EndStationID INTEGER REFERENCES Stations(StationID), StartTime TEXT, EndTime TEXT, Price REAL);
CREATE TABLE Repairs (RepairID INTEGER PRIMARY KEY, BikeID INTEGER REFERENCES Bikes(BikeID),
  RepairDate TEXT, Cost REAL, Description TEXT);
"""
    st = [(1, "Central Square", "Downtown", 24), (2, "Harbour Front", "Waterside", 18),
          (3, "Museum Lane", "Downtown", 12), (4, "University Gate", "Campus", 30),
          (5, "Riverside Park", "Waterside", 15), (6, "Old Mill", "Northside", 10),
          (7, "Station Road", "Northside", 20), (8, "Tech Park", "Campus", 16)]
    bikes = []
    for i in range(1, 41):
        t = rng.choice(["City", "City", "E-Bike", "Mountain", "Cargo"])
        bikes.append((i, f"SN-{rng.randint(10000, 99999)}", t, rng.randint(1, 8),
                      day(rng, "2019-03-01", "2023-09-30"), 0 if rng.random() < 0.12 else 1))
    used = set()
    custs = []
    for i in range(1, 41):
        f, l = person(rng, used)
        email = None if i % 9 == 0 else f"{f.lower()}.{l.lower()}@mail.example"
        custs.append((i, f, l, email, day(rng, "2020-01-01", "2024-06-30"),
                      rng.choice(["Basic", "Basic", "Plus", "Premium"])))
    rent = []
    for i in range(1, 61):
        b = rng.randint(1, 36)  # bikes 37-40 never rented
        s = day(rng, "2022-01-01", "2024-12-31")
        start = f"{s} {rng.randint(6, 20):02d}:{rng.choice([0, 15, 30, 45]):02d}:00"
        mins = rng.randint(10, 240)
        st_dt = datetime.datetime.fromisoformat(start)
        end = (st_dt + datetime.timedelta(minutes=mins)).isoformat(sep=" ")
        price = round(1.5 + mins * 0.09 + (2 if bikes[b - 1][2] == "E-Bike" else 0), 2)
        rent.append((i, b, rng.randint(1, 34), rng.randint(1, 8), rng.randint(1, 8), start, end, price))
    reps = []
    descs = ["Flat tyre", "Brake pads", "Chain replaced", "Battery check", "Gear tuning", "Wheel truing"]
    for i in range(1, 26):
        reps.append((i, rng.randint(1, 40), day(rng, "2022-01-01", "2024-12-31"),
                     money(rng, 8, 160), rng.choice(descs)))
    write("bike_rental_a", ddl, {"Stations": st, "Bikes": bikes, "Customers": custs,
                                 "Rentals": rent, "Repairs": reps})


# ---------------------------------------------------------------- school library (UPPER_CASE)
def school_library():
    rng = random.Random(303)
    ddl = """
CREATE TABLE GENRE (GENRE_CD TEXT PRIMARY KEY, GENRE_DESC TEXT);
CREATE TABLE BOOK (BOOK_ID INTEGER PRIMARY KEY, TITLE TEXT, AUTHOR_NM TEXT,
  GENRE_CD TEXT REFERENCES GENRE(GENRE_CD), PUB_YR INTEGER, COPIES INTEGER);
CREATE TABLE STUDENT (STU_ID INTEGER PRIMARY KEY, FIRST_NM TEXT, LAST_NM TEXT, GRADE_LVL INTEGER,
  HOMEROOM TEXT);
CREATE TABLE LOAN (LOAN_ID INTEGER PRIMARY KEY, BOOK_ID INTEGER REFERENCES BOOK(BOOK_ID),
  STU_ID INTEGER REFERENCES STUDENT(STU_ID), OUT_DT TEXT, DUE_DT TEXT, RET_DT TEXT);
CREATE TABLE FINE (FINE_ID INTEGER PRIMARY KEY, LOAN_ID INTEGER REFERENCES LOAN(LOAN_ID),
  AMT REAL, PAID_YN TEXT);
"""
    genres = [("FIC", "Fiction"), ("SCI", "Science"), ("HIS", "History"), ("BIO", "Biography"),
              ("FAN", "Fantasy"), ("MYS", "Mystery"), ("POE", "Poetry")]
    titles = [("The Silent River", "Ana Brooks", "FIC"), ("Stars and Atoms", "Leo Grant", "SCI"),
              ("Empires of Sand", "Mira Shah", "HIS"), ("The Dragon's Key", "Owen Pike", "FAN"),
              ("A Life in Music", "Clara Voss", "BIO"), ("Murder at Elm Street", "Ray Quinn", "MYS"),
              ("Ocean Secrets", "Leo Grant", "SCI"), ("The Glass Tower", "Owen Pike", "FAN"),
              ("Winter Poems", "June Hale", "POE"), ("Rivers of Time", "Mira Shah", "HIS"),
              ("The Last Clue", "Ray Quinn", "MYS"), ("Summer at Bay Cove", "Ana Brooks", "FIC"),
              ("Inventors Who Changed Us", "Tim Ford", "BIO"), ("Chemistry for Curious Kids", "Leo Grant", "SCI"),
              ("The Shadow Forest", "Owen Pike", "FAN"), ("Kings and Queens", "Mira Shah", "HIS"),
              ("Haiku Garden", "June Hale", "POE"), ("The Locked Room", "Ray Quinn", "MYS"),
              ("Paper Boats", "Ana Brooks", "FIC"), ("The Moon Landing", "Tim Ford", "HIS"),
              ("Wild Animals of Africa", "Nadia Erol", "SCI"), ("The Wizard's Apprentice", "Sam Cole", "FAN"),
              ("Grandma's Kitchen", "Ana Brooks", "FIC"), ("Marie Curie", "Clara Voss", "BIO"),
              ("Volcanoes", "Nadia Erol", "SCI"), ("The Missing Map", "Sam Cole", "MYS"),
              ("Castle in the Clouds", "Sam Cole", "FAN"), ("City Lights", "Ben Ortiz", "FIC"),
              ("The Human Body", "Nadia Erol", "SCI"), ("Songs of the Sea", "June Hale", "POE"),
              ("Ancient Egypt", "Tim Ford", "HIS"), ("Runaway Summer", "Ben Ortiz", "FIC"),
              ("The Secret Code", "Ray Quinn", "MYS"), ("Football Legends", "Ben Ortiz", "BIO"),
              ("Robots and Us", "Leo Grant", "SCI")]
    books = [(i, t, a, g, rng.randint(1995, 2023), rng.randint(1, 5))
             for i, (t, a, g) in enumerate(titles, 1)]
    used = set()
    studs = []
    for i in range(1, 46):
        f, l = person(rng, used)
        g = rng.randint(6, 12)
        studs.append((i, f, l, g, f"{g}{rng.choice('ABC')}"))
    loans = []
    for i in range(1, 61):
        out = day(rng, "2022-09-01", "2025-06-15")
        due = plus(out, 14)
        r = rng.random()
        if r < 0.1 and out >= "2025-05-01":
            ret = None  # still out
        elif r < 0.3:
            ret = plus(out, rng.randint(15, 40))  # late
        else:
            ret = plus(out, rng.randint(2, 14))
        loans.append((i, rng.randint(1, 31), rng.randint(1, 40), out, due, ret))
    # a few more still on loan at the end of the data
    for i in range(61, 66):
        out = day(rng, "2025-06-01", "2025-06-20")
        loans.append((i, rng.randint(1, 31), rng.randint(1, 40), out, plus(out, 14), None))
    fines = []
    n = 1
    for ln in loans:
        if ln[5] and ln[5] > ln[4]:
            late = (datetime.date.fromisoformat(ln[5]) - datetime.date.fromisoformat(ln[4])).days
            fines.append((n, ln[0], round(late * 0.25, 2), rng.choice("YYN")))
            n += 1
    write("school_library_a", ddl, {"GENRE": genres, "BOOK": books, "STUDENT": studs,
                                    "LOAN": loans, "FINE": fines})


# ---------------------------------------------------------------- plumbing contractor (abbrev.)
def plumbing_jobs():
    rng = random.Random(404)
    ddl = """
CREATE TABLE cust (cust_id INTEGER PRIMARY KEY, cust_nm TEXT, addr TEXT, city TEXT, cust_type TEXT);
CREATE TABLE tech (tech_id INTEGER PRIMARY KEY, nm TEXT, hrly_rate REAL,
  mgr_id INTEGER REFERENCES tech(tech_id), start_dt TEXT);
CREATE TABLE job_type (job_type_cd TEXT PRIMARY KEY, type_desc TEXT);
CREATE TABLE status_lkp (status_cd TEXT PRIMARY KEY, status_desc TEXT);
CREATE TABLE job (job_id INTEGER PRIMARY KEY, cust_id INTEGER REFERENCES cust(cust_id),
  tech_id INTEGER REFERENCES tech(tech_id), job_dt TEXT,
  job_type_cd TEXT REFERENCES job_type(job_type_cd), status_cd TEXT REFERENCES status_lkp(status_cd),
  hrs REAL);
CREATE TABLE part (part_no TEXT PRIMARY KEY, part_desc TEXT, list_price REAL);
CREATE TABLE part_used (job_id INTEGER REFERENCES job(job_id), part_no TEXT REFERENCES part(part_no),
  qty INTEGER, unit_price REAL, PRIMARY KEY (job_id, part_no));
CREATE TABLE invoice (inv_id INTEGER PRIMARY KEY, job_id INTEGER REFERENCES job(job_id), inv_dt TEXT,
  amt REAL, paid_dt TEXT);
"""
    streets = ["Oak St", "Elm Ave", "Pine Rd", "Cedar Ln", "Birch Way", "Maple Dr", "Ash Ct"]
    biz = ["Sunrise Bakery", "Hillcrest Dental", "Riverside Apartments", "Corner Cafe",
           "Oakdale Primary School", "Lakeside Gym", "Blue Door Hotel", "Green Leaf Offices"]
    used = set()
    custs = []
    for i in range(1, 37):
        if i % 4 == 0 and biz:
            nm, t = biz.pop(0), "C"
        else:
            f, l = person(rng, used)
            nm, t = f"{f} {l}", "R"
        custs.append((i, nm, f"{rng.randint(1, 299)} {rng.choice(streets)}", rng.choice(CITIES), t))
    techs = [(1, "Frank Doyle", 68.0, None, "2009-04-01"), (2, "Maria Santos", 55.0, 1, "2014-06-16"),
             (3, "Kwame Mensah", 52.5, 1, "2016-02-01"), (4, "Jake Turner", 41.0, 2, "2020-08-10"),
             (5, "Lena Fischer", 44.0, 3, "2021-05-03"), (6, "Sam O'Neil", 38.0, 2, "2023-01-09")]
    jtypes = [("LEAK", "Leak repair"), ("DRAIN", "Drain unblocking"), ("WH", "Water heater"),
              ("INST", "Fixture installation"), ("BOIL", "Boiler service"), ("RPIPE", "Repiping")]
    stats = [("O", "Open"), ("S", "Scheduled"), ("C", "Completed"), ("X", "Cancelled")]
    jobs = []
    for i in range(1, 61):
        dt = day(rng, "2022-01-01", "2024-12-31")
        st = "C" if rng.random() < 0.7 else rng.choice("OSX")
        if dt < "2024-10-01" and st in "OS":
            st = "C"
        if i > 50:  # the most recent jobs: many still open or scheduled
            dt = day(rng, "2024-10-01", "2024-12-31")
            st = rng.choice("OOSSC")
        jt = rng.choice([j[0] for j in jtypes])
        hrs = round(rng.uniform(1, 12 if jt == "RPIPE" else 5) * 4) / 4
        jobs.append((i, rng.randint(1, 32), rng.randint(1, 6), dt, jt, st, hrs))
    parts = [("P-100", "1/2in copper pipe (3m)", 24.5), ("P-110", "PVC elbow", 2.1),
             ("P-200", "Ball valve", 14.75), ("P-310", "Tank water heater 50gal", 689.0),
             ("P-320", "Flexible hose", 9.4), ("P-400", "Toilet fill valve", 18.9),
             ("P-410", "Kitchen faucet", 129.0), ("P-500", "Drain snake cartridge", 32.0),
             ("P-600", "Boiler pressure gauge", 45.5), ("P-700", "Thread seal tape", 1.2)]
    pu = []
    for j in jobs:
        for p in rng.sample(parts, rng.choice([0, 1, 1, 2])):
            pu.append((j[0], p[0], rng.randint(1, 4), round(p[2] * rng.choice([1.0, 1.1, 1.15]), 2)))
    invs = []
    n = 1
    for j in jobs:
        if j[5] != "C":
            continue
        labour = j[6] * techs[j[2] - 1][2]
        mat = sum(q * u for (jid, _, q, u) in pu if jid == j[0])
        idt = plus(j[3], rng.randint(0, 7))
        paid = None if rng.random() < 0.2 else plus(idt, rng.randint(3, 45))
        invs.append((n, j[0], idt, round(labour + mat + 35.0, 2), paid))
        n += 1
    write("plumbing_jobs_a", ddl, {"cust": custs, "tech": techs, "job_type": jtypes,
                                   "status_lkp": stats, "job": jobs, "part": parts,
                                   "part_used": pu, "invoice": invs})


# ---------------------------------------------------------------- small hotel
def small_hotel():
    rng = random.Random(505)
    ddl = """
CREATE TABLE rooms (room_no INTEGER PRIMARY KEY, room_type TEXT, floor INTEGER, nightly_rate REAL,
  sea_view INTEGER);
CREATE TABLE guests (guest_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, country TEXT,
  vip_flag TEXT);
CREATE TABLE staff (staff_id INTEGER PRIMARY KEY, full_name TEXT, role TEXT,
  manager_id INTEGER REFERENCES staff(staff_id));
CREATE TABLE bookings (booking_id INTEGER PRIMARY KEY, guest_id INTEGER REFERENCES guests(guest_id),
  room_no INTEGER REFERENCES rooms(room_no), check_in TEXT, check_out TEXT, status TEXT,
  total_amt REAL, booked_by INTEGER REFERENCES staff(staff_id));
CREATE TABLE services (svc_id INTEGER PRIMARY KEY, svc_name TEXT, price REAL);
CREATE TABLE booking_services (booking_id INTEGER REFERENCES bookings(booking_id),
  svc_id INTEGER REFERENCES services(svc_id), qty INTEGER, PRIMARY KEY (booking_id, svc_id));
"""
    rooms = []
    rate = {"Single": 79.0, "Double": 109.0, "Twin": 105.0, "Suite": 229.0, "Family": 159.0}
    for fl in (1, 2, 3):
        for k in range(1, 6):
            t = rng.choice(["Single", "Double", "Double", "Twin", "Family"]) if fl < 3 else rng.choice(["Double", "Suite"])
            sv = 1 if k in (1, 2) else 0
            rooms.append((fl * 100 + k, t, fl, rate[t] + 15.0 * sv + fl * 2, sv))
    used = set()
    countries = ["UK", "Germany", "France", "USA", "Netherlands", "Spain", "Italy", "Japan"]
    guests = []
    for i in range(1, 41):
        f, l = person(rng, used)
        guests.append((i, f, l, rng.choice(countries) if i % 13 else None, "Y" if rng.random() < 0.15 else "N"))
    staff = [(1, "Eleanor Price", "General Manager", None), (2, "Marco Rossi", "Front Office Manager", 1),
             (3, "Aiko Tanaka", "Receptionist", 2), (4, "Ben Hughes", "Receptionist", 2),
             (5, "Fatima Zahra", "Housekeeping Supervisor", 1), (6, "Pete Lowe", "Night Auditor", 2)]
    books = []
    for i in range(1, 61):
        r = rng.choice(rooms)
        ci = day(rng, "2022-03-01", "2024-11-30")
        n = rng.randint(1, 7)
        st = rng.choice(["DONE"] * 7 + ["CXL", "CONF"])
        if st == "CONF":
            ci = day(rng, "2024-12-01", "2025-03-31")
        amt = round(r[3] * n * rng.choice([1.0, 0.9, 1.0]), 2) if st != "CXL" else 0.0
        books.append((i, rng.randint(1, 35), r[0], ci, plus(ci, n), st, amt, rng.choice([3, 4, 6, 2])))
    svcs = [(1, "Breakfast", 14.5), (2, "Airport transfer", 45.0), (3, "Spa treatment", 85.0),
            (4, "Late checkout", 25.0), (5, "Parking", 12.0), (6, "Laundry", 18.0), (7, "Bike hire", 20.0)]
    bs = []
    for b in books:
        if b[5] == "CXL":
            continue
        for s in rng.sample(svcs[:6], rng.randint(0, 2)):
            bs.append((b[0], s[0], rng.randint(1, 4)))
    write("small_hotel_a", ddl, {"rooms": rooms, "guests": guests, "staff": staff,
                                 "bookings": books, "services": svcs, "booking_services": bs})


# ---------------------------------------------------------------- recruitment agency
def recruitment_agency():
    rng = random.Random(606)
    ddl = """
CREATE TABLE Consultants (cons_id INTEGER PRIMARY KEY, name TEXT, team_lead_id INTEGER REFERENCES Consultants(cons_id),
  desk TEXT);
CREATE TABLE Clients (client_id INTEGER PRIMARY KEY, company TEXT, industry TEXT, city TEXT);
CREATE TABLE Candidates (cand_id INTEGER PRIMARY KEY, fname TEXT, lname TEXT, city TEXT, yrs_exp INTEGER,
  gender TEXT, reg_dt TEXT);
CREATE TABLE Vacancies (vac_id INTEGER PRIMARY KEY, client_id INTEGER REFERENCES Clients(client_id),
  cons_id INTEGER REFERENCES Consultants(cons_id), title TEXT, salary_min REAL, salary_max REAL,
  posted_dt TEXT, status_cd TEXT);
CREATE TABLE Applications (app_id INTEGER PRIMARY KEY, cand_id INTEGER REFERENCES Candidates(cand_id),
  vac_id INTEGER REFERENCES Vacancies(vac_id), applied_dt TEXT, stage TEXT);
CREATE TABLE Placements (placement_id INTEGER PRIMARY KEY, app_id INTEGER REFERENCES Applications(app_id),
  start_dt TEXT, fee REAL);
"""
    cons = [(1, "Diana Ross-Whyte", None, "Tech"), (2, "Hugo Brandt", 1, "Tech"),
            (3, "Nina Kowalski", 1, "Finance"), (4, "Arjun Mehta", 3, "Finance"),
            (5, "Chloe Dupont", 1, "Health"), (6, "Sean Murphy", 5, "Health")]
    comps = [("Brightwave Software", "Technology"), ("Northbank Capital", "Finance"),
             ("St. Luke's Hospital", "Healthcare"), ("Pixel Forge", "Technology"),
             ("Greenfield Insurance", "Finance"), ("CareFirst Clinics", "Healthcare"),
             ("Orbit Logistics", "Logistics"), ("DataNest", "Technology"),
             ("Harbor Freight Lines", "Logistics"), ("Summit Accounting", "Finance"),
             ("Vita Pharma", "Healthcare"), ("Cobalt Retail", "Retail")]
    clients = [(i, c, ind, rng.choice(CITIES)) for i, (c, ind) in enumerate(comps, 1)]
    used = set()
    cands = []
    for i in range(1, 51):
        f, l = person(rng, used)
        gender = "F" if FIRST.index(f) % 2 else "M"  # FIRST alternates male and female names
        cands.append((i, f, l, rng.choice(CITIES), rng.randint(0, 22), gender,
                      day(rng, "2021-01-01", "2024-10-31")))
    titles = {"Technology": ["Software Engineer", "Data Analyst", "DevOps Engineer", "QA Tester"],
              "Finance": ["Accountant", "Financial Analyst", "Credit Controller"],
              "Healthcare": ["Staff Nurse", "Pharmacist", "Care Assistant"],
              "Logistics": ["Warehouse Supervisor", "Transport Planner"],
              "Retail": ["Store Manager"]}
    vacs = []
    for i in range(1, 31):
        cl = rng.randint(1, 11)  # Cobalt Retail never posted
        ind = clients[cl - 1][2]
        lo = rng.randrange(26000, 70000, 500)
        vacs.append((i, cl, rng.randint(1, 6), rng.choice(titles[ind]), float(lo),
                     float(lo + rng.randrange(4000, 20000, 500)), day(rng, "2022-01-01", "2024-11-30"),
                     rng.choice(["OPEN", "FILLED", "FILLED", "CLOSED"])))
    apps = []
    for i in range(1, 61):
        apps.append((i, rng.randint(1, 44), rng.randint(1, 30), None,
                     rng.choice(["Applied", "Screened", "Interview", "Offer", "Rejected"])))
    apps = [(a[0], a[1], a[2], plus(vacs[a[2] - 1][6], rng.randint(1, 30)), a[4]) for a in apps]
    pls = []
    n = 1
    for v in vacs:
        if v[7] != "FILLED":
            continue
        mine = [a for a in apps if a[2] == v[0]]
        if not mine:
            continue
        a = mine[0]
        apps[a[0] - 1] = (a[0], a[1], a[2], a[3], "Placed")
        sal = (v[4] + v[5]) / 2
        pls.append((n, a[0], plus(a[3], rng.randint(20, 60)), round(sal * rng.choice([0.15, 0.18, 0.2]), 2)))
        n += 1
    write("recruitment_agency_a", ddl, {"Consultants": cons, "Clients": clients, "Candidates": cands,
                                        "Vacancies": vacs, "Applications": apps, "Placements": pls})


# ---------------------------------------------------------------- food bank
def food_bank():
    rng = random.Random(707)
    ddl = """
CREATE TABLE food_category (category_cd TEXT PRIMARY KEY, category_name TEXT, perishable_yn TEXT);
CREATE TABLE donor (donor_id INTEGER PRIMARY KEY, donor_name TEXT, donor_type TEXT, city TEXT);
CREATE TABLE donation (donation_id INTEGER PRIMARY KEY, donor_id INTEGER REFERENCES donor(donor_id),
  recv_dt TEXT, category_cd TEXT REFERENCES food_category(category_cd), weight_kg REAL, est_value REAL);
CREATE TABLE partner_agency (agency_id INTEGER PRIMARY KEY, agency_name TEXT, district TEXT,
  households_served INTEGER);
CREATE TABLE volunteer (volunteer_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT,
  is_driver INTEGER, joined_dt TEXT);
CREATE TABLE delivery (delivery_id INTEGER PRIMARY KEY, agency_id INTEGER REFERENCES partner_agency(agency_id),
  driver_id INTEGER REFERENCES volunteer(volunteer_id), deliv_dt TEXT, total_kg REAL);
"""
    cats = [("CAN", "Canned goods", "N"), ("DRY", "Dry goods", "N"), ("DAI", "Dairy", "Y"),
            ("PRD", "Fresh produce", "Y"), ("BAK", "Bakery", "Y"), ("HYG", "Hygiene products", "N"),
            ("BAB", "Baby food", "N")]
    biz = [("FreshMart Supermarket", "BUS"), ("Golden Crust Bakery", "BUS"), ("St. Mary's Parish", "CHR"),
           ("Valley Farms Co-op", "BUS"), ("Rotary Club", "CHR"), ("City Hospital Canteen", "BUS"),
           ("Hope Church", "CHR"), ("Greenleaf Grocers", "BUS")]
    used = set()
    donors = []
    for i in range(1, 31):
        if i <= len(biz):
            nm, t = biz[i - 1]
        else:
            f, l = person(rng, used)
            nm, t = f"{f} {l}", "IND"
        donors.append((i, nm, t, rng.choice(CITIES) if i % 10 else None))
    dons = []
    for i in range(1, 61):
        d = rng.randint(1, 26)  # donors 27-30 registered, nothing given yet
        c = rng.choice(cats)[0]
        w = round(rng.uniform(2, 40 if donors[d - 1][2] == "IND" else 220), 1)
        dons.append((i, d, day(rng, "2022-01-01", "2024-12-31"), c, w, round(w * rng.uniform(1.2, 4.5), 2)))
    ags = [(1, "Northside Community Pantry", "North", 120), (2, "Eastgate Shelter", "East", 45),
           (3, "Women's Refuge Oakdale", "West", 30), (4, "Riverton Youth Centre", "South", 80),
           (5, "Hillcrest Seniors Club", "North", 60), (6, "St. Anne's Soup Kitchen", "Central", 150),
           (7, "Maplewood Family Hub", "West", 95), (8, "Lakeside Migrant Support", "East", 70)]
    vols = []
    used = set()
    for i in range(1, 26):
        f, l = person(rng, used)
        vols.append((i, f, l, 1 if i <= 9 else 0, day(rng, "2019-01-01", "2024-09-30")))
    dels = []
    for i in range(1, 51):
        dels.append((i, rng.randint(1, 7), rng.randint(1, 8), day(rng, "2022-01-01", "2024-12-31"),
                     round(rng.uniform(40, 600), 1)))
    write("food_bank_a", ddl, {"food_category": cats, "donor": donors, "donation": dons,
                               "partner_agency": ags, "volunteer": vols, "delivery": dels})


# ---------------------------------------------------------------- football league (tbl prefix)
def football_league():
    rng = random.Random(808)
    ddl = """
CREATE TABLE tblTeam (TeamId INTEGER PRIMARY KEY, TeamName TEXT, HomeGround TEXT, FoundedYr INTEGER,
  Division TEXT);
CREATE TABLE tblReferee (RefereeId INTEGER PRIMARY KEY, RefName TEXT, Grade INTEGER);
CREATE TABLE tblPlayer (PlayerId INTEGER PRIMARY KEY, TeamId INTEGER REFERENCES tblTeam(TeamId),
  FirstName TEXT, Surname TEXT, Position TEXT, DOB TEXT, ShirtNo INTEGER, IsCaptain TEXT);
CREATE TABLE tblMatch (MatchId INTEGER PRIMARY KEY, Season TEXT, MatchDate TEXT,
  HomeTeamId INTEGER REFERENCES tblTeam(TeamId), AwayTeamId INTEGER REFERENCES tblTeam(TeamId),
  HomeGoals INTEGER, AwayGoals INTEGER, RefereeId INTEGER REFERENCES tblReferee(RefereeId), Attendance INTEGER);
CREATE TABLE tblGoal (GoalId INTEGER PRIMARY KEY, MatchId INTEGER REFERENCES tblMatch(MatchId),
  PlayerId INTEGER REFERENCES tblPlayer(PlayerId), Minute INTEGER, OwnGoal TEXT);
CREATE TABLE tblCard (CardId INTEGER PRIMARY KEY, MatchId INTEGER REFERENCES tblMatch(MatchId),
  PlayerId INTEGER REFERENCES tblPlayer(PlayerId), Minute INTEGER, CardType TEXT);
"""
    teams = [(1, "Red Lions FC", "Kings Park", 1987, "A"), (2, "Riverside Rovers", "Mill Lane", 1995, "A"),
             (3, "Oakdale Athletic", "Oak Meadow", 2001, "A"), (4, "Harbour United", "Dockside Ground", 1979, "B"),
             (5, "Hillcrest Wanderers", "Hilltop Field", 2008, "B"), (6, "Maple Town", "Maple Rec", 2012, "B")]
    refs = [(1, "Colin Hart", 1), (2, "Denise Abara", 2), (3, "Phil Morton", 2), (4, "Greg Lindqvist", 3),
            (5, "Tara Singh", 3)]
    used = set()
    players = []
    pid = 1
    for t in teams:
        pos = ["GK", "DF", "DF", "DF", "MF", "MF", "MF", "FW", "FW"]
        nums = rng.sample(range(1, 30), len(pos))
        for k, p in enumerate(pos):
            f, l = person(rng, used)
            players.append((pid, t[0], f, l, p, day(rng, "1988-01-01", "2005-12-31"),
                            1 if p == "GK" else nums[k], "Y" if k == 4 else "N"))
            pid += 1
    matches = []
    goals = []
    cards = []
    mid = 1
    for season, y in (("2023/24", 2023), ("2024/25", 2024)):
        pairs = [(h, a) for h in range(1, 7) for a in range(1, 7) if h != a]
        rng.shuffle(pairs)
        for h, a in pairs[:14]:
            hg, ag = rng.choice([0, 0, 1, 1, 1, 2, 3]), rng.choice([0, 0, 0, 1, 1, 2])
            dt = day(rng, f"{y}-09-01", f"{y + 1}-05-15")
            matches.append((mid, season, dt, h, a, hg, ag, rng.randint(1, 4), rng.randint(80, 900)))
            for team, n in ((h, hg), (a, ag)):
                for _ in range(n):
                    squad = [p for p in players if p[1] == team and p[4] != "GK"]
                    w = [4 if p[4] == "FW" else 2 if p[4] == "MF" else 1 for p in squad]
                    sc = rng.choices(squad, w)[0]
                    goals.append((len(goals) + 1, mid, sc[0], rng.randint(1, 90), "N"))
            if rng.random() < 0.5:
                both = [p for p in players if p[1] in (h, a)]
                p = rng.choice(both)
                cards.append((len(cards) + 1, mid, p[0], rng.randint(5, 90), "R" if rng.random() < 0.15 else "Y"))
            mid += 1
    write("football_league_a", ddl, {"tblTeam": teams, "tblReferee": refs, "tblPlayer": players,
                                     "tblMatch": matches, "tblGoal": goals, "tblCard": cards})


def main():
    os.makedirs(OUT, exist_ok=True)
    for build in (vet_clinic, bike_rental, school_library, plumbing_jobs, small_hotel,
                  recruitment_agency, food_bank, football_league):
        build()


if __name__ == "__main__":
    main()
