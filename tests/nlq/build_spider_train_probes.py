"""Builds tests/nlq/spider_train_probe/<db_id>.sqlite: Spider TRAIN schemas from the END of the
fixed blind order (sha256("askdb-blind-v1|spider-train|" + db_id) ascending, taken from the last
one backwards; the front of the order is kept for blind batches), for the probes of
tests/nlq/probes_spider_train.jsonl. Tables, columns and keys come from Spider's tables.json; the
rows are synthetic (synthetic_db.py, fixed seed) with the literals the probes compare planted.

Written by the precision-spider helper, session 16 (2026-11-27).
Usage: python3 tests/nlq/build_spider_train_probes.py [/path/to/spider/tables.json [db_id...]]
"""
import json
import os
import sys

from synthetic_db import OP_IDS, build_database

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "spider_train_probe")
TABLES = sys.argv[1] if len(sys.argv) > 1 else "/work/shared/data/spider/tables.json"

# db_id -> one list per probe of (table, column, operator, value) its gold compares.
LITERALS = {
    "cinema": [[("cinema", "Location", "=", "Glenmore")], [("cinema", "Capacity", ">", 300)],
               [("film", "Directed_by", "=", "Bill Schreiner")], [("cinema", "Openning_year", ">=", 2011)]],
    "ship_1": [[("Ship", "Flag", "=", "Panama")], [("Ship", "Type", "=", "Panamax")],
               [("captain", "Rank", "=", "Midshipman")], [("captain", "Class", "=", "Cutter")],
               [("captain", "age", ">", 50)], [("Ship", "Built_Year", "<", 1998)]],
    "wine_1": [[("wine", "Winery", "=", "Brander")], [("grapes", "Color", "=", "Red")],
               [("wine", "Year", "=", 2008)], [("appellations", "County", "=", "Sonoma")],
               [("wine", "Price", ">", 100)], [("wine", "Grape", "=", "Zinfandel")],
               [("appellations", "isAVA", "=", "Yes")]],
    "city_record": [[("match", "Competition", "=", "1994 FIFA World Cup qualification")],
                    [("city", "Regional_Population", ">", 10000)], [("hosting_city", "Year", ">", 2010)]],
    "railway": [[("manager", "Country", "=", "Australia")], [("railway", "Builder", "=", "SECR Ashford")],
                [("manager", "Age", ">", 50)], [("train", "From", "=", "Bristol")]],
    "device": [[("device", "Carrier", "=", "Verizon Wireless")], [("shop", "Location", "=", "Dinas")],
               [("device", "Software_Platform", "=", "Android")], [("shop", "Open_Year", ">", 2012)]],
    "inn_1": [[("Rooms", "decor", "=", "modern")], [("Rooms", "bedType", "=", "King")],
              [("Rooms", "basePrice", ">", 160)], [("Reservations", "LastName", "=", "SELBIG")],
              [("Reservations", "Kids", ">", 0)], [("Rooms", "maxOccupancy", "=", 4)]],
    "architecture": [[("architect", "nationality", "=", "American")], [("architect", "gender", "=", "female")],
                     [("mill", "type", "=", "Grondzeiler")], [("bridge", "length_meters", ">", 80)],
                     [("mill", "location", "=", "Donceel")], [("mill", "built_year", "<", 1850)]],
    "riding_club": [[("player", "Occupation", "=", "Researcher")], [("player", "Gender", "=", "M")],
                    [("club", "Region", "=", "USA")], [("coach", "Rank", "=", 1)],
                    [("player", "Votes", ">", 8000)], [("club", "Start_year", "<", 2000)]],
    "company_office": [[("Companies", "Industry", "=", "Banking")], [("buildings", "Status", "=", "on-hold")],
                       [("buildings", "City", "=", "Monterrey")], [("Companies", "Headquarters", "=", "USA")],
                       [("Companies", "Sales_billion", ">", 200)]],
    "restaurant_1": [[("Student", "Major", "=", 600)], [("Student", "Sex", "=", "F")],
                     [("Restaurant", "ResName", "=", "Subway")], [("Restaurant_Type", "ResTypeName", "=", "Sandwich")],
                     [("Student", "Age", ">", 20)], [("Student", "Fname", "=", "Linda"), ("Student", "LName", "=", "Smith")]],
    "manufacturer": [[("manufacturer", "Open_Year", "<", 1990)], [("furniture", "Num_of_Component", ">", 10)],
                     [("manufacturer", "Num_of_Factories", ">", 5)]],
    "college_1": [[("DEPARTMENT", "DEPT_NAME", "=", "Accounting")], [("STUDENT", "STU_GPA", ">", 3)],
                  [("STUDENT", "STU_CLASS", "=", "Sr")], [("EMPLOYEE", "EMP_JOBCODE", "=", "PROF")],
                  [("COURSE", "CRS_CREDIT", "=", 4)], [("PROFESSOR", "PROF_HIGH_DEGREE", "=", "Ph.D.")]],
    "department_store": [[("Products", "product_type_code", "=", "Clothes")], [("Staff", "staff_gender", "=", "F")],
                         [("Customer_Orders", "order_status_code", "=", "Cancelled")],
                         [("Customers", "payment_method_code", "=", "Credit Card")],
                         [("Products", "product_price", ">", 700)]],
    # session 17: the next six from the end of the order (twitter_1, cre_Doc_Control_Systems, formula_1,
    # insurance_policies and products_for_hire skipped: link-only or many-table schemas)
    "gas_company": [[("company", "Headquarters", "=", "USA")], [("company", "Main_Industry", "=", "Oil and gas")],
                    [("gas_station", "Open_Year", ">", 2000)], [("gas_station", "Location", "=", "Herne Hill")],
                    [("company", "Profits_billion", ">", 10)], [("company", "Sales_billion", ">", 100)]],
    "county_public_safety": [[("county_public_safety", "Location", "=", "East")],
                             [("county_public_safety", "Police_force", "=", "RCMP")],
                             [("county_public_safety", "Crime_rate", ">", 100)],
                             [("county_public_safety", "Population", ">", 50000)],
                             [("city", "Hispanic", ">", 5000)]],
    "mountain_photos": [[("mountain", "Country", "=", "Ethiopia")], [("mountain", "Range", "=", "Toubkal Atlas")],
                        [("mountain", "Height", ">", 4000)], [("camera_lens", "brand", "=", "Sigma")],
                        [("camera_lens", "focal_length_mm", ">", 15)], [("photos", "color", "=", "Black/White")]],
    "debate": [[("people", "Party", "=", "Republican")], [("people", "Age", ">", 40)],
               [("debate", "Num_of_Audience", ">", 150)], [("people", "District", "=", "New York 1")]],
    "film_rank": [[("film", "Studio", "=", "Universal")], [("film", "Director", "=", "Steven Spielberg")],
                  [("market", "Country", "=", "Japan")], [("film_market_estimation", "Year", "=", 1995)],
                  [("market", "Number_cities", ">", 300)]],
    "journal_committee": [[("journal", "Theme", "=", "Miami Dolphins")], [("editor", "Age", ">", 50)],
                          [("journal", "Sales", ">", 3000)], [("journal_committee", "Work_Type", "=", "Photo")],
                          [("editor", "Name", "=", "Kamila Porczyk")]],
    # session 18: the next four (product_catalog, customers_and_invoices, e_government skipped:
    # attribute-value or many-table schemas)
    "activity_1": [[("Faculty", "Rank", "=", "Professor")], [("Faculty", "Sex", "=", "F")],
                   [("Student", "Age", ">", 20)], [("Student", "Sex", "=", "M")],
                   [("Student", "city_code", "=", "BAL")], [("Faculty", "Building", "=", "NEB")],
                   [("Activity", "activity_name", "=", "Chess")]],
    "driving_school": [[("Lessons", "lesson_status_code", "=", "Cancelled")],
                       [("Customer_Payments", "payment_method_code", "=", "Credit Card")],
                       [("Customers", "amount_outstanding", ">", 5000)],
                       [("Customers", "customer_status_code", "=", "Bad Customer")],
                       [("Staff", "first_name", "=", "Janessa")],
                       [("Addresses", "state_province_county", "=", "Texas")],
                       [("Addresses", "city", "=", "Lockmanfurt")], [("Lessons", "price", ">", 300)]],
    "train_station": [[("station", "Location", "=", "London")], [("station", "Number_of_Platforms", ">", 10)],
                      [("train", "Service", "=", "Daily")], [("station", "Name", "=", "London Waterloo")],
                      [("station", "Total_Passengers", ">", 40)]],
    "station_weather": [[("train", "destination", "=", "Chennai")], [("train", "origin", "=", "Trivandrum")],
                        [("weekly_weather", "day_of_week", "=", "Monday")], [("train", "interval", "=", "Daily")],
                        [("station", "network_name", "=", "Amersham")],
                        [("weekly_weather", "precipitation", ">", 50)],
                        [("station", "local_authority", "=", "Chiltern")]],
    "customers_and_invoices": [[("Customers", "gender", "=", "Female")], [("Customers", "country", "=", "USA")],
                               [("Customers", "town_city", "=", "Fort Luellaside")],
                               [("Products", "product_color", "=", "Red")], [("Products", "unit_price", ">", 100)],
                               [("Financial_Transactions", "transaction_type", "=", "Payment")],
                               [("Product_Categories", "product_type_description", "=", "Food")],
                               [("Products", "product_name", "=", "Coffee")]],
    "e_government": [[("Services", "service_type_code", "=", "Education")], [("Forms", "form_type_code", "=", "Basic")],
                     [("Parties", "payment_method_code", "=", "Cash")], [("Addresses", "state_province_county", "=", "Texas")],
                     [("Party_Forms", "form_status_code", "=", "Completed")],
                     [("Organizations", "organization_name", "=", "Labour Party")]],
}


def literal_ids(schema, literals):
    cols = schema["column_names_original"]
    tables = schema["table_names_original"]
    ids = {(tables[t].lower(), c.lower()): i for i, (t, c) in enumerate(cols) if t >= 0}
    return [[(ids[(t.lower(), c.lower())], OP_IDS[op], v) for t, c, op, v in q] for q in literals]


def main():
    schemas = {s["db_id"]: s for s in json.load(open(TABLES))}
    os.makedirs(OUT, exist_ok=True)
    only = sys.argv[2:]  # db ids to (re)build; all when none are given
    for db, literals in LITERALS.items():
        if only and db not in only:
            continue
        path = os.path.join(OUT, db + ".sqlite")
        build_database(schemas[db], literal_ids(schemas[db], literals), path,
                       "askdb-probe-spider-train|" + db)
        print("built", path)


if __name__ == "__main__":
    main()
