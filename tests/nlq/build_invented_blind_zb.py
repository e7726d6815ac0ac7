#!/usr/bin/env python3
"""Build the 8 invented SQLite databases of the blind set invented_blind_zh_b.jsonl.

Written by the "blind-invented-zh-b" helper (session 26) on 2026-11-28, without reading the
askdb question-to-SQL engine, its docs, its rules or its question sets. Every schema and row is
invented: small Chinese businesses. English/pinyin snake_case names: 生鲜超市 (shengxian_zb),
连锁药店 (yaodian_zb), 健身房 (jianshen_zb), 民宿 (minsu_zb), 外卖平台 (waimai_zb).
Chinese table and column names (an office spreadsheet import): 二手车商 (ershouche_zb),
家政服务 (jiazheng_zb), 电影院 (dianyingyuan_zb).
Every table holds 30-500 rows; foreign keys declared; money REAL; dates ISO TEXT in 2023-2025.

Deterministic: fixed random.Random seeds, no clock; each run rewrites
tests/nlq/invented/<name>_zb.sqlite byte for byte the same.
Usage: python3 tests/nlq/build_invented_blind_zb.py
"""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from invented_rows import day, money, plus, unique_name, write  # noqa: E402

SURNAMES = list("王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶程苏魏吕丁任沈姚卢")
GIVEN = ["伟", "芳", "娜", "秀英", "敏", "静", "丽", "强", "磊", "军", "洋", "勇", "艳", "杰", "娟",
         "涛", "明", "超", "秀兰", "霞", "平", "刚", "桂英", "建华", "文", "晨", "宇", "浩然", "子轩",
         "欣怡", "梓涵", "一诺", "思远", "雨桐", "佳琪", "俊杰", "晓东", "海燕", "志强", "春梅",
         "国庆", "红梅", "玉兰", "凤英", "德明", "立新", "雅婷", "嘉怡", "博文", "天佑"]


def person(rng, used):
    return unique_name(rng, used, lambda r: r.choice(SURNAMES) + r.choice(GIVEN))


def phone(rng):
    return "1" + rng.choice("3578") + str(rng.randint(100000000, 999999999))


# ---------------------------------------------------------------- 生鲜超市 (English/pinyin)
def shengxian():
    rng = random.Random(2601)
    ddl = """
CREATE TABLE store (store_id INTEGER PRIMARY KEY, store_name TEXT NOT NULL, city TEXT, district TEXT,
  open_date TEXT, manager TEXT);
CREATE TABLE supplier (supplier_id INTEGER PRIMARY KEY, supplier_name TEXT NOT NULL, province TEXT,
  contact TEXT, phone TEXT);
CREATE TABLE sku (sku_id INTEGER PRIMARY KEY, sku_name TEXT NOT NULL, category TEXT, unit TEXT,
  sale_price REAL, cost_price REAL, stock_qty INTEGER, supplier_id INTEGER REFERENCES supplier(supplier_id));
CREATE TABLE huiyuan (member_id INTEGER PRIMARY KEY, name TEXT, phone TEXT, level TEXT, register_date TEXT);
CREATE TABLE orders (order_id INTEGER PRIMARY KEY, store_id INTEGER REFERENCES store(store_id),
  member_id INTEGER REFERENCES huiyuan(member_id), order_date TEXT, pay_method TEXT, total_amount REAL);
CREATE TABLE order_items (item_id INTEGER PRIMARY KEY, order_id INTEGER REFERENCES orders(order_id),
  sku_id INTEGER REFERENCES sku(sku_id), qty INTEGER, unit_price REAL);
CREATE TABLE loss_record (loss_id INTEGER PRIMARY KEY, store_id INTEGER REFERENCES store(store_id),
  sku_id INTEGER REFERENCES sku(sku_id), loss_date TEXT, qty INTEGER, reason TEXT);
"""
    used = set()
    places = [("南京", ["鼓楼区", "玄武区", "秦淮区", "建邺区", "江宁区"]), ("苏州", ["姑苏区", "工业园区", "吴中区"]),
              ("无锡", ["梁溪区", "滨湖区"]), ("常州", ["天宁区", "武进区"])]
    stores = []
    for i in range(1, 31):
        city, ds = places[(i - 1) % 4] if i <= 20 else places[0]
        d = rng.choice(ds)
        stores.append((i, f"{city}{d[:-1]}{i}号店", city, d, day(rng, "2023-01-01", "2024-03-31"), person(rng, used)))
    provs = ["山东", "山东", "云南", "广东", "浙江", "江苏", "海南", "福建", "辽宁", "四川"]
    sups = []
    for i in range(1, 31):
        p = provs[(i - 1) % len(provs)]
        sups.append((i, f"{p}{rng.choice(['鲜丰', '绿源', '农盛', '海润', '丰禾', '金穗', '青田', '鑫农'])}{i:02d}供应链",
                     p, person(rng, used), phone(rng)))
    goods = {"蔬菜": [("西红柿", "斤", 4.5), ("黄瓜", "斤", 3.8), ("大白菜", "斤", 1.9), ("土豆", "斤", 2.5),
                      ("西兰花", "斤", 6.8), ("菠菜", "斤", 5.2), ("胡萝卜", "斤", 2.8), ("青椒", "斤", 4.9),
                      ("茄子", "斤", 4.2), ("生菜", "斤", 5.5)],
             "水果": [("红富士苹果", "斤", 7.9), ("香蕉", "斤", 4.6), ("砂糖橘", "斤", 6.5), ("阳光玫瑰葡萄", "斤", 19.8),
                      ("西瓜", "个", 29.9), ("猕猴桃", "斤", 9.9), ("车厘子", "斤", 59.0), ("芒果", "斤", 12.8),
                      ("火龙果", "个", 8.8), ("草莓", "盒", 25.9)],
             "肉禽": [("五花肉", "斤", 16.8), ("猪里脊", "斤", 18.5), ("牛腱子", "斤", 45.0), ("鸡胸肉", "斤", 12.9),
                      ("鸡翅中", "斤", 26.8), ("羊排", "斤", 49.0), ("排骨", "斤", 29.8)],
             "水产": [("鲈鱼", "条", 32.0), ("基围虾", "斤", 58.0), ("草鱼", "斤", 11.5), ("带鱼", "斤", 28.0),
                      ("花蛤", "斤", 13.9), ("三文鱼", "盒", 69.0)],
             "蛋奶": [("土鸡蛋", "盒", 19.9), ("纯牛奶", "箱", 55.0), ("酸奶", "杯", 6.5), ("鹌鹑蛋", "盒", 9.9)],
             "粮油": [("东北大米", "袋", 49.9), ("花生油", "桶", 79.0), ("挂面", "包", 8.5), ("面粉", "袋", 26.0),
                      ("小米", "袋", 15.8)]}
    skus = []
    sid = 1
    for cat, lst in goods.items():
        for n, u, p in lst:
            stock = rng.choice([rng.randint(0, 9), rng.randint(12, 300), rng.randint(12, 300)])
            skus.append((sid, n, cat, u, p, round(p * rng.uniform(0.55, 0.8), 2), stock, rng.randint(1, 30)))
            sid += 1
    mused = set()
    members = []
    for i in range(1, 81):
        members.append((i, person(rng, mused), phone(rng), rng.choice(["普通", "普通", "银卡", "金卡"]),
                        day(rng, "2023-01-01", "2025-06-30")))
    orders, items = [], []
    iid = 1
    for oid in range(1, 221):
        st = rng.choice(stores[:26])
        m = rng.choice(members[:66] + [None] * 20)
        d = day(rng, "2023-06-01", "2025-06-30")
        tot = 0.0
        picks = rng.sample(skus, rng.choice([1, 2, 2, 3]))
        for s in picks:
            q = rng.randint(1, 5)
            items.append((iid, oid, s[0], q, s[4]))
            tot += q * s[4]
            iid += 1
        orders.append((oid, st[0], m[0] if m else None, d, rng.choice(["微信", "支付宝", "现金", "会员卡"]), round(tot, 2)))
    losses = []
    for i in range(1, 61):
        losses.append((i, rng.choice(stores)[0], rng.choice(skus[:33])[0], day(rng, "2024-01-01", "2025-06-30"),
                       rng.randint(1, 20), rng.choice(["腐烂变质", "过期", "破损", "盘点差异"])))
    write("shengxian_zb", ddl, {"store": stores, "supplier": sups, "sku": skus, "huiyuan": members,
                                "orders": orders, "order_items": items, "loss_record": losses})


# ---------------------------------------------------------------- 连锁药店 (English/pinyin)
def yaodian():
    rng = random.Random(2602)
    ddl = """
CREATE TABLE dianpu (dianpu_id INTEGER PRIMARY KEY, dianpu_name TEXT NOT NULL, city TEXT, address TEXT,
  open_date TEXT, is_24h INTEGER);
CREATE TABLE drug (drug_id INTEGER PRIMARY KEY, generic_name TEXT NOT NULL, brand TEXT, spec TEXT,
  category TEXT, rx_type TEXT, retail_price REAL);
CREATE TABLE inventory (inv_id INTEGER PRIMARY KEY, dianpu_id INTEGER REFERENCES dianpu(dianpu_id),
  drug_id INTEGER REFERENCES drug(drug_id), qty INTEGER, batch_no TEXT, expiry_date TEXT);
CREATE TABLE member (member_id INTEGER PRIMARY KEY, name TEXT, phone TEXT, gender TEXT, birth_year INTEGER,
  points INTEGER, join_date TEXT);
CREATE TABLE sales (sale_id INTEGER PRIMARY KEY, dianpu_id INTEGER REFERENCES dianpu(dianpu_id),
  member_id INTEGER REFERENCES member(member_id), sale_date TEXT, pay_type TEXT, total_amount REAL);
CREATE TABLE sale_items (line_id INTEGER PRIMARY KEY, sale_id INTEGER REFERENCES sales(sale_id),
  drug_id INTEGER REFERENCES drug(drug_id), qty INTEGER, unit_price REAL);
"""
    cities = ["郑州", "郑州", "郑州", "洛阳", "开封", "新乡"]
    roads = ["人民路", "建设路", "中原路", "文化路", "花园路", "金水路", "解放路", "桐柏路", "紫荆山路", "大学路",
             "农业路", "经三路", "纬五路", "嵩山路", "陇海路", "航海路", "商都路", "黄河路"]
    shops = []
    per_city = {}
    for i in range(1, 33):
        c = cities[(i - 1) % 6]
        per_city[c] = per_city.get(c, 0) + 1
        r = roads[(per_city[c] * 7) % 18]
        shops.append((i, f"康泰大药房{c}{r}店", c,
                      f"{c}市{r}{rng.randint(1, 300)}号", day(rng, "2023-01-01", "2024-06-30"), 1 if i % 7 == 0 else 0))
    ddef = [("阿莫西林胶囊", "联邦", "0.25g*24粒", "抗感染", "处方药", 18.5), ("头孢克肟分散片", "世福素", "50mg*12片", "抗感染", "处方药", 32.0),
            ("布洛芬缓释胶囊", "芬必得", "0.3g*20粒", "解热镇痛", "甲类OTC", 24.8), ("对乙酰氨基酚片", "泰诺林", "0.65g*18片", "解热镇痛", "甲类OTC", 19.9),
            ("连花清瘟胶囊", "以岭", "0.35g*36粒", "感冒", "甲类OTC", 26.5), ("感冒灵颗粒", "999", "10g*9袋", "感冒", "乙类OTC", 15.0),
            ("板蓝根颗粒", "白云山", "10g*20袋", "感冒", "乙类OTC", 12.0), ("复方氨酚烷胺片", "快克", "12片", "感冒", "甲类OTC", 16.8),
            ("氨氯地平片", "络活喜", "5mg*7片", "心脑血管", "处方药", 35.6), ("阿托伐他汀钙片", "立普妥", "20mg*7片", "心脑血管", "处方药", 58.0),
            ("二甲双胍片", "格华止", "0.5g*20片", "糖尿病", "处方药", 22.4), ("阿卡波糖片", "拜唐苹", "50mg*30片", "糖尿病", "处方药", 67.0),
            ("奥美拉唑肠溶胶囊", "洛赛克", "20mg*14粒", "消化系统", "处方药", 41.0), ("健胃消食片", "江中", "0.8g*32片", "消化系统", "乙类OTC", 13.5),
            ("蒙脱石散", "思密达", "3g*10袋", "消化系统", "甲类OTC", 21.0), ("维生素C片", "养生堂", "100片", "维矿物质", "乙类OTC", 9.9),
            ("钙尔奇碳酸钙D3片", "钙尔奇", "60片", "维矿物质", "乙类OTC", 88.0), ("复合维生素B片", "力度伸", "100片", "维矿物质", "乙类OTC", 15.5),
            ("氯雷他定片", "开瑞坦", "10mg*6片", "抗过敏", "乙类OTC", 27.0), ("西替利嗪片", "仙特明", "10mg*12片", "抗过敏", "乙类OTC", 33.0),
            ("红霉素软膏", "马应龙", "10g", "皮肤用药", "乙类OTC", 5.5), ("莫匹罗星软膏", "百多邦", "5g", "皮肤用药", "甲类OTC", 22.0),
            ("云南白药气雾剂", "云南白药", "85g+30g", "外用止痛", "甲类OTC", 45.0), ("麝香壮骨膏", "太阳", "10贴", "外用止痛", "乙类OTC", 11.0),
            ("六味地黄丸", "同仁堂", "120丸", "中成药", "乙类OTC", 29.0), ("藿香正气水", "太极", "10ml*10支", "中成药", "乙类OTC", 14.8),
            ("硝苯地平控释片", "拜新同", "30mg*7片", "心脑血管", "处方药", 39.0), ("缬沙坦胶囊", "代文", "80mg*7粒", "心脑血管", "处方药", 36.5),
            ("左氧氟沙星片", "可乐必妥", "0.5g*4片", "抗感染", "处方药", 29.8), ("医用外科口罩", "稳健", "10只", "医疗器械", "非药品", 8.0),
            ("电子体温计", "欧姆龙", "1支", "医疗器械", "非药品", 39.0), ("创可贴", "邦迪", "20片", "医疗器械", "非药品", 7.5),
            ("苯磺酸左氨氯地平片", "施慧达", "2.5mg*14片", "心脑血管", "处方药", 31.0), ("甲硝唑片", "信谊", "0.2g*100片", "抗感染", "处方药", 6.0)]
    drugs = [(i, *d) for i, d in enumerate(ddef, 1)]
    inv = []
    seen = set()
    iid = 1
    while iid <= 300:
        s, d = rng.randint(1, 32), rng.randint(1, 34)
        if (s, d) in seen:
            continue
        seen.add((s, d))
        inv.append((iid, s, d, rng.randint(0, 120), f"B{rng.randint(230000, 259999)}", day(rng, "2025-01-01", "2025-12-31")))
        iid += 1
    used = set()
    members = []
    for i in range(1, 91):
        members.append((i, person(rng, used), phone(rng), rng.choice(["男", "女", "女"]), rng.randint(1945, 2003),
                        rng.randint(0, 5000), day(rng, "2023-01-01", "2025-03-31")))
    sales, lines = [], []
    lid = 1
    for sid in range(1, 241):
        shop = rng.choice(shops[:30])
        m = rng.choice(members[:80] + [None] * 30)
        tot = 0.0
        for d in rng.sample(drugs[:33], rng.choice([1, 1, 2, 2, 3])):
            q = rng.randint(1, 3)
            lines.append((lid, sid, d[0], q, d[6]))
            tot += q * d[6]
            lid += 1
        sales.append((sid, shop[0], m[0] if m else None, day(rng, "2024-01-01", "2025-06-30"),
                      rng.choice(["医保卡", "医保卡", "微信", "支付宝", "现金"]), round(tot, 2)))
    write("yaodian_zb", ddl, {"dianpu": shops, "drug": drugs, "inventory": inv, "member": members,
                              "sales": sales, "sale_items": lines})


# ---------------------------------------------------------------- 健身房 (English/pinyin)
def jianshen():
    rng = random.Random(2603)
    ddl = """
CREATE TABLE club (club_id INTEGER PRIMARY KEY, club_name TEXT NOT NULL, city TEXT, district TEXT,
  opened_on TEXT, area_sqm REAL);
CREATE TABLE coach (coach_id INTEGER PRIMARY KEY, coach_name TEXT NOT NULL, club_id INTEGER REFERENCES club(club_id),
  specialty TEXT, hourly_rate REAL, hire_date TEXT);
CREATE TABLE member (member_id INTEGER PRIMARY KEY, member_name TEXT, gender TEXT, phone TEXT,
  home_club_id INTEGER REFERENCES club(club_id), join_date TEXT);
CREATE TABLE membership_card (card_id INTEGER PRIMARY KEY, member_id INTEGER REFERENCES member(member_id),
  card_type TEXT, price REAL, start_date TEXT, end_date TEXT);
CREATE TABLE pt_session (session_id INTEGER PRIMARY KEY, member_id INTEGER REFERENCES member(member_id),
  coach_id INTEGER REFERENCES coach(coach_id), session_date TEXT, minutes INTEGER, fee REAL);
CREATE TABLE checkin (checkin_id INTEGER PRIMARY KEY, member_id INTEGER REFERENCES member(member_id),
  club_id INTEGER REFERENCES club(club_id), checkin_date TEXT);
"""
    spots = [("深圳", "南山区"), ("深圳", "福田区"), ("深圳", "宝安区"), ("深圳", "龙华区"), ("广州", "天河区"), ("广州", "海珠区")]
    brands = ["超燃", "力健", "型动", "乐刻"]
    clubs = []
    for i in range(1, 31):
        c, d = spots[(i - 1) % 6]
        clubs.append((i, f"{brands[i % 4]}健身{d[:-1]}{i}店", c, d, day(rng, "2023-01-01", "2024-06-30"), float(rng.randint(300, 1500))))
    used = set()
    coaches = []
    specs = ["增肌塑形", "减脂", "瑜伽", "普拉提", "拳击", "康复训练", "增肌塑形", "减脂"]
    for i in range(1, 61):
        coaches.append((i, person(rng, used), rng.randint(1, 30), rng.choice(specs), float(rng.choice(range(200, 601, 20))),
                        day(rng, "2023-01-01", "2025-03-31")))
    mused = set()
    members = []
    for i in range(1, 161):
        members.append((i, person(rng, mused), rng.choice(["男", "女"]), phone(rng), rng.randint(1, 30),
                        day(rng, "2023-01-01", "2025-06-30")))
    cards = []
    ctypes = [("月卡", 399.0, 30), ("季卡", 999.0, 91), ("年卡", 2999.0, 365), ("次卡", 599.0, 180)]
    for i in range(1, 201):
        m = rng.choice(members[:140])
        t, p, ln = rng.choice(ctypes + [ctypes[0], ctypes[2]])
        p = round(p * rng.choice([1.0, 1.0, 0.9, 0.8]), 2)
        last = plus("2025-12-31", -ln)
        s = day(rng, min(m[5], last), last)
        cards.append((i, m[0], t, p, s, plus(s, ln)))
    sessions = []
    for i in range(1, 401):
        m = rng.choice(members[:110])
        c = coaches[min(59, int(rng.random() ** 1.5 * 60))]
        mins = rng.choice([45, 60, 60, 90])
        sessions.append((i, m[0], c[0], day(rng, "2023-03-01", "2025-06-30"), mins, round(c[4] * mins / 60, 2)))
    checks = []
    for i in range(1, 501):
        m = rng.choice(members[:150])
        checks.append((i, m[0], m[4] if rng.random() < 0.8 else rng.randint(1, 30), day(rng, "2024-01-01", "2025-06-30")))
    write("jianshen_zb", ddl, {"club": clubs, "coach": coaches, "member": members, "membership_card": cards,
                               "pt_session": sessions, "checkin": checks})


# ---------------------------------------------------------------- 民宿 (English/pinyin)
def minsu():
    rng = random.Random(2604)
    ddl = """
CREATE TABLE homestay (homestay_id INTEGER PRIMARY KEY, homestay_name TEXT NOT NULL, city TEXT, host_name TEXT,
  opened_on TEXT, room_count INTEGER);
CREATE TABLE room (room_id INTEGER PRIMARY KEY, homestay_id INTEGER REFERENCES homestay(homestay_id),
  room_no TEXT, room_type TEXT, base_price REAL, capacity INTEGER);
CREATE TABLE guest (guest_id INTEGER PRIMARY KEY, guest_name TEXT, phone TEXT, province TEXT, first_visit TEXT);
CREATE TABLE booking (booking_id INTEGER PRIMARY KEY, room_id INTEGER REFERENCES room(room_id),
  guest_id INTEGER REFERENCES guest(guest_id), channel TEXT, check_in TEXT, check_out TEXT, nights INTEGER,
  amount REAL, status TEXT);
CREATE TABLE review (review_id INTEGER PRIMARY KEY, booking_id INTEGER REFERENCES booking(booking_id),
  score INTEGER, review_date TEXT);
"""
    cities = ["大理", "丽江", "莫干山", "厦门", "阳朔", "西塘"]
    words = ["云栖", "听风", "半山", "拾光", "花间", "溪语", "南山", "慢居", "青舍", "隐庐", "望湖", "竹里", "归园",
             "木棉", "星空", "栖迟", "闲云", "杏林", "山居", "观澜", "苍洱", "海棠", "白塔", "月隐", "松风",
             "远山", "清欢", "枕水", "桃源", "野渡", "晴川", "青柠"]
    used = set()
    hs = []
    rooms = []
    rid = 1
    for i in range(1, 33):
        n = rng.randint(3, 5)
        hs.append((i, f"{words[i - 1]}{rng.choice(['民宿', '小院', '客栈', '山房'])}", cities[(i - 1) % 6], person(rng, used),
                   day(rng, "2023-01-01", "2024-05-31"), n))
        for k in range(1, n + 1):
            t, p, cap = rng.choice([("大床房", 380, 2), ("双床房", 360, 2), ("家庭房", 560, 4), ("景观套房", 880, 2), ("大床房", 420, 2)])
            rooms.append((rid, i, f"{k:02d}", t, float(p + rng.choice([-40, 0, 20, 60])), cap))
            rid += 1
    gused = set()
    guests = []
    provs = ["上海", "浙江", "江苏", "广东", "北京", "四川", "湖南", "云南"]
    for i in range(1, 151):
        guests.append((i, person(rng, gused), phone(rng), rng.choice(provs), None))
    bookings = []
    first = {}
    for i in range(1, 401):
        r = rng.choice(rooms)
        g = guests[min(149, int(rng.random() ** 1.3 * 150))]
        ci = day(rng, "2023-06-01", "2025-08-31")
        n = rng.choice([1, 1, 2, 2, 3, 4])
        st = rng.choice(["已完成", "已完成", "已完成", "已完成", "已取消", "已入住"]) if ci < "2025-08-01" else "已预订"
        bookings.append((i, r[0], g[0], rng.choice(["携程", "美团", "飞猪", "小红书", "直订", "携程"]), ci, plus(ci, n), n,
                         round(r[4] * n * rng.choice([1.0, 1.0, 0.9, 1.2]), 2), st))
        if st != "已取消":
            first[g[0]] = min(first.get(g[0], "9999"), ci)
    guests = [(g[0], g[1], g[2], g[3], first.get(g[0])) for g in guests]
    reviews = []
    done = [b for b in bookings if b[8] == "已完成"]
    for i, b in enumerate(rng.sample(done, 200), 1):
        reviews.append((i, b[0], rng.choice([3, 4, 4, 5, 5, 5]) if rng.random() > 0.1 else rng.choice([1, 2]), plus(b[5], rng.randint(0, 10))))
    reviews.sort(key=lambda x: x[3])
    reviews = [(i, *r[1:]) for i, r in enumerate(reviews, 1)]
    write("minsu_zb", ddl, {"homestay": hs, "room": rooms, "guest": guests, "booking": bookings, "review": reviews})


# ---------------------------------------------------------------- 外卖平台 (English/pinyin)
def waimai():
    rng = random.Random(2605)
    ddl = """
CREATE TABLE shangjia (shangjia_id INTEGER PRIMARY KEY, shangjia_name TEXT NOT NULL, category TEXT, district TEXT,
  rating REAL, join_date TEXT);
CREATE TABLE rider (rider_id INTEGER PRIMARY KEY, rider_name TEXT NOT NULL, phone TEXT, station TEXT, hire_date TEXT);
CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, nickname TEXT, phone TEXT, district TEXT, register_date TEXT);
CREATE TABLE orders (order_id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customer(customer_id),
  shangjia_id INTEGER REFERENCES shangjia(shangjia_id), rider_id INTEGER REFERENCES rider(rider_id),
  order_time TEXT, food_amount REAL, delivery_fee REAL, discount_amount REAL, pay_amount REAL, status TEXT);
CREATE TABLE coupon (coupon_id INTEGER PRIMARY KEY, coupon_name TEXT, face_value REAL, threshold REAL,
  valid_from TEXT, valid_to TEXT);
CREATE TABLE coupon_use (use_id INTEGER PRIMARY KEY, coupon_id INTEGER REFERENCES coupon(coupon_id),
  order_id INTEGER REFERENCES orders(order_id), used_at TEXT);
CREATE TABLE refund (refund_id INTEGER PRIMARY KEY, order_id INTEGER REFERENCES orders(order_id),
  refund_amount REAL, reason TEXT, refund_date TEXT);
"""
    cats = [("快餐简餐", ["黄焖鸡米饭", "沙县小吃", "兰州拉面", "麻辣烫", "盖浇饭", "木桶饭", "猪脚饭"]),
            ("奶茶饮品", ["蜜雪冰城", "茶百道", "书亦烧仙草", "古茗", "一点点"]),
            ("烧烤", ["老王烧烤", "串串香", "夜猫子烧烤", "东北烤串", "新疆羊肉串"]),
            ("西式快餐", ["汉堡王", "华莱士", "塔斯汀", "德克士"]),
            ("甜品", ["杨枝甘露坊", "双皮奶", "泡芙工坊", "芋圆小铺"]),
            ("火锅冒菜", ["冒菜大王", "小郡肝串串", "自助小火锅", "重庆鸡公煲"]),
            ("地方菜", ["湘味小厨", "粤式烧腊", "东北饺子馆", "潮汕牛肉粉", "川菜馆", "西北面馆", "酸菜鱼"])]
    dists = ["朝阳区", "海淀区", "东城区", "西城区", "丰台区"]
    sj = []
    i = 1
    for cat, names in cats:
        for n in names:
            d = rng.choice(dists)
            sj.append((i, f"{n}({d[:-1]}店)", cat, d, round(rng.uniform(4.0, 4.9), 1), day(rng, "2023-01-01", "2024-06-30")))
            i += 1
    used = set()
    riders = [(k, person(rng, used), phone(rng), rng.choice(["望京站", "中关村站", "国贸站", "五道口站"]),
               day(rng, "2023-01-01", "2024-12-31")) for k in range(1, 41)]
    nicks = ["吃货", "小猫", "阿杰", "甜甜", "大熊", "橙子", "夜猫", "胖虎", "小鹿", "阿飞", "豆豆", "可乐", "土豆", "晴天", "布丁"]
    cus = []
    cused = set()
    for k in range(1, 151):
        nk = unique_name(rng, cused, lambda r: r.choice(nicks) + str(r.randint(1, 999)))
        cus.append((k, nk, phone(rng), rng.choice(dists + ["朝阳区", "海淀区"]), day(rng, "2023-01-01", "2025-03-31")))
    orders = []
    for k in range(1, 451):
        c = rng.choice(cus[:135])
        s = sj[min(len(sj) - 1, int(rng.random() ** 1.4 * len(sj)))]
        r = riders[min(39, int(rng.random() ** 1.3 * 40))]
        d = day(rng, "2023-07-01", "2025-06-30")
        food = money(rng, 15, 120)
        fee = rng.choice([0.0, 2.0, 3.0, 3.5, 5.0])
        disc = rng.choice([0.0, 0.0, 3.0, 5.0, 8.0])
        st = rng.choice(["已完成"] * 9 + ["已取消"])
        orders.append((k, c[0], s[0], r[0], f"{d} {rng.randint(10, 22):02d}:{rng.randint(0, 59):02d}", food, fee, disc,
                       round(food + fee - disc, 2), st))
    coupons = []
    for k in range(1, 31):
        fv = float(rng.choice([3, 5, 5, 8, 10, 15, 20]))
        th = fv * rng.choice([4, 5, 6])
        vf = day(rng, "2023-06-01", "2025-03-01")
        coupons.append((k, f"满{int(th)}减{int(fv)}券" if k % 4 else f"新人{int(fv)}元券", fv, th, vf, plus(vf, 90)))
    uses = []
    for k, o in enumerate(rng.sample([o for o in orders if o[7] > 0], 120), 1):
        uses.append((k, rng.randint(1, 30), o[0], o[4]))
    uses.sort(key=lambda u: u[3])
    uses = [(k, *u[1:]) for k, u in enumerate(uses, 1)]
    refunds = []
    for k, o in enumerate(rng.sample([o for o in orders if o[9] == "已完成"], 40), 1):
        refunds.append((k, o[0], round(o[8] * rng.choice([1.0, 0.5, 0.3]), 2),
                        rng.choice(["餐品洒漏", "送达超时", "少送餐品", "口味问题", "商家出错"]), o[4][:10]))
    write("waimai_zb", ddl, {"shangjia": sj, "rider": riders, "customer": cus, "orders": orders,
                             "coupon": coupons, "coupon_use": uses, "refund": refunds})


# ---------------------------------------------------------------- 二手车商 (Chinese names)
def ershouche():
    rng = random.Random(2606)
    ddl = """
CREATE TABLE 门店 (门店编号 INTEGER PRIMARY KEY, 门店名称 TEXT NOT NULL, 城市 TEXT, 地址 TEXT, 开业日期 TEXT);
CREATE TABLE 销售顾问 (顾问编号 INTEGER PRIMARY KEY, 姓名 TEXT NOT NULL, 门店编号 INTEGER REFERENCES 门店(门店编号),
  入职日期 TEXT, 手机号 TEXT);
CREATE TABLE 车辆 (车辆编号 INTEGER PRIMARY KEY, 品牌 TEXT, 车型 TEXT, 上牌年份 INTEGER, 表显里程 REAL,
  收购价 REAL, 标价 REAL, 门店编号 INTEGER REFERENCES 门店(门店编号), 入库日期 TEXT, 状态 TEXT);
CREATE TABLE 客户 (客户编号 INTEGER PRIMARY KEY, 客户姓名 TEXT, 手机号 TEXT, 所在城市 TEXT, 客户来源 TEXT);
CREATE TABLE 成交记录 (成交单号 INTEGER PRIMARY KEY, 车辆编号 INTEGER REFERENCES 车辆(车辆编号),
  客户编号 INTEGER REFERENCES 客户(客户编号), 顾问编号 INTEGER REFERENCES 销售顾问(顾问编号), 成交日期 TEXT,
  成交价 REAL, 付款方式 TEXT);
CREATE TABLE 整备费用 (记录编号 INTEGER PRIMARY KEY, 车辆编号 INTEGER REFERENCES 车辆(车辆编号), 整备项目 TEXT,
  金额 REAL, 发生日期 TEXT);
"""
    cities = ["上海", "杭州", "苏州", "宁波", "合肥"]
    stores = []
    for i in range(1, 31):
        c = cities[(i - 1) % 5]
        stores.append((i, f"优信好车{c}{i}号店", c, f"{c}市二手车交易市场{rng.randint(1, 9)}区{rng.randint(1, 99)}号",
                       day(rng, "2023-01-01", "2023-12-31")))
    used = set()
    advisers = [(k, person(rng, used), rng.randint(1, 30), day(rng, "2023-01-01", "2024-12-31"), phone(rng)) for k in range(1, 46)]
    models = [("丰田", "卡罗拉", 12), ("丰田", "凯美瑞", 20), ("本田", "雅阁", 18), ("本田", "思域", 12), ("大众", "朗逸", 9),
              ("大众", "帕萨特", 16), ("大众", "途观L", 19), ("日产", "轩逸", 9), ("别克", "GL8", 22), ("宝马", "3系", 25),
              ("宝马", "5系", 36), ("奔驰", "C级", 28), ("奔驰", "E级", 38), ("奥迪", "A4L", 24), ("奥迪", "Q5L", 30),
              ("特斯拉", "Model 3", 20), ("比亚迪", "汉", 17), ("比亚迪", "宋PLUS", 12), ("理想", "L7", 26), ("哈弗", "H6", 8)]
    cars = []
    for k in range(1, 241):
        b, m, base = rng.choice(models)
        reg = rng.randint(2016, 2023)
        age = 2025 - reg
        buy = round(base * 10000 * max(0.3, 1 - 0.09 * age) * rng.uniform(0.9, 1.05), -2)
        ind = day(rng, "2023-02-01", "2025-05-31")
        cars.append([k, b, m, reg, round(rng.uniform(0.5, 1.6) * age, 1), float(buy),
                     float(round(buy * rng.uniform(1.08, 1.2), -2)), rng.randint(1, 30), ind, "在售"])
    cused = set()
    custs = [(k, person(rng, cused), phone(rng), rng.choice(cities), rng.choice(["懂车帝", "抖音", "到店", "老客户介绍", "58同城"]))
             for k in range(1, 131)]
    deals = []
    sold = rng.sample([c for c in cars if c[8] < "2025-04-01"], 120)
    sold.sort(key=lambda c: c[0])
    for k, c in enumerate(sold, 1):
        c[9] = "已售"
        adv = rng.choice([a for a in advisers if a[2] == c[7]] or advisers)
        d = plus(c[8], rng.randint(5, 120))
        if d > "2025-06-30":
            d = "2025-06-30"
        deals.append((k, c[0], rng.choice(custs[:115])[0], adv[0], d, float(round(c[6] * rng.uniform(0.93, 1.0), -2)),
                      rng.choice(["全款", "全款", "分期"])))
    for c in cars:
        if c[9] == "在售" and rng.random() < 0.12:
            c[9] = "整备中"
    cars = [tuple(c) for c in cars]
    fees = []
    items = [("喷漆", 800, 3000), ("更换轮胎", 1200, 3600), ("保养", 400, 1200), ("内饰清洗", 200, 600), ("钣金修复", 500, 4000), ("玻璃更换", 600, 2000)]
    for k in range(1, 161):
        c = rng.choice(cars)
        it, lo, hi = rng.choice(items)
        fees.append((k, c[0], it, float(round(rng.uniform(lo, hi), -1)), plus(c[8], rng.randint(0, 10))))
    write("ershouche_zb", ddl, {"门店": stores, "销售顾问": advisers, "车辆": cars, "客户": custs,
                                "成交记录": deals, "整备费用": fees})


# ---------------------------------------------------------------- 家政服务 (Chinese names)
def jiazheng():
    rng = random.Random(2607)
    ddl = """
CREATE TABLE 服务项目 (项目编号 INTEGER PRIMARY KEY, 项目名称 TEXT NOT NULL, 服务大类 TEXT, 计价单位 TEXT, 标准单价 REAL);
CREATE TABLE 阿姨 (阿姨编号 INTEGER PRIMARY KEY, 姓名 TEXT NOT NULL, 籍贯 TEXT, 年龄 INTEGER, 星级 INTEGER,
  入职日期 TEXT, 手机号 TEXT);
CREATE TABLE 客户 (客户编号 INTEGER PRIMARY KEY, 客户姓名 TEXT, 手机号 TEXT, 小区 TEXT, 区域 TEXT, 注册日期 TEXT);
CREATE TABLE 服务订单 (订单号 INTEGER PRIMARY KEY, 客户编号 INTEGER REFERENCES 客户(客户编号),
  阿姨编号 INTEGER REFERENCES 阿姨(阿姨编号), 项目编号 INTEGER REFERENCES 服务项目(项目编号), 服务日期 TEXT,
  数量 REAL, 单价 REAL, 订单状态 TEXT);
CREATE TABLE 客户评价 (评价编号 INTEGER PRIMARY KEY, 订单号 INTEGER REFERENCES 服务订单(订单号), 评分 INTEGER, 评价日期 TEXT);
CREATE TABLE 投诉记录 (投诉编号 INTEGER PRIMARY KEY, 订单号 INTEGER REFERENCES 服务订单(订单号), 投诉日期 TEXT,
  投诉类型 TEXT, 处理结果 TEXT);
"""
    pdef = [("日常保洁", "保洁", "小时", 45), ("深度保洁", "保洁", "小时", 60), ("开荒保洁", "保洁", "平方米", 8),
            ("擦玻璃", "保洁", "平方米", 6), ("厨房深度清洁", "保洁", "次", 298), ("卫生间深度清洁", "保洁", "次", 198),
            ("除螨", "保洁", "次", 158), ("地板打蜡", "保洁", "平方米", 12), ("沙发清洗", "清洗", "座", 80),
            ("地毯清洗", "清洗", "平方米", 25), ("挂机空调清洗", "清洗", "台", 90), ("柜机空调清洗", "清洗", "台", 150),
            ("中央空调清洗", "清洗", "出风口", 60), ("油烟机清洗", "清洗", "台", 160), ("洗衣机清洗", "清洗", "台", 120),
            ("冰箱清洗", "清洗", "台", 110), ("热水器清洗", "清洗", "台", 130), ("窗帘清洗", "清洗", "平方米", 18),
            ("床垫除螨清洗", "清洗", "张", 168), ("做饭", "烹饪", "小时", 50), ("家宴上门厨师", "烹饪", "次", 600),
            ("收纳整理", "整理", "小时", 88), ("搬家整理", "整理", "小时", 95), ("衣橱整理", "整理", "小时", 90),
            ("钟点看护老人", "看护", "小时", 55), ("陪诊", "看护", "次", 200), ("钟点带娃", "看护", "小时", 60),
            ("宠物喂养", "看护", "次", 50), ("月嫂", "母婴", "天", 450), ("育儿嫂", "母婴", "天", 300),
            ("催乳", "母婴", "次", 380), ("新生儿洗澡", "母婴", "次", 150)]
    projs = [(i, *p[:3], float(p[3])) for i, p in enumerate(pdef, 1)]
    used = set()
    ayi = [(k, person(rng, used), rng.choice(["安徽", "四川", "河南", "江西", "湖南", "甘肃", "安徽", "四川"]),
            rng.randint(32, 58), rng.choice([3, 4, 4, 5, 5]), day(rng, "2023-01-01", "2024-12-31"), phone(rng)) for k in range(1, 61)]
    areas = [("浦东新区", ["仁恒河滨城", "世纪公园壹号", "联洋花园", "碧云国际社区"]), ("徐汇区", ["徐汇苑", "汇翠花园", "万科城市花园"]),
             ("闵行区", ["古北国际花园", "春申景城", "万科朗润园"]), ("静安区", ["静安豪景", "中凯城市之光"]),
             ("长宁区", ["虹桥新城", "天山怡景苑"])]
    cused = set()
    custs = []
    for k in range(1, 131):
        a, xs = rng.choice(areas)
        custs.append((k, person(rng, cused), phone(rng), rng.choice(xs), a, day(rng, "2023-01-01", "2025-03-31")))
    orders = []
    for k in range(1, 421):
        c = rng.choice(custs[:118])
        p = projs[min(31, int(rng.random() ** 1.6 * 32))]
        a = rng.choice(ayi[:56])
        unit = p[3]
        q = {"小时": rng.choice([2, 3, 3, 4]), "平方米": rng.choice([40, 60, 80, 100, 120]), "天": rng.choice([26, 30, 42]),
             "出风口": rng.choice([3, 4, 6])}.get(unit, rng.choice([1, 1, 2]))
        price = round(p[4] * rng.choice([1.0, 1.0, 1.1, 0.9]), 2)
        st = rng.choice(["已完成"] * 8 + ["已取消", "待服务"])
        orders.append((k, c[0], a[0], p[0], day(rng, "2023-05-01", "2025-06-30"), float(q), price, st))
    done = [o for o in orders if o[7] == "已完成"]
    rev = []
    for k, o in enumerate(sorted(rng.sample(done, 220), key=lambda o: o[0]), 1):
        rev.append((k, o[0], rng.choice([5, 5, 5, 4, 4, 3, 2]), plus(o[4], rng.randint(0, 5))))
    comp = []
    for k, o in enumerate(sorted(rng.sample(done, 40), key=lambda o: o[0]), 1):
        comp.append((k, o[0], plus(o[4], rng.randint(0, 3)), rng.choice(["迟到", "打扫不干净", "损坏物品", "态度问题", "超时收费"]),
                     rng.choice(["已退款", "已道歉", "已重做", "处理中"])))
    write("jiazheng_zb", ddl, {"服务项目": projs, "阿姨": ayi, "客户": custs, "服务订单": orders,
                               "客户评价": rev, "投诉记录": comp})


# ---------------------------------------------------------------- 电影院 (Chinese names)
def dianyingyuan():
    rng = random.Random(2608)
    ddl = """
CREATE TABLE 影城 (影城编号 INTEGER PRIMARY KEY, 影城名称 TEXT NOT NULL, 城市 TEXT, 开业日期 TEXT);
CREATE TABLE 影厅 (影厅编号 INTEGER PRIMARY KEY, 影城编号 INTEGER REFERENCES 影城(影城编号), 厅名 TEXT, 厅类型 TEXT,
  座位数 INTEGER);
CREATE TABLE 影片 (影片编号 INTEGER PRIMARY KEY, 片名 TEXT NOT NULL, 类型 TEXT, 导演 TEXT, 片长 INTEGER, 上映日期 TEXT);
CREATE TABLE 场次 (场次编号 INTEGER PRIMARY KEY, 影片编号 INTEGER REFERENCES 影片(影片编号),
  影厅编号 INTEGER REFERENCES 影厅(影厅编号), 放映日期 TEXT, 开场时间 TEXT, 票价 REAL);
CREATE TABLE 会员 (会员编号 INTEGER PRIMARY KEY, 姓名 TEXT, 手机号 TEXT, 会员等级 TEXT, 注册日期 TEXT);
CREATE TABLE 售票记录 (订单编号 INTEGER PRIMARY KEY, 场次编号 INTEGER REFERENCES 场次(场次编号),
  会员编号 INTEGER REFERENCES 会员(会员编号), 购票渠道 TEXT, 购票数量 INTEGER, 实付金额 REAL, 购票日期 TEXT);
CREATE TABLE 卖品销售 (流水号 INTEGER PRIMARY KEY, 影城编号 INTEGER REFERENCES 影城(影城编号), 销售日期 TEXT,
  品名 TEXT, 数量 INTEGER, 单价 REAL);
"""
    cities = ["北京", "上海", "成都", "西安", "武汉"]
    malls = ["万达广场", "大悦城", "龙湖天街", "万象城", "吾悦广场", "印象城"]
    cinemas = []
    for i in range(1, 31):
        c = cities[(i - 1) % 5]
        cinemas.append((i, f"星光影城{c}{malls[(i - 1) // 5]}店", c, day(rng, "2023-01-01", "2023-12-31")))
    halls = []
    hid = 1
    for c in cinemas:
        for k in range(1, rng.randint(3, 4) + 1):
            t = rng.choice(["普通厅", "普通厅", "普通厅", "IMAX厅", "杜比厅", "VIP厅"])
            seats = {"普通厅": rng.choice([96, 120, 150]), "IMAX厅": rng.choice([280, 320]), "杜比厅": 200, "VIP厅": 32}[t]
            halls.append((hid, c[0], f"{k}号厅", t, seats))
            hid += 1
    fdef = [("流浪地球2", "科幻", "郭帆", 173), ("满江红", "悬疑", "张艺谋", 159), ("孤注一掷", "犯罪", "申奥", 130),
            ("消失的她", "悬疑", "崔睿", 121), ("封神第一部", "奇幻", "乌尔善", 148), ("热辣滚烫", "喜剧", "贾玲", 129),
            ("飞驰人生2", "喜剧", "韩寒", 121), ("第二十条", "剧情", "张艺谋", 141), ("抓娃娃", "喜剧", "闫非", 133),
            ("默杀", "悬疑", "柯汶利", 124), ("长安三万里", "动画", "谢君伟", 168), ("熊出没·逆转时空", "动画", "林汇达", 109),
            ("坚如磐石", "犯罪", "张艺谋", 127), ("八角笼中", "剧情", "王宝强", 117), ("志愿军：雄兵出击", "战争", "陈凯歌", 143),
            ("年会不能停！", "喜剧", "董润年", 118), ("周处除三害", "犯罪", "黄精甫", 134), ("哪吒之魔童闹海", "动画", "饺子", 144),
            ("唐探1900", "喜剧", "陈思诚", 136), ("射雕英雄传：侠之大者", "武侠", "徐克", 146), ("误杀3", "悬疑", "柯汶利", 120),
            ("焚城", "灾难", "刘白", 115), ("沙丘2", "科幻", "维伦纽瓦", 166), ("功夫熊猫4", "动画", "迈克·米切尔", 94),
            ("哥斯拉大战金刚2", "科幻", "亚当·温加德", 115), ("头脑特工队2", "动画", "凯尔西·曼", 96), ("死侍与金刚狼", "动作", "肖恩·利维", 128),
            ("异形：夺命舰", "科幻", "费德·阿尔瓦雷斯", 119), ("疯狂动物城2", "动画", "拜伦·霍华德", 108), ("阿凡达：水之道", "科幻", "詹姆斯·卡梅隆", 192),
            ("奥本海默", "传记", "诺兰", 180), ("好东西", "喜剧", "邵艺辉", 123), ("出走的决心", "剧情", "尹丽川", 128),
            ("小小的我", "剧情", "杨荔钠", 131)]
    films = []
    for i, (n, t, d, ln) in enumerate(fdef, 1):
        films.append((i, n, t, d, ln, day(rng, "2023-01-05", "2025-05-31")))
    shows = []
    showable = films[:32]
    for k in range(1, 401):
        f = rng.choice(showable)
        h = rng.choice(halls)
        d = plus(f[5], rng.randint(0, 40))
        if d > "2025-06-30":
            d = "2025-06-30"
        base = {"普通厅": 39, "IMAX厅": 69, "杜比厅": 59, "VIP厅": 99}[h[3]]
        shows.append((k, f[0], h[0], d, f"{rng.choice([10, 12, 14, 16, 19, 20, 21]):02d}:{rng.choice(['00', '15', '30', '45'])}",
                      float(base + rng.choice([-5, 0, 0, 5, 10]))))
    used = set()
    mem = [(k, person(rng, used), phone(rng), rng.choice(["普通", "普通", "银卡", "金卡", "黑钻"]), day(rng, "2023-01-01", "2025-03-31"))
           for k in range(1, 101)]
    tickets = []
    for k in range(1, 501):
        s = rng.choice(shows)
        m = rng.choice(mem[:92] + [None] * 40)
        q = rng.choice([1, 1, 2, 2, 2, 3, 4])
        tickets.append((k, s[0], m[0] if m else None, rng.choice(["猫眼", "淘票票", "猫眼", "影城小程序", "现场购票"]), q,
                        round(q * s[5] * rng.choice([1.0, 1.0, 0.9, 0.8]), 2), plus(s[3], -rng.randint(0, 3))))
    snacks = []
    sdef = [("爆米花(大)", 38.0), ("爆米花(中)", 28.0), ("可乐(大)", 15.0), ("可乐(中)", 12.0), ("矿泉水", 6.0),
            ("热狗", 18.0), ("双人套餐", 58.0), ("单人套餐", 36.0)]
    for k in range(1, 241):
        n, p = rng.choice(sdef)
        snacks.append((k, rng.randint(1, 30), day(rng, "2023-06-01", "2025-06-30"), n, rng.randint(1, 4), p))
    write("dianyingyuan_zb", ddl, {"影城": cinemas, "影厅": halls, "影片": films, "场次": shows, "会员": mem,
                                   "售票记录": tickets, "卖品销售": snacks})


if __name__ == "__main__":
    shengxian()
    yaodian()
    jianshen()
    minsu()
    waimai()
    ershouche()
    jiazheng()
    dianyingyuan()
