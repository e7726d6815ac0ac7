#!/usr/bin/env python3
"""Build the 8 invented SQLite databases of the blind set invented_blind_en_b.jsonl.

Written by the "blind-invented-en-b" helper on 2026-11-28, without looking at the
question-to-SQL engine, its rules or any other question set. Schemas and rows are
INVENTED (no real people or organisations): small systems of a dental practice, a car
repair garage, a coworking space, a farm, an IT help desk, a theatre, a rental agency and
a charity, with mixed naming styles on purpose (snake_case, CamelCase, UPPER_CASE,
abbreviations, a lookup table of codes, a junction table, a self reference).

Output: tests/nlq/invented/<name>.sqlite. Deterministic: each database has its own fixed
random.Random seed and the file is rebuilt from scratch, so two runs give the same bytes.
Usage: python3 tests/nlq/build_invented_blind_b.py
"""
import os
import random

from invented_rows import OUT, fill, open_db

FIRST_F = ["Anna", "Maria", "Laura", "Sofia", "Emma", "Olivia", "Grace", "Chloe", "Hannah",
           "Julia", "Nora", "Ruth", "Elena", "Priya", "Mei", "Fatima", "Claire", "Ingrid"]
FIRST_M = ["James", "Lucas", "Omar", "Daniel", "Peter", "Thomas", "Marco", "Ivan", "Samuel",
           "Hugo", "Ravi", "Kenji", "Felix", "Noah", "Victor", "Adam", "Leon", "Oscar"]
LAST = ["Smith", "Garcia", "Novak", "Brown", "Kowalski", "Rossi", "Dubois", "Jensen", "Okafor",
        "Tanaka", "Silva", "Murphy", "Weber", "Patel", "Lindqvist", "Horvat", "Moreau", "Byrne",
        "Keller", "Costa", "Nguyen", "Fischer", "Walsh", "Romero"]
CITIES = ["Riverton", "Oakfield", "Millbrook", "Eastport", "Westvale"]


def person(rng, gender=None):
    g = gender or rng.choice("FM")
    return g, rng.choice(FIRST_F if g == "F" else FIRST_M), rng.choice(LAST)


def date(rng, y0, y1):
    return "%04d-%02d-%02d" % (rng.randint(y0, y1), rng.randint(1, 12), rng.randint(1, 28))


def build_dental():
    rng = random.Random(101)
    con = open_db("dental_b", """
CREATE TABLE dentists (dentist_id INTEGER PRIMARY KEY, first_nm TEXT, last_nm TEXT,
  specialty TEXT, hired_dt TEXT, supervisor_id INTEGER REFERENCES dentists(dentist_id));
CREATE TABLE patients (patient_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT,
  gender TEXT, dob TEXT, city TEXT, insured_flag TEXT);
CREATE TABLE treatment_codes (code TEXT PRIMARY KEY, descr TEXT, std_fee REAL);
CREATE TABLE appointments (appt_id INTEGER PRIMARY KEY,
  patient_id INTEGER NOT NULL REFERENCES patients(patient_id),
  dentist_id INTEGER NOT NULL REFERENCES dentists(dentist_id), appt_dt TEXT, status_cd TEXT);
CREATE TABLE appt_treatments (appt_id INTEGER REFERENCES appointments(appt_id),
  code TEXT REFERENCES treatment_codes(code), qty INTEGER, fee_amt REAL,
  PRIMARY KEY (appt_id, code));
CREATE TABLE invoices (inv_id INTEGER PRIMARY KEY, appt_id INTEGER REFERENCES appointments(appt_id),
  amt REAL, paid_dt TEXT);
""")
    dentists = [(1, "Helen", "Marsh", "General", "2012-03-01", None),
                (2, "Rajesh", "Iyer", "Orthodontics", "2015-09-14", 1),
                (3, "Clara", "Vogel", "General", "2018-01-08", 1),
                (4, "Tomas", "Berg", "Endodontics", "2019-06-03", 2),
                (5, "Aisha", "Bello", "Hygiene", "2021-02-15", 3),
                (6, "Martin", "Cole", "Periodontics", "2023-04-10", 1)]
    fill(con, "dentists", dentists)
    patients = []
    for i in range(1, 41):
        g, f, l = person(rng)
        patients.append((i, f, l, g, date(rng, 1950, 2015), rng.choice(CITIES),
                         rng.choice("YYN")))
    fill(con, "patients", patients)
    codes = [("D0120", "Periodic oral exam", 55.0), ("D1110", "Adult cleaning", 95.0),
             ("D0274", "Bitewing x-rays", 70.0), ("D2391", "Composite filling", 180.0),
             ("D3310", "Root canal, anterior", 720.0), ("D2740", "Porcelain crown", 1150.0),
             ("D7140", "Tooth extraction", 210.0), ("D4341", "Deep scaling", 260.0),
             ("D9972", "Teeth whitening", 390.0), ("D8080", "Braces, comprehensive", 4800.0),
             ("D1351", "Sealant", 48.0)]
    fill(con, "treatment_codes", codes)
    appts, treats, invs = [], [], []
    inv = 1
    for a in range(1, 61):
        pid = rng.randint(1, 36)  # patients 37-40 never had an appointment
        did = rng.choice([1, 1, 1, 2, 3, 3, 4, 5, 5])  # dentist 6 has none yet
        st = rng.choice("CCCCCXNS")
        appts.append((a, pid, did, date(rng, 2022, 2025), st))
        if st == "C":
            chosen = rng.sample(codes[:10], rng.randint(1, 3))
            total = 0.0
            for c in chosen:
                q = rng.choice([1, 1, 1, 2])
                fee = round(c[2] * q * rng.uniform(0.9, 1.1), 2)
                total += fee
                treats.append((a, c[0], q, fee))
            paid = None if rng.random() < 0.2 else "paid"
            invs.append((inv, a, round(total, 2), paid))
            inv += 1
    fill(con, "appointments", appts)
    fill(con, "appt_treatments", treats)
    dates = {a[0]: a[3] for a in appts}
    invs = [(i, a, amt, None if p is None else dates[a]) for i, a, amt, p in invs]
    fill(con, "invoices", invs)
    con.commit()
    con.close()


def build_garage():
    rng = random.Random(202)
    con = open_db("garage_b", """
CREATE TABLE Customer (CustomerID INTEGER PRIMARY KEY, FirstName TEXT, LastName TEXT,
  Phone TEXT, City TEXT);
CREATE TABLE Vehicle (VehicleID INTEGER PRIMARY KEY,
  CustomerID INTEGER NOT NULL REFERENCES Customer(CustomerID), Make TEXT, Model TEXT,
  ModelYear INTEGER, Plate TEXT, Mileage INTEGER);
CREATE TABLE Mechanic (MechanicID INTEGER PRIMARY KEY, Name TEXT, HourlyRate REAL,
  LeadMechanicID INTEGER REFERENCES Mechanic(MechanicID));
CREATE TABLE StatusLookup (StatusCode TEXT PRIMARY KEY, StatusName TEXT);
CREATE TABLE RepairOrder (OrderID INTEGER PRIMARY KEY,
  VehicleID INTEGER NOT NULL REFERENCES Vehicle(VehicleID),
  MechanicID INTEGER REFERENCES Mechanic(MechanicID), OpenedOn TEXT, ClosedOn TEXT,
  StatusCode TEXT REFERENCES StatusLookup(StatusCode), Complaint TEXT, LaborHours REAL);
CREATE TABLE Part (PartNo TEXT PRIMARY KEY, PartName TEXT, UnitPrice REAL, Supplier TEXT);
CREATE TABLE OrderPart (OrderID INTEGER REFERENCES RepairOrder(OrderID),
  PartNo TEXT REFERENCES Part(PartNo), Qty INTEGER, PRIMARY KEY (OrderID, PartNo));
""")
    custs = []
    for i in range(1, 31):
        _, f, l = person(rng)
        custs.append((i, f, l, "555-%04d" % rng.randint(0, 9999), rng.choice(CITIES)))
    fill(con, "Customer", custs)
    makes = [("Toyota", ["Corolla", "RAV4", "Yaris"]), ("Ford", ["Focus", "Fiesta", "Transit"]),
             ("Volkswagen", ["Golf", "Passat", "Polo"]), ("Honda", ["Civic", "CR-V"]),
             ("BMW", ["320i", "X3"]), ("Skoda", ["Octavia", "Fabia"])]
    vehs = []
    for v in range(1, 41):
        mk, models = rng.choice(makes)
        cid = rng.randint(1, 27) if v > 27 else v  # customers 28-30 own no car on file
        vehs.append((v, cid, mk, rng.choice(models), rng.randint(2006, 2023),
                     "%s%02d %s" % (rng.choice("ABCDKLMR"), rng.randint(10, 99),
                                    "".join(rng.choice("XYZWVT") for _ in range(3))),
                     rng.randint(8000, 240000)))
    fill(con, "Vehicle", vehs)
    fill(con, "Mechanic", [(1, "Gary Doyle", 68.0, None), (2, "Sven Aalto", 55.0, 1),
                           (3, "Rosa Mendes", 52.5, 1), (4, "Kofi Mensah", 47.0, 2),
                           (5, "Liam Carter", 41.0, 2), (6, "Nadia Petrova", 58.0, 1)])
    fill(con, "StatusLookup", [("OP", "Open"), ("WP", "Waiting for parts"),
                               ("IP", "In progress"), ("DN", "Done"), ("CX", "Cancelled")])
    parts = [("BP-220", "Brake pads (front)", 64.9, "AutoParts Co"),
             ("BD-114", "Brake disc", 89.5, "AutoParts Co"),
             ("OF-010", "Oil filter", 12.4, "FilterMax"), ("AF-031", "Air filter", 18.9, "FilterMax"),
             ("EO-5W30", "Engine oil 5W-30 (1L)", 9.8, "LubeLine"),
             ("SP-004", "Spark plug", 7.6, "IgniteTech"), ("BT-070", "Battery 70Ah", 139.0, "VoltCell"),
             ("TB-900", "Timing belt kit", 245.0, "AutoParts Co"),
             ("WB-022", "Wiper blades (pair)", 24.5, "ClearView"),
             ("CL-300", "Clutch kit", 410.0, "DriveTrain Ltd"),
             ("SA-501", "Shock absorber", 118.0, "DriveTrain Ltd"),
             ("HB-12", "Headlight bulb", 11.2, "IgniteTech")]
    fill(con, "Part", parts)
    complaints = ["Brakes squeaking", "Annual service", "Won't start", "Oil change",
                  "Clutch slipping", "Noise from suspension", "Check engine light", "Wipers worn"]
    orders, ops = [], []
    for o in range(1, 56):
        opened = date(rng, 2022, 2025)
        st = rng.choice(["DN", "DN", "DN", "DN", "OP", "WP", "IP", "CX"])
        closed = None
        if st == "DN":
            y, m, d = map(int, opened.split("-"))
            closed = "%04d-%02d-%02d" % (y, m, min(28, d + rng.randint(0, 9)))
        mech = None if st == "OP" and rng.random() < 0.5 else rng.choice([1, 2, 2, 3, 3, 4, 5])
        orders.append((o, rng.randint(1, 37), mech, opened, closed, st,
                       rng.choice(complaints), round(rng.uniform(0.5, 9.5), 1)))
        if st != "CX":
            for p in rng.sample(parts[:11], rng.randint(0, 3)):
                ops.append((o, p[0], rng.choice([1, 1, 2, 4])))
    fill(con, "RepairOrder", orders)
    fill(con, "OrderPart", ops)
    con.commit()
    con.close()


def build_cowork():
    rng = random.Random(303)
    con = open_db("cowork_b", """
CREATE TABLE PLANS (PLAN_CD TEXT PRIMARY KEY, PLAN_DESC TEXT, MONTHLY_FEE REAL, INCL_HRS INTEGER);
CREATE TABLE MEMBERS (MEMBER_ID INTEGER PRIMARY KEY, MEMBER_NM TEXT, COMPANY TEXT,
  PLAN_CD TEXT REFERENCES PLANS(PLAN_CD), JOIN_DT TEXT, ACTIVE_FLG TEXT, REFERRED_BY INTEGER
  REFERENCES MEMBERS(MEMBER_ID));
CREATE TABLE ROOMS (ROOM_ID INTEGER PRIMARY KEY, ROOM_NM TEXT, FLOOR_NO INTEGER, CAPACITY INTEGER,
  HOURLY_RATE REAL, HAS_SCREEN INTEGER);
CREATE TABLE BOOKINGS (BOOKING_ID INTEGER PRIMARY KEY,
  MEMBER_ID INTEGER NOT NULL REFERENCES MEMBERS(MEMBER_ID),
  ROOM_ID INTEGER NOT NULL REFERENCES ROOMS(ROOM_ID), BOOKING_DT TEXT, START_HR INTEGER,
  HRS REAL, AMT REAL, CANCELLED INTEGER);
""")
    fill(con, "PLANS", [("HD", "Hot desk", 180.0, 4), ("FD", "Fixed desk", 320.0, 8),
                        ("PO", "Private office", 950.0, 20), ("VO", "Virtual office", 60.0, 0),
                        ("DP", "Day pass bundle", 120.0, 2)])
    companies = ["Brightloop", "Nordvik Design", "Quanta Labs", "Freelance", "Freelance",
                 "Pixel & Pine", "Harbor Legal", "Tidewater Analytics", None]
    mems = []
    for i in range(1, 36):
        _, f, l = person(rng)
        ref = rng.randint(1, i - 1) if i > 5 and rng.random() < 0.3 else None
        mems.append((i, f + " " + l, rng.choice(companies), rng.choice(["HD", "HD", "FD", "PO", "VO"]),
                     date(rng, 2021, 2025), rng.choice("YYYN"), ref))
    fill(con, "MEMBERS", mems)
    rooms = [(1, "Fjord", 1, 4, 18.0, 1), (2, "Summit", 2, 12, 45.0, 1), (3, "Cedar", 1, 6, 25.0, 1),
             (4, "Pod A", 1, 1, 8.0, 0), (5, "Pod B", 1, 1, 8.5, 0), (6, "Atrium", 3, 30, 95.0, 1),
             (7, "Willow", 2, 8, 32.0, 0), (8, "Loft", 3, 16, 60.0, 1)]
    fill(con, "ROOMS", rooms)
    bks = []
    FREQUENT_BOOKERS = list(range(1, 31)) + [4, 4, 9]  # members 31-35 never booked
    for b in range(1, 61):
        room = rng.choice(rooms[:7])  # the Loft was never booked
        hrs = rng.choice([1, 1, 1.5, 2, 2, 3, 4, 8])
        bks.append((b, rng.choice(FREQUENT_BOOKERS), room[0], date(rng, 2023, 2025), rng.randint(8, 17),
                    hrs, round(hrs * room[4], 2), 1 if rng.random() < 0.15 else 0))
    fill(con, "BOOKINGS", bks)
    con.commit()
    con.close()


def build_farm():
    rng = random.Random(404)
    con = open_db("farm_b", """
CREATE TABLE field (field_id INTEGER PRIMARY KEY, field_nm TEXT, hectares REAL, soil_type TEXT,
  irrigated INTEGER);
CREATE TABLE crop (crop_id INTEGER PRIMARY KEY, crop_name TEXT, category TEXT);
CREATE TABLE worker (worker_id INTEGER PRIMARY KEY, full_name TEXT, daily_wage REAL,
  foreman_id INTEGER REFERENCES worker(worker_id), seasonal TEXT);
CREATE TABLE harvest (harvest_id INTEGER PRIMARY KEY,
  field_id INTEGER NOT NULL REFERENCES field(field_id),
  crop_id INTEGER NOT NULL REFERENCES crop(crop_id),
  worker_id INTEGER REFERENCES worker(worker_id), harvest_dt TEXT, qty_kg REAL, grade TEXT);
CREATE TABLE cust_type (type_cd TEXT PRIMARY KEY, type_desc TEXT);
CREATE TABLE customer (cust_id INTEGER PRIMARY KEY, cust_nm TEXT,
  type_cd TEXT REFERENCES cust_type(type_cd), region TEXT);
CREATE TABLE sale (sale_id INTEGER PRIMARY KEY, cust_id INTEGER NOT NULL REFERENCES customer(cust_id),
  crop_id INTEGER NOT NULL REFERENCES crop(crop_id), sale_dt TEXT, qty_kg REAL, price_per_kg REAL);
""")
    fields = [(1, "North Meadow", 12.5, "loam", 1), (2, "River Plot", 8.2, "clay", 1),
              (3, "Hilltop", 15.0, "sandy", 0), (4, "Orchard Row", 6.4, "loam", 1),
              (5, "Long Acre", 20.3, "clay", 0), (6, "Old Pasture", 9.7, "silt", 0),
              (7, "Greenhouse 1", 0.6, "compost", 1), (8, "Greenhouse 2", 0.5, "compost", 1)]
    fill(con, "field", fields)
    crops = [(1, "Wheat", "grain"), (2, "Barley", "grain"), (3, "Potatoes", "vegetable"),
             (4, "Carrots", "vegetable"), (5, "Apples", "fruit"), (6, "Strawberries", "fruit"),
             (7, "Tomatoes", "vegetable"), (8, "Onions", "vegetable"), (9, "Pears", "fruit"),
             (10, "Rapeseed", "oilseed")]
    fill(con, "crop", crops)
    workers = [(1, "Bernard Hale", 165.0, None, "N"), (2, "Dana Kovac", 140.0, 1, "N"),
               (3, "Eli Brandt", 128.0, 1, "N")]
    for w in range(4, 19):
        _, f, l = person(rng)
        workers.append((w, f + " " + l, round(rng.uniform(85, 125), 2), rng.choice([2, 3]),
                        rng.choice("YYN")))
    fill(con, "worker", workers)
    plan = {1: [1, 2, 10], 2: [3, 4, 8], 3: [1, 2], 4: [5, 9], 5: [1, 10, 3], 6: [2],
            7: [7, 6], 8: [7, 6]}
    hv = []
    for h in range(1, 59):
        fid = rng.choice([1, 2, 3, 4, 5, 7, 8])  # Old Pasture lies fallow
        cid = rng.choice(plan[fid])
        base = 30 if fid in (7, 8) else 400
        hv.append((h, fid, cid, rng.choice([None] + list(range(4, 19))),
                   date(rng, 2022, 2025), round(base * rng.uniform(1, 12), 1), rng.choice("AABC")))
    fill(con, "harvest", hv)
    fill(con, "cust_type", [("RET", "Retail shop"), ("WHL", "Wholesaler"),
                            ("MKT", "Farmers market stall"), ("RST", "Restaurant")])
    custs = [(1, "Greenway Grocers", "RET", "North"), (2, "Valley Wholesale", "WHL", "South"),
             (3, "Corner Pantry", "RET", "East"), (4, "Saturday Market Stall", "MKT", "North"),
             (5, "Miller & Sons Mill", "WHL", "West"), (6, "Bistro Lumiere", "RST", "East"),
             (7, "FreshCo Supermarkets", "RET", "South"), (8, "The Olive Table", "RST", "North"),
             (9, "Harvest Moon Co-op", "WHL", "East"), (10, "Town Square Market", "MKT", "West"),
             (11, "Blue Door Cafe", "RST", "West"), (12, "Pine Street Deli", "RET", "North")]
    fill(con, "customer", custs)
    prices = {1: 0.28, 2: 0.24, 3: 0.55, 4: 0.7, 5: 1.6, 6: 4.2, 7: 2.3, 8: 0.8, 9: 1.9, 10: 0.45}
    sales = []
    for s in range(1, 56):
        cid = rng.randint(1, 10)  # the cafe and the deli have not bought yet
        crop = rng.randint(1, 10)
        sales.append((s, cid, crop, date(rng, 2022, 2025), round(rng.uniform(20, 900), 1),
                      round(prices[crop] * rng.uniform(0.85, 1.2), 2)))
    fill(con, "sale", sales)
    con.commit()
    con.close()


def build_helpdesk():
    rng = random.Random(505)
    con = open_db("helpdesk_b", """
CREATE TABLE dept (dept_id INTEGER PRIMARY KEY, dept_name TEXT, bldg TEXT);
CREATE TABLE tblUser (user_id INTEGER PRIMARY KEY, fname TEXT, lname TEXT,
  dept_id INTEGER REFERENCES dept(dept_id), email TEXT, is_vip TEXT);
CREATE TABLE agent (agent_id INTEGER PRIMARY KEY, agent_name TEXT, tier INTEGER,
  team_lead_id INTEGER REFERENCES agent(agent_id), start_dt TEXT);
CREATE TABLE tkt_category (cat_cd TEXT PRIMARY KEY, cat_desc TEXT);
CREATE TABLE tickets (ticket_id INTEGER PRIMARY KEY,
  opened_by INTEGER NOT NULL REFERENCES tblUser(user_id),
  assigned_to INTEGER REFERENCES agent(agent_id), cat_cd TEXT REFERENCES tkt_category(cat_cd),
  priority INTEGER, status TEXT, subject TEXT, created_dt TEXT, resolved_dt TEXT,
  csat_score INTEGER);
CREATE TABLE ticket_comments (comment_id INTEGER PRIMARY KEY,
  ticket_id INTEGER NOT NULL REFERENCES tickets(ticket_id),
  agent_id INTEGER REFERENCES agent(agent_id), comment_dt TEXT, body TEXT);
""")
    depts = [(1, "Finance", "A"), (2, "Human Resources", "A"), (3, "Sales", "B"),
             (4, "Marketing", "B"), (5, "Warehouse", "C"), (6, "Legal", "A"), (7, "Engineering", "C")]
    fill(con, "dept", depts)
    users = []
    for u in range(1, 41):
        _, f, l = person(rng)
        users.append((u, f, l, rng.randint(1, 7), "%s.%s@example.org" % (f.lower(), l.lower()),
                      "Y" if rng.random() < 0.12 else "N"))
    fill(con, "tblUser", users)
    fill(con, "agent", [(1, "Paula Reyes", 3, None, "2016-05-02"), (2, "Jonas Falk", 2, 1, "2019-11-18"),
                        (3, "Amara Obi", 2, 1, "2020-02-10"), (4, "Kevin Tran", 1, 2, "2022-07-01"),
                        (5, "Sara Lind", 1, 2, "2023-01-09"), (6, "Mohammed Aziz", 1, 3, "2023-08-21"),
                        (7, "Beth Quinn", 1, 3, "2025-03-03")])
    cats = [("HW", "Hardware"), ("SW", "Software"), ("NET", "Network"), ("ACC", "Account & access"),
            ("PRN", "Printing"), ("MOB", "Mobile devices"), ("EML", "Email")]
    fill(con, "tkt_category", cats)
    subjects = {"HW": ["Laptop won't boot", "Monitor flickers", "Keyboard broken"],
                "SW": ["Excel crashes", "Need software installed", "License expired"],
                "NET": ["VPN not connecting", "Wi-Fi drops", "Slow network"],
                "ACC": ["Password reset", "Locked out", "Need access to shared drive"],
                "PRN": ["Printer jam", "Cannot print to 2nd floor printer"],
                "MOB": ["Phone not syncing"], "EML": ["Mailbox full", "Spam getting through"]}
    tks, cms = [], []
    REQUESTERS = list(range(1, 35)) + [5, 23, 12]  # users 35-40 never raised a ticket
    c = 1
    for t in range(1, 61):
        cat = rng.choice(["HW", "SW", "SW", "NET", "ACC", "ACC", "PRN", "EML"])  # MOB never used
        st = rng.choice(["OPEN", "PEND", "RES", "RES", "CLSD", "CLSD", "CLSD"])
        created = date(rng, 2023, 2025)
        resolved, csat = None, None
        if st in ("RES", "CLSD"):
            y, m, d = map(int, created.split("-"))
            resolved = "%04d-%02d-%02d" % (y, m, min(28, d + rng.randint(0, 6)))
            csat = rng.choice([None, 3, 4, 5, 5, 2, 1, 4])
        agent = None if st == "OPEN" and rng.random() < 0.4 else rng.choice([1, 2, 2, 2, 3, 4, 4, 5, 6])
        tks.append((t, rng.choice(REQUESTERS), agent, cat, rng.choice([1, 2, 2, 3, 3, 3, 4]), st,
                    rng.choice(subjects[cat]), created, resolved, csat))
        for _ in range(rng.randint(0, 2)):
            cms.append((c, t, agent, created, rng.choice(["Looking into it", "Asked user for details",
                                                         "Escalated", "Fixed, please confirm"])))
            c += 1
    fill(con, "tickets", tks)
    fill(con, "ticket_comments", cms)
    con.commit()
    con.close()


def build_theatre():
    rng = random.Random(606)
    con = open_db("theatre_b", """
CREATE TABLE Venues (VenueId INTEGER PRIMARY KEY, VenueName TEXT, Seats INTEGER);
CREATE TABLE Productions (ProductionId INTEGER PRIMARY KEY, Title TEXT, Genre TEXT,
  Director TEXT, OpeningDate TEXT, RunningMinutes INTEGER);
CREATE TABLE Performances (PerformanceId INTEGER PRIMARY KEY,
  ProductionId INTEGER NOT NULL REFERENCES Productions(ProductionId),
  VenueId INTEGER NOT NULL REFERENCES Venues(VenueId), PerfDate TEXT, StartTime TEXT,
  IsMatinee INTEGER);
CREATE TABLE Patrons (PatronId INTEGER PRIMARY KEY, FirstName TEXT, LastName TEXT, Email TEXT,
  PostCode TEXT, IsSubscriber INTEGER);
CREATE TABLE SeatCategories (CategoryCode TEXT PRIMARY KEY, CategoryName TEXT);
CREATE TABLE TicketSales (SaleId INTEGER PRIMARY KEY,
  PerformanceId INTEGER NOT NULL REFERENCES Performances(PerformanceId),
  PatronId INTEGER REFERENCES Patrons(PatronId),
  CategoryCode TEXT REFERENCES SeatCategories(CategoryCode), Price REAL, SoldOn TEXT,
  Channel TEXT);
""")
    fill(con, "Venues", [(1, "Main Stage", 620), (2, "Studio", 140), (3, "Garden Pavilion", 260)])
    prods = [(1, "The Glass Menagerie", "Drama", "Ruth Ellison", "2023-02-10", 125),
             (2, "Guys and Dolls", "Musical", "Marcus Webb", "2023-05-19", 160),
             (3, "Noises Off", "Comedy", "Ruth Ellison", "2023-09-08", 140),
             (4, "Macbeth", "Drama", "Ines Carvalho", "2024-01-26", 150),
             (5, "A Little Night Music", "Musical", "Marcus Webb", "2024-04-12", 155),
             (6, "The Importance of Being Earnest", "Comedy", "Daniel Frost", "2024-08-30", 130),
             (7, "Death of a Salesman", "Drama", "Ines Carvalho", "2025-01-17", 165),
             (8, "The Snow Queen", "Family", "Daniel Frost", "2025-11-28", 90),
             (9, "Blithe Spirit", "Comedy", "Ruth Ellison", "2025-05-02", 135)]
    fill(con, "Productions", prods)
    perfs = []
    pid = 1
    RUNS = {1: 7, 2: 6, 3: 4, 4: 3, 5: 5, 6: 3, 7: 5, 9: 4}  # performances per production
    for p in prods:
        if p[0] == 8:
            continue  # the Christmas show has no performances scheduled yet
        venue = {"Musical": 1, "Drama": rng.choice([1, 2]), "Comedy": rng.choice([2, 3])}[p[2]]
        y, m, d = map(int, p[4].split("-"))
        for k in range(RUNS[p[0]]):
            mat = 1 if k % 3 == 2 else 0
            perfs.append((pid, p[0], venue, "%04d-%02d-%02d" % (y, m + (d + 4 * k > 28), (d + 4 * k) % 28 + 1),
                          "14:30" if mat else "19:30", mat))
            pid += 1
    fill(con, "Performances", perfs)
    pats = []
    for i in range(1, 41):
        _, f, l = person(rng)
        pats.append((i, f, l, None if rng.random() < 0.1 else "%s%d@mail.test" % (f.lower(), i),
                     "RT%d %d%s" % (rng.randint(1, 9), rng.randint(1, 9), rng.choice(["AB", "QX", "LP"])),
                     1 if rng.random() < 0.3 else 0))
    fill(con, "Patrons", pats)
    fill(con, "SeatCategories", [("STL", "Stalls"), ("CIR", "Circle"), ("BOX", "Box"),
                                 ("BAL", "Balcony")])
    base = {"STL": 42.0, "CIR": 34.0, "BOX": 75.0, "BAL": 22.0}
    sales = []
    for s in range(1, 61):
        perf = rng.choice(perfs)
        cat = rng.choice(["STL", "STL", "CIR", "CIR", "BAL", "BOX"])
        y, m, d = map(int, perf[3].split("-"))
        sales.append((s, perf[0], None if rng.random() < 0.1 else rng.randint(1, 35), cat,
                      round(base[cat] * rng.uniform(0.8, 1.3), 2),
                      "%04d-%02d-%02d" % (y - (m == 1), (m - 2) % 12 + 1, rng.randint(1, 28)),
                      rng.choice(["web", "web", "box office", "phone"])))
    fill(con, "TicketSales", sales)
    con.commit()
    con.close()


def build_rental():
    rng = random.Random(707)
    con = open_db("rental_b", """
CREATE TABLE owners (owner_id INTEGER PRIMARY KEY, owner_nm TEXT, phone TEXT, is_company TEXT);
CREATE TABLE prop_types (prop_type_cd TEXT PRIMARY KEY, type_desc TEXT);
CREATE TABLE agents (agent_id INTEGER PRIMARY KEY, agent_nm TEXT, mgr_id INTEGER
  REFERENCES agents(agent_id), commission_pct REAL);
CREATE TABLE prop (prop_id INTEGER PRIMARY KEY, addr TEXT, city TEXT, bedrooms INTEGER,
  sqm REAL, rent_amt REAL, prop_type_cd TEXT REFERENCES prop_types(prop_type_cd),
  owner_id INTEGER NOT NULL REFERENCES owners(owner_id), pets_ok TEXT);
CREATE TABLE tenants (tenant_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, dob TEXT,
  employer TEXT);
CREATE TABLE leases (lease_id INTEGER PRIMARY KEY, prop_id INTEGER NOT NULL REFERENCES prop(prop_id),
  tenant_id INTEGER NOT NULL REFERENCES tenants(tenant_id),
  agent_id INTEGER REFERENCES agents(agent_id), start_dt TEXT, end_dt TEXT,
  monthly_rent REAL, deposit_amt REAL);
CREATE TABLE maint_req (req_id INTEGER PRIMARY KEY, prop_id INTEGER NOT NULL REFERENCES prop(prop_id),
  reported_dt TEXT, issue_desc TEXT, cost_amt REAL, done_flg TEXT);
""")
    owners = [(1, "Harlow Estates Ltd", "555-0101", "Y"), (2, "Margaret Quill", "555-0144", "N"),
              (3, "Pemberton Holdings", "555-0190", "Y"), (4, "Dev Anand", "555-0123", "N"),
              (5, "Lucia Ferrante", "555-0177", "N"), (6, "Northgate Property Trust", "555-0166", "Y"),
              (7, "Oskar Lund", "555-0159", "N"), (8, "Bramble & Co", "555-0188", "Y")]
    fill(con, "owners", owners)
    fill(con, "prop_types", [("APT", "Apartment"), ("HSE", "House"), ("STU", "Studio"),
                             ("TWN", "Townhouse"), ("ROOM", "Room in shared house")])
    fill(con, "agents", [(1, "Carla Benton", None, 3.0), (2, "Ahmed Saleh", 1, 2.5),
                         (3, "Yuki Mori", 1, 2.5), (4, "Brian O'Neill", 2, 2.0),
                         (5, "Teresa Kwan", 3, 2.0)])
    streets = ["Elm St", "Harbour Rd", "Kings Ave", "Mill Lane", "Station Rd", "Park Cres",
               "Victoria St", "Church Walk"]
    props = []
    for p in range(1, 31):
        t = rng.choice(["APT", "APT", "HSE", "STU", "TWN", "ROOM"])
        beds = {"APT": rng.randint(1, 3), "HSE": rng.randint(3, 5), "STU": 0, "TWN": rng.randint(2, 4),
                "ROOM": 1}[t]
        sqm = round({"STU": 30, "ROOM": 16}.get(t, 35 * max(beds, 1)) * rng.uniform(0.85, 1.3), 1)
        props.append((p, "%d %s" % (rng.randint(1, 180), rng.choice(streets)), rng.choice(CITIES),
                      beds, sqm, round(sqm * rng.uniform(14, 22), -1), t, rng.randint(1, 7),
                      rng.choice("YNN")))
    fill(con, "prop", props)
    tenants = []
    employers = ["City Hospital", "Riverton Council", "Acme Logistics", "Self-employed", None,
                 "Oakfield University", "BrightBank"]
    for i in range(1, 41):
        _, f, l = person(rng)
        tenants.append((i, f, l, date(rng, 1960, 2003), rng.choice(employers)))
    fill(con, "tenants", tenants)
    leases = []
    for l_ in range(1, 46):
        pid = rng.randint(1, 26)  # props 27-30 never let
        start = date(rng, 2021, 2025)
        y = int(start[:4])
        end = None if rng.random() < 0.25 else "%d%s" % (y + 1, start[4:])
        rent = props[pid - 1][5]
        leases.append((l_, pid, rng.randint(1, 36), rng.choice([1, 2, 2, 3, 3, 4]), start, end,
                       rent, rent * rng.choice([1, 1.5, 2])))
    fill(con, "leases", leases)
    issues = ["Leaking tap", "Boiler failure", "Broken window", "Mould in bathroom", "Blocked drain",
              "Faulty smoke alarm", "Damp wall", "Door lock jammed"]
    reqs = []
    for r in range(1, 41):
        done = rng.choice("YYYN")
        reqs.append((r, rng.randint(1, 30), date(rng, 2022, 2025), rng.choice(issues),
                     None if done == "N" else round(rng.uniform(40, 1800), 2), done))
    fill(con, "maint_req", reqs)
    con.commit()
    con.close()


def build_charity():
    rng = random.Random(808)
    con = open_db("charity_b", """
CREATE TABLE volunteers (vol_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, gender TEXT,
  birth_year INTEGER, joined_on TEXT, coordinator_id INTEGER REFERENCES volunteers(vol_id),
  dbs_checked INTEGER);
CREATE TABLE event_types (type_cd TEXT PRIMARY KEY, type_name TEXT);
CREATE TABLE events (event_id INTEGER PRIMARY KEY, event_name TEXT, event_date TEXT, location TEXT,
  type_cd TEXT REFERENCES event_types(type_cd), budget REAL);
CREATE TABLE volunteer_shifts (shift_id INTEGER PRIMARY KEY,
  vol_id INTEGER NOT NULL REFERENCES volunteers(vol_id),
  event_id INTEGER NOT NULL REFERENCES events(event_id), role TEXT, hours REAL);
CREATE TABLE donors (donor_id INTEGER PRIMARY KEY, donor_name TEXT, donor_kind TEXT, gift_aid TEXT);
CREATE TABLE donations (donation_id INTEGER PRIMARY KEY, donor_id INTEGER REFERENCES donors(donor_id),
  event_id INTEGER REFERENCES events(event_id), amount REAL, donated_on TEXT, method TEXT);
""")
    vols = []
    for v in range(1, 41):
        g, f, l = person(rng)
        coord = None if v <= 3 else rng.randint(1, 3)
        vols.append((v, f, l, g, rng.randint(1950, 2006), date(rng, 2019, 2025), coord,
                     rng.choice([1, 1, 0])))
    fill(con, "volunteers", vols)
    fill(con, "event_types", [("FR", "Fundraiser"), ("FB", "Food bank shift"),
                              ("CL", "Clean-up"), ("AW", "Awareness talk"), ("GA", "Gala dinner")])
    evs = [(1, "Spring Fun Run", "2023-04-15", "Riverside Park", "FR", 2500.0),
           (2, "Food Bank Saturday (Jan)", "2023-01-21", "Community Hall", "FB", 300.0),
           (3, "Beach Clean", "2023-06-10", "Eastport Beach", "CL", 450.0),
           (4, "Winter Gala", "2023-12-02", "Grand Hotel", "GA", 9000.0),
           (5, "School Talk: Food Waste", "2024-02-08", "Oakfield Primary", "AW", 80.0),
           (6, "Charity Bake Sale", "2024-03-23", "Market Square", "FR", 150.0),
           (7, "Food Bank Saturday (May)", "2024-05-18", "Community Hall", "FB", 320.0),
           (8, "River Clean-up", "2024-07-13", "Millbrook Weir", "CL", 600.0),
           (9, "Sponsored Cycle", "2024-09-07", "Westvale Loop", "FR", 1800.0),
           (10, "Winter Gala", "2024-11-30", "Grand Hotel", "GA", 9800.0),
           (11, "Food Bank Saturday (Feb)", "2025-02-15", "Community Hall", "FB", 350.0),
           (12, "Quiz Night", "2025-04-04", "The Red Lion", "FR", 200.0),
           (13, "Library Talk", "2025-06-19", "Riverton Library", "AW", 60.0),
           (14, "Autumn Fair", "2025-10-11", "Market Square", "FR", 1200.0)]
    fill(con, "events", evs)
    shifts = []
    for s in range(1, 61):
        shifts.append((s, rng.randint(1, 34), rng.randint(1, 13),  # event 14 still unstaffed
                       rng.choice(["steward", "driver", "cook", "setup", "collector", "first aid"]),
                       rng.choice([2, 3, 3.5, 4, 4.5, 5, 6, 8])))
    fill(con, "volunteer_shifts", shifts)
    donors = []
    for d in range(1, 26):
        if d % 5 == 0:
            nm, kind = rng.choice(["Riverton Rotary", "BrightBank Foundation", "Oak & Ash Ltd",
                                   "St Mary's Church", "Millbrook Lions"]) + " %d" % d, "ORG"
        else:
            _, f, l = person(rng)
            nm, kind = f + " " + l, "IND"
        donors.append((d, nm, kind, rng.choice("YN") if kind == "IND" else "N"))
    fill(con, "donors", donors)
    dons = []
    for n in range(1, 56):
        ev = rng.choice([None, 1, 1, 4, 4, 6, 9, 10, 10, 12, 14])
        dons.append((n, rng.randint(1, 22), ev, round(rng.choice([10, 20, 25, 50, 100, 250, 1000])
                                                      * rng.uniform(0.9, 1.6), 2),
                     date(rng, 2023, 2025), rng.choice(["card", "cash", "bank transfer", "cheque"])))
    fill(con, "donations", dons)
    con.commit()
    con.close()


def main():
    os.makedirs(OUT, exist_ok=True)
    for build in (build_dental, build_garage, build_cowork, build_farm, build_helpdesk,
                  build_theatre, build_rental, build_charity):
        build()


if __name__ == "__main__":
    main()
