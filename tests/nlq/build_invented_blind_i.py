#!/usr/bin/env python3
"""Build the 6 invented SQLite databases of the blind set invented_blind_en_i.jsonl.

Written by the "blind-invented-en-i" helper (session 27) on 2026-11-28, without reading the
askdb question-to-SQL engine, its docs, its other question sets or running askdb. Every schema
and every row is invented: operational BUSINESS schemas named the way a competent developer
names them (customers, orders, order_lines, products, ...), foreign keys declared, money as
REAL, dates as ISO TEXT in 2023-2025.

  car_dealership_i      branches, salespeople, models, vehicles, customers, sales, service_appointments
  hotel_group_i         hotels, room_types, rooms, room_rates, guests, bookings, payments
  freight_logistics_i   depots, customers, drivers, trucks, routes, shipments, invoices, fuel_purchases
  course_marketplace_i  categories, instructors, courses, students, enrollments, reviews, payouts
  coffee_roaster_i      suppliers, products, customers, orders, order_lines, subscriptions,
                        employees, roast_batches
  pharmacy_chain_i      stores, categories, products, stock, employees, customers, prescriptions,
                        sales, sale_items

Deterministic: fixed random.Random seeds, no clock, no iteration over hashed sets; each run
rewrites tests/nlq/invented/<name>.sqlite byte for byte the same.
Usage: python3 tests/nlq/build_invented_blind_i.py
"""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from invented_rows import OUT, day, first_last, money, plus, unique_name, write  # noqa: E402

FIRST = ["James", "Olivia", "Noah", "Emma", "Liam", "Ava", "Lucas", "Mia", "Ethan", "Sophie",
         "Daniel", "Chloe", "Samuel", "Grace", "Henry", "Ruby", "Jack", "Ella", "Oscar", "Isla",
         "Leo", "Amelia", "Adam", "Hannah", "Ryan", "Zara", "Omar", "Priya", "Marco", "Elena",
         "Tomas", "Ingrid", "Kofi", "Aisha", "Mateo", "Lucia", "Felix", "Nora", "Victor", "Maya"]
LAST = ["Smith", "Jones", "Taylor", "Brown", "Wilson", "Evans", "Thomas", "Roberts", "Walker",
        "Wright", "Hughes", "Green", "Hall", "Wood", "Clarke", "Patel", "Khan", "Lewis",
        "Turner", "Harris", "Martin", "Cooper", "Ward", "Morgan", "Bell", "Murphy", "Price",
        "Bailey", "Fischer", "Rossi", "Garcia", "Novak", "Silva", "Costa", "Dubois", "Jensen"]


def person(rng, used):
    return unique_name(rng, used, first_last(FIRST, LAST))


def phone(rng, prefix):
    return f"{prefix} {rng.randint(100, 999)} {rng.randint(1000, 9999)}"


def email(f, l, dom):
    return f"{f.lower()}.{l.lower()}@{dom}"


# ---------------------------------------------------------------- car dealership
def car_dealership():
    rng = random.Random(901)
    ddl = """
    CREATE TABLE branches (
        branch_id INTEGER PRIMARY KEY, branch_name TEXT NOT NULL, city TEXT, phone TEXT,
        opened_date TEXT);
    CREATE TABLE salespeople (
        salesperson_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT,
        branch_id INTEGER REFERENCES branches(branch_id), hire_date TEXT, email TEXT, phone TEXT,
        commission_rate REAL);
    CREATE TABLE models (
        model_id INTEGER PRIMARY KEY, make TEXT, model_name TEXT, body_type TEXT, fuel_type TEXT);
    CREATE TABLE vehicles (
        vehicle_id INTEGER PRIMARY KEY, vin TEXT UNIQUE, model_id INTEGER REFERENCES models(model_id),
        model_year INTEGER, color TEXT, mileage INTEGER, condition TEXT, purchase_cost REAL,
        list_price REAL, branch_id INTEGER REFERENCES branches(branch_id), received_date TEXT,
        status TEXT);
    CREATE TABLE customers (
        customer_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, city TEXT, email TEXT,
        phone TEXT, created_date TEXT);
    CREATE TABLE sales (
        sale_id INTEGER PRIMARY KEY, vehicle_id INTEGER REFERENCES vehicles(vehicle_id),
        customer_id INTEGER REFERENCES customers(customer_id),
        salesperson_id INTEGER REFERENCES salespeople(salesperson_id), sale_date TEXT,
        sale_price REAL, payment_method TEXT, trade_in_value REAL);
    CREATE TABLE service_appointments (
        appointment_id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(customer_id),
        vehicle_id INTEGER REFERENCES vehicles(vehicle_id),
        branch_id INTEGER REFERENCES branches(branch_id), appointment_date TEXT, service_type TEXT,
        labor_cost REAL, parts_cost REAL, status TEXT);
    """
    branches = [(1, "Northgate Motors", "Leeds", "0113 496 0101", "2009-03-01"),
                (2, "Riverside Autos", "York", "01904 496 202", "2012-06-15"),
                (3, "Citypoint Cars", "Manchester", "0161 496 0303", "2015-09-01"),
                (4, "Harbour Road Motors", "Liverpool", "0151 496 0404", "2017-04-10"),
                (5, "Parkway Vehicles", "Sheffield", "0114 496 0505", "2019-01-20"),
                (6, "Westfield Motor Group", "Bradford", "01274 496 606", "2021-11-01")]
    used = set()
    sp = []
    for i in range(1, 25):
        f, l = person(rng, used)
        b = (i - 1) % 6 + 1
        sp.append((i, f, l, b, day(rng, "2014-01-01", "2024-06-30"), email(f, l, "drivecars.co.uk"),
                   phone(rng, "07700"), rng.choice([0.015, 0.02, 0.025])))
    models = [("Toyota", "Corolla", "Hatchback", "Hybrid"), ("Toyota", "RAV4", "SUV", "Hybrid"),
              ("Toyota", "Yaris", "Hatchback", "Petrol"), ("Ford", "Focus", "Hatchback", "Petrol"),
              ("Ford", "Kuga", "SUV", "Diesel"), ("Ford", "Ranger", "Pickup", "Diesel"),
              ("Ford", "Puma", "SUV", "Petrol"), ("Volkswagen", "Golf", "Hatchback", "Petrol"),
              ("Volkswagen", "Tiguan", "SUV", "Diesel"), ("Volkswagen", "Passat", "Estate", "Diesel"),
              ("Volkswagen", "ID.4", "SUV", "Electric"), ("BMW", "3 Series", "Saloon", "Petrol"),
              ("BMW", "X3", "SUV", "Diesel"), ("BMW", "i4", "Saloon", "Electric"),
              ("Kia", "Sportage", "SUV", "Hybrid"), ("Kia", "Niro", "SUV", "Electric"),
              ("Kia", "Picanto", "Hatchback", "Petrol"), ("Nissan", "Qashqai", "SUV", "Petrol"),
              ("Nissan", "Leaf", "Hatchback", "Electric"), ("Hyundai", "Tucson", "SUV", "Hybrid"),
              ("Hyundai", "i20", "Hatchback", "Petrol"), ("Skoda", "Octavia", "Estate", "Diesel"),
              ("Skoda", "Fabia", "Hatchback", "Petrol"), ("Tesla", "Model 3", "Saloon", "Electric"),
              ("Tesla", "Model Y", "SUV", "Electric"), ("Audi", "A4", "Saloon", "Diesel"),
              ("Audi", "Q5", "SUV", "Diesel"), ("Mercedes-Benz", "C-Class", "Saloon", "Petrol")]
    base = {"Hatchback": 17000, "SUV": 28000, "Pickup": 31000, "Estate": 24000, "Saloon": 30000}
    prem = {"BMW": 1.35, "Tesla": 1.4, "Audi": 1.3, "Mercedes-Benz": 1.4, "Kia": 0.9,
            "Hyundai": 0.9, "Skoda": 0.88}
    models = [(i + 1,) + m for i, m in enumerate(models)]
    colors = ["White", "Black", "Grey", "Silver", "Blue", "Red", "Green"]
    vehicles = []
    for vid in range(1, 421):
        m = rng.choice(models)
        used_car = rng.random() < 0.45
        yr = rng.randint(2017, 2022) if used_car else rng.randint(2023, 2025)
        mil = rng.randint(8000, 95000) if used_car else rng.randint(5, 60)
        price = base[m[3]] * prem.get(m[1], 1.0) * (rng.uniform(0.45, 0.8) if used_car else rng.uniform(1.0, 1.25))
        price = round(price / 50) * 50 - 1.0
        cost = round(price * rng.uniform(0.78, 0.9), 2)
        recv = day(rng, "2023-01-02", "2025-11-30")
        vehicles.append([vid, f"WDC{rng.randint(10**9, 10**10 - 1)}{vid:04d}", m[0], yr,
                         rng.choice(colors), mil, "Used" if used_car else "New", cost, price,
                         rng.randint(1, 6), recv, "In stock"])
    used = set()
    customers = []
    cities = ["Leeds", "York", "Manchester", "Liverpool", "Sheffield", "Bradford", "Harrogate", "Wakefield"]
    for cid in range(1, 301):
        f, l = person(rng, used)
        customers.append((cid, f, l, rng.choice(cities), email(f, l, "mailbox.co.uk"), phone(rng, "07800"),
                          day(rng, "2022-06-01", "2025-10-31")))
    sales = []
    sid = 0
    by_branch = {b: [s[0] for s in sp if s[3] == b] for b in range(1, 7)}
    idle = {7, 19}  # two salespeople with no 2025 sales
    for v in vehicles:
        if v[10] > "2025-10-31" or rng.random() < 0.2:
            continue
        sd = plus(v[10], rng.randint(3, 140))
        if sd > "2025-12-20":
            continue
        sid += 1
        cands = [s for s in by_branch[v[9]] if not (s in idle and sd >= "2025-01-01")]
        seller = rng.choice(cands)
        pm = rng.choices(["Finance", "Cash", "Lease"], [5, 3, 2])[0]
        sales.append((sid, v[0], rng.randint(1, 300), seller, sd,
                      round(v[8] * rng.uniform(0.9, 1.0), 2), pm,
                      round(rng.uniform(1500, 9000), 2) if rng.random() < 0.35 else 0.0))
        v[11] = "Sold"
    for k in (12, 40, 77):
        if vehicles[k][11] == "In stock":
            vehicles[k][11] = "Reserved"
    vehicles = [tuple(v) for v in vehicles]
    sales.sort(key=lambda s: (s[4], s[0]))
    sales = [(i + 1,) + s[1:] for i, s in enumerate(sales)]
    appts = []
    stypes = [("Annual service", 120, 220, 40, 180), ("MOT", 54.85, 54.85, 0, 60),
              ("Tyre replacement", 40, 60, 180, 520), ("Brake repair", 90, 160, 120, 380),
              ("Diagnostics", 60, 95, 0, 0), ("Battery check", 35, 35, 0, 140)]
    for aid in range(1, 481):
        s = rng.choice(sales)
        d = day(rng, "2023-02-01", "2025-12-15")
        st = rng.choices(["Completed", "Cancelled", "No-show"], [85, 10, 5])[0]
        t = rng.choice(stypes)
        if st == "Completed":
            lab = round(rng.uniform(t[1], t[2]), 2)
            parts = round(rng.uniform(t[3], t[4]), 2)
        else:
            lab, parts = 0.0, 0.0
        appts.append((aid, s[2], s[1], vehicles[s[1] - 1][9], d, t[0], lab, parts, st))
    appts.sort(key=lambda a: (a[4], a[0]))
    appts = [(i + 1,) + a[1:] for i, a in enumerate(appts)]
    write("car_dealership_i", ddl, {"branches": branches, "salespeople": sp, "models": models,
                                    "vehicles": vehicles, "customers": customers, "sales": sales,
                                    "service_appointments": appts})


# ---------------------------------------------------------------- hotel group
def hotel_group():
    rng = random.Random(902)
    ddl = """
    CREATE TABLE hotels (
        hotel_id INTEGER PRIMARY KEY, hotel_name TEXT NOT NULL, city TEXT, country TEXT,
        star_rating INTEGER, opened_date TEXT, phone TEXT);
    CREATE TABLE room_types (
        room_type_id INTEGER PRIMARY KEY, type_name TEXT, max_occupancy INTEGER, bed_type TEXT);
    CREATE TABLE rooms (
        room_id INTEGER PRIMARY KEY, hotel_id INTEGER REFERENCES hotels(hotel_id),
        room_number TEXT, room_type_id INTEGER REFERENCES room_types(room_type_id), floor INTEGER,
        is_accessible INTEGER);
    CREATE TABLE room_rates (
        rate_id INTEGER PRIMARY KEY, hotel_id INTEGER REFERENCES hotels(hotel_id),
        room_type_id INTEGER REFERENCES room_types(room_type_id), season TEXT, nightly_rate REAL,
        valid_from TEXT, valid_to TEXT);
    CREATE TABLE guests (
        guest_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, email TEXT, phone TEXT,
        country TEXT, loyalty_tier TEXT, created_date TEXT);
    CREATE TABLE bookings (
        booking_id INTEGER PRIMARY KEY, guest_id INTEGER REFERENCES guests(guest_id),
        room_id INTEGER REFERENCES rooms(room_id), booking_date TEXT, check_in_date TEXT,
        check_out_date TEXT, nights INTEGER, adults INTEGER, nightly_rate REAL, total_amount REAL,
        channel TEXT, status TEXT);
    CREATE TABLE payments (
        payment_id INTEGER PRIMARY KEY, booking_id INTEGER REFERENCES bookings(booking_id),
        payment_date TEXT, amount REAL, payment_method TEXT);
    """
    hotels = [(1, "Grand Meridian London", "London", "United Kingdom", 5, "2008-05-01", "+44 20 7946 0001"),
              (2, "Meridian Rive Gauche", "Paris", "France", 4, "2011-03-15", "+33 1 7000 0002"),
              (3, "Meridian Alfama", "Lisbon", "Portugal", 4, "2016-07-01", "+351 21 000 0003"),
              (4, "Meridian Spree", "Berlin", "Germany", 4, "2014-02-20", "+49 30 0000 0004"),
              (5, "Meridian Gran Via", "Madrid", "Spain", 3, "2018-09-10", "+34 91 000 0005"),
              (6, "Meridian Trastevere", "Rome", "Italy", 5, "2019-04-01", "+39 06 0000 0006"),
              (7, "Meridian Liffey", "Dublin", "Ireland", 3, "2020-06-01", "+353 1 000 0007"),
              (8, "Meridian Canal House", "Amsterdam", "Netherlands", 4, "2022-03-01", "+31 20 000 0008")]
    rtypes = [(1, "Standard", 2, "Double"), (2, "Superior", 2, "Queen"), (3, "Deluxe", 3, "King"),
              (4, "Junior Suite", 3, "King"), (5, "Suite", 4, "King")]
    rooms = []
    rid = 0
    for h in hotels:
        n = {1: 40, 2: 32, 3: 26, 4: 34, 5: 30, 6: 22, 7: 28, 8: 24}[h[0]]
        for k in range(n):
            rid += 1
            t = rng.choices([1, 2, 3, 4, 5], [40, 25, 18, 10, 7])[0]
            fl = k // 8 + 1
            rooms.append((rid, h[0], f"{fl}{k % 8 + 1:02d}", t, fl, 1 if rng.random() < 0.1 else 0))
    star_mult = {3: 0.8, 4: 1.0, 5: 1.5}
    city_mult = {1: 1.35, 2: 1.25, 3: 0.85, 4: 0.95, 5: 0.85, 6: 1.1, 7: 1.0, 8: 1.2}
    type_base = {1: 110, 2: 135, 3: 170, 4: 230, 5: 320}
    rates = []
    rate_of = {}
    rtid = 0
    for h in hotels:
        for t in rtypes:
            for season, sm, vf, vt in [("Low", 1.0, "2023-01-01", "2025-12-31"),
                                       ("High", 1.3, "2023-01-01", "2025-12-31")]:
                rtid += 1
                r = round(type_base[t[0]] * star_mult[h[4]] * city_mult[h[0]] * sm * rng.uniform(0.95, 1.05), 2)
                rates.append((rtid, h[0], t[0], season, r, vf, vt))
                rate_of[(h[0], t[0], season)] = r
    used = set()
    guests = []
    gcountries = ["United Kingdom", "United States", "Germany", "France", "Spain", "Italy",
                  "Netherlands", "Ireland", "Canada", "Australia", "Japan", "Brazil"]
    for gid in range(1, 401):
        f, l = person(rng, used)
        guests.append((gid, f, l, email(f, l, "guestmail.com"), phone(rng, "+1 555"),
                       rng.choices(gcountries, [22, 18, 12, 9, 7, 7, 6, 5, 5, 4, 3, 2])[0],
                       rng.choices(["None", "Silver", "Gold", "Platinum"], [55, 25, 14, 6])[0],
                       day(rng, "2022-01-01", "2025-06-30")))
    never = {5, 44, 118, 203, 260, 333, 391}
    bookers = [g[0] for g in guests if g[0] not in never]
    bookings = []
    for bid in range(1, 601):
        ci = day(rng, "2023-01-05", "2025-12-20")
        bd = plus(ci, -rng.randint(1, 120))
        if bd < "2023-01-01":
            bd = "2023-01-01"
        n = rng.choices([1, 2, 3, 4, 5, 6, 7, 10], [18, 25, 20, 12, 8, 6, 7, 4])[0]
        room = rng.choice(rooms)
        season = "High" if ci[5:7] in ("06", "07", "08", "12") else "Low"
        r = rate_of[(room[1], room[3], season)]
        st = rng.choices(["Completed", "Cancelled", "No-show"], [84, 13, 3])[0]
        if ci > "2025-11-28" and st == "Completed":
            st = "Confirmed"
        bookings.append((bd, ci, rng.choice(bookers), room[0], plus(ci, n), n,
                         rng.randint(1, min(2, rtypes[room[3] - 1][2])), r, round(r * n, 2),
                         rng.choices(["Direct", "Online travel agent", "Corporate", "Phone"], [30, 45, 15, 10])[0],
                         st))
    bookings.sort()
    bookings = [(i + 1, b[2], b[3], b[0], b[1], b[4], b[5], b[6], b[7], b[8], b[9], b[10])
                for i, b in enumerate(bookings)]
    payments = []
    pid = 0
    for b in bookings:
        if b[11] in ("Cancelled",):
            continue
        method = rng.choice(["Card", "Card", "Card", "Bank transfer", "Cash"])
        if rng.random() < 0.1 and b[9] > 300:
            dep = round(b[9] * 0.2, 2)
            pid += 1
            payments.append((pid, b[0], b[3], dep, "Card"))
            pid += 1
            payments.append((pid, b[0], b[5], round(b[9] - dep, 2), method))
        else:
            pid += 1
            payments.append((pid, b[0], b[5], b[9], method))
    write("hotel_group_i", ddl, {"hotels": hotels, "room_types": rtypes, "rooms": rooms,
                                 "room_rates": rates, "guests": guests, "bookings": bookings,
                                 "payments": payments})


# ---------------------------------------------------------------- freight / logistics
def freight_logistics():
    rng = random.Random(903)
    ddl = """
    CREATE TABLE depots (
        depot_id INTEGER PRIMARY KEY, depot_name TEXT, city TEXT, phone TEXT);
    CREATE TABLE customers (
        customer_id INTEGER PRIMARY KEY, company_name TEXT, contact_name TEXT, city TEXT,
        country TEXT, phone TEXT, payment_terms_days INTEGER);
    CREATE TABLE drivers (
        driver_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, phone TEXT,
        license_class TEXT, hire_date TEXT, depot_id INTEGER REFERENCES depots(depot_id),
        status TEXT);
    CREATE TABLE trucks (
        truck_id INTEGER PRIMARY KEY, plate_number TEXT UNIQUE, make TEXT, model TEXT,
        capacity_tonnes REAL, year_built INTEGER, depot_id INTEGER REFERENCES depots(depot_id),
        status TEXT);
    CREATE TABLE routes (
        route_id INTEGER PRIMARY KEY, origin_city TEXT, destination_city TEXT, distance_km REAL,
        base_rate REAL);
    CREATE TABLE shipments (
        shipment_id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(customer_id),
        route_id INTEGER REFERENCES routes(route_id), driver_id INTEGER REFERENCES drivers(driver_id),
        truck_id INTEGER REFERENCES trucks(truck_id), pickup_date TEXT, delivery_date TEXT,
        weight_kg REAL, pallets INTEGER, freight_charge REAL, status TEXT);
    CREATE TABLE invoices (
        invoice_id INTEGER PRIMARY KEY, shipment_id INTEGER REFERENCES shipments(shipment_id),
        customer_id INTEGER REFERENCES customers(customer_id), invoice_date TEXT, due_date TEXT,
        amount REAL, paid_date TEXT, status TEXT);
    CREATE TABLE fuel_purchases (
        fuel_purchase_id INTEGER PRIMARY KEY, truck_id INTEGER REFERENCES trucks(truck_id),
        driver_id INTEGER REFERENCES drivers(driver_id), purchase_date TEXT, litres REAL,
        cost REAL, station_city TEXT);
    """
    depots = [(1, "Midlands Hub", "Birmingham", "0121 496 1100"), (2, "Northern Hub", "Leeds", "0113 496 2200"),
              (3, "Thames Depot", "London", "020 7946 3300"), (4, "Severn Depot", "Bristol", "0117 496 4400"),
              (5, "Clyde Depot", "Glasgow", "0141 496 5500")]
    cities = ["Birmingham", "Leeds", "London", "Bristol", "Glasgow", "Manchester", "Southampton",
              "Felixstowe", "Rotterdam", "Hamburg", "Lyon", "Dublin"]
    comp1 = ["Apex", "Brightline", "Crown", "Delta", "Evergreen", "Fairway", "Granite", "Harbor",
             "Ironbridge", "Juniper", "Keystone", "Lakeside", "Meridian", "Northstar", "Oakridge",
             "Pinnacle", "Quayside", "Redwood", "Summit", "Trident"]
    comp2 = ["Foods", "Building Supplies", "Paper Co", "Electronics", "Textiles", "Chemicals",
             "Beverages", "Furniture", "Plastics", "Steel"]
    used = set()
    customers = []
    ccountry = [("Birmingham", "United Kingdom"), ("Manchester", "United Kingdom"), ("London", "United Kingdom"),
                ("Leeds", "United Kingdom"), ("Bristol", "United Kingdom"), ("Glasgow", "United Kingdom"),
                ("Hamburg", "Germany"), ("Munich", "Germany"), ("Rotterdam", "Netherlands"),
                ("Lyon", "France"), ("Paris", "France"), ("Dublin", "Ireland")]
    for cid in range(1, 81):
        a, b = unique_name(rng, used, lambda r: (r.choice(comp1), r.choice(comp2)))
        city, country = rng.choices(ccountry, [10, 9, 12, 7, 6, 5, 5, 3, 4, 3, 3, 4])[0]
        f, l = rng.choice(FIRST), rng.choice(LAST)
        customers.append((cid, f"{a} {b}", f"{f} {l}", city, country, phone(rng, "+44 7700"),
                          rng.choice([14, 30, 30, 45, 60])))
    used = set()
    drivers = []
    for did in range(1, 41):
        f, l = person(rng, used) if did != 17 else ("Tom", "Baker")
        if did == 17:
            used.add(("Tom", "Baker"))
        drivers.append((did, f, l, phone(rng, "07911"), rng.choice(["C", "C+E", "C+E", "C1"]),
                        day(rng, "2012-01-01", "2024-09-30"), (did - 1) % 5 + 1,
                        "Active" if did not in (9, 33) else "On leave"))
    makes = [("Volvo", "FH"), ("Scania", "R450"), ("DAF", "XF"), ("Mercedes-Benz", "Actros"),
             ("MAN", "TGX"), ("Iveco", "S-Way")]
    trucks = []
    for tid in range(1, 36):
        mk, md = rng.choice(makes)
        trucks.append((tid, f"{rng.choice('ABCDEFGHKLMNPR')}{rng.choice('ABCDEFGHKLMNPR')}{rng.randint(15, 24)} "
                            f"{rng.choice('ABCDEFGHJKLMNPRSTUVWXYZ')}{rng.choice('ABCDEFGHJKLMNPRSTUVWXYZ')}"
                            f"{rng.choice('ABCDEFGHJKLMNPRSTUVWXYZ')}{tid:02d}",
                       mk, md, rng.choice([18.0, 26.0, 26.0, 40.0, 44.0]), rng.randint(2014, 2024),
                       rng.randint(1, 5), "In service" if tid not in (6, 29) else "Retired"))
    pairs = [("Birmingham", "London", 190), ("London", "Birmingham", 190), ("Leeds", "London", 315),
             ("London", "Leeds", 315), ("Birmingham", "Glasgow", 460), ("Glasgow", "Birmingham", 460),
             ("Bristol", "London", 190), ("London", "Bristol", 190), ("Leeds", "Manchester", 70),
             ("Manchester", "Leeds", 70), ("Felixstowe", "Birmingham", 250), ("Southampton", "Leeds", 395),
             ("Felixstowe", "Leeds", 320), ("Southampton", "Birmingham", 210), ("Bristol", "Glasgow", 590),
             ("Glasgow", "Leeds", 350), ("London", "Rotterdam", 420), ("Rotterdam", "London", 420),
             ("London", "Hamburg", 880), ("Hamburg", "Birmingham", 1070), ("Birmingham", "Lyon", 1050),
             ("London", "Lyon", 900), ("Leeds", "Dublin", 370), ("Dublin", "Birmingham", 400),
             ("Bristol", "Dublin", 430), ("Manchester", "Rotterdam", 610), ("Glasgow", "Dublin", 350),
             ("Birmingham", "Southampton", 210), ("Manchester", "Felixstowe", 345), ("Leeds", "Hamburg", 1000)]
    routes = [(i + 1, o, d, float(km), round(150 + km * 1.6, 2)) for i, (o, d, km) in enumerate(pairs)]
    shipments = []
    active_trucks = [t[0] for t in trucks if t[7] == "In service"]
    idle_2025 = {12, 25, 38}
    weights = [12, 12, 12, 10, 10, 9, 9, 8, 8, 8, 7, 7, 6, 6, 5, 5, 5, 4, 4, 4, 3, 3, 3, 3, 2, 2, 2, 2, 1, 1]
    for _ in range(600):
        r = rng.choices(routes, weights)[0]
        pu = day(rng, "2023-01-03", "2025-12-10")
        dd = plus(pu, 1 + int(r[3] // 500))
        cands = [d for d in range(1, 41) if not (d in idle_2025 and pu >= "2025-01-01")]
        w = round(rng.uniform(800, 24000), 1)
        charge = round(r[4] * rng.uniform(0.9, 1.3) + w * 0.04, 2)
        st = rng.choices(["Delivered", "Cancelled", "In transit"], [92, 8, 0])[0]
        if pu >= "2025-12-01":
            st = "In transit"
        shipments.append((pu, dd, rng.randint(1, 80), r[0], rng.choice(cands), rng.choice(active_trucks),
                          w, rng.randint(2, 26), charge, st))
    shipments.sort()
    shipments = [(i + 1, s[2], s[3], s[4], s[5], s[0], None if s[9] != "Delivered" else s[1], s[6], s[7],
                  s[8], s[9]) for i, s in enumerate(shipments)]
    invoices = []
    terms = {c[0]: c[6] for c in customers}
    iid = 0
    for s in shipments:
        if s[10] != "Delivered":
            continue
        iid += 1
        idate = s[6]
        due = plus(idate, terms[s[1]])
        if due < "2025-10-01" and rng.random() < 0.93:
            paid = plus(idate, rng.randint(5, terms[s[1]] + 25))
            status = "Paid"
        elif rng.random() < 0.5 and due < "2025-11-28":
            paid, status = None, "Overdue"
        else:
            paid = None if rng.random() < 0.7 else plus(idate, rng.randint(3, 20))
            status = "Paid" if paid else "Open"
        if paid and paid > "2025-11-28":
            paid, status = None, "Open"
        invoices.append((iid, s[0], s[1], idate, due, s[9], paid, status))
    fuel = []
    for fid in range(1, 421):
        t = rng.choice(active_trucks)
        lit = round(rng.uniform(180, 620), 1)
        d = day(rng, "2023-01-05", "2025-12-15")
        ppl = 1.45 if d < "2024-01-01" else 1.52 if d < "2025-01-01" else 1.49
        fuel.append((d, t, rng.randint(1, 40), lit, round(lit * ppl * rng.uniform(0.97, 1.03), 2),
                     rng.choice(["Birmingham", "Leeds", "London", "Bristol", "Glasgow", "Carlisle", "Dover"])))
    fuel.sort()
    fuel = [(i + 1, f[1], f[2], f[0], f[3], f[4], f[5]) for i, f in enumerate(fuel)]
    write("freight_logistics_i", ddl, {"depots": depots, "customers": customers, "drivers": drivers,
                                       "trucks": trucks, "routes": routes, "shipments": shipments,
                                       "invoices": invoices, "fuel_purchases": fuel})


# ---------------------------------------------------------------- online course marketplace
def course_marketplace():
    rng = random.Random(904)
    ddl = """
    CREATE TABLE categories (category_id INTEGER PRIMARY KEY, category_name TEXT NOT NULL);
    CREATE TABLE instructors (
        instructor_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, email TEXT,
        country TEXT, joined_date TEXT, revenue_share REAL);
    CREATE TABLE courses (
        course_id INTEGER PRIMARY KEY, title TEXT, instructor_id INTEGER REFERENCES instructors(instructor_id),
        category_id INTEGER REFERENCES categories(category_id), level TEXT, price REAL,
        duration_hours REAL, published_date TEXT, language TEXT);
    CREATE TABLE students (
        student_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, email TEXT, country TEXT,
        signup_date TEXT);
    CREATE TABLE enrollments (
        enrollment_id INTEGER PRIMARY KEY, student_id INTEGER REFERENCES students(student_id),
        course_id INTEGER REFERENCES courses(course_id), enrollment_date TEXT, price_paid REAL,
        coupon_code TEXT, completed INTEGER, completion_date TEXT, refunded INTEGER);
    CREATE TABLE reviews (
        review_id INTEGER PRIMARY KEY, enrollment_id INTEGER REFERENCES enrollments(enrollment_id),
        course_id INTEGER REFERENCES courses(course_id), student_id INTEGER REFERENCES students(student_id),
        rating INTEGER, review_date TEXT, comment TEXT);
    CREATE TABLE payouts (
        payout_id INTEGER PRIMARY KEY, instructor_id INTEGER REFERENCES instructors(instructor_id),
        payout_date TEXT, amount REAL, method TEXT);
    """
    cats = [(1, "Data Science"), (2, "Web Development"), (3, "Business"), (4, "Design"),
            (5, "Marketing"), (6, "Photography"), (7, "Personal Finance"), (8, "Languages")]
    countries = ["United States", "India", "United Kingdom", "Canada", "Germany", "Brazil",
                 "Australia", "Spain", "Nigeria", "Philippines"]
    used = set()
    instr = []
    for i in range(1, 41):
        f, l = person(rng, used)
        instr.append((i, f, l, email(f, l, "teachhub.io"), rng.choice(countries[:7]),
                      day(rng, "2019-01-01", "2024-06-30"), rng.choice([0.5, 0.6, 0.7])))
    topics = {1: ["Python for Data Analysis", "Machine Learning A-Z", "SQL for Analysts", "Statistics Fundamentals",
                  "Deep Learning with PyTorch", "Data Visualization with Tableau", "Pandas in Practice",
                  "Intro to R", "Time Series Forecasting", "A/B Testing Essentials", "Power BI Bootcamp",
                  "Natural Language Processing", "Excel to Python", "Big Data with Spark", "Data Engineering Basics"],
              2: ["Modern JavaScript", "React from Scratch", "Node.js APIs", "HTML and CSS Foundations",
                  "Django Web Apps", "TypeScript Deep Dive", "Vue.js Essentials", "Full-Stack Bootcamp",
                  "Web Accessibility", "GraphQL in Practice", "Next.js Projects", "PHP and Laravel",
                  "Testing Web Apps", "Docker for Developers", "Web Performance"],
              3: ["Project Management Essentials", "Business Strategy", "Negotiation Skills", "Agile and Scrum",
                  "Financial Modelling", "Startup Fundamentals", "Leadership 101", "Operations Management",
                  "Business Writing", "Public Speaking", "Product Management", "Supply Chain Basics",
                  "Excel for Business", "Sales Techniques", "Customer Success"],
              4: ["Figma UI Design", "Graphic Design Basics", "Logo Design", "UX Research", "Illustrator Masterclass",
                  "Typography", "Colour Theory", "Motion Graphics", "Design Systems", "Photoshop Essentials",
                  "Web Design Principles", "Branding Workshop", "3D with Blender", "Icon Design", "Portfolio Building"],
              5: ["SEO Fundamentals", "Google Ads", "Social Media Marketing", "Email Marketing", "Content Strategy",
                  "Copywriting", "Marketing Analytics", "Growth Hacking", "Facebook Ads", "Brand Marketing",
                  "Influencer Marketing", "Affiliate Marketing", "Video Marketing", "Marketing Automation", "PR Basics"],
              6: ["Digital Photography Basics", "Portrait Photography", "Lightroom Editing", "Street Photography",
                  "Smartphone Photography", "Food Photography", "Landscape Photography", "Studio Lighting",
                  "Wedding Photography", "Product Photography", "Black and White Photography", "Drone Photography",
                  "Night Photography", "Travel Photography", "Photo Business"],
              7: ["Personal Budgeting", "Investing for Beginners", "Retirement Planning", "Stock Market Basics",
                  "Real Estate Investing", "Crypto Explained", "Tax Basics", "Debt Free Plan", "Index Funds",
                  "Financial Independence", "Options Trading", "Side Hustles", "Money Mindset", "Saving Strategies",
                  "Insurance Explained"],
              8: ["Spanish for Beginners", "French Conversation", "German A1", "Japanese Hiragana",
                  "Italian for Travellers", "Business English", "Mandarin Basics", "Portuguese Essentials",
                  "English Grammar", "Korean for Beginners", "IELTS Preparation", "Spanish Intermediate",
                  "French Grammar", "Arabic Alphabet", "Russian Basics"]}
    courses = []
    cid = 0
    for c in cats:
        for k, t in enumerate(topics[c[0]]):
            cid += 1
            lvl = rng.choices(["Beginner", "Intermediate", "Advanced"], [5, 3, 2])[0]
            price = rng.choice([19.99, 29.99, 49.99, 59.99, 79.99, 99.99, 129.99])
            ins = rng.choice([i for i in range(1, 41) if (i - 1) % 8 == c[0] - 1 or i % 5 == k % 5])
            courses.append((cid, t, ins, c[0], lvl, price, round(rng.uniform(2, 40), 1),
                            day(rng, "2022-01-01", "2025-09-30"),
                            "English" if c[0] != 8 else rng.choice(["English", "Spanish"])))
    used = set()
    students = []
    for sid in range(1, 501):
        f, l = person(rng, used) if len(used) < 1400 else (rng.choice(FIRST), rng.choice(LAST))
        students.append((sid, f, l, f"{f.lower()}.{l.lower()}{sid}@learnmail.com",
                         rng.choices(countries, [30, 18, 12, 8, 6, 6, 5, 5, 5, 5])[0],
                         day(rng, "2022-06-01", "2025-10-31")))
    pop = [1 + (rng.random() * 3) ** 2 for _ in courses]
    for k in (4, 33, 61, 98, 117):
        pop[k] = 0.0
    enrolls = []
    for _ in range(600):
        c = rng.choices(courses, pop)[0]
        s = rng.choice(students)
        d = max(day(rng, "2023-01-01", "2025-11-25"), c[7], s[5])
        if d > "2025-11-25":
            d = "2025-11-25"
        coupon = rng.choice(["SPRING20", "BLACKFRIDAY", "WELCOME10", "NEWYEAR25"]) if rng.random() < 0.3 else None
        disc = {"SPRING20": 0.2, "BLACKFRIDAY": 0.5, "WELCOME10": 0.1, "NEWYEAR25": 0.25, None: 0.0}[coupon]
        done = 1 if rng.random() < 0.42 else 0
        cd = plus(d, rng.randint(5, 150)) if done else None
        if cd and cd > "2025-11-27":
            done, cd = 0, None
        enrolls.append((d, s[0], c[0], round(c[5] * (1 - disc), 2), coupon, done, cd,
                        1 if rng.random() < 0.04 else 0))
    enrolls.sort(key=lambda e: (e[0], e[1], e[2]))
    enrolls = [(i + 1, e[1], e[2], e[0], e[3], e[4], e[5], e[6], e[7]) for i, e in enumerate(enrolls)]
    reviews = []
    qual = {c[0]: rng.uniform(3.0, 4.9) for c in courses}
    comments = ["Great course", "Very clear explanations", "Too basic for me", "Excellent examples",
                "Audio could be better", "Worth the money", "Outdated in places", None, None]
    for e in enrolls:
        if rng.random() < 0.5 and e[8] == 0:
            r = max(1, min(5, int(round(rng.gauss(qual[e[2]], 0.9)))))
            rd = plus(e[7] or e[3], rng.randint(1, 30))
            if rd > "2025-11-27":
                rd = "2025-11-27"
            reviews.append((e[0], e[2], e[1], r, rd, rng.choice(comments)))
    reviews = [(i + 1,) + r for i, r in enumerate(reviews)]
    payouts = []
    pid = 0
    earn = {}
    for e in enrolls:
        c = courses[e[2] - 1]
        key = (c[2], e[3][:7])
        earn[key] = earn.get(key, 0.0) + e[4] * instr[c[2] - 1][6] * (0 if e[8] else 1)
    for key in sorted(earn):
        ins, ym = key
        y, m = int(ym[:4]), int(ym[5:])
        nd = f"{y + (m == 12)}-{(m % 12) + 1:02d}-15"
        if nd > "2025-11-28" or earn[key] <= 0:
            continue
        pid += 1
        payouts.append((pid, ins, nd, round(earn[key], 2), instr[ins - 1][4] == "United States" and "ACH" or "PayPal"))
    write("course_marketplace_i", ddl, {"categories": cats, "instructors": instr, "courses": courses,
                                        "students": students, "enrollments": enrolls,
                                        "reviews": reviews, "payouts": payouts})


# ---------------------------------------------------------------- coffee roaster
def coffee_roaster():
    rng = random.Random(905)
    ddl = """
    CREATE TABLE suppliers (
        supplier_id INTEGER PRIMARY KEY, supplier_name TEXT, country TEXT, contact_email TEXT);
    CREATE TABLE products (
        product_id INTEGER PRIMARY KEY, product_name TEXT, origin_country TEXT, process TEXT,
        roast_level TEXT, bag_size_g INTEGER, retail_price REAL, wholesale_price REAL,
        supplier_id INTEGER REFERENCES suppliers(supplier_id), is_active INTEGER);
    CREATE TABLE customers (
        customer_id INTEGER PRIMARY KEY, customer_name TEXT, customer_type TEXT, city TEXT,
        country TEXT, email TEXT, phone TEXT, joined_date TEXT);
    CREATE TABLE orders (
        order_id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(customer_id),
        order_date TEXT, channel TEXT, status TEXT, shipping_fee REAL);
    CREATE TABLE order_lines (
        order_line_id INTEGER PRIMARY KEY, order_id INTEGER REFERENCES orders(order_id),
        product_id INTEGER REFERENCES products(product_id), quantity INTEGER, unit_price REAL,
        discount REAL);
    CREATE TABLE subscriptions (
        subscription_id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(customer_id),
        product_id INTEGER REFERENCES products(product_id), frequency TEXT, bags_per_delivery INTEGER,
        price_per_delivery REAL, start_date TEXT, end_date TEXT, status TEXT);
    CREATE TABLE employees (
        employee_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, job_title TEXT,
        hire_date TEXT, hourly_wage REAL);
    CREATE TABLE roast_batches (
        batch_id INTEGER PRIMARY KEY, product_id INTEGER REFERENCES products(product_id),
        roaster_id INTEGER REFERENCES employees(employee_id), roast_date TEXT, green_kg REAL,
        roasted_kg REAL);
    """
    sups = [(1, "Sidama Growers Union", "Ethiopia"), (2, "Huila Highlands Coop", "Colombia"),
            (3, "Cerrado Estates", "Brazil"), (4, "Nyeri Farmers Society", "Kenya"),
            (5, "Antigua Fincas", "Guatemala"), (6, "Tarrazu Micromills", "Costa Rica"),
            (7, "Kerinci Collective", "Indonesia"), (8, "Cajamarca Coffee Partners", "Peru"),
            (9, "Marcala Producers", "Honduras"), (10, "Kivu Washing Stations", "Rwanda")]
    suppliers = [s + (f"trade@{s[1].split()[0].lower()}-coffee.example",) for s in sups]
    prods = []
    pid = 0
    names = {"Ethiopia": ["Yirgacheffe Kochere", "Guji Hambela", "Sidama Bensa", "Limu Natural"],
             "Colombia": ["Huila Supremo", "Narino Excelso", "Tolima Decaf", "Cauca Pink Bourbon"],
             "Brazil": ["Cerrado Santos", "Mogiana Yellow", "Sul de Minas"],
             "Kenya": ["Nyeri AA", "Kirinyaga AB", "Embu Peaberry"],
             "Guatemala": ["Antigua Pastores", "Huehuetenango"],
             "Costa Rica": ["Tarrazu Honey", "West Valley"],
             "Indonesia": ["Sumatra Mandheling", "Kerinci Wet Hulled"],
             "Peru": ["Cajamarca Organic", "Chanchamayo"],
             "Honduras": ["Marcala Honey", "Santa Barbara"],
             "Rwanda": ["Kivu Red Bourbon", "Nyamasheke"]}
    for s in sups:
        for n in names[s[2]]:
            pid += 1
            roast = rng.choice(["Light", "Medium", "Medium", "Dark"])
            size = rng.choice([250, 250, 1000])
            rp = round((rng.uniform(9.5, 15.5) if size == 250 else rng.uniform(30, 46)), 2)
            prods.append((pid, n, s[2], rng.choice(["Washed", "Natural", "Honey"]), roast, size, rp,
                          round(rp * 0.62, 2), s[0], 0 if pid in (7, 19) else 1))
    for n, roast in [("House Espresso Blend", "Medium"), ("Breakfast Blend", "Medium"),
                     ("Night Owl Dark Blend", "Dark"), ("Swiss Water Decaf Blend", "Medium")]:
        pid += 1
        for size in (250, 1000):
            pass
        rp = round(rng.uniform(9.0, 12.0), 2) if n != "House Espresso Blend" else 38.5
        prods.append((pid, n, "Blend", "Washed", roast, 250 if n != "House Espresso Blend" else 1000, rp,
                      round(rp * 0.6, 2), None, 1))
    cafe1 = ["Bean There", "The Daily Grind", "Brew Lab", "Common Ground", "Steam Room", "Little Crema",
             "Northern Pour", "Half Moon", "Corner Cup", "Tamper & Co", "Roast Lane", "Drip House",
             "The Milk Jug", "Kettle & Crumb", "Grounded", "Espresso Yard", "Morning Glory", "Flat White Bar",
             "Cortado Club", "The Green Door", "Copper Pot", "Slow Drip", "Two Spoons", "Blue Bicycle",
             "Honey & Oat", "Old Mill Bakery", "Station Café", "Press Room", "The Filter", "Crema Collective",
             "Lantern Café", "Hilltop Deli", "Market Hall Coffee", "Wild Bean", "Pour Decisions",
             "Orchard Café", "Bridge Street Kitchen", "Sunday Roastery Bar", "The Larder", "Brick Lane Brew"]
    cities = [("Manchester", "United Kingdom"), ("Leeds", "United Kingdom"), ("London", "United Kingdom"),
              ("Bristol", "United Kingdom"), ("Edinburgh", "United Kingdom"), ("Dublin", "Ireland"),
              ("Liverpool", "United Kingdom")]
    customers = []
    for i, n in enumerate(cafe1):
        city, country = rng.choices(cities, [8, 6, 7, 5, 3, 3, 4])[0]
        customers.append((i + 1, n + (" Café" if i == 0 else ""), "Wholesale", city, country,
                          f"orders@{n.lower().replace(' ', '').replace('&', 'and').replace('é', 'e')}.example",
                          phone(rng, "0161"), day(rng, "2022-01-01", "2024-12-31")))
    used = set()
    for cid in range(41, 221):
        f, l = person(rng, used)
        city, country = rng.choice(cities)
        typ = "Subscription" if cid <= 150 else "Retail"
        customers.append((cid, f"{f} {l}", typ, city, country, email(f, l, "homebrew.example"),
                          phone(rng, "07700"), day(rng, "2022-06-01", "2025-09-30")))
    blends = [p for p in prods]
    orders = []
    lines = []
    lapsed = {6, 13, 27, 35}
    oid = 0
    olid = 0
    raw = []
    for _ in range(300):
        c = rng.choices(customers, [6 if c[2] == "Wholesale" else 1 for c in customers])[0]
        d = day(rng, "2023-01-03", "2025-11-25")
        if c[0] in lapsed and d >= "2025-01-01":
            d = day(rng, "2023-01-03", "2024-12-20")
        d = max(d, c[7])
        raw.append((d, c[0], c[2]))
    raw.sort()
    for d, cid, typ in raw:
        oid += 1
        ch = "Wholesale" if typ == "Wholesale" else ("Subscription" if typ == "Subscription" and rng.random() < 0.6 else "Web shop")
        st = rng.choices(["Delivered", "Cancelled", "Refunded"], [93, 5, 2])[0]
        if d >= "2025-11-20":
            st = "Processing"
        orders.append((oid, cid, d, ch, st, 0.0 if typ == "Wholesale" else rng.choice([3.95, 4.95, 0.0])))
        nlines = rng.randint(2, 3) if typ == "Wholesale" else rng.randint(1, 2)
        for p in rng.sample(blends, nlines):
            olid += 1
            if typ == "Wholesale":
                q = rng.randint(4, 40)
                price = p[7]
                disc = rng.choice([0.0, 0.0, 0.05, 0.1])
            else:
                q = rng.randint(1, 3)
                price = p[6]
                disc = rng.choice([0.0, 0.0, 0.0, 0.1])
            lines.append((olid, oid, p[0], q, price, disc))
    subs = []
    for sid in range(1, 121):
        cid = 40 + sid if sid <= 110 else rng.randint(41, 150)
        p = rng.choice(prods)
        bags = rng.choice([1, 1, 2, 3])
        start = day(rng, "2023-01-01", "2025-10-31")
        end = None
        st = "Active"
        r = rng.random()
        if r < 0.25:
            end = plus(start, rng.randint(30, 400))
            if end > "2025-11-27":
                end = None
            else:
                st = "Cancelled"
        elif r < 0.33:
            st = "Paused"
        subs.append((sid, cid, p[0], rng.choice(["Weekly", "Fortnightly", "Monthly", "Monthly"]), bags,
                     round(p[6] * bags * 0.9, 2), start, end, st))
    used = set()
    emps = []
    titles = ["Head Roaster", "Roaster", "Roaster", "Roaster", "Packer", "Packer", "Wholesale Manager",
              "Barista Trainer", "Customer Service", "Delivery Driver", "Roaster", "Finance Manager",
              "Packer", "Green Buyer", "Owner"]
    for eid in range(1, 16):
        f, l = person(rng, used)
        emps.append((eid, f, l, titles[eid - 1], day(rng, "2016-01-01", "2024-09-30"),
                     round(rng.uniform(11.5, 24.0), 2)))
    roasters = [1, 2, 3, 4, 11]
    batches = []
    for bid in range(1, 361):
        p = rng.choice(prods)
        g = rng.choice([6.0, 12.0, 12.0, 15.0, 20.0])
        loss = rng.uniform(0.13, 0.19) if p[4] != "Dark" else rng.uniform(0.17, 0.22)
        batches.append((day(rng, "2023-01-02", "2025-11-27"), p[0],
                        rng.choices(roasters, [30, 22, 18, 14, 16])[0], g, round(g * (1 - loss), 2)))
    batches.sort()
    batches = [(i + 1, b[1], b[2], b[0], b[3], b[4]) for i, b in enumerate(batches)]
    write("coffee_roaster_i", ddl, {"suppliers": suppliers, "products": prods, "customers": customers,
                                    "orders": orders, "order_lines": lines, "subscriptions": subs,
                                    "employees": emps, "roast_batches": batches})


# ---------------------------------------------------------------- pharmacy chain
def pharmacy_chain():
    rng = random.Random(906)
    ddl = """
    CREATE TABLE stores (
        store_id INTEGER PRIMARY KEY, store_name TEXT, city TEXT, region TEXT, phone TEXT,
        opened_date TEXT);
    CREATE TABLE categories (category_id INTEGER PRIMARY KEY, category_name TEXT);
    CREATE TABLE products (
        product_id INTEGER PRIMARY KEY, product_name TEXT, category_id INTEGER REFERENCES categories(category_id),
        unit_price REAL, unit_cost REAL, requires_prescription INTEGER, reorder_level INTEGER,
        manufacturer TEXT);
    CREATE TABLE stock (
        store_id INTEGER REFERENCES stores(store_id), product_id INTEGER REFERENCES products(product_id),
        quantity_on_hand INTEGER, last_restock_date TEXT, PRIMARY KEY (store_id, product_id));
    CREATE TABLE employees (
        employee_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT,
        store_id INTEGER REFERENCES stores(store_id), role TEXT, hire_date TEXT, hourly_rate REAL);
    CREATE TABLE customers (
        customer_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, date_of_birth TEXT,
        city TEXT, phone TEXT, has_insurance INTEGER);
    CREATE TABLE prescriptions (
        prescription_id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(customer_id),
        store_id INTEGER REFERENCES stores(store_id), product_id INTEGER REFERENCES products(product_id),
        pharmacist_id INTEGER REFERENCES employees(employee_id), prescriber_name TEXT,
        issued_date TEXT, filled_date TEXT, quantity INTEGER, copay_amount REAL,
        insurance_amount REAL);
    CREATE TABLE sales (
        sale_id INTEGER PRIMARY KEY, store_id INTEGER REFERENCES stores(store_id),
        employee_id INTEGER REFERENCES employees(employee_id),
        customer_id INTEGER REFERENCES customers(customer_id), sale_date TEXT, payment_method TEXT);
    CREATE TABLE sale_items (
        sale_item_id INTEGER PRIMARY KEY, sale_id INTEGER REFERENCES sales(sale_id),
        product_id INTEGER REFERENCES products(product_id), quantity INTEGER, unit_price REAL,
        discount REAL);
    """
    stores = [(1, "WellCare Leeds Central", "Leeds", "North", "0113 496 7001", "2012-04-02"),
              (2, "WellCare Manchester Piccadilly", "Manchester", "North", "0161 496 7002", "2014-08-18"),
              (3, "WellCare Bristol Harbourside", "Bristol", "South West", "0117 496 7003", "2016-02-01"),
              (4, "WellCare Birmingham New Street", "Birmingham", "Midlands", "0121 496 7004", "2017-10-09"),
              (5, "WellCare Nottingham", "Nottingham", "Midlands", "0115 496 7005", "2019-05-13"),
              (6, "WellCare Exeter", "Exeter", "South West", "01392 496 706", "2021-03-22"),
              (7, "WellCare York", "York", "North", "01904 496 707", "2023-06-05")]
    cats = [(1, "Pain Relief"), (2, "Cold and Flu"), (3, "Vitamins and Supplements"), (4, "Skin Care"),
            (5, "Antibiotics"), (6, "Cardiovascular"), (7, "Diabetes"), (8, "First Aid"), (9, "Baby Care")]
    items = {1: ["Paracetamol 500mg 16 tablets", "Ibuprofen 200mg 24 tablets", "Aspirin 300mg 32 tablets",
                 "Co-codamol 8/500mg 32 tablets", "Naproxen 250mg 28 tablets", "Ibuprofen Gel 50g",
                 "Migraine Relief 12 tablets", "Codeine Linctus 200ml"],
             2: ["Cough Syrup 150ml", "Decongestant Nasal Spray", "Throat Lozenges 24", "Cold and Flu Capsules 16",
                 "Hot Lemon Sachets 10", "Chesty Cough Mixture", "Antihistamine 30 tablets", "Saline Spray"],
             3: ["Vitamin D 1000IU 90 tablets", "Vitamin C 1000mg 60 tablets", "Multivitamin 30 tablets",
                 "Omega-3 Fish Oil 60 capsules", "Iron 14mg 60 tablets", "Magnesium 375mg 60", "Zinc 25mg 90",
                 "Folic Acid 400mcg 90", "Probiotic 30 capsules"],
             4: ["Moisturising Cream 500g", "Sun Cream SPF50 200ml", "Hydrocortisone Cream 15g",
                 "Acne Gel 30g", "Lip Balm SPF15", "Eczema Emollient 500ml", "Antifungal Cream 30g",
                 "Tretinoin Cream 0.025%"],
             5: ["Amoxicillin 500mg 21 capsules", "Doxycycline 100mg 8 capsules", "Clarithromycin 500mg 14 tablets",
                 "Flucloxacillin 500mg 28 capsules", "Nitrofurantoin 100mg 6 capsules", "Cefalexin 500mg 21 capsules",
                 "Metronidazole 400mg 21 tablets"],
             6: ["Atorvastatin 20mg 28 tablets", "Amlodipine 5mg 28 tablets", "Ramipril 5mg 28 capsules",
                 "Bisoprolol 2.5mg 28 tablets", "Simvastatin 40mg 28 tablets", "Losartan 50mg 28 tablets",
                 "Clopidogrel 75mg 28 tablets"],
             7: ["Metformin 500mg 56 tablets", "Gliclazide 80mg 28 tablets", "Insulin Glargine Pen",
                 "Blood Glucose Test Strips 50", "Lancets 100", "Sitagliptin 100mg 28 tablets"],
             8: ["Plasters Assorted 40", "Antiseptic Cream 30g", "Crepe Bandage 7.5cm", "Sterile Dressings 5",
                 "Digital Thermometer", "Burns Gel 50ml", "Eye Wash 100ml", "Tweezers"],
             9: ["Infant Paracetamol 100ml", "Nappy Rash Cream 100g", "Baby Wipes 72", "Teething Gel 15g",
                 "Gripe Water 150ml", "Baby Sun Cream 50ml", "Colic Drops 50ml"]}
    rx_cats = {5, 6, 7}
    prods = []
    pid = 0
    mfrs = ["Medivale", "Curapharm", "Northwell Labs", "Healix", "Brightmed", "Sanora"]
    for c in cats:
        for n in items[c[0]]:
            pid += 1
            rx = 1 if c[0] in rx_cats or n in ("Co-codamol 8/500mg 32 tablets", "Codeine Linctus 200ml",
                                                "Tretinoin Cream 0.025%") else 0
            if n in ("Blood Glucose Test Strips 50", "Lancets 100"):
                rx = 0
            price = round(rng.uniform(2.5, 9.5) if not rx else rng.uniform(6, 28), 2)
            if n == "Insulin Glargine Pen":
                price = 42.5
            prods.append((pid, n, c[0], price, round(price * rng.uniform(0.45, 0.7), 2), rx,
                          rng.choice([10, 15, 20, 25, 30]), rng.choice(mfrs)))
    stock = []
    for s in stores:
        for p in prods:
            q = rng.randint(0, 120)
            if rng.random() < 0.08:
                q = rng.randint(0, p[6] - 1)
            elif q < p[6]:
                q = p[6] + rng.randint(0, 40)
            stock.append((s[0], p[0], q, day(rng, "2025-08-01", "2025-11-27")))
    used = set()
    emps = []
    for eid in range(1, 57):
        f, l = person(rng, used)
        sid = (eid - 1) % 7 + 1
        if eid > 49:
            sid = rng.choice([1, 2, 4])
        role = "Pharmacist" if eid <= 14 else rng.choice(["Pharmacy Technician", "Sales Assistant",
                                                           "Sales Assistant", "Store Manager"])
        emps.append((eid, f, l, sid, role, day(rng, "2012-05-01", "2025-06-30"),
                     round(rng.uniform(24, 32) if role == "Pharmacist" else rng.uniform(11.5, 17.5), 2)))
    used = set()
    custs = []
    ccities = ["Leeds", "Manchester", "Bristol", "Birmingham", "Nottingham", "Exeter", "York", "Bath", "Salford"]
    for cid in range(1, 321):
        f, l = person(rng, used) if cid <= 300 else (None, None)
        if f is None:
            f, l = unique_name(rng, used, first_last(FIRST, LAST))
        custs.append((cid, f, l, day(rng, "1938-01-01", "2006-12-31"), rng.choice(ccities), phone(rng, "07123"),
                      1 if rng.random() < 0.6 else 0))
    rx_prods = [p for p in prods if p[5] == 1 and p[1] not in ("Tretinoin Cream 0.025%", "Clarithromycin 500mg 14 tablets")]
    pharm = {s[0]: [e[0] for e in emps if e[3] == s[0] and e[4] == "Pharmacist"] for s in stores}
    presc = []
    doctors = ["Dr A. Shah", "Dr M. Okafor", "Dr L. Bennett", "Dr R. Chen", "Dr S. Murray", "Dr K. Ahmed",
               "Dr P. Doyle", "Dr J. Whitfield"]
    for _ in range(520):
        c = rng.choice(custs[:290])
        s = rng.choices(stores, [18, 16, 14, 15, 10, 8, 6])[0]
        p = rng.choice(rx_prods)
        iss = day(rng, "2023-01-02", "2025-11-20")
        if s[0] == 7 and iss < "2023-06-05":
            iss = plus(iss, 160)
        filled = plus(iss, rng.randint(0, 4))
        q = rng.choice([1, 1, 1, 2, 3])
        val = round(p[3] * q, 2)
        if c[6]:
            cop = round(min(val, 9.9 * q), 2) if rng.random() < 0.5 else round(val * 0.2, 2)
        else:
            cop = val
        presc.append((filled, iss, c[0], s[0], p[0], rng.choice(pharm[s[0]]), rng.choice(doctors), q, cop,
                      round(val - cop, 2)))
    presc.sort()
    presc = [(i + 1, p[2], p[3], p[4], p[5], p[6], p[1], p[0], p[7], p[8], p[9]) for i, p in enumerate(presc)]
    otc = [p for p in prods if p[5] == 0]
    sales = []
    sitems = []
    siid = 0
    staff = {s[0]: [e[0] for e in emps if e[3] == s[0] and e[4] != "Pharmacist"] for s in stores}
    raw = []
    for _ in range(290):
        s = rng.choices(stores, [18, 16, 14, 15, 10, 8, 6])[0]
        d = day(rng, "2023-01-02", "2025-11-27")
        if s[0] == 7 and d < "2023-06-05":
            d = plus(d, 160)
        raw.append((d, s[0]))
    raw.sort()
    for i, (d, sid) in enumerate(raw):
        sales.append((i + 1, sid, rng.choice(staff[sid] or pharm[sid]),
                      rng.randint(1, 320) if rng.random() < 0.4 else None, d,
                      rng.choice(["Card", "Card", "Contactless", "Cash"])))
        for p in rng.sample(otc, rng.randint(1, 3)):
            siid += 1
            sitems.append((siid, i + 1, p[0], rng.randint(1, 4), p[3], rng.choice([0.0, 0.0, 0.0, 0.1, 0.25])))
    write("pharmacy_chain_i", ddl, {"stores": stores, "categories": cats, "products": prods,
                                    "stock": stock, "employees": emps, "customers": custs,
                                    "prescriptions": presc, "sales": sales, "sale_items": sitems})


def main():
    os.makedirs(OUT, exist_ok=True)
    for build in (car_dealership, hotel_group, freight_logistics, course_marketplace, coffee_roaster,
                  pharmacy_chain):
        build()


if __name__ == "__main__":
    main()
