#!/usr/bin/env python3
"""Build the 8 invented SQLite databases of the blind set invented_blind_en_d.jsonl.

Written by the "blind-invented-en-d" helper (session 21, 2026-11-28), without reading the
askdb question-to-SQL engine, its rules or its question sets. Every schema and every row is
invented: small logistics and public/professional service systems (courier depot, municipal
permit office, clinic lab, IT consultancy timesheets, moving company, community sports
centre, elevator maintenance firm, translation agency) with mixed naming styles, code
tables, junction tables, self-references, ISO TEXT dates, REAL money and Y/N or 0/1 flags.

Deterministic: fixed random.Random seeds, no clock; each run rewrites
tests/nlq/invented/<name>.sqlite byte for byte the same.
Usage: python3 tests/nlq/build_invented_blind_d.py
"""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from invented_rows import OUT, day, first_last, money, plus, unique_name, write  # noqa: E402

FIRST = ["Aaron", "Beatrice", "Callum", "Delia", "Eamon", "Fiona", "Gareth", "Hannah", "Ivan",
         "Jolene", "Kieran", "Leona", "Marcus", "Nadia", "Owen", "Petra", "Quentin", "Rosa",
         "Stefan", "Tamsin", "Ulrich", "Vera", "Wesley", "Xenia", "Yusuf", "Zara", "Bernard",
         "Carmen", "Dmitri", "Esther", "Felix", "Gwen", "Hector", "Imogen", "Jasper", "Keiko",
         "Lionel", "Mireille", "Nikhil", "Odette", "Pablo", "Rhiannon", "Samir", "Thea",
         "Viktor", "Wanda", "Arjun", "Brigid", "Cosmo", "Dalia"]
LAST = ["Abernathy", "Bellamy", "Castillo", "Draper", "Ellison", "Fairweather", "Gallagher",
        "Hargreaves", "Ibarra", "Jankowski", "Kowalczyk", "Lindqvist", "Mbeki", "Novak",
        "Oyelaran", "Prendergast", "Quigley", "Rasmussen", "Sutherland", "Takahashi", "Underwood",
        "Vasquez", "Whitfield", "Yilmaz", "Zimmerman", "Ashdown", "Brennan", "Chowdhury",
        "Delacroix", "Eriksen", "Fontaine", "Greaves", "Holloway", "Iwasaki", "Jovanovic",
        "Kaur", "Lombardi", "Morrow", "Nakamura", "Ortega", "Pennington", "Rahman", "Sorensen",
        "Thornbury", "Varga", "Winslow", "Achebe", "Blackwood", "Carrington", "Dunmore"]
TOWNS = ["Northgate", "Eastbrook", "Millford", "Ashby", "Kingsbridge", "Westerham", "Colton"]


def person(rng, used):
    """A first and last name pair not used before in this table."""
    return unique_name(rng, used, first_last(FIRST, LAST))


# ------------------------------------------------------------- courier depot (UPPER_CASE)
def courier_depot():
    rng = random.Random(4101)
    ddl = """
CREATE TABLE DEPOT (DEPOT_ID INTEGER PRIMARY KEY, DEPOT_NM TEXT NOT NULL, CITY TEXT, OPENED_DT TEXT);
CREATE TABLE SHIP_STATUS (STATUS_CD TEXT PRIMARY KEY, STATUS_DESC TEXT NOT NULL);
CREATE TABLE DRIVER (DRIVER_ID INTEGER PRIMARY KEY, FIRST_NM TEXT, LAST_NM TEXT,
  DEPOT_ID INTEGER REFERENCES DEPOT(DEPOT_ID), HIRE_DT TEXT,
  LEAD_DRIVER_ID INTEGER REFERENCES DRIVER(DRIVER_ID), ACTIVE_FLG TEXT);
CREATE TABLE VEHICLE (VEH_ID INTEGER PRIMARY KEY, REG_NO TEXT, VEH_TYPE TEXT,
  DEPOT_ID INTEGER REFERENCES DEPOT(DEPOT_ID), CAPACITY_KG INTEGER);
CREATE TABLE DRIVER_VEHICLE (DRIVER_ID INTEGER REFERENCES DRIVER(DRIVER_ID),
  VEH_ID INTEGER REFERENCES VEHICLE(VEH_ID), ASSIGNED_DT TEXT, PRIMARY KEY (DRIVER_ID, VEH_ID));
CREATE TABLE CUSTOMER (CUST_ID INTEGER PRIMARY KEY, CUST_NM TEXT, CITY TEXT, ACCT_TYPE TEXT);
CREATE TABLE PARCEL (PARCEL_ID INTEGER PRIMARY KEY, TRACKING_NO TEXT,
  CUST_ID INTEGER REFERENCES CUSTOMER(CUST_ID), ORIGIN_DEPOT_ID INTEGER REFERENCES DEPOT(DEPOT_ID),
  DEST_CITY TEXT, WEIGHT_KG REAL, SHIP_DT TEXT, DELIV_DT TEXT,
  STATUS_CD TEXT REFERENCES SHIP_STATUS(STATUS_CD), SHIP_AMT REAL, EXPRESS_FLG TEXT,
  DRIVER_ID INTEGER REFERENCES DRIVER(DRIVER_ID));
"""
    depots = [(1, "Northgate Hub", "Northgate", "2015-04-01"), (2, "Eastbrook Depot", "Eastbrook", "2017-09-12"),
              (3, "Millford Cross-Dock", "Millford", "2019-02-20"), (4, "Ashby Parcel Centre", "Ashby", "2021-06-07")]
    status = [("CRT", "Created"), ("TRN", "In transit"), ("DLV", "Delivered"),
              ("RTS", "Returned to sender"), ("LST", "Lost")]
    used = set()
    drivers = [(1, "Samuel", "Whitfield", 1, "2015-05-01", None, "Y"),
               (2, "Priya", "Chowdhury", 2, "2017-10-02", None, "Y")]
    used.update({("Samuel", "Whitfield"), ("Priya", "Chowdhury")})
    for i in range(3, 19):
        f, l = person(rng, used)
        dep = rng.randint(1, 4)
        lead = 1 if dep in (1, 3) else 2
        drivers.append((i, f, l, dep, day(rng, "2016-01-01", "2024-06-30"), lead,
                        "N" if i in (5, 11, 16) else "Y"))
    vehicles = []
    for i in range(1, 15):
        t = rng.choice(["VAN", "VAN", "VAN", "TRUCK", "EBIKE"])
        cap = {"VAN": 1200, "TRUCK": 7500, "EBIKE": 60}[t]
        vehicles.append((i, f"CX{rng.randint(10, 99)} {chr(65 + i)}{chr(70 + i % 7)}K", t, rng.randint(1, 4), cap))
    dv = set()
    while len(dv) < 24:
        dv.add((rng.randint(1, 18), rng.randint(1, 14)))
    dv = [(d, v, day(rng, "2022-01-01", "2024-12-31")) for d, v in sorted(dv)]
    cos = ["Brightline Optics", "Harbour & Finch", "Kettle Street Bakery", "Oakleaf Pharmacy",
           "Pemberton Books", "Quayside Tools", "Rowan Garden Supply", "Silverleaf Apparel",
           "Tidewater Electronics", "Upland Pet Store", "Vale Office Supplies", "Wren Ceramics"]
    customers = []
    for i, nm in enumerate(cos, 1):
        customers.append((i, nm, rng.choice(TOWNS), "B"))
    for i in range(13, 31):
        f, l = person(rng, set())
        customers.append((i, f"{f} {l}", rng.choice(TOWNS), "P"))
    parcels = []
    for i in range(1, 221):
        cust = rng.randint(1, 27)  # 28-30 never shipped
        ship = day(rng, "2024-01-01", "2025-10-31")
        st = rng.choices(["DLV", "TRN", "CRT", "RTS", "LST"], [70, 10, 6, 6, 2])[0]
        exp = "Y" if rng.random() < 0.3 else "N"
        deliv = plus(ship, rng.randint(1, 2) if exp == "Y" else rng.randint(2, 7)) if st == "DLV" else None
        w = round(rng.uniform(0.2, 30.0), 1)
        amt = round(4.5 + w * 0.6 + (8 if exp == "Y" else 0) + rng.uniform(0, 3), 2)
        drv = rng.randint(1, 18) if st != "CRT" else None
        parcels.append((i, f"TRK{100000 + i * 37}", cust, rng.randint(1, 4), rng.choice(TOWNS), w, ship,
                        deliv, st, amt, exp, drv))
    write("courier_depot_d", ddl, {"DEPOT": depots, "SHIP_STATUS": status, "DRIVER": drivers,
                                   "VEHICLE": vehicles, "DRIVER_VEHICLE": dv, "CUSTOMER": customers,
                                   "PARCEL": parcels})


# ------------------------------------------------------------- permit office (snake_case)
def permit_office():
    rng = random.Random(4202)
    ddl = """
CREATE TABLE permit_type (type_cd TEXT PRIMARY KEY, type_desc TEXT NOT NULL, base_fee REAL);
CREATE TABLE district (district_id INTEGER PRIMARY KEY, district_nm TEXT NOT NULL);
CREATE TABLE applicant (applicant_id INTEGER PRIMARY KEY, first_nm TEXT, last_nm TEXT,
  company_nm TEXT, phone TEXT, is_contractor INTEGER);
CREATE TABLE application (app_id INTEGER PRIMARY KEY,
  applicant_id INTEGER NOT NULL REFERENCES applicant(applicant_id),
  type_cd TEXT REFERENCES permit_type(type_cd), district_id INTEGER REFERENCES district(district_id),
  site_addr TEXT, submitted_dt TEXT, decision_dt TEXT, status_cd TEXT, fee_paid REAL, est_value REAL,
  parent_app_id INTEGER REFERENCES application(app_id));
CREATE TABLE inspector (insp_id INTEGER PRIMARY KEY, first_nm TEXT, last_nm TEXT, senior_flg TEXT);
CREATE TABLE inspector_district (insp_id INTEGER REFERENCES inspector(insp_id),
  district_id INTEGER REFERENCES district(district_id), PRIMARY KEY (insp_id, district_id));
CREATE TABLE inspection (inspection_id INTEGER PRIMARY KEY, app_id INTEGER REFERENCES application(app_id),
  insp_id INTEGER REFERENCES inspector(insp_id), insp_dt TEXT, result_cd TEXT, notes TEXT);
"""
    ptypes = [("BLD", "Building", 350.0), ("ELE", "Electrical", 120.0), ("PLB", "Plumbing", 95.0),
              ("DEM", "Demolition", 500.0), ("SGN", "Signage", 60.0), ("EVT", "Special event", 150.0)]
    districts = [(1, "Old Town"), (2, "Riverside"), (3, "Harbour Quarter"), (4, "North Heights"),
                 (5, "Station Park")]
    used = set()
    applicants = []
    companies = ["Granite Build Ltd", "Spark Right Electric", "ClearFlow Plumbing", "Apex Demolition",
                 "Signature Signs", None]
    for i in range(1, 41):
        f, l = person(rng, used)
        contractor = 1 if i <= 16 else 0
        comp = companies[(i - 1) % 5] if contractor else None
        applicants.append((i, f, l, comp, f"01632 {rng.randint(100000, 999999)}", contractor))
    streets = ["Mill Lane", "Church Road", "Quay Street", "Hill Rise", "Station Avenue", "Elm Grove",
               "Market Square", "Canal Walk"]
    apps = []
    for i in range(1, 151):
        t = rng.choices([p[0] for p in ptypes], [30, 22, 18, 6, 12, 12])[0]
        sub = day(rng, "2023-06-01", "2025-10-31")
        st = rng.choices(["A", "R", "P", "W"], [60, 15, 18, 7])[0]
        dec = plus(sub, rng.randint(5, 70)) if st in ("A", "R") else None
        base = [p[2] for p in ptypes if p[0] == t][0]
        fee = base if st != "W" or rng.random() < 0.5 else 0.0
        val = round(rng.uniform(2000, 250000), 2) if t in ("BLD", "DEM") else round(rng.uniform(300, 20000), 2)
        parent = rng.randint(1, i - 1) if i > 20 and rng.random() < 0.08 else None
        apps.append((i, rng.randint(1, 38), t, rng.randint(1, 5), f"{rng.randint(1, 120)} {rng.choice(streets)}",
                     sub, dec, st, fee, val, parent))
    inspectors = [(1, "Gillian", "Hargreaves", "Y"), (2, "Tobias", "Lindqvist", "N"),
                  (3, "Amara", "Oyelaran", "Y"), (4, "Declan", "Brennan", "N"),
                  (5, "Mei", "Nakamura", "N"), (6, "Russell", "Pennington", "N")]
    idist = [(1, 1), (1, 2), (2, 2), (2, 3), (3, 3), (3, 4), (3, 5), (4, 1), (4, 5), (5, 4), (6, 2), (6, 5)]
    inspections = []
    notes = ["Foundations checked", "Wiring to code", "Minor issues noted", "Re-inspection required",
             "Drainage OK", "Fire exits blocked", None]
    k = 1
    for a in apps:
        if a[7] in ("A", "P") and a[2] in ("BLD", "ELE", "PLB", "DEM"):
            for _ in range(rng.randint(1, 3)):
                cands = [d[0] for d in idist if d[1] == a[3]]
                inspections.append((k, a[0], rng.choice(cands), plus(a[5], rng.randint(3, 90)),
                                    rng.choices(["PASS", "FAIL", "PART"], [60, 25, 15])[0], rng.choice(notes)))
                k += 1
    write("permit_office_d", ddl, {"permit_type": ptypes, "district": districts, "applicant": applicants,
                                   "application": apps, "inspector": inspectors,
                                   "inspector_district": idist, "inspection": inspections})


# ------------------------------------------------------------- clinic lab (CamelCase)
def clinic_lab():
    rng = random.Random(4303)
    ddl = """
CREATE TABLE Insurers (InsuranceCode TEXT PRIMARY KEY, InsurerName TEXT NOT NULL);
CREATE TABLE Physicians (PhysicianID INTEGER PRIMARY KEY, FirstName TEXT, LastName TEXT,
  Specialty TEXT, ClinicName TEXT);
CREATE TABLE Patients (PatientID INTEGER PRIMARY KEY, FirstName TEXT, LastName TEXT, BirthDate TEXT,
  Sex TEXT, InsuranceCode TEXT REFERENCES Insurers(InsuranceCode));
CREATE TABLE TestCatalog (TestCode TEXT PRIMARY KEY, TestName TEXT NOT NULL, Category TEXT,
  Price REAL, TurnaroundHrs INTEGER, ParentTestCode TEXT REFERENCES TestCatalog(TestCode));
CREATE TABLE LabOrders (OrderID INTEGER PRIMARY KEY, PatientID INTEGER REFERENCES Patients(PatientID),
  PhysicianID INTEGER REFERENCES Physicians(PhysicianID), OrderDate TEXT, Priority TEXT, StatusCode TEXT);
CREATE TABLE OrderItems (OrderID INTEGER REFERENCES LabOrders(OrderID),
  TestCode TEXT REFERENCES TestCatalog(TestCode), ResultValue REAL, AbnormalFlag TEXT, ResultDate TEXT,
  PRIMARY KEY (OrderID, TestCode));
"""
    insurers = [("NHP", "National Health Plan"), ("MUT", "Mutual Care"), ("BLS", "BlueStone Health"),
                ("SLF", "Self-pay")]
    physicians = [(1, "Eleanor", "Vasquez", "General Practice", "Northgate Family Clinic"),
                  (2, "Hamid", "Rahman", "Cardiology", "Heartwell Centre"),
                  (3, "Ingrid", "Sorensen", "Endocrinology", "Northgate Family Clinic"),
                  (4, "Patrick", "Morrow", "General Practice", "Eastbrook Surgery"),
                  (5, "Lucia", "Ortega", "Nephrology", "Eastbrook Surgery"),
                  (6, "Kwame", "Achebe", "Internal Medicine", "Heartwell Centre")]
    used = set()
    patients = []
    for i in range(1, 61):
        f, l = person(rng, used)
        patients.append((i, f, l, day(rng, "1940-01-01", "2010-12-31"), rng.choice("MF"),
                         rng.choices(["NHP", "MUT", "BLS", "SLF"], [45, 25, 20, 10])[0]))
    tests = [("CBC", "Complete Blood Count", "Hematology", 28.0, 4, None),
             ("HGB", "Hemoglobin", "Hematology", 9.5, 2, "CBC"),
             ("WBC", "White Blood Cell Count", "Hematology", 9.5, 2, "CBC"),
             ("PLT", "Platelet Count", "Hematology", 9.5, 2, "CBC"),
             ("BMP", "Basic Metabolic Panel", "Chemistry", 35.0, 6, None),
             ("GLU", "Glucose", "Chemistry", 7.0, 2, "BMP"),
             ("CREA", "Creatinine", "Chemistry", 11.0, 4, "BMP"),
             ("K", "Potassium", "Chemistry", 8.0, 4, "BMP"),
             ("LIPID", "Lipid Panel", "Chemistry", 42.0, 24, None),
             ("HBA1C", "Hemoglobin A1c", "Chemistry", 24.0, 24, None),
             ("TSH", "Thyroid Stimulating Hormone", "Immunology", 31.0, 24, None),
             ("CRP", "C-Reactive Protein", "Immunology", 18.0, 6, None),
             ("UCX", "Urine Culture", "Microbiology", 46.0, 72, None),
             ("STREP", "Rapid Strep Test", "Microbiology", 22.0, 1, None)]
    weights = [14, 3, 3, 2, 12, 8, 5, 3, 9, 7, 8, 6, 4, 3]
    orders, items = [], []
    for i in range(1, 151):
        pat = rng.randint(1, 54)  # 55-60 never tested
        od = day(rng, "2024-01-01", "2025-09-30")
        st = rng.choices(["CMP", "INP", "RCV", "CAN"], [78, 8, 6, 8])[0]
        orders.append((i, pat, rng.choices(range(1, 7), [30, 14, 16, 22, 8, 10])[0], od,
                       "STAT" if rng.random() < 0.2 else "ROUTINE", st))
        codes = set()
        for _ in range(rng.randint(1, 3)):
            codes.add(rng.choices([t[0] for t in tests], weights)[0])
        for c in sorted(codes):
            if st == "CMP":
                val = round(rng.uniform(0.5, 200), 2)
                ab = "Y" if rng.random() < 0.22 else "N"
                items.append((i, c, val, ab, plus(od, rng.randint(0, 3))))
            else:
                items.append((i, c, None, None, None))
    write("clinic_lab_d", ddl, {"Insurers": insurers, "Physicians": physicians, "Patients": patients,
                                "TestCatalog": tests, "LabOrders": orders, "OrderItems": items})


# ------------------------------------------------------------- IT consultancy timesheets (abbrev)
def it_timesheets():
    rng = random.Random(4404)
    ddl = """
CREATE TABLE grade (grade_cd TEXT PRIMARY KEY, grade_desc TEXT NOT NULL);
CREATE TABLE emp (emp_id INTEGER PRIMARY KEY, first_nm TEXT, last_nm TEXT,
  grade_cd TEXT REFERENCES grade(grade_cd), mgr_id INTEGER REFERENCES emp(emp_id),
  hourly_rate REAL, start_dt TEXT, active INTEGER);
CREATE TABLE client (client_id INTEGER PRIMARY KEY, client_nm TEXT NOT NULL, industry TEXT, country TEXT);
CREATE TABLE proj (proj_id INTEGER PRIMARY KEY, client_id INTEGER REFERENCES client(client_id),
  proj_nm TEXT, start_dt TEXT, end_dt TEXT, budget_amt REAL, status_cd TEXT);
CREATE TABLE proj_member (proj_id INTEGER REFERENCES proj(proj_id), emp_id INTEGER REFERENCES emp(emp_id),
  role TEXT, PRIMARY KEY (proj_id, emp_id));
CREATE TABLE timesheet (ts_id INTEGER PRIMARY KEY, emp_id INTEGER REFERENCES emp(emp_id),
  proj_id INTEGER REFERENCES proj(proj_id), work_dt TEXT, hrs REAL, billable_yn TEXT, "desc" TEXT);
CREATE TABLE invoice (inv_id INTEGER PRIMARY KEY, proj_id INTEGER REFERENCES proj(proj_id),
  inv_dt TEXT, amt REAL, paid_dt TEXT);
"""
    grades = [("JR", "Junior Consultant"), ("CON", "Consultant"), ("SNR", "Senior Consultant"),
              ("PRN", "Principal")]
    rate = {"JR": (70, 90), "CON": (95, 125), "SNR": (130, 165), "PRN": (180, 220)}
    emps = [(1, "Margaret", "Holloway", "PRN", None, 210.0, "2014-02-03", 1),
            (2, "Victor", "Jovanovic", "PRN", 1, 195.0, "2016-05-16", 1),
            (3, "Naomi", "Iwasaki", "SNR", 1, 150.0, "2018-09-03", 1)]
    used = {("Margaret", "Holloway"), ("Victor", "Jovanovic"), ("Naomi", "Iwasaki")}
    for i in range(4, 23):
        f, l = person(rng, used)
        g = rng.choice(["JR", "JR", "CON", "CON", "CON", "SNR"])
        emps.append((i, f, l, g, rng.choice([1, 2, 2, 3, 3]), round(rng.uniform(*rate[g]), 2),
                     day(rng, "2019-01-01", "2025-03-01"), 0 if i in (9, 17) else 1))
    clients = [(1, "Meridian Insurance", "Insurance", "UK"), (2, "Copperleaf Foods", "Retail", "UK"),
               (3, "Stellar Logistics", "Logistics", "Netherlands"), (4, "Brackenridge Council", "Public sector", "UK"),
               (5, "Nordlys Energy", "Energy", "Norway"), (6, "Pinecrest University", "Education", "Ireland"),
               (7, "Halcyon Health Trust", "Healthcare", "UK")]
    pnames = ["Claims Portal Rebuild", "POS Migration", "Warehouse API", "Data Warehouse", "Cloud Move",
              "Student Records", "Patient App", "Fleet Tracking", "Security Audit", "CRM Rollout",
              "Billing Upgrade", "Grid Analytics"]
    projs = []
    for i, nm in enumerate(pnames, 1):
        c = [1, 2, 3, 4, 5, 6, 7, 3, 1, 2, 4, 5][i - 1]
        s = day(rng, "2023-09-01", "2025-03-31")
        st = ["ACT", "ACT", "CLS", "ACT", "HLD", "CLS", "ACT", "ACT", "CLS", "HLD", "ACT", "ACT"][i - 1]
        e = plus(s, rng.randint(90, 400)) if st == "CLS" else None
        projs.append((i, c, nm, s, e, float(rng.randrange(40000, 400000, 5000)), st))
    members = set()
    for p in range(1, 13):
        for e in rng.sample(range(1, 21), rng.randint(2, 6)):  # emp 21-22 never on a project
            members.add((p, e))
    members = sorted(members)
    roles = ["Developer", "Analyst", "Tester", "Lead", "Architect"]
    pm = [(p, e, rng.choice(roles)) for p, e in members]
    ts = []
    descs = ["Development", "Meetings", "Code review", "Testing", "Requirements workshop", "Deployment",
             "Documentation", "Bug fixing"]
    for i in range(1, 301):
        p, e = rng.choice(members)
        ts.append((i, e, p, day(rng, "2024-01-01", "2025-10-31"), float(rng.choice([1, 2, 3, 4, 4, 6, 7.5, 8])),
                   "N" if rng.random() < 0.18 else "Y", rng.choice(descs)))
    invs = []
    for i in range(1, 41):
        d = day(rng, "2024-01-31", "2025-10-31")
        paid = plus(d, rng.randint(10, 60)) if rng.random() < 0.75 else None
        if paid and paid > "2025-11-27":
            paid = None
        invs.append((i, rng.randint(1, 12), d, money(rng, 4000, 48000), paid))
    write("it_timesheets_d", ddl, {"grade": grades, "emp": emps, "client": clients, "proj": projs,
                                   "proj_member": pm, "timesheet": ts, "invoice": invs})


# ------------------------------------------------------------- moving company (tbl-prefixed CamelCase)
def moving_company():
    rng = random.Random(4505)
    ddl = """
CREATE TABLE lkpTruckSize (SizeCode TEXT PRIMARY KEY, SizeDesc TEXT NOT NULL, CapacityM3 INTEGER);
CREATE TABLE tblCustomer (CustID INTEGER PRIMARY KEY, CustName TEXT, Phone TEXT, City TEXT);
CREATE TABLE tblCrewMember (MemberID INTEGER PRIMARY KEY, FirstName TEXT, LastName TEXT, Role TEXT,
  HourlyWage REAL, ForemanID INTEGER REFERENCES tblCrewMember(MemberID));
CREATE TABLE tblTruck (TruckID INTEGER PRIMARY KEY, Plate TEXT, SizeCode TEXT REFERENCES lkpTruckSize(SizeCode),
  YearBuilt INTEGER);
CREATE TABLE tblMove (MoveID INTEGER PRIMARY KEY, CustID INTEGER REFERENCES tblCustomer(CustID),
  TruckID INTEGER REFERENCES tblTruck(TruckID), MoveDate TEXT, FromCity TEXT, ToCity TEXT,
  Distance_km REAL, Rooms INTEGER, QuoteAmt REAL, FinalAmt REAL, StatusCd TEXT);
CREATE TABLE tblMoveCrew (MoveID INTEGER REFERENCES tblMove(MoveID),
  MemberID INTEGER REFERENCES tblCrewMember(MemberID), HoursWorked REAL, PRIMARY KEY (MoveID, MemberID));
CREATE TABLE tblDamageClaim (ClaimID INTEGER PRIMARY KEY, MoveID INTEGER REFERENCES tblMove(MoveID),
  ClaimDate TEXT, ItemDesc TEXT, ClaimAmt REAL, ApprovedYN TEXT);
"""
    sizes = [("S", "Small van", 15), ("M", "Medium box truck", 30), ("L", "Large lorry", 55)]
    used = set()
    custs = []
    for i in range(1, 51):
        f, l = person(rng, used)
        custs.append((i, f"{f} {l}", f"07700 {rng.randint(100000, 999999)}", rng.choice(TOWNS)))
    crew = [(1, "Hector", "Greaves", "Foreman", 24.5, None), (2, "Brigid", "Kowalczyk", "Foreman", 25.0, None),
            (3, "Cosmo", "Thornbury", "Foreman", 23.75, None)]
    cu = {("Hector", "Greaves"), ("Brigid", "Kowalczyk"), ("Cosmo", "Thornbury")}
    for i in range(4, 19):
        f, l = person(rng, cu)
        role = rng.choice(["Mover", "Mover", "Driver"])
        crew.append((i, f, l, role, round(rng.uniform(14, 19), 2), rng.randint(1, 3)))
    trucks = []
    for i in range(1, 9):
        trucks.append((i, f"MV{rng.randint(10, 99)} {chr(75 + i)}{chr(65 + i)}X", "SSMMMLLM"[i - 1],
                       rng.randint(2012, 2023)))
    moves, mcrew, claims = [], [], []
    items = ["Glass table top", "Piano scratched", "Wardrobe door", "TV screen cracked", "Dining chair leg",
             "Mirror", "Bookcase", "Ceramic vase"]
    for i in range(1, 121):
        rooms = rng.randint(1, 6)
        dist = round(rng.choice([rng.uniform(3, 40), rng.uniform(40, 600)]), 1)
        quote = round(180 + rooms * 140 + dist * 1.1, 2)
        md = day(rng, "2024-01-01", "2025-12-20")
        st = "BKD" if md > "2025-11-28" else rng.choices(["DON", "CXL"], [88, 12])[0]
        final = round(quote * rng.uniform(0.92, 1.25), 2) if st == "DON" else None
        fc = rng.choice(TOWNS)
        tc = rng.choice([t for t in TOWNS if t != fc])
        moves.append((i, rng.randint(1, 46), rng.randint(1, 8), md, fc, tc, dist, rooms, quote, final, st))
        if st != "CXL":
            team = [rng.randint(1, 3)] + rng.sample(range(4, 19), rng.randint(1, 2))
            for m in team:
                mcrew.append((i, m, float(rng.choice([3, 4, 5, 6, 6.5, 8, 9.5, 10])) if st == "DON" else None))
        if st == "DON" and rng.random() < 0.14:
            claims.append((len(claims) + 1, i, plus(md, rng.randint(1, 20)), rng.choice(items),
                           money(rng, 40, 1500), "Y" if rng.random() < 0.6 else "N"))
    write("moving_company_d", ddl, {"lkpTruckSize": sizes, "tblCustomer": custs, "tblCrewMember": crew,
                                    "tblTruck": trucks, "tblMove": moves, "tblMoveCrew": mcrew,
                                    "tblDamageClaim": claims})


# ------------------------------------------------------------- community sports centre (lowercase)
def sports_centre():
    rng = random.Random(4606)
    ddl = """
CREATE TABLE membership_type (mtype_id INTEGER PRIMARY KEY, mtype_name TEXT NOT NULL, monthly_fee REAL,
  is_concession INTEGER);
CREATE TABLE member (member_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, dob TEXT, gender TEXT,
  mtype_id INTEGER REFERENCES membership_type(mtype_id), join_date TEXT,
  referred_by INTEGER REFERENCES member(member_id));
CREATE TABLE facility (facility_id INTEGER PRIMARY KEY, facility_name TEXT NOT NULL, facility_kind TEXT,
  hourly_rate REAL);
CREATE TABLE booking (booking_id INTEGER PRIMARY KEY, member_id INTEGER REFERENCES member(member_id),
  facility_id INTEGER REFERENCES facility(facility_id), booking_date TEXT, start_hour INTEGER, hours INTEGER,
  status TEXT, amount REAL);
CREATE TABLE class (class_id INTEGER PRIMARY KEY, class_name TEXT, facility_id INTEGER REFERENCES facility(facility_id),
  instructor_name TEXT, weekday TEXT, capacity INTEGER);
CREATE TABLE class_enrolment (class_id INTEGER REFERENCES class(class_id),
  member_id INTEGER REFERENCES member(member_id), enrol_date TEXT, PRIMARY KEY (class_id, member_id));
"""
    mtypes = [(1, "Adult", 32.0, 0), (2, "Student", 18.0, 1), (3, "Senior", 16.0, 1), (4, "Family", 55.0, 0),
              (5, "Off-peak", 22.0, 0), (6, "Junior", 12.0, 1)]
    used = set()
    members = []
    for i in range(1, 81):
        f, l = person(rng, used)
        mt = rng.choices(range(1, 7), [30, 15, 12, 14, 10, 9])[0]
        jd = day(rng, "2021-01-01", "2025-10-31")
        ref = None
        if i > 10 and rng.random() < 0.35:
            ref = rng.choice([2, 2, 2, 5, 5, 7, rng.randint(1, i - 1)])
        dob = day(rng, "2008-01-01", "2014-12-31") if mt == 6 else (
            day(rng, "1940-01-01", "1960-12-31") if mt == 3 else day(rng, "1965-01-01", "2006-12-31"))
        members.append((i, f, l, dob, rng.choice("MF"), mt, jd, ref))
    facs = [(1, "Main Sports Hall", "hall", 40.0), (2, "Squash Court 1", "court", 12.0),
            (3, "Squash Court 2", "court", 12.0), (4, "Tennis Court A", "court", 15.0),
            (5, "25m Pool Lane", "pool", 9.0), (6, "3G Pitch", "pitch", 55.0), (7, "Studio", "hall", 25.0)]
    bookings = []
    for i in range(1, 241):
        f = rng.choices(range(1, 8), [10, 22, 14, 18, 9, 12, 8])[0]
        h = rng.choice([1, 1, 1, 2, 2, 3])
        st = rng.choices(["C", "X", "N"], [78, 14, 8])[0]
        amt = round(facs[f - 1][3] * h, 2) if st != "X" else 0.0
        bookings.append((i, rng.randint(1, 75), f, day(rng, "2024-01-01", "2025-10-31"), rng.randint(7, 21),
                         h, st, amt))
    classes = [(1, "Aqua Aerobics", 5, "Sandra Kowalczyk", "Mon", 12), (2, "Spin", 7, "Dev Rahman", "Tue", 15),
               (3, "Yoga Flow", 7, "Sandra Kowalczyk", "Wed", 18), (4, "Junior Football", 6, "Mick Dunmore", "Sat", 22),
               (5, "Badminton Club", 1, "Dev Rahman", "Thu", 16), (6, "Pilates", 7, "Ana Ortega", "Fri", 14),
               (7, "Swim Stroke Clinic", 5, "Sandra Kowalczyk", "Sat", 10), (8, "Circuit Training", 1, "Mick Dunmore", "Mon", 20)]
    enr = set()
    while len(enr) < 90:
        enr.add((rng.randint(1, 8), rng.randint(1, 66)))  # 67-80 never in a class
    enr = [(c, m, day(rng, "2024-01-01", "2025-10-31")) for c, m in sorted(enr)]
    write("sports_centre_d", ddl, {"membership_type": mtypes, "member": members, "facility": facs,
                                   "booking": bookings, "class": classes, "class_enrolment": enr})


# ------------------------------------------------------------- elevator maintenance (UPPER_CASE)
def elevator_maint():
    rng = random.Random(4707)
    ddl = """
CREATE TABLE CLIENT (CLIENT_ID INTEGER PRIMARY KEY, CLIENT_NM TEXT NOT NULL, CONTRACT_TYPE TEXT,
  CONTRACT_START_DT TEXT);
CREATE TABLE BUILDING (BLDG_ID INTEGER PRIMARY KEY, CLIENT_ID INTEGER REFERENCES CLIENT(CLIENT_ID),
  BLDG_NM TEXT, ADDR TEXT, CITY TEXT, FLOORS INTEGER);
CREATE TABLE ELEVATOR (ELEV_ID INTEGER PRIMARY KEY, BLDG_ID INTEGER REFERENCES BUILDING(BLDG_ID),
  SERIAL_NO TEXT, MFR TEXT, INSTALL_YR INTEGER, CAPACITY_KG INTEGER, IN_SERVICE_FLG TEXT);
CREATE TABLE TECHNICIAN (TECH_ID INTEGER PRIMARY KEY, FIRST_NM TEXT, LAST_NM TEXT, CERT_LVL INTEGER,
  SUPERVISOR_ID INTEGER REFERENCES TECHNICIAN(TECH_ID));
CREATE TABLE CALL_TYPE (CALL_TYPE_CD TEXT PRIMARY KEY, CALL_TYPE_DESC TEXT NOT NULL);
CREATE TABLE SERVICE_CALL (CALL_ID INTEGER PRIMARY KEY, ELEV_ID INTEGER REFERENCES ELEVATOR(ELEV_ID),
  TECH_ID INTEGER REFERENCES TECHNICIAN(TECH_ID), CALL_TYPE_CD TEXT REFERENCES CALL_TYPE(CALL_TYPE_CD),
  OPEN_DT TEXT, CLOSE_DT TEXT, LABOR_HRS REAL, STATUS_CD TEXT);
CREATE TABLE PART (PART_NO TEXT PRIMARY KEY, PART_DESC TEXT, UNIT_PRICE REAL);
CREATE TABLE CALL_PART (CALL_ID INTEGER REFERENCES SERVICE_CALL(CALL_ID), PART_NO TEXT REFERENCES PART(PART_NO),
  QTY INTEGER, PRIMARY KEY (CALL_ID, PART_NO));
"""
    clients = [(1, "Harbourview Properties", "FULL", "2019-01-01"), (2, "St Aldric Hospital", "FULL", "2020-04-01"),
               (3, "Crestmoor Retail Park", "BASIC", "2021-07-01"), (4, "Linden Housing Co-op", "BASIC", "2018-10-01"),
               (5, "Quantum Offices plc", "FULL", "2022-02-01"), (6, "Kingsbridge Hotel Group", "BASIC", "2023-05-01")]
    bnames = ["Harbourview Tower", "Quayside House", "St Aldric Main Block", "St Aldric West Wing",
              "Crestmoor Mall", "Linden Court", "Linden Gardens", "Quantum House", "Quantum Annexe",
              "Kingsbridge Grand", "Marina Point"]
    bclient = [1, 1, 2, 2, 3, 4, 4, 5, 5, 6, 1]
    blds = []
    for i, nm in enumerate(bnames, 1):
        blds.append((i, bclient[i - 1], nm, f"{rng.randint(1, 200)} {rng.choice(['High St', 'Quay Rd', 'Park Ave', 'Linden Way'])}",
                     rng.choice(TOWNS[:4]), rng.randint(4, 28)))
    elevs = []
    for i in range(1, 31):
        b = rng.randint(1, 11)
        elevs.append((i, b, f"EL-{rng.randint(10000, 99999)}", rng.choice(["Otis", "Schindler", "KONE", "KONE", "Otis", "ThyssenKrupp"]),
                      rng.randint(1988, 2022), rng.choice([630, 800, 1000, 1275, 1600]),
                      "N" if i in (4, 13, 22, 27) else "Y"))
    techs = [(1, "Roland", "Fairweather", 3, None), (2, "Keiko", "Takahashi", 3, 1), (3, "Jasper", "Quigley", 2, 1),
             (4, "Odette", "Delacroix", 2, 2), (5, "Samir", "Yilmaz", 1, 2), (6, "Wanda", "Eriksen", 1, 1),
             (7, "Felix", "Carrington", 2, 2), (8, "Thea", "Winslow", 1, 1)]
    ctypes = [("PM", "Preventive maintenance"), ("BRK", "Breakdown"), ("ENT", "Passenger entrapment"),
              ("INS", "Statutory inspection"), ("MOD", "Modernisation")]
    parts = [("P-DR01", "Door operator belt", 85.0), ("P-RL02", "Door roller set", 42.5),
             ("P-BR03", "Brake pad kit", 160.0), ("P-CB04", "Controller board", 1240.0),
             ("P-LS05", "Limit switch", 38.0), ("P-RP06", "Car push button", 22.0),
             ("P-RO07", "Hoist rope (per m)", 14.75), ("P-LT08", "LED cab light", 31.0)]
    calls, cparts = [], []
    for i in range(1, 201):
        ct = rng.choices(["PM", "BRK", "ENT", "INS", "MOD"], [40, 30, 10, 15, 5])[0]
        od = day(rng, "2024-01-01", "2025-11-20")
        closed = rng.random() < 0.75 or od < "2025-09-01"
        cd = plus(od, rng.randint(0, 6)) if closed else None
        hrs = round(rng.choice([1, 1.5, 2, 2.5, 3, 4, 6]) * (3 if ct == "MOD" else 1), 1)
        calls.append((i, rng.randint(1, 28), rng.randint(1, 8), ct, od, cd, hrs, "C" if closed else "O"))
        if ct in ("BRK", "MOD", "PM") and rng.random() < 0.55:
            for p in rng.sample(range(8), rng.randint(1, 2)):
                cparts.append((i, parts[p][0], rng.randint(1, 4)))
    write("elevator_maint_d", ddl, {"CLIENT": clients, "BUILDING": blds, "ELEVATOR": elevs, "TECHNICIAN": techs,
                                    "CALL_TYPE": ctypes, "SERVICE_CALL": calls, "PART": parts,
                                    "CALL_PART": cparts})


# ------------------------------------------------------------- translation agency (CamelCase)
def translation_agency():
    rng = random.Random(4808)
    ddl = """
CREATE TABLE Language (LangCode TEXT PRIMARY KEY, LangName TEXT NOT NULL);
CREATE TABLE Translator (TranslatorId INTEGER PRIMARY KEY, FirstName TEXT, LastName TEXT, Email TEXT,
  NativeLang TEXT REFERENCES Language(LangCode), RatePerWord REAL, IsFreelance INTEGER,
  MentorId INTEGER REFERENCES Translator(TranslatorId));
CREATE TABLE TranslatorLanguage (TranslatorId INTEGER REFERENCES Translator(TranslatorId),
  LangCode TEXT REFERENCES Language(LangCode), Certified TEXT, PRIMARY KEY (TranslatorId, LangCode));
CREATE TABLE Client (ClientId INTEGER PRIMARY KEY, ClientName TEXT NOT NULL, Sector TEXT);
CREATE TABLE Job (JobId INTEGER PRIMARY KEY, ClientId INTEGER REFERENCES Client(ClientId),
  TranslatorId INTEGER REFERENCES Translator(TranslatorId), SourceLang TEXT REFERENCES Language(LangCode),
  TargetLang TEXT REFERENCES Language(LangCode), Domain TEXT, WordCount INTEGER, ReceivedDate TEXT,
  DueDate TEXT, DeliveredDate TEXT, StatusCode TEXT, Price REAL);
CREATE TABLE Invoice (InvoiceId INTEGER PRIMARY KEY, ClientId INTEGER REFERENCES Client(ClientId),
  InvoiceDate TEXT, TotalAmt REAL, PaidFlag TEXT);
"""
    langs = [("EN", "English"), ("DE", "German"), ("FR", "French"), ("ES", "Spanish"), ("IT", "Italian"),
             ("JA", "Japanese"), ("ZH", "Chinese"), ("PL", "Polish"), ("AR", "Arabic")]
    natives = ["DE", "FR", "ES", "IT", "JA", "ZH", "PL", "AR", "DE", "FR", "ES", "JA", "ZH", "DE", "FR",
               "ES", "IT", "PL", "AR", "EN", "EN", "JA"]
    used = set()
    trs = []
    for i, nat in enumerate(natives, 1):
        f, l = person(rng, used)
        mentor = None if i <= 4 else (rng.choice([1, 1, 2, 3, 4]) if rng.random() < 0.6 else None)
        trs.append((i, f, l, f"{f.lower()}.{l.lower()}@wordbridge.example", nat, round(rng.uniform(0.07, 0.16), 3),
                    0 if i <= 6 else 1, mentor))
    tl = set()
    for t in trs:
        tl.add((t[0], t[4]))
        tl.add((t[0], "EN"))
        if rng.random() < 0.3:
            tl.add((t[0], rng.choice([l[0] for l in langs])))
    tl = sorted(tl)
    tlang = [(t, l, "Y" if rng.random() < 0.55 else "N") for t, l in tl]
    clients = [(1, "Lex & Partners LLP", "Legal"), (2, "Medisys Devices", "Medical"), (3, "Voltara Motors", "Automotive"),
               (4, "Gamewright Studios", "Gaming"), (5, "Bloom Cosmetics", "Retail"), (6, "Corvid Software", "Technology"),
               (7, "Aldersgate Bank", "Finance"), (8, "Pellucid Pharma", "Medical"), (9, "Tern Travel", "Tourism"),
               (10, "Oriel Museum Trust", "Culture")]
    dom = {"Legal": "Legal", "Medical": "Medical", "Automotive": "Technical", "Gaming": "Marketing",
           "Retail": "Marketing", "Technology": "Technical", "Finance": "Legal", "Tourism": "Marketing",
           "Culture": "Marketing"}
    jobs = []
    for i in range(1, 201):
        c = rng.randint(1, 10)
        t = rng.randint(1, 20)  # 21-22 have no jobs yet
        pairs = [x for x in tl if x[0] == t and x[1] != "EN"]
        tgt = rng.choice(pairs)[1] if pairs and rng.random() < 0.75 else "EN"
        src = "EN" if tgt != "EN" else rng.choice(["DE", "FR", "ES", "JA", "ZH"])
        wc = rng.choice([rng.randint(200, 1500), rng.randint(1500, 9000), rng.randint(9000, 30000)])
        rd = day(rng, "2024-01-01", "2025-11-15")
        due = plus(rd, max(2, wc // 2000 + rng.randint(1, 6)))
        st = rng.choices(["DLV", "WIP", "NEW", "CNC"], [80, 8, 5, 7])[0]
        if rd < "2025-10-01" and st in ("WIP", "NEW"):
            st = "DLV"
        dd = plus(due, rng.choice([-3, -2, -1, -1, 0, 0, 0, 1, 2, 4])) if st == "DLV" else None
        if dd and dd < rd:
            dd = rd
        price = round(wc * trs[t - 1][5] * 1.35, 2) if st != "CNC" else 0.0
        jobs.append((i, c, t, src, tgt, dom[clients[c - 1][2]], wc, rd, due, dd, st, price))
    invs = []
    for i in range(1, 61):
        d = day(rng, "2024-01-31", "2025-10-31")
        invs.append((i, rng.randint(1, 10), d, money(rng, 300, 9000), "N" if rng.random() < 0.2 else "Y"))
    write("translation_agency_d", ddl, {"Language": langs, "Translator": trs, "TranslatorLanguage": tlang,
                                        "Client": clients, "Job": jobs, "Invoice": invs})


def main():
    os.makedirs(OUT, exist_ok=True)
    for build in (courier_depot, permit_office, clinic_lab, it_timesheets, moving_company, sports_centre,
                  elevator_maint, translation_agency):
        build()


if __name__ == "__main__":
    main()
