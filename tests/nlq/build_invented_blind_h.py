#!/usr/bin/env python3
"""Build the 6 invented SQLite databases of the blind set invented_blind_en_h.jsonl.

Written by the "blind-invented-en-h" helper (session 26) on 2026-11-28, without reading the
askdb question-to-SQL engine, its docs or its question sets. Every schema and every row is
invented: operational business schemas named the way a competent developer would name them
(customers, orders, order_items, products, invoices, ...), foreign keys declared, money as REAL,
dates as ISO TEXT in 2023-2025.  Domains: a SaaS subscription business, an online furniture
retailer, a B2B wholesale distributor, a restaurant chain's point of sale, an event-ticketing
platform and a gym chain.

Deterministic: fixed random.Random seeds, no clock; each run rewrites
tests/nlq/invented/<name>.sqlite byte for byte the same.
Usage: python3 tests/nlq/build_invented_blind_h.py
"""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from invented_rows import OUT, day, first_last, money, plus, unique_name, write  # noqa: E402

FIRST = ["James", "Mary", "Robert", "Linda", "Michael", "Sarah", "David", "Emma", "Daniel",
         "Olivia", "Thomas", "Sophie", "Lucas", "Anna", "Mateo", "Chloe", "Noah", "Laura",
         "Ethan", "Julia", "Oscar", "Nina", "Henry", "Paula", "Victor", "Ingrid", "Samuel",
         "Hannah", "Leo", "Grace", "Adam", "Ruth", "Felix", "Clara", "Omar", "Eva"]
LAST = ["Smith", "Johnson", "Brown", "Garcia", "Miller", "Davis", "Martin", "Lopez", "Wilson",
        "Clark", "Walker", "Young", "Hall", "Allen", "King", "Wright", "Scott", "Green",
        "Baker", "Nelson", "Carter", "Mitchell", "Turner", "Parker", "Evans", "Collins",
        "Schmidt", "Muller", "Dubois", "Rossi", "Silva", "Novak", "Larsen", "Berg"]


def person(rng, used):
    return unique_name(rng, used, first_last(FIRST, LAST))


def email(f, l, dom):
    return f"{f.lower()}.{l.lower()}@{dom}"


# ------------------------------------------------------------------ SaaS subscription business
def saas_billing():
    rng = random.Random(2601)
    ddl = """
    CREATE TABLE sales_reps (
        rep_id INTEGER PRIMARY KEY, first_name TEXT NOT NULL, last_name TEXT NOT NULL,
        region TEXT, hire_date TEXT, email TEXT);
    CREATE TABLE plans (
        plan_id INTEGER PRIMARY KEY, plan_name TEXT NOT NULL, monthly_price_per_seat REAL,
        max_seats INTEGER, is_active INTEGER);
    CREATE TABLE accounts (
        account_id INTEGER PRIMARY KEY, company_name TEXT NOT NULL, industry TEXT, country TEXT,
        city TEXT, signup_date TEXT, status TEXT, rep_id INTEGER REFERENCES sales_reps(rep_id));
    CREATE TABLE contacts (
        contact_id INTEGER PRIMARY KEY, account_id INTEGER REFERENCES accounts(account_id),
        first_name TEXT, last_name TEXT, email TEXT, job_title TEXT, is_primary INTEGER);
    CREATE TABLE subscriptions (
        subscription_id INTEGER PRIMARY KEY, account_id INTEGER REFERENCES accounts(account_id),
        plan_id INTEGER REFERENCES plans(plan_id), start_date TEXT, end_date TEXT,
        seats INTEGER, billing_cycle TEXT, status TEXT);
    CREATE TABLE invoices (
        invoice_id INTEGER PRIMARY KEY,
        subscription_id INTEGER REFERENCES subscriptions(subscription_id),
        invoice_date TEXT, due_date TEXT, total_amount REAL, status TEXT);
    CREATE TABLE payments (
        payment_id INTEGER PRIMARY KEY, invoice_id INTEGER REFERENCES invoices(invoice_id),
        payment_date TEXT, amount REAL, method TEXT);
    """
    regions = ["North America", "EMEA", "APAC", "LATAM"]
    used = set()
    reps = []
    for i in range(1, 13):
        f, l = person(rng, used)
        reps.append((i, f, l, regions[(i - 1) % 4], day(rng, "2019-01-01", "2024-06-30"),
                     email(f, l, "cloudledger.io")))
    plans = [(1, "Starter", 12.0, 5, 1), (2, "Team", 25.0, 25, 1), (3, "Business", 45.0, 100, 1),
             (4, "Enterprise", 79.0, 1000, 1), (5, "Legacy Pro", 30.0, 50, 0)]
    prefixes = ["Acme", "Blue", "Nordic", "Bright", "Summit", "Pixel", "Harbor", "Vertex",
                "Cedar", "Orbit", "Granite", "Lumen", "Maple", "Quartz", "River", "Solar",
                "Atlas", "Copper", "Delta", "Echo"]
    suffixes = ["Labs", "Logistics", "Health", "Retail", "Systems", "Media", "Foods",
                "Partners", "Analytics", "Works"]
    industries = {"Labs": "Software", "Logistics": "Logistics", "Health": "Healthcare",
                  "Retail": "Retail", "Systems": "Software", "Media": "Media",
                  "Foods": "Food & Beverage", "Partners": "Consulting",
                  "Analytics": "Software", "Works": "Manufacturing"}
    geo = [("United States", "Austin"), ("United States", "Chicago"), ("United States", "Seattle"),
           ("Canada", "Toronto"), ("United Kingdom", "London"), ("Germany", "Berlin"),
           ("Germany", "Munich"), ("France", "Paris"), ("Netherlands", "Amsterdam"),
           ("Australia", "Sydney"), ("Japan", "Tokyo"), ("Brazil", "Sao Paulo"),
           ("Mexico", "Mexico City"), ("Singapore", "Singapore")]
    region_of = {"United States": "North America", "Canada": "North America",
                 "United Kingdom": "EMEA", "Germany": "EMEA", "France": "EMEA",
                 "Netherlands": "EMEA", "Australia": "APAC", "Japan": "APAC",
                 "Singapore": "APAC", "Brazil": "LATAM", "Mexico": "LATAM"}
    names = set()
    accounts = []
    for i in range(1, 91):
        while True:
            p, s = rng.choice(prefixes), rng.choice(suffixes)
            if (p, s) not in names:
                names.add((p, s))
                break
        country, city = rng.choice(geo)
        rep = rng.choice([r for r in reps if r[3] == region_of[country]])
        status = rng.choices(["active", "churned", "trial"], [7, 2, 1])[0]
        accounts.append((i, f"{p} {s}", industries[s], country, city,
                         day(rng, "2023-01-01", "2025-06-30"), status, rep[0]))
    titles = ["CTO", "Head of Finance", "Operations Manager", "IT Admin", "CEO"]
    used_c = set()
    contacts = []
    cid = 0
    for a in accounts:
        for k in range(rng.choice([1, 1, 2, 2, 3])):
            cid += 1
            f, l = person(rng, used_c)
            dom = a[1].lower().replace(" ", "") + ".com"
            contacts.append((cid, a[0], f, l, email(f, l, dom), rng.choice(titles),
                             1 if k == 0 else 0))
    subs = []
    invoices = []
    payments = []
    sid = iid = pid = 0
    for a in accounts:
        if a[6] == "trial":
            continue
        plan = rng.choices(plans, [4, 5, 3, 1, 1])[0]
        seats = rng.randint(1, min(plan[3], 60 if plan[0] != 4 else 250))
        cycle = rng.choices(["quarterly", "annual"], [3, 1])[0]
        start = plus(a[5], rng.randint(0, 30))
        if a[6] == "churned":
            end = min(plus(start, rng.randint(120, 500)), "2025-10-31")
            st = "cancelled"
        else:
            end = None
            st = "active"
        sid += 1
        subs.append((sid, a[0], plan[0], start, end, seats, cycle, st))
        months = 3 if cycle == "quarterly" else 12
        factor = months if cycle == "quarterly" else 12 * 0.9
        amt = round(plan[2] * seats * factor, 2)
        d = start
        stop = end or "2025-12-31"
        while d <= stop and d <= "2025-12-31":
            iid += 1
            r = rng.random()
            if d >= "2025-10-01":
                ist = "open"
            elif r < 0.04:
                ist = "void"
            elif r < 0.09:
                ist = "overdue"
            else:
                ist = "paid"
            invoices.append((iid, sid, d, plus(d, 30), amt, ist))
            if ist == "paid":
                pid += 1
                payments.append((pid, iid, plus(d, rng.randint(0, 28)), amt,
                                 rng.choices(["card", "bank_transfer", "paypal"], [5, 3, 1])[0]))
            d = plus(d, 91 if months == 3 else 365)
    write("saas_billing_h", ddl, {"sales_reps": reps, "plans": plans, "accounts": accounts,
                                  "contacts": contacts, "subscriptions": subs,
                                  "invoices": invoices, "payments": payments})


# ------------------------------------------------------------------ online furniture retailer
def furniture_shop():
    rng = random.Random(2602)
    ddl = """
    CREATE TABLE categories (category_id INTEGER PRIMARY KEY, name TEXT NOT NULL);
    CREATE TABLE products (
        product_id INTEGER PRIMARY KEY, name TEXT NOT NULL,
        category_id INTEGER REFERENCES categories(category_id), material TEXT, color TEXT,
        unit_price REAL, stock_quantity INTEGER, weight_kg REAL);
    CREATE TABLE customers (
        customer_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, email TEXT,
        phone TEXT, city TEXT, country TEXT, signup_date TEXT);
    CREATE TABLE orders (
        order_id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(customer_id),
        order_date TEXT, status TEXT, shipping_fee REAL, shipping_country TEXT);
    CREATE TABLE order_items (
        order_item_id INTEGER PRIMARY KEY, order_id INTEGER REFERENCES orders(order_id),
        product_id INTEGER REFERENCES products(product_id), quantity INTEGER,
        unit_price REAL, discount REAL);
    CREATE TABLE deliveries (
        delivery_id INTEGER PRIMARY KEY, order_id INTEGER REFERENCES orders(order_id),
        carrier TEXT, shipped_date TEXT, delivered_date TEXT);
    CREATE TABLE reviews (
        review_id INTEGER PRIMARY KEY, product_id INTEGER REFERENCES products(product_id),
        customer_id INTEGER REFERENCES customers(customer_id), rating INTEGER,
        review_date TEXT, comment TEXT);
    """
    cats = [(1, "Sofas"), (2, "Beds"), (3, "Tables"), (4, "Chairs"), (5, "Storage"),
            (6, "Lighting"), (7, "Outdoor"), (8, "Rugs")]
    base = {1: ["Oslo", "Bergen", "Milano", "Chester", "Loft", "Cloud"],
            2: ["Nordic", "Haven", "Dream", "Sierra", "Atlas"],
            3: ["Oak", "Farmhouse", "Tulip", "Harper", "Linden", "Porto"],
            4: ["Eames-style", "Windsor", "Bistro", "Ergo", "Arlo", "Mira"],
            5: ["Hemnes", "Cubby", "Tall", "Vinyl", "Shoe"],
            6: ["Arc", "Globe", "Pendant", "Desk", "Tripod"],
            7: ["Teak", "Rattan", "Patio", "Hammock"],
            8: ["Jute", "Shag", "Kilim", "Wool"]}
    kind = {1: ("Sofa", 450, 1800), 2: ("Bed Frame", 300, 1500), 3: ("Table", 120, 900),
            4: ("Chair", 45, 350), 5: ("Cabinet", 80, 600), 6: ("Lamp", 30, 250),
            7: ("Lounge Set", 200, 1200), 8: ("Rug", 60, 400)}
    mats = {1: ["fabric", "leather", "velvet"], 2: ["oak", "pine", "metal"],
            3: ["oak", "walnut", "glass"], 4: ["beech", "plastic", "metal"],
            5: ["pine", "oak", "MDF"], 6: ["metal", "brass", "glass"],
            7: ["teak", "rattan", "aluminium"], 8: ["jute", "wool", "cotton"]}
    colors = ["white", "black", "grey", "natural", "blue", "green"]
    products = []
    pid = 0
    for c, names in base.items():
        for n in names:
            pid += 1
            k, lo, hi = kind[c]
            stock = 0 if rng.random() < 0.12 else rng.randint(1, 120)
            products.append((pid, f"{n} {k}", c, rng.choice(mats[c]), rng.choice(colors),
                             float(round(rng.uniform(lo, hi))) - 0.01, stock,
                             round(rng.uniform(2, 90), 1)))
    geo = [("Germany", "Berlin"), ("Germany", "Hamburg"), ("Germany", "Cologne"),
           ("Netherlands", "Rotterdam"), ("Netherlands", "Utrecht"), ("Belgium", "Antwerp"),
           ("France", "Lyon"), ("France", "Paris"), ("Austria", "Vienna"),
           ("Denmark", "Copenhagen"), ("Sweden", "Stockholm"), ("Poland", "Warsaw")]
    used = set()
    customers = []
    for i in range(1, 201):
        f, l = person(rng, used)
        country, city = rng.choice(geo)
        customers.append((i, f, l, email(f, l, rng.choice(["mail.com", "webpost.eu", "inbox.net"])),
                          f"+{rng.randint(30, 49)} {rng.randint(100, 999)} {rng.randint(100000, 999999)}",
                          city, country, day(rng, "2023-01-01", "2025-08-31")))
    orders, items, deliveries = [], [], []
    oid = iid = did = 0
    buyers = [c for c in customers if c[0] % 9 != 0]
    for _ in range(340):
        c = rng.choice(buyers)
        od = day(rng, max(c[7], "2023-01-01"), "2025-10-31")
        st = rng.choices(["delivered", "shipped", "processing", "cancelled"], [14, 2, 1, 2])[0]
        if od < "2025-09-01" and st in ("shipped", "processing"):
            st = "delivered"
        oid += 1
        fee = rng.choice([0.0, 0.0, 29.0, 49.0, 79.0])
        orders.append((oid, c[0], od, st, fee, c[6]))
        for p in rng.sample(products, rng.choice([1, 1, 1, 2, 2, 3])):
            iid += 1
            disc = rng.choices([0.0, 0.05, 0.1, 0.15, 0.2], [10, 2, 3, 1, 1])[0]
            qty = rng.choices([1, 2, 3, 4, 6], [12, 5, 2, 1, 1])[0]
            items.append((iid, oid, p[0], qty, p[5], disc))
        if st in ("delivered", "shipped"):
            did += 1
            sd = plus(od, rng.randint(1, 6))
            dd = plus(sd, rng.randint(2, 12)) if st == "delivered" else None
            deliveries.append((did, oid, rng.choice(["DHL", "DPD", "GLS", "PostNL"]), sd, dd))
    reviews = []
    rid = 0
    bought = {}
    for it in items:
        bought.setdefault(it[1], []).append(it[2])
    for o in orders:
        if o[3] == "delivered" and rng.random() < 0.35:
            for p in bought[o[0]][:1]:
                rid += 1
                r = rng.choices([1, 2, 3, 4, 5], [1, 1, 2, 5, 6])[0]
                reviews.append((rid, p, o[1], r, plus(o[2], rng.randint(10, 40)),
                                {1: "Poor quality", 2: "Not as pictured", 3: "Okay",
                                 4: "Nice piece", 5: "Love it"}[r]))
    write("furniture_shop_h", ddl, {"categories": cats, "products": products,
                                    "customers": customers, "orders": orders,
                                    "order_items": items, "deliveries": deliveries,
                                    "reviews": reviews})


# ------------------------------------------------------------------ B2B wholesale distributor
def wholesale_dist():
    rng = random.Random(2603)
    ddl = """
    CREATE TABLE suppliers (
        supplier_id INTEGER PRIMARY KEY, company_name TEXT NOT NULL, contact_name TEXT,
        email TEXT, city TEXT, country TEXT);
    CREATE TABLE categories (category_id INTEGER PRIMARY KEY, category_name TEXT NOT NULL);
    CREATE TABLE products (
        product_id INTEGER PRIMARY KEY, product_name TEXT NOT NULL,
        category_id INTEGER REFERENCES categories(category_id),
        supplier_id INTEGER REFERENCES suppliers(supplier_id), unit_cost REAL,
        list_price REAL, units_in_stock INTEGER, reorder_level INTEGER, discontinued INTEGER);
    CREATE TABLE customers (
        customer_id INTEGER PRIMARY KEY, company_name TEXT NOT NULL, contact_name TEXT,
        city TEXT, country TEXT, credit_limit REAL);
    CREATE TABLE employees (
        employee_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, title TEXT,
        hire_date TEXT, city TEXT, manager_id INTEGER REFERENCES employees(employee_id));
    CREATE TABLE purchase_orders (
        po_id INTEGER PRIMARY KEY, supplier_id INTEGER REFERENCES suppliers(supplier_id),
        employee_id INTEGER REFERENCES employees(employee_id), order_date TEXT,
        expected_date TEXT, received_date TEXT, status TEXT);
    CREATE TABLE purchase_order_lines (
        po_line_id INTEGER PRIMARY KEY, po_id INTEGER REFERENCES purchase_orders(po_id),
        product_id INTEGER REFERENCES products(product_id), quantity INTEGER, unit_cost REAL);
    CREATE TABLE sales_orders (
        order_id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(customer_id),
        employee_id INTEGER REFERENCES employees(employee_id), order_date TEXT,
        ship_date TEXT, ship_country TEXT, freight REAL, status TEXT);
    CREATE TABLE sales_order_lines (
        line_id INTEGER PRIMARY KEY, order_id INTEGER REFERENCES sales_orders(order_id),
        product_id INTEGER REFERENCES products(product_id), quantity INTEGER,
        unit_price REAL, discount REAL);
    """
    sup_names = [("Hanseatic Foods GmbH", "Hamburg", "Germany"),
                 ("Iberia Olive Co.", "Seville", "Spain"),
                 ("Alpine Dairy AG", "Bern", "Switzerland"),
                 ("Pacific Rim Traders", "Osaka", "Japan"),
                 ("Great Lakes Grain", "Chicago", "United States"),
                 ("Tuscan Pantry Srl", "Florence", "Italy"),
                 ("Baltic Fish Export", "Gdansk", "Poland"),
                 ("Maple Leaf Syrups", "Quebec City", "Canada"),
                 ("Andes Coffee Growers", "Medellin", "Colombia"),
                 ("Provence Provisions", "Marseille", "France")]
    used = set()
    suppliers = []
    for i, (n, city, country) in enumerate(sup_names, 1):
        f, l = person(rng, used)
        suppliers.append((i, n, f"{f} {l}", f"sales@{n.split()[0].lower()}.com", city, country))
    cats = [(1, "Beverages"), (2, "Condiments"), (3, "Dairy Products"), (4, "Grains & Cereals"),
            (5, "Seafood"), (6, "Confections"), (7, "Produce")]
    catalog = {1: ["Arabica Beans 1kg", "Green Tea 500g", "Apple Juice 12x1L", "Sparkling Water 24x",
                   "Espresso Pods 100x", "Lemonade 12x"],
               2: ["Extra Virgin Olive Oil 5L", "Balsamic Vinegar 1L", "Dijon Mustard 1kg",
                   "Maple Syrup 2L", "Soy Sauce 1L"],
               3: ["Gruyere Wheel", "Parmesan 2kg", "Butter 10x250g", "Mozzarella 1kg",
                   "Greek Yogurt 6x"],
               4: ["Basmati Rice 10kg", "Durum Pasta 5kg", "Rolled Oats 5kg", "Wheat Flour 25kg",
                   "Couscous 5kg"],
               5: ["Smoked Salmon 1kg", "Canned Tuna 24x", "Herring Fillets 2kg", "Anchovies 12x",
                   "Frozen Shrimp 2kg"],
               6: ["Dark Chocolate 5kg", "Almond Biscotti 3kg", "Gummy Bears 5kg", "Nougat 2kg"],
               7: ["Sun-dried Tomatoes 2kg", "Dried Porcini 1kg", "Capers 6x", "Olives Kalamata 3kg"]}
    sup_for = {1: [9, 4, 5, 3], 2: [2, 6, 8, 10, 4], 3: [3, 6, 1], 4: [5, 6, 1],
               5: [7, 1, 4], 6: [10, 6, 3], 7: [6, 2, 10]}
    products = []
    pid = 0
    for c, names in catalog.items():
        for n in names:
            pid += 1
            cost = round(rng.uniform(4, 80), 2)
            stock = 0 if rng.random() < 0.1 else rng.randint(5, 400)
            products.append((pid, n, c, rng.choice(sup_for[c]), cost, round(cost * rng.uniform(1.25, 1.7), 2),
                             stock, rng.choice([20, 30, 50]), 1 if rng.random() < 0.08 else 0))
    cust_geo = [("Berlin", "Germany"), ("Munich", "Germany"), ("Lyon", "France"),
                ("London", "United Kingdom"), ("Manchester", "United Kingdom"),
                ("Madrid", "Spain"), ("Milan", "Italy"), ("Vienna", "Austria"),
                ("Brussels", "Belgium"), ("Boston", "United States"), ("Denver", "United States"),
                ("Toronto", "Canada"), ("Dublin", "Ireland")]
    kinds = ["Deli", "Market", "Bistro", "Grocers", "Catering", "Foodhall", "Trattoria", "Cafe"]
    heads = ["Corner", "Golden", "Royal", "Urban", "Green", "Old Town", "Harbour", "Central",
             "Sunrise", "Village", "Riverside", "Station"]
    used_n = set()
    customers = []
    for i in range(1, 81):
        n = unique_name(rng, used_n, lambda r: (r.choice(heads), r.choice(kinds)))
        city, country = rng.choice(cust_geo)
        f, l = person(rng, used)
        customers.append((i, f"{n[0]} {n[1]}", f"{f} {l}", city, country,
                          float(rng.choice([5000, 10000, 20000, 50000]))))
    employees = []
    used_e = set()
    f, l = person(rng, used_e)
    employees.append((1, f, l, "Sales Director", "2019-03-04", "Rotterdam", None))
    for i in range(2, 13):
        f, l = person(rng, used_e)
        t = "Sales Representative" if i <= 9 else "Purchasing Agent"
        employees.append((i, f, l, t, day(rng, "2020-01-01", "2024-05-31"),
                          rng.choice(["Rotterdam", "Antwerp", "Dusseldorf"]), 1))
    reps = [e for e in employees if e[3] == "Sales Representative"]
    buyers = [e for e in employees if e[3] == "Purchasing Agent"]
    pos, polines = [], []
    lid = 0
    for i in range(1, 121):
        s = rng.choice(suppliers)
        od = day(rng, "2023-01-01", "2025-10-31")
        exp = plus(od, rng.randint(10, 30))
        st = rng.choices(["received", "open", "cancelled"], [12, 1, 1])[0]
        if od < "2025-09-01" and st == "open":
            st = "received"
        rec = plus(exp, rng.randint(-4, 8)) if st == "received" else None
        pos.append((i, s[0], rng.choice(buyers)[0], od, exp, rec, st))
        sp = [p for p in products if p[3] == s[0]] or products
        for p in rng.sample(sp, min(len(sp), rng.randint(1, 4))):
            lid += 1
            polines.append((lid, i, p[0], rng.choice([50, 100, 200, 250, 500]), p[4]))
    sos, solines = [], []
    lid = 0
    active_c = [c for c in customers if c[0] not in (13, 27, 44, 68)]
    for i in range(1, 271):
        c = rng.choice(active_c)
        od = day(rng, "2023-01-01", "2025-10-31")
        st = rng.choices(["shipped", "pending", "cancelled"], [15, 1, 1])[0]
        if od < "2025-09-15" and st == "pending":
            st = "shipped"
        sd = plus(od, rng.randint(1, 9)) if st == "shipped" else None
        sos.append((i, c[0], rng.choice(reps)[0], od, sd, c[4], money(rng, 15, 180), st))
        for p in rng.sample(products, rng.randint(1, 3)):
            lid += 1
            solines.append((lid, i, p[0], rng.choice([5, 10, 12, 20, 24, 40, 60]), p[5],
                            rng.choices([0.0, 0.05, 0.1], [6, 2, 1])[0]))
    write("wholesale_dist_h", ddl, {"suppliers": suppliers, "categories": cats,
                                    "products": products, "customers": customers,
                                    "employees": employees, "purchase_orders": pos,
                                    "purchase_order_lines": polines, "sales_orders": sos,
                                    "sales_order_lines": solines})


# ------------------------------------------------------------------ restaurant chain point of sale
def restaurant_pos():
    rng = random.Random(2604)
    ddl = """
    CREATE TABLE branches (
        branch_id INTEGER PRIMARY KEY, branch_name TEXT NOT NULL, city TEXT, opened_date TEXT,
        seating_capacity INTEGER);
    CREATE TABLE staff (
        staff_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT,
        branch_id INTEGER REFERENCES branches(branch_id), role TEXT, hire_date TEXT,
        hourly_rate REAL);
    CREATE TABLE menu_categories (category_id INTEGER PRIMARY KEY, name TEXT NOT NULL);
    CREATE TABLE menu_items (
        item_id INTEGER PRIMARY KEY, item_name TEXT NOT NULL,
        category_id INTEGER REFERENCES menu_categories(category_id), price REAL,
        is_vegetarian INTEGER, is_available INTEGER);
    CREATE TABLE tickets (
        ticket_id INTEGER PRIMARY KEY, branch_id INTEGER REFERENCES branches(branch_id),
        staff_id INTEGER REFERENCES staff(staff_id), opened_at TEXT, closed_at TEXT,
        order_type TEXT, covers INTEGER, payment_method TEXT, tip_amount REAL);
    CREATE TABLE ticket_items (
        ticket_item_id INTEGER PRIMARY KEY, ticket_id INTEGER REFERENCES tickets(ticket_id),
        item_id INTEGER REFERENCES menu_items(item_id), quantity INTEGER, unit_price REAL);
    """
    branches = [(1, "Downtown", "Leeds", "2018-05-12", 90), (2, "Riverside", "York", "2019-09-01", 70),
                (3, "Old Market", "Sheffield", "2020-03-15", 110), (4, "Station Square", "Leeds", "2021-11-20", 60),
                (5, "Canal Street", "Manchester", "2022-06-04", 120), (6, "Harbourside", "Hull", "2023-04-08", 80),
                (7, "Castle Quarter", "Nottingham", "2024-02-17", 95)]
    roles = ["Server", "Server", "Server", "Bartender", "Chef", "Manager"]
    used = set()
    staff = []
    sid = 0
    for b in branches:
        for k, r in enumerate(roles):
            sid += 1
            f, l = person(rng, used)
            rate = {"Server": 11.5, "Bartender": 12.5, "Chef": 15.0, "Manager": 19.0}[r]
            staff.append((sid, f, l, b[0], r, day(rng, max(b[3], "2018-01-01"), "2025-03-31"),
                          round(rate + rng.choice([0, 0.5, 1.0, 1.5]), 2)))
    cats = [(1, "Starters"), (2, "Mains"), (3, "Pizzas"), (4, "Desserts"), (5, "Soft Drinks"),
            (6, "Beer & Wine")]
    menu = [("Garlic Bread", 1, 4.5, 1), ("Chicken Wings", 1, 6.95, 0), ("Soup of the Day", 1, 5.25, 1),
            ("Calamari", 1, 7.5, 0), ("Bruschetta", 1, 5.75, 1),
            ("Classic Burger", 2, 12.95, 0), ("Veggie Burger", 2, 11.95, 1), ("Fish and Chips", 2, 13.5, 0),
            ("Ribeye Steak", 2, 24.0, 0), ("Mushroom Risotto", 2, 12.5, 1), ("Chicken Curry", 2, 13.25, 0),
            ("Caesar Salad", 2, 10.5, 0),
            ("Margherita", 3, 9.95, 1), ("Pepperoni", 3, 11.5, 0), ("Quattro Formaggi", 3, 12.25, 1),
            ("Hawaiian", 3, 11.25, 0), ("Diavola", 3, 12.75, 0),
            ("Chocolate Brownie", 4, 5.95, 1), ("Cheesecake", 4, 6.25, 1), ("Sticky Toffee Pudding", 4, 6.5, 1),
            ("Ice Cream Trio", 4, 4.95, 1),
            ("Cola", 5, 2.95, 1), ("Lemonade", 5, 2.95, 1), ("Orange Juice", 5, 3.25, 1),
            ("Sparkling Water", 5, 2.5, 1),
            ("House Lager", 6, 5.2, 1), ("IPA", 6, 5.8, 1), ("House Red", 6, 6.5, 1), ("Prosecco", 6, 7.25, 1)]
    items = [(i, n, c, p, v, 0 if n in ("Calamari", "Hawaiian") else 1)
             for i, (n, c, p, v) in enumerate(menu, 1)]
    tickets, tlines = [], []
    lid = 0
    never = {"Calamari"}
    sellable = [it for it in items if it[1] not in never]
    weights = [3 if it[2] in (2, 3, 5, 6) else 2 for it in sellable]
    for t in range(1, 241):
        b = rng.choices(branches, [5, 3, 4, 2, 5, 2, 2])[0]
        d = day(rng, max(b[3], "2024-01-01"), "2025-06-30")
        hh = rng.choice([12, 12, 13, 13, 18, 19, 19, 20, 21])
        mm = rng.randint(0, 59)
        opened = f"{d} {hh:02d}:{mm:02d}:00"
        dur = rng.randint(20, 110)
        ch, cm = hh + (mm + dur) // 60, (mm + dur) % 60
        closed = f"{d} {ch:02d}:{cm:02d}:00"
        otype = rng.choices(["dine_in", "takeaway", "delivery"], [6, 2, 2])[0]
        covers = rng.randint(1, 6) if otype == "dine_in" else 1
        server = rng.choice([s for s in staff if s[3] == b[0] and s[4] in ("Server", "Bartender")])
        pay = rng.choices(["card", "cash", "contactless"], [4, 1, 4])[0]
        tip = round(rng.choice([0, 0, 1, 2, 3, 5, 8]) + 0.0, 2) if otype == "dine_in" else 0.0
        tickets.append((t, b[0], server[0], opened, closed, otype, covers, pay, tip))
        chosen = []
        for _ in range(rng.randint(1, 3)):
            it = rng.choices(sellable, weights)[0]
            if it not in chosen:
                chosen.append(it)
        for it in chosen:
            lid += 1
            tlines.append((lid, t, it[0], rng.choices([1, 2, 3, 4], [6, 3, 1, 1])[0], it[3]))
    write("restaurant_pos_h", ddl, {"branches": branches, "staff": staff, "menu_categories": cats,
                                    "menu_items": items, "tickets": tickets, "ticket_items": tlines})


# ------------------------------------------------------------------ event-ticketing platform
def event_tickets():
    rng = random.Random(2605)
    ddl = """
    CREATE TABLE venues (
        venue_id INTEGER PRIMARY KEY, venue_name TEXT NOT NULL, city TEXT, country TEXT,
        capacity INTEGER);
    CREATE TABLE promoters (
        promoter_id INTEGER PRIMARY KEY, company_name TEXT NOT NULL, contact_email TEXT,
        country TEXT, commission_rate REAL);
    CREATE TABLE events (
        event_id INTEGER PRIMARY KEY, event_name TEXT NOT NULL,
        venue_id INTEGER REFERENCES venues(venue_id),
        promoter_id INTEGER REFERENCES promoters(promoter_id), event_date TEXT, genre TEXT,
        base_price REAL, status TEXT);
    CREATE TABLE customers (
        customer_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, email TEXT,
        city TEXT, country TEXT, created_at TEXT);
    CREATE TABLE orders (
        order_id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(customer_id),
        order_date TEXT, payment_method TEXT, booking_fee REAL, status TEXT);
    CREATE TABLE tickets (
        ticket_id INTEGER PRIMARY KEY, order_id INTEGER REFERENCES orders(order_id),
        event_id INTEGER REFERENCES events(event_id), ticket_type TEXT, price REAL,
        seat_label TEXT, is_scanned INTEGER);
    """
    venues = [(1, "Royal Albert Hall", "London", "United Kingdom", 5200),
              (2, "O2 Academy Brixton", "London", "United Kingdom", 4900),
              (3, "Paradiso", "Amsterdam", "Netherlands", 1500),
              (4, "Tempodrom", "Berlin", "Germany", 3500),
              (5, "Le Zenith", "Paris", "France", 6300),
              (6, "Vicar Street", "Dublin", "Ireland", 1050),
              (7, "Razzmatazz", "Barcelona", "Spain", 3000),
              (8, "Columbiahalle", "Berlin", "Germany", 3500),
              (9, "Usher Hall", "Edinburgh", "United Kingdom", 2200)]
    promoters = [(1, "Live Nation Europe", "bookings@lneurope.com", "United Kingdom", 0.12),
                 (2, "Blue Moon Presents", "hello@bluemoon.events", "Netherlands", 0.10),
                 (3, "Kulturwerk Konzerte", "info@kulturwerk.de", "Germany", 0.09),
                 (4, "Sunset Promotions", "team@sunsetpromo.es", "Spain", 0.11),
                 (5, "Emerald Live", "office@emeraldlive.ie", "Ireland", 0.08),
                 (6, "Paris Scene", "contact@parisscene.fr", "France", 0.10)]
    acts = ["The Midnight Owls", "Clara Voss", "Neon Harbour", "Jazz at Dusk", "Symphony of Lights",
            "Stand-up Sundays", "The Velvet Drones", "Electric Meadow", "Folk Roots Night",
            "Metal Mayhem", "Hip-Hop Heritage", "Opera Gala", "Indie Spring", "Latin Fever",
            "Comedy Roast", "Piano Nights", "Techno Bunker", "Blues Brothers Revival",
            "Swan Lake Ballet", "Rock Legends Tribute"]
    genre = {"The Midnight Owls": "Rock", "Clara Voss": "Pop", "Neon Harbour": "Electronic",
             "Jazz at Dusk": "Jazz", "Symphony of Lights": "Classical", "Stand-up Sundays": "Comedy",
             "The Velvet Drones": "Rock", "Electric Meadow": "Electronic", "Folk Roots Night": "Folk",
             "Metal Mayhem": "Rock", "Hip-Hop Heritage": "Hip-Hop", "Opera Gala": "Classical",
             "Indie Spring": "Pop", "Latin Fever": "Latin", "Comedy Roast": "Comedy",
             "Piano Nights": "Classical", "Techno Bunker": "Electronic",
             "Blues Brothers Revival": "Jazz", "Swan Lake Ballet": "Classical",
             "Rock Legends Tribute": "Rock"}
    prom_for = {"United Kingdom": [1, 1, 2], "Netherlands": [2, 1], "Germany": [3, 1],
                "France": [6, 1], "Ireland": [5, 1], "Spain": [4, 1]}
    events = []
    eid = 0
    for a in acts:
        for v in rng.sample(venues, rng.choice([2, 3])):
            eid += 1
            ed = day(rng, "2023-03-01", "2025-11-30")
            st = "cancelled" if rng.random() < 0.06 else ("scheduled" if ed > "2025-11-28" else "completed")
            events.append((eid, f"{a} - {v[2]}", v[0], rng.choice(prom_for[v[3]]), ed, genre[a],
                           float(rng.choice([25, 30, 35, 40, 45, 55, 65, 80])), st))
    geo = [("London", "United Kingdom"), ("Manchester", "United Kingdom"), ("Amsterdam", "Netherlands"),
           ("Berlin", "Germany"), ("Hamburg", "Germany"), ("Paris", "France"), ("Dublin", "Ireland"),
           ("Barcelona", "Spain"), ("Madrid", "Spain"), ("Edinburgh", "United Kingdom")]
    used = set()
    customers = []
    for i in range(1, 251):
        f, l = person(rng, used)
        city, country = rng.choice(geo)
        customers.append((i, f, l, email(f, l, rng.choice(["gmail.com", "outlook.com", "proton.me"])),
                          city, country, day(rng, "2023-01-01", "2025-09-30")))
    orders, tickets = [], []
    tid = 0
    live = [e for e in events if e[7] != "cancelled"]
    for oid in range(1, 291):
        e = rng.choice(live)
        cands = [c for c in customers if c[0] % 11 != 0]
        c = rng.choice(cands)
        od = min(plus(e[4], -rng.randint(1, 90)), "2025-11-27")
        od = max(od, "2023-01-05")
        st = "refunded" if rng.random() < 0.06 else "completed"
        n = rng.choices([1, 2, 3, 4], [3, 6, 1, 1])[0]
        orders.append((oid, c[0], od, rng.choices(["card", "paypal", "apple_pay"], [5, 2, 2])[0],
                       round(2.5 * n, 2), st))
        tt = rng.choices(["standard", "vip", "early_bird"], [6, 1, 2])[0]
        price = e[6] * {"standard": 1.0, "vip": 2.5, "early_bird": 0.8}[tt]
        for k in range(n):
            tid += 1
            seat = f"{rng.choice('ABCDEFGH')}{rng.randint(1, 40)}"
            scanned = 1 if (e[7] == "completed" and st == "completed" and rng.random() < 0.92) else 0
            tickets.append((tid, oid, e[0], tt, round(price, 2), seat, scanned))
    write("event_tickets_h", ddl, {"venues": venues, "promoters": promoters, "events": events,
                                   "customers": customers, "orders": orders, "tickets": tickets})


# ------------------------------------------------------------------ gym chain
def gym_chain():
    rng = random.Random(2606)
    ddl = """
    CREATE TABLE clubs (
        club_id INTEGER PRIMARY KEY, club_name TEXT NOT NULL, city TEXT, opened_date TEXT,
        has_pool INTEGER);
    CREATE TABLE membership_plans (
        plan_id INTEGER PRIMARY KEY, plan_name TEXT NOT NULL, monthly_fee REAL,
        contract_months INTEGER, joining_fee REAL);
    CREATE TABLE members (
        member_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, email TEXT,
        gender TEXT, birth_date TEXT, home_club_id INTEGER REFERENCES clubs(club_id),
        join_date TEXT);
    CREATE TABLE memberships (
        membership_id INTEGER PRIMARY KEY, member_id INTEGER REFERENCES members(member_id),
        plan_id INTEGER REFERENCES membership_plans(plan_id), start_date TEXT, end_date TEXT,
        status TEXT);
    CREATE TABLE payments (
        payment_id INTEGER PRIMARY KEY,
        membership_id INTEGER REFERENCES memberships(membership_id), payment_date TEXT,
        amount REAL, method TEXT);
    CREATE TABLE trainers (
        trainer_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT,
        club_id INTEGER REFERENCES clubs(club_id), specialty TEXT, hire_date TEXT,
        hourly_rate REAL);
    CREATE TABLE check_ins (
        check_in_id INTEGER PRIMARY KEY, member_id INTEGER REFERENCES members(member_id),
        club_id INTEGER REFERENCES clubs(club_id), check_in_time TEXT);
    CREATE TABLE pt_sessions (
        session_id INTEGER PRIMARY KEY, member_id INTEGER REFERENCES members(member_id),
        trainer_id INTEGER REFERENCES trainers(trainer_id), session_date TEXT,
        duration_minutes INTEGER, price REAL);
    """
    clubs = [(1, "FitHub Central", "Denver", "2019-01-15", 1), (2, "FitHub Northside", "Denver", "2020-06-01", 0),
             (3, "FitHub Boulder", "Boulder", "2021-03-20", 1), (4, "FitHub Aurora", "Aurora", "2022-09-10", 0),
             (5, "FitHub Lakewood", "Lakewood", "2023-05-05", 1), (6, "FitHub Fort Collins", "Fort Collins", "2024-01-22", 0)]
    plans = [(1, "Basic", 24.99, 1, 0.0), (2, "Standard 12", 34.99, 12, 19.0),
             (3, "Premium 12", 54.99, 12, 0.0), (4, "Off-Peak", 19.99, 6, 10.0),
             (5, "Student", 17.99, 6, 0.0)]
    used = set()
    members = []
    for i in range(1, 221):
        f, l = person(rng, used)
        c = rng.choices(clubs, [5, 3, 4, 3, 3, 2])[0]
        jd = day(rng, max(c[3], "2023-01-01"), "2025-08-31")
        members.append((i, f, l, email(f, l, rng.choice(["gmail.com", "yahoo.com", "icloud.com"])),
                        rng.choice(["F", "M"]), day(rng, "1960-01-01", "2006-12-31"), c[0], jd))
    ms, pays = [], []
    msid = pid = 0
    for m in members:
        if m[0] % 10 == 0:
            continue  # signed up, never bought a membership
        p = rng.choices(plans, [3, 4, 2, 2, 1])[0]
        sd = m[7]
        ed = plus(sd, 30 * p[3] + p[3] // 2)
        if ed <= "2025-11-28":
            st = "expired" if rng.random() < 0.8 else "cancelled"
        else:
            st = "active" if rng.random() < 0.93 else "frozen"
        msid += 1
        ms.append((msid, m[0], p[0], sd, ed, st))
        if p[4] > 0:
            pid += 1
            pays.append((pid, msid, sd, p[4], "card"))
        # one payment per quarter of the contract, capped
        d = sd
        n = 0
        while d < ed and d <= "2025-11-28" and n < 2:
            pid += 1
            months = min(3, p[3])
            pays.append((pid, msid, d, round(p[2] * months, 2),
                         rng.choices(["card", "direct_debit"], [1, 3])[0]))
            d = plus(d, 91)
            n += 1
    specs = ["Strength", "Yoga", "HIIT", "Pilates", "Boxing", "Rehab"]
    used_t = set()
    trainers = []
    tid = 0
    for c in clubs:
        for k in range(rng.choice([2, 3])):
            tid += 1
            f, l = person(rng, used_t)
            trainers.append((tid, f, l, c[0], rng.choice(specs),
                             day(rng, max(c[3], "2019-01-01"), "2025-01-31"),
                             float(rng.choice([35, 40, 45, 50, 55, 60]))))
    checks = []
    active_members = [m for m in members if m[0] % 10 != 0]
    for cid in range(1, 601):
        m = rng.choice(active_members)
        club = m[6] if rng.random() < 0.85 else rng.choice(clubs)[0]
        d = day(rng, max(m[7], "2024-01-01"), "2025-11-27")
        checks.append((cid, m[0], club, f"{d} {rng.randint(6, 21):02d}:{rng.randint(0, 59):02d}:00"))
    checks.sort(key=lambda r: r[3])
    checks = [(i, c[1], c[2], c[3]) for i, c in enumerate(checks, 1)]
    sessions = []
    for sid in range(1, 181):
        m = rng.choice(active_members)
        local = [t for t in trainers if t[3] == m[6]]
        t = rng.choice(local)
        dur = rng.choice([30, 45, 60, 60, 90])
        sessions.append((sid, m[0], t[0], day(rng, max(m[7], t[5], "2024-01-01"), "2025-11-27"),
                         dur, round(t[6] * dur / 60, 2)))
    write("gym_chain_h", ddl, {"clubs": clubs, "membership_plans": plans, "members": members,
                               "memberships": ms, "payments": pays, "trainers": trainers,
                               "check_ins": checks, "pt_sessions": sessions})


def main():
    os.makedirs(OUT, exist_ok=True)
    for build in (saas_billing, furniture_shop, wholesale_dist, restaurant_pos, event_tickets,
                  gym_chain):
        build()


if __name__ == "__main__":
    main()
