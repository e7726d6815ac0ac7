#!/usr/bin/env python3
"""Build the 8 invented SQLite databases of the blind set invented_blind_zh_c.jsonl.

Written by the "blind-invented-zh-c" helper (session 27) on 2026-11-28, without reading the
askdb question-to-SQL engine, its docs, rules or other question sets, and without running askdb.
Every schema and row is invented: small Chinese businesses. English/pinyin snake_case names:
宠物医院 chongwu_zc, 服装连锁 fuzhuang_zc, 母婴店 muying_zc, 汽车维修 qixiu_zc, 共享充电宝
chongdianbao_zc; Chinese table and column names (an imported spreadsheet): 花店 huadian_zc,
烘焙连锁 hongbei_zc, 印刷厂 yinshua_zc. Declared foreign keys, REAL money, ISO TEXT dates in 2023-2025.

Deterministic: fixed random.Random seeds, no clock; each run rewrites
tests/nlq/invented/<name>.sqlite byte for byte the same.
Usage: python3 tests/nlq/build_invented_blind_zc.py
"""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from invented_rows import OUT, day, money, plus, unique_name, write  # noqa: E402

SURNAMES = list("王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶程苏魏吕丁任沈姚卢")
GIVEN = ["伟", "芳", "娜", "秀英", "敏", "静", "丽", "强", "磊", "军", "洋", "勇", "艳", "杰", "娟",
         "涛", "明", "超", "秀兰", "霞", "平", "刚", "桂英", "建华", "文", "晨", "宇", "浩然", "子轩",
         "欣怡", "梓涵", "一诺", "思远", "雨桐", "佳琪", "俊杰", "晓东", "海燕", "志强", "春梅"]


def person(rng, used):
    return unique_name(rng, used, lambda r: r.choice(SURNAMES) + r.choice(GIVEN))


def phone(rng):
    return "1" + rng.choice("3578") + str(rng.randint(100000000, 999999999))


def ts(rng, d):
    return f"{d} {rng.randint(8, 22):02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}"


# ---------------------------------------------------------------- 宠物医院 (English names)
def chongwu():
    rng = random.Random(2701)
    ddl = """
CREATE TABLE clinic (clinic_id INTEGER PRIMARY KEY, clinic_name TEXT NOT NULL, city TEXT, open_date TEXT);
CREATE TABLE vet (vet_id INTEGER PRIMARY KEY, vet_name TEXT NOT NULL, clinic_id INTEGER REFERENCES clinic(clinic_id),
  title TEXT, hire_date TEXT);
CREATE TABLE pet_owner (owner_id INTEGER PRIMARY KEY, owner_name TEXT NOT NULL, phone TEXT, city TEXT,
  join_date TEXT, member_level TEXT);
CREATE TABLE pet (pet_id INTEGER PRIMARY KEY, pet_name TEXT, owner_id INTEGER REFERENCES pet_owner(owner_id),
  species TEXT, breed TEXT, birth_date TEXT, weight_kg REAL);
CREATE TABLE service_item (item_id INTEGER PRIMARY KEY, item_name TEXT NOT NULL, category TEXT, price REAL);
CREATE TABLE visit (visit_id INTEGER PRIMARY KEY, pet_id INTEGER REFERENCES pet(pet_id),
  vet_id INTEGER REFERENCES vet(vet_id), visit_date TEXT, diagnosis TEXT, total_fee REAL, status TEXT);
CREATE TABLE visit_item (id INTEGER PRIMARY KEY, visit_id INTEGER REFERENCES visit(visit_id),
  item_id INTEGER REFERENCES service_item(item_id), qty INTEGER, unit_price REAL);
"""
    clinics = [(1, "爱宠动物医院(滨江店)", "杭州", "2019-05-01"), (2, "爱宠动物医院(西溪店)", "杭州", "2020-09-18"),
               (3, "爱宠动物医院(姑苏店)", "苏州", "2021-04-08"), (4, "爱宠动物医院(园区店)", "苏州", "2022-11-11"),
               (5, "爱宠动物医院(鼓楼店)", "南京", "2023-03-20")]
    used = set()
    vets = []
    vid = 1
    for c in clinics:
        for k in range(rng.randint(2, 4)):
            t = "主治兽医师" if k == 0 else rng.choice(["执业兽医师", "执业兽医师", "助理兽医师"])
            vets.append((vid, person(rng, used), c[0], t, day(rng, "2019-01-01", "2024-06-30")))
            vid += 1
    owners = []
    oused = set()
    for oid in range(1, 111):
        owners.append((oid, person(rng, oused), phone(rng), rng.choice(["杭州", "杭州", "苏州", "苏州", "南京"]),
                       day(rng, "2023-01-01", "2025-06-30"), rng.choice(["普通", "普通", "银卡", "金卡"])))
    dogs = ["泰迪", "柯基", "金毛", "柴犬", "比熊", "边牧", "拉布拉多"]
    cats = ["英短", "布偶", "美短", "橘猫", "暹罗"]
    pnames = ["豆豆", "球球", "旺财", "咪咪", "花花", "奶糖", "可乐", "布丁", "团子", "毛毛", "大黄", "小白",
              "年糕", "雪球", "橘子", "芝麻", "汤圆", "馒头", "乐乐", "多多"]
    pets = []
    for pid in range(1, 161):
        o = owners[(pid - 1) % 110] if pid <= 110 else rng.choice(owners[:80])
        sp = rng.choice(["犬", "犬", "猫", "猫", "兔", "仓鼠"])
        br = rng.choice(dogs) if sp == "犬" else rng.choice(cats) if sp == "猫" else None
        w = {"犬": rng.uniform(2.5, 32), "猫": rng.uniform(2.5, 7.5), "兔": rng.uniform(1, 3), "仓鼠": rng.uniform(0.05, 0.2)}[sp]
        pets.append((pid, rng.choice(pnames), o[0], sp, br, day(rng, "2012-01-01", "2024-10-31"), round(w, 2)))
    items_def = [("常规体检", "检查", 120), ("血常规", "检查", 80), ("B超", "检查", 150), ("X光", "检查", 180),
                 ("狂犬疫苗", "疫苗", 60), ("猫三联疫苗", "疫苗", 120), ("犬八联疫苗", "疫苗", 150),
                 ("体内驱虫", "驱虫", 45), ("体外驱虫", "驱虫", 68), ("绝育手术", "手术", 800),
                 ("洁牙", "手术", 450), ("输液", "治疗", 95), ("皮肤病治疗", "治疗", 180), ("住院观察(天)", "住院", 200)]
    items = [(i, n, c, float(p)) for i, (n, c, p) in enumerate(items_def, 1)]
    diag = ["健康体检", "皮肤病", "肠胃炎", "疫苗接种", "绝育", "口腔疾病", "骨折", "感冒"]
    visits = []
    vitems = []
    iid = 1
    for v in range(1, 241):
        p = rng.choice(pets)
        vt = rng.choice(vets)
        d = day(rng, "2023-01-01", "2025-10-31")
        st = "已取消" if rng.random() < 0.07 else "已完成"
        total = 0.0
        if st == "已完成":
            for it in rng.sample(items, rng.choice([1, 1, 2, 2, 3])):
                q = 1 if it[2] != "住院" else rng.randint(1, 4)
                vitems.append((iid, v, it[0], q, it[3]))
                iid += 1
                total += q * it[3]
        visits.append((v, p[0], vt[0], d, rng.choice(diag), round(total, 2), st))
    write("chongwu_zc", ddl, {"clinic": clinics, "vet": vets, "pet_owner": owners, "pet": pets,
                              "service_item": items, "visit": visits, "visit_item": vitems})


# ---------------------------------------------------------------- 服装连锁 (English / pinyin names)
def fuzhuang():
    rng = random.Random(2702)
    ddl = """
CREATE TABLE mendian (mendian_id INTEGER PRIMARY KEY, mendian_name TEXT NOT NULL, city TEXT, area_sqm REAL,
  open_date TEXT, manager TEXT);
CREATE TABLE sku (sku_id INTEGER PRIMARY KEY, sku_code TEXT, product_name TEXT NOT NULL, category TEXT,
  color TEXT, size TEXT, list_price REAL, cost_price REAL);
CREATE TABLE kucun (mendian_id INTEGER REFERENCES mendian(mendian_id), sku_id INTEGER REFERENCES sku(sku_id),
  qty INTEGER, PRIMARY KEY (mendian_id, sku_id));
CREATE TABLE member (member_id INTEGER PRIMARY KEY, member_name TEXT NOT NULL, phone TEXT, gender TEXT,
  level TEXT, register_date TEXT);
CREATE TABLE orders (order_id INTEGER PRIMARY KEY, mendian_id INTEGER REFERENCES mendian(mendian_id),
  member_id INTEGER REFERENCES member(member_id), order_time TEXT, pay_amount REAL, pay_method TEXT);
CREATE TABLE order_items (item_id INTEGER PRIMARY KEY, order_id INTEGER REFERENCES orders(order_id),
  sku_id INTEGER REFERENCES sku(sku_id), qty INTEGER, sale_price REAL);
CREATE TABLE refund (refund_id INTEGER PRIMARY KEY, order_id INTEGER REFERENCES orders(order_id),
  refund_date TEXT, refund_amount REAL, reason TEXT);
"""
    used = set()
    md_def = [("上海南京路店", "上海", 220.0), ("上海徐家汇店", "上海", 160.0), ("北京西单店", "北京", 240.0),
              ("北京三里屯店", "北京", 180.0), ("广州北京路店", "广州", 150.0), ("深圳万象城店", "深圳", 200.0),
              ("成都春熙路店", "成都", 170.0)]
    mds = [(i, n, c, a, day(rng, "2018-01-01", "2023-06-30"), person(rng, used)) for i, (n, c, a) in enumerate(md_def, 1)]
    prods = [("纯棉圆领T恤", "T恤", 79), ("宽松印花T恤", "T恤", 99), ("修身牛仔裤", "裤装", 259), ("直筒休闲裤", "裤装", 199),
             ("连帽卫衣", "卫衣", 229), ("羊毛针织衫", "针织", 399), ("轻薄羽绒服", "外套", 599), ("风衣", "外套", 699),
             ("碎花连衣裙", "裙装", 329), ("百褶半身裙", "裙装", 189)]
    skus = []
    sid = 1
    for pi, (n, c, p) in enumerate(prods):
        for col in rng.sample(["黑色", "白色", "藏青", "卡其", "灰色"], 2):
            for sz in ["M", "L"]:
                skus.append((sid, f"FZ{pi + 1:02d}-{sid:03d}", n, c, col, sz, float(p), round(p * rng.uniform(0.35, 0.5), 2)))
                sid += 1
    kucun = []
    for m in mds:
        for s in skus:
            if rng.random() < 0.55:
                kucun.append((m[0], s[0], rng.choice([0, 2, 3, 5, 8, 12, 15, 20, 30])))
    mused = set()
    members = []
    for i in range(1, 131):
        members.append((i, person(rng, mused), phone(rng), rng.choice(["女", "女", "男"]),
                        rng.choice(["普通", "普通", "银卡", "金卡", "钻石"]), day(rng, "2023-01-01", "2025-06-30")))
    orders = []
    items = []
    iid = 1
    for oid in range(1, 301):
        m = rng.choice(mds + mds[:2])
        mem = rng.choice(members[:110]) if rng.random() < 0.8 else None
        d = day(rng, "2023-01-01", "2025-09-30")
        total = 0.0
        for s in rng.sample(skus, rng.choice([1, 1, 2, 2, 3])):
            q = rng.choice([1, 1, 1, 2])
            sp = round(s[6] * rng.choice([1.0, 1.0, 0.9, 0.8, 0.7]), 2)
            items.append((iid, oid, s[0], q, sp))
            iid += 1
            total += q * sp
        orders.append((oid, m[0], mem[0] if mem else None, ts(rng, d), round(total, 2),
                       rng.choice(["微信", "微信", "支付宝", "银行卡", "现金"])))
    refunds = []
    for rid, o in enumerate(rng.sample(orders, 36), 1):
        amt = o[4] if rng.random() < 0.5 else round(o[4] * rng.choice([0.3, 0.5]), 2)
        refunds.append((rid, o[0], plus(o[3][:10], rng.randint(1, 14)), amt,
                        rng.choice(["尺码不合适", "尺码不合适", "质量问题", "不喜欢", "色差"])))
    write("fuzhuang_zc", ddl, {"mendian": mds, "sku": skus, "kucun": kucun, "member": members,
                               "orders": orders, "order_items": items, "refund": refunds})


# ---------------------------------------------------------------- 母婴店 (English names)
def muying():
    rng = random.Random(2703)
    ddl = """
CREATE TABLE store (store_id INTEGER PRIMARY KEY, store_name TEXT NOT NULL, city TEXT, open_date TEXT);
CREATE TABLE supplier (supplier_id INTEGER PRIMARY KEY, supplier_name TEXT NOT NULL, contact TEXT, phone TEXT,
  province TEXT);
CREATE TABLE product (product_id INTEGER PRIMARY KEY, product_name TEXT NOT NULL, brand TEXT, category TEXT,
  supplier_id INTEGER REFERENCES supplier(supplier_id), retail_price REAL, stock_qty INTEGER);
CREATE TABLE member (member_id INTEGER PRIMARY KEY, member_name TEXT NOT NULL, phone TEXT,
  baby_birth_date TEXT, store_id INTEGER REFERENCES store(store_id), points INTEGER, join_date TEXT);
CREATE TABLE sales_order (order_id INTEGER PRIMARY KEY, store_id INTEGER REFERENCES store(store_id),
  member_id INTEGER REFERENCES member(member_id), order_date TEXT, amount REAL, status TEXT);
CREATE TABLE sales_item (id INTEGER PRIMARY KEY, order_id INTEGER REFERENCES sales_order(order_id),
  product_id INTEGER REFERENCES product(product_id), qty INTEGER, unit_price REAL);
CREATE TABLE coupon (coupon_id INTEGER PRIMARY KEY, member_id INTEGER REFERENCES member(member_id),
  face_value REAL, issue_date TEXT, used_date TEXT);
CREATE TABLE purchase_order (po_id INTEGER PRIMARY KEY, supplier_id INTEGER REFERENCES supplier(supplier_id),
  store_id INTEGER REFERENCES store(store_id), po_date TEXT, total_amount REAL, status TEXT);
"""
    stores = [(1, "贝乐母婴(万达店)", "合肥", "2020-06-01"), (2, "贝乐母婴(银泰店)", "合肥", "2021-08-15"),
              (3, "贝乐母婴(新街口店)", "南京", "2022-03-01"), (4, "贝乐母婴(河西店)", "南京", "2023-01-10"),
              (5, "贝乐母婴(芜湖店)", "芜湖", "2023-09-09")]
    used = set()
    sups = [(1, "华东乳业贸易有限公司", person(rng, used), phone(rng), "上海"),
            (2, "宝贝呵护用品有限公司", person(rng, used), phone(rng), "浙江"),
            (3, "童趣玩具批发", person(rng, used), phone(rng), "广东"),
            (4, "安心童装厂", person(rng, used), phone(rng), "江苏"),
            (5, "优品辅食供应链", person(rng, used), phone(rng), "山东"),
            (6, "星辰母婴进口", person(rng, used), phone(rng), "上海")]
    pdef = [("飞鹤星飞帆3段奶粉", "飞鹤", "奶粉", 1, 268), ("爱他美卓萃2段奶粉", "爱他美", "奶粉", 6, 358),
            ("美赞臣蓝臻1段奶粉", "美赞臣", "奶粉", 6, 398), ("君乐宝至臻3段奶粉", "君乐宝", "奶粉", 1, 218),
            ("帮宝适一级帮纸尿裤M", "帮宝适", "纸尿裤", 2, 159), ("花王妙而舒纸尿裤L", "花王", "纸尿裤", 6, 139),
            ("好奇心钻装拉拉裤XL", "好奇", "纸尿裤", 2, 149), ("婴儿湿巾80抽*6包", "全棉时代", "洗护", 2, 49),
            ("婴儿洗发沐浴二合一", "启初", "洗护", 2, 59), ("宝宝润肤霜", "红色小象", "洗护", 2, 69),
            ("米粉高铁1段", "嘉宝", "辅食", 5, 45), ("果泥组合装", "亨氏", "辅食", 5, 38), ("宝宝面条", "英氏", "辅食", 5, 29),
            ("婴儿连体衣", "安心", "童装", 4, 89), ("儿童羽绒服", "安心", "童装", 4, 299), ("学步鞋", "安心", "童装", 4, 129),
            ("益智积木桶", "童趣", "玩具", 3, 99), ("安抚摇铃套装", "童趣", "玩具", 3, 59), ("宝宝推车", "好孩子", "出行", 3, 1280),
            ("儿童安全座椅", "好孩子", "出行", 3, 1580)]
    prods = [(i, n, b, c, s, float(p), rng.choice([0, 3, 6, 8, 12, 25, 40, 60, 90])) for i, (n, b, c, s, p) in enumerate(pdef, 1)]
    mused = set()
    members = []
    for i in range(1, 121):
        members.append((i, person(rng, mused), phone(rng), day(rng, "2022-01-01", "2025-06-30"),
                        rng.choice(stores)[0], rng.randint(0, 5000), day(rng, "2023-01-01", "2025-06-30")))
    orders = []
    items = []
    iid = 1
    for oid in range(1, 281):
        mem = rng.choice(members[:100])
        st = rng.choice([mem[4], mem[4], rng.choice(stores)[0]])
        d = day(rng, "2023-03-01", "2025-10-31")
        status = "已退货" if rng.random() < 0.06 else "已完成"
        total = 0.0
        for p in rng.sample(prods, rng.choice([1, 1, 2, 3])):
            q = rng.choice([1, 1, 2, 3]) if p[3] != "出行" else 1
            items.append((iid, oid, p[0], q, p[5]))
            iid += 1
            total += q * p[5]
        orders.append((oid, st, mem[0], d, round(total, 2), status))
    coupons = []
    for cid in range(1, 161):
        mem = rng.choice(members)
        d = day(rng, "2023-01-01", "2025-09-30")
        used_d = plus(d, rng.randint(1, 60)) if rng.random() < 0.55 else None
        coupons.append((cid, mem[0], rng.choice([10.0, 20.0, 30.0, 50.0, 100.0]), d, used_d))
    pos = []
    for pid in range(1, 91):
        s = rng.choice(sups)
        pos.append((pid, s[0], rng.choice(stores)[0], day(rng, "2023-01-01", "2025-10-31"),
                    money(rng, 2000, 30000), rng.choice(["已入库", "已入库", "已入库", "在途", "已取消"])))
    write("muying_zc", ddl, {"store": stores, "supplier": sups, "product": prods, "member": members,
                             "sales_order": orders, "sales_item": items, "coupon": coupons, "purchase_order": pos})


# ---------------------------------------------------------------- 汽车维修 (English / pinyin names)
def qixiu():
    rng = random.Random(2704)
    ddl = """
CREATE TABLE kehu (kehu_id INTEGER PRIMARY KEY, kehu_name TEXT NOT NULL, phone TEXT, kehu_type TEXT, city TEXT);
CREATE TABLE vehicle (vehicle_id INTEGER PRIMARY KEY, kehu_id INTEGER REFERENCES kehu(kehu_id), plate_no TEXT,
  brand TEXT, model TEXT, model_year INTEGER, mileage_km INTEGER);
CREATE TABLE technician (tech_id INTEGER PRIMARY KEY, tech_name TEXT NOT NULL, skill_level TEXT, hire_date TEXT,
  hourly_rate REAL);
CREATE TABLE work_order (wo_id INTEGER PRIMARY KEY, vehicle_id INTEGER REFERENCES vehicle(vehicle_id),
  tech_id INTEGER REFERENCES technician(tech_id), open_date TEXT, close_date TEXT, service_type TEXT,
  labor_hours REAL, labor_fee REAL, status TEXT);
CREATE TABLE part (part_id INTEGER PRIMARY KEY, part_name TEXT NOT NULL, part_brand TEXT, unit_price REAL,
  stock_qty INTEGER);
CREATE TABLE wo_part (id INTEGER PRIMARY KEY, wo_id INTEGER REFERENCES work_order(wo_id),
  part_id INTEGER REFERENCES part(part_id), qty INTEGER, unit_price REAL);
"""
    used = set()
    kehu = []
    for i in range(1, 101):
        if i % 10 == 0:
            nm = ["顺达物流有限公司", "美家装饰公司", "城东出租车队", "恒通建材", "新宇科技", "蓝天驾校",
                  "万家超市", "鸿运汽车租赁", "金桥物业", "佳禾餐饮"][i // 10 - 1]
            kehu.append((i, nm, phone(rng), "企业", rng.choice(["武汉", "武汉", "孝感"])))
        else:
            kehu.append((i, person(rng, used), phone(rng), "个人", rng.choice(["武汉", "武汉", "武汉", "孝感", "鄂州"])))
    models = {"大众": ["朗逸", "帕萨特", "途观L"], "丰田": ["卡罗拉", "凯美瑞", "RAV4"], "本田": ["雅阁", "思域", "CR-V"],
              "比亚迪": ["秦PLUS", "汉EV", "宋PLUS"], "别克": ["英朗", "GL8"], "宝马": ["3系", "5系"]}
    vehicles = []
    for vid in range(1, 131):
        k = kehu[(vid - 1) % 100] if vid <= 100 else rng.choice(kehu[9::10])
        b = rng.choice(list(models))
        vehicles.append((vid, k[0], f"鄂A{rng.choice('BCDFGHJK')}{rng.randint(10000, 99999)}", b, rng.choice(models[b]),
                         rng.randint(2012, 2024), rng.randint(5000, 220000)))
    techs = []
    tused = set()
    for tid, lvl in enumerate(["高级技师", "高级技师", "技师", "技师", "技师", "中级工", "中级工", "学徒"], 1):
        rate = {"高级技师": 120.0, "技师": 90.0, "中级工": 70.0, "学徒": 40.0}[lvl]
        techs.append((tid, person(rng, tused), lvl, day(rng, "2015-01-01", "2024-03-01"), rate))
    pdef = [("机油 5W-30 4L", "美孚", 320), ("机油滤芯", "曼牌", 45), ("空气滤芯", "曼牌", 55), ("空调滤芯", "博世", 60),
            ("前刹车片", "博世", 380), ("后刹车片", "博世", 320), ("火花塞", "NGK", 65), ("蓄电池", "瓦尔塔", 680),
            ("雨刮片", "博世", 120), ("轮胎 205/55R16", "米其林", 720), ("正时皮带", "盖茨", 420), ("刹车油", "壳牌", 90),
            ("防冻液", "壳牌", 110), ("大灯灯泡", "欧司朗", 95)]
    parts = [(i, n, b, float(p), rng.choice([0, 2, 4, 6, 10, 18, 30, 50])) for i, (n, b, p) in enumerate(pdef, 1)]
    parts[7] = (8, "蓄电池", "瓦尔塔", 680.0, 3)
    types = {"保养": [1, 2, 3, 4], "刹车维修": [5, 6, 12], "电路维修": [7, 8, 14], "钣金喷漆": [], "轮胎更换": [10],
             "空调维修": [4, 13]}
    wos = []
    wps = []
    pid = 1
    for wo in range(1, 221):
        v = rng.choice(vehicles)
        t = rng.choice(techs)
        st_type = rng.choice(["保养", "保养", "保养", "刹车维修", "电路维修", "钣金喷漆", "轮胎更换", "空调维修"])
        od = day(rng, "2023-01-01", "2025-10-31")
        status = rng.choice(["已完工", "已完工", "已完工", "已完工", "维修中", "待取车"])
        cd = plus(od, rng.randint(0, 5)) if status != "维修中" else None
        hours = round(rng.choice([0.5, 1, 1.5, 2, 3, 4, 6]) * (3 if st_type == "钣金喷漆" else 1), 1)
        wos.append((wo, v[0], t[0], od, cd, st_type, hours, round(hours * t[4], 2), status))
        for p_id in types[st_type]:
            if rng.random() < 0.8:
                p = parts[p_id - 1]
                q = 4 if p_id == 10 and rng.random() < 0.5 else (4 if p_id == 7 else 1)
                wps.append((pid, wo, p_id, q, p[3]))
                pid += 1
    write("qixiu_zc", ddl, {"kehu": kehu, "vehicle": vehicles, "technician": techs, "work_order": wos,
                            "part": parts, "wo_part": wps})


# ---------------------------------------------------------------- 共享充电宝 (English names)
def chongdianbao():
    rng = random.Random(2705)
    ddl = """
CREATE TABLE city_agent (agent_id INTEGER PRIMARY KEY, agent_name TEXT NOT NULL, city TEXT, sign_date TEXT,
  commission_rate REAL);
CREATE TABLE venue (venue_id INTEGER PRIMARY KEY, venue_name TEXT NOT NULL, venue_type TEXT, district TEXT,
  agent_id INTEGER REFERENCES city_agent(agent_id), share_rate REAL);
CREATE TABLE cabinet (cabinet_id INTEGER PRIMARY KEY, cabinet_sn TEXT, venue_id INTEGER REFERENCES venue(venue_id),
  slot_count INTEGER, install_date TEXT, status TEXT);
CREATE TABLE app_user (user_id INTEGER PRIMARY KEY, nickname TEXT, phone TEXT, register_date TEXT,
  deposit_free INTEGER);
CREATE TABLE rental (rental_id INTEGER PRIMARY KEY, user_id INTEGER REFERENCES app_user(user_id),
  cabinet_id INTEGER REFERENCES cabinet(cabinet_id), return_cabinet_id INTEGER REFERENCES cabinet(cabinet_id),
  start_time TEXT, end_time TEXT, duration_min INTEGER, fee REAL, status TEXT);
CREATE TABLE complaint (complaint_id INTEGER PRIMARY KEY, rental_id INTEGER REFERENCES rental(rental_id),
  complaint_date TEXT, complaint_type TEXT, refund_amount REAL);
"""
    agents = [(1, "杭州速电科技", "杭州", "2022-06-01", 0.15), (2, "宁波充享网络", "宁波", "2023-02-15", 0.18),
              (3, "温州电小二代理", "温州", "2023-08-01", 0.2), (4, "绍兴闪充服务", "绍兴", "2024-03-10", 0.2)]
    vdef = [("湖滨银泰in77", "商场", "上城区", 1), ("西湖文化广场", "商场", "拱墅区", 1), ("杭州东站", "交通枢纽", "上城区", 1),
            ("外婆家(湖滨店)", "餐厅", "上城区", 1), ("浙大一院", "医院", "上城区", 1), ("如家酒店(武林店)", "酒店", "拱墅区", 1),
            ("宁波天一广场", "商场", "海曙区", 2), ("宁波南站", "交通枢纽", "海曙区", 2), ("绿茶餐厅(鄞州店)", "餐厅", "鄞州区", 2),
            ("鄞州万达", "商场", "鄞州区", 2), ("温州五马街", "商场", "鹿城区", 3), ("温州南站", "交通枢纽", "瓯海区", 3),
            ("海底捞(鹿城店)", "餐厅", "鹿城区", 3), ("绍兴银泰城", "商场", "越城区", 4), ("绍兴北站", "交通枢纽", "柯桥区", 4)]
    venues = [(i, n, t, d, a, rng.choice([0.2, 0.3, 0.35, 0.4])) for i, (n, t, d, a) in enumerate(vdef, 1)]
    cabs = []
    for cid in range(1, 41):
        v = venues[(cid - 1) % 15] if cid <= 30 else rng.choice(venues[:8])
        st = rng.choice(["在线", "在线", "在线", "在线", "离线", "维修"])
        cabs.append((cid, f"CB{2023000 + cid * 7}", v[0], rng.choice([6, 8, 12, 24]),
                     day(rng, "2023-01-01", "2025-03-31"), st))
    users = []
    nick = ["小", "阿", "大", "老"]
    uused = set()
    for uid in range(1, 201):
        nm = unique_name(rng, uused, lambda r: r.choice(nick) + r.choice(SURNAMES) + str(r.randint(1, 99)))
        users.append((uid, nm, phone(rng), day(rng, "2023-01-01", "2025-08-31"), rng.choice([0, 1, 1])))
    rentals = []
    for rid in range(1, 451):
        u = rng.choice(users[:180])
        c = rng.choice(cabs)
        d = day(rng, max(u[3], "2024-01-01"), "2025-10-31")
        h = rng.randint(8, 22)
        m = rng.randint(0, 59)
        start = f"{d} {h:02d}:{m:02d}:00"
        status = rng.choice(["已归还"] * 12 + ["未归还", "已买断"])
        if status == "已归还":
            dur = rng.choice([15, 30, 45, 60, 90, 120, 180, 240, 360, 600])
            fee = min(round(max(1, -(-dur // 30)) * 2.0, 2), 40.0)
            ret = rng.choice([c, c, rng.choice(cabs)])[0]
            endt = f"{plus(d, (h * 60 + m + dur) // 1440)} {((h * 60 + m + dur) % 1440) // 60:02d}:{(m + dur) % 60:02d}:00"
        elif status == "已买断":
            dur, fee, ret, endt = None, 99.0, None, None
        else:
            dur, fee, ret, endt = None, 0.0, None, None
        rentals.append((rid, u[0], c[0], ret, start, endt, dur, fee, status))
    comps = []
    for k, r in enumerate(rng.sample(rentals, 40), 1):
        t = rng.choice(["扣费异常", "扣费异常", "充电宝没电", "无法归还", "柜机故障"])
        comps.append((k, r[0], plus(r[4][:10], rng.randint(0, 3)), t, round(r[7] * rng.choice([0, 0.5, 1]), 2)))
    write("chongdianbao_zc", ddl, {"city_agent": agents, "venue": venues, "cabinet": cabs, "app_user": users,
                                   "rental": rentals, "complaint": comps})


# ---------------------------------------------------------------- 花店 (Chinese names)
def huadian():
    rng = random.Random(2706)
    ddl = """
CREATE TABLE 门店 (门店编号 INTEGER PRIMARY KEY, 门店名称 TEXT NOT NULL, 区域 TEXT, 开业日期 TEXT, 店长 TEXT);
CREATE TABLE 花材 (花材编号 INTEGER PRIMARY KEY, 花材名称 TEXT NOT NULL, 类别 TEXT, 产地 TEXT, 进价 REAL, 库存数量 INTEGER);
CREATE TABLE 商品 (商品编号 INTEGER PRIMARY KEY, 商品名称 TEXT NOT NULL, 商品类型 TEXT, 售价 REAL, 上架日期 TEXT);
CREATE TABLE 客户 (客户编号 INTEGER PRIMARY KEY, 客户姓名 TEXT NOT NULL, 手机号 TEXT, 会员等级 TEXT, 注册日期 TEXT);
CREATE TABLE 订单 (订单编号 INTEGER PRIMARY KEY, 门店编号 INTEGER REFERENCES 门店(门店编号),
  客户编号 INTEGER REFERENCES 客户(客户编号), 下单日期 TEXT, 配送方式 TEXT, 订单金额 REAL, 订单状态 TEXT);
CREATE TABLE 订单明细 (明细编号 INTEGER PRIMARY KEY, 订单编号 INTEGER REFERENCES 订单(订单编号),
  商品编号 INTEGER REFERENCES 商品(商品编号), 数量 INTEGER, 单价 REAL);
CREATE TABLE 进货记录 (进货编号 INTEGER PRIMARY KEY, 门店编号 INTEGER REFERENCES 门店(门店编号),
  花材编号 INTEGER REFERENCES 花材(花材编号), 进货日期 TEXT, 进货数量 INTEGER, 进货单价 REAL);
"""
    used = set()
    stores = [(1, "花语轩(五道口店)", "海淀区", "2019-04-01", person(rng, used)),
              (2, "花语轩(国贸店)", "朝阳区", "2020-02-14", person(rng, used)),
              (3, "花语轩(望京店)", "朝阳区", "2021-05-20", person(rng, used)),
              (4, "花语轩(西直门店)", "西城区", "2022-08-08", person(rng, used)),
              (5, "花语轩(亦庄店)", "大兴区", "2023-09-01", person(rng, used))]
    fdef = [("红玫瑰", "玫瑰", "云南", 2.5), ("粉玫瑰", "玫瑰", "云南", 2.8), ("白玫瑰", "玫瑰", "云南", 3.0),
            ("香槟玫瑰", "玫瑰", "云南", 3.5), ("康乃馨", "康乃馨", "云南", 1.5), ("向日葵", "菊类", "云南", 4.0),
            ("小雏菊", "菊类", "云南", 1.2), ("百合", "百合", "云南", 6.0), ("郁金香", "球根", "荷兰", 8.0),
            ("满天星", "配花", "云南", 1.0), ("尤加利叶", "配叶", "云南", 0.8), ("绣球", "绣球", "云南", 12.0),
            ("芍药", "芍药", "山东", 9.5), ("洋桔梗", "配花", "云南", 2.2)]
    flowers = [(i, n, c, o, p, rng.choice([0, 5, 12, 30, 60, 120, 200, 350])) for i, (n, c, o, p) in enumerate(fdef, 1)]
    flowers[8] = (9, "郁金香", "球根", "荷兰", 8.0, 6)
    gdef = [("11枝红玫瑰花束", "花束", 199), ("33枝红玫瑰花束", "花束", 499), ("99枝红玫瑰花束", "花束", 1299),
            ("粉玫瑰混搭花束", "花束", 259), ("向日葵花束", "花束", 168), ("康乃馨母亲节花束", "花束", 188),
            ("香槟玫瑰花盒", "花盒", 329), ("永生花小熊花盒", "花盒", 399), ("开业花篮", "花篮", 588),
            ("商务花篮", "花篮", 388), ("绿植·发财树", "绿植", 268), ("绿植·龟背竹", "绿植", 158),
            ("每周鲜花订阅", "订阅", 99), ("郁金香花束", "花束", 239)]
    goods = [(i, n, t, float(p), day(rng, "2022-01-01", "2024-12-31")) for i, (n, t, p) in enumerate(gdef, 1)]
    cused = set()
    custs = [(i, person(rng, cused), phone(rng), rng.choice(["普通", "普通", "银卡", "金卡"]),
              day(rng, "2023-01-01", "2025-06-30")) for i in range(1, 101)]
    orders = []
    items = []
    iid = 1
    for oid in range(1, 261):
        s = rng.choice(stores + stores[:2])
        c = rng.choice(custs[:88])
        d = rng.choice([day(rng, "2023-01-01", "2025-10-31")] * 14 + ["2024-02-14", "2025-02-14"])
        st = rng.choice(["已完成"] * 8 + ["已取消", "配送中"])
        total = 0.0
        for g in rng.sample(goods, rng.choice([1, 1, 1, 2])):
            q = rng.choice([1, 1, 2]) if g[2] != "花篮" else rng.choice([1, 2, 4])
            items.append((iid, oid, g[0], q, g[3]))
            iid += 1
            total += q * g[3]
        orders.append((oid, s[0], c[0], d, rng.choice(["到店自取", "同城配送", "同城配送"]), round(total, 2), st))
    buys = []
    for bid in range(1, 181):
        f = rng.choice(flowers)
        buys.append((bid, rng.choice(stores)[0], f[0], day(rng, "2023-01-01", "2025-10-31"),
                     rng.choice([20, 50, 100, 200]), round(f[4] * rng.uniform(0.85, 1.3), 2)))
    write("huadian_zc", ddl, {"门店": stores, "花材": flowers, "商品": goods, "客户": custs, "订单": orders,
                              "订单明细": items, "进货记录": buys})


# ---------------------------------------------------------------- 烘焙连锁 (Chinese names)
def hongbei():
    rng = random.Random(2707)
    ddl = """
CREATE TABLE 门店 (门店编号 INTEGER PRIMARY KEY, 门店名称 TEXT NOT NULL, 城市 TEXT, 商圈 TEXT, 开业日期 TEXT, 月租金 REAL);
CREATE TABLE 产品 (产品编号 INTEGER PRIMARY KEY, 产品名称 TEXT NOT NULL, 品类 TEXT, 零售价 REAL, 成本价 REAL, 保质期天数 INTEGER);
CREATE TABLE 员工 (员工编号 INTEGER PRIMARY KEY, 姓名 TEXT NOT NULL, 门店编号 INTEGER REFERENCES 门店(门店编号),
  岗位 TEXT, 入职日期 TEXT, 基本工资 REAL);
CREATE TABLE 销售明细 (流水号 INTEGER PRIMARY KEY, 日期 TEXT, 门店编号 INTEGER REFERENCES 门店(门店编号),
  产品编号 INTEGER REFERENCES 产品(产品编号), 数量 INTEGER, 单价 REAL, 收银员编号 INTEGER REFERENCES 员工(员工编号),
  支付方式 TEXT);
CREATE TABLE 报损记录 (报损编号 INTEGER PRIMARY KEY, 日期 TEXT, 门店编号 INTEGER REFERENCES 门店(门店编号),
  产品编号 INTEGER REFERENCES 产品(产品编号), 报损数量 INTEGER, 报损原因 TEXT);
"""
    stores = [(1, "麦香坊(解放路店)", "西安", "钟楼商圈", "2019-10-01", 28000.0),
              (2, "麦香坊(小寨店)", "西安", "小寨商圈", "2020-12-12", 32000.0),
              (3, "麦香坊(高新店)", "西安", "高新商圈", "2022-04-18", 26000.0),
              (4, "麦香坊(曲江店)", "西安", "曲江商圈", "2023-06-06", 24000.0),
              (5, "麦香坊(宝鸡店)", "宝鸡", "经二路商圈", "2023-11-20", 15000.0),
              (6, "麦香坊(咸阳店)", "咸阳", "人民路商圈", "2024-05-01", 16000.0)]
    pdef = [("原味吐司", "面包", 16, 6.5, 3), ("全麦吐司", "面包", 18, 7.2, 3), ("肉松小贝", "西点", 8, 3.1, 2),
            ("牛角可颂", "面包", 12, 4.6, 2), ("红豆面包", "面包", 9, 3.2, 2), ("芝士蛋糕切块", "蛋糕", 22, 8.8, 2),
            ("提拉米苏", "蛋糕", 26, 10.5, 2), ("6寸生日蛋糕", "生日蛋糕", 168, 62.0, 1), ("8寸生日蛋糕", "生日蛋糕", 238, 88.0, 1),
            ("蛋挞", "西点", 7, 2.4, 1), ("泡芙", "西点", 10, 3.6, 2), ("手工曲奇", "饼干", 35, 12.0, 30),
            ("蔓越莓司康", "西点", 12, 4.1, 3), ("美式咖啡", "饮品", 15, 3.5, 1), ("拿铁", "饮品", 18, 5.0, 1)]
    prods = [(i, n, c, float(p), cp, sl) for i, (n, c, p, cp, sl) in enumerate(pdef, 1)]
    used = set()
    staff = []
    eid = 1
    for s in stores:
        for k in range(rng.randint(3, 5)):
            job = "店长" if k == 0 else rng.choice(["收银员", "收银员", "烘焙师", "烘焙师", "店员"])
            sal = {"店长": 7500.0, "收银员": 4200.0, "烘焙师": 5800.0, "店员": 3900.0}[job] + rng.choice([0, 300, 600])
            staff.append((eid, person(rng, used), s[0], job, day(rng, max(s[4], "2023-01-01"), "2025-06-30"), sal))
            eid += 1
    cashiers = {}
    for e in staff:
        if e[3] in ("店长", "收银员"):
            cashiers.setdefault(e[2], []).append(e[0])
    sales = []
    for sid in range(1, 491):
        s = rng.choice(stores + stores[:3])
        d = day(rng, max(s[4], "2023-01-01"), "2025-10-31")
        p = rng.choice(prods)
        q = 1 if p[2] == "生日蛋糕" else rng.choice([1, 1, 2, 2, 3, 4, 6])
        price = p[3] if d >= "2024-01-01" or p[2] != "面包" else round(p[3] - 1, 2)
        sales.append((sid, d, s[0], p[0], q, price, rng.choice(cashiers[s[0]]),
                      rng.choice(["微信", "微信", "支付宝", "现金", "会员卡"])))
    losses = []
    for lid in range(1, 121):
        s = rng.choice(stores)
        p = rng.choice([x for x in prods if x[5] <= 3])
        losses.append((lid, day(rng, max(s[4], "2023-01-01"), "2025-10-31"), s[0], p[0], rng.randint(1, 12),
                       rng.choice(["过期", "过期", "过期", "烤焦", "摔落", "包装破损"])))
    write("hongbei_zc", ddl, {"门店": stores, "产品": prods, "员工": staff, "销售明细": sales, "报损记录": losses})


# ---------------------------------------------------------------- 印刷厂 (Chinese names)
def yinshua():
    rng = random.Random(2708)
    ddl = """
CREATE TABLE 客户 (客户编号 INTEGER PRIMARY KEY, 客户名称 TEXT NOT NULL, 行业 TEXT, 城市 TEXT, 联系人 TEXT, 联系电话 TEXT);
CREATE TABLE 业务员 (业务员编号 INTEGER PRIMARY KEY, 姓名 TEXT NOT NULL, 部门 TEXT, 入职日期 TEXT, 提成比例 REAL);
CREATE TABLE 印刷订单 (订单号 TEXT PRIMARY KEY, 客户编号 INTEGER REFERENCES 客户(客户编号),
  业务员编号 INTEGER REFERENCES 业务员(业务员编号), 下单日期 TEXT, 交货日期 TEXT, 产品类型 TEXT, 印数 INTEGER,
  合同金额 REAL, 订单状态 TEXT);
CREATE TABLE 收款记录 (收款编号 INTEGER PRIMARY KEY, 订单号 TEXT REFERENCES 印刷订单(订单号), 收款日期 TEXT,
  收款金额 REAL, 收款方式 TEXT);
CREATE TABLE 纸张 (纸张编号 INTEGER PRIMARY KEY, 纸张名称 TEXT NOT NULL, 克重 INTEGER, 库存吨数 REAL, 每吨单价 REAL);
CREATE TABLE 机器 (机器编号 INTEGER PRIMARY KEY, 机器名称 TEXT NOT NULL, 机型 TEXT, 购入日期 TEXT, 购入价格 REAL);
CREATE TABLE 生产记录 (记录编号 INTEGER PRIMARY KEY, 订单号 TEXT REFERENCES 印刷订单(订单号),
  机器编号 INTEGER REFERENCES 机器(机器编号), 纸张编号 INTEGER REFERENCES 纸张(纸张编号), 生产日期 TEXT,
  工时 REAL, 用纸吨数 REAL, 废品数 INTEGER);
"""
    used = set()
    cdef = [("东莞华美电子", "电子", "东莞"), ("广州百味食品", "食品", "广州"), ("佛山顺德家具城", "家居", "佛山"),
            ("深圳星辰教育", "教育", "深圳"), ("广州粤秀出版社", "出版", "广州"), ("中山灯饰集团", "家居", "中山"),
            ("深圳云帆科技", "电子", "深圳"), ("珠海海鲜坊", "食品", "珠海"), ("广州天河房产中介", "房产", "广州"),
            ("东莞童乐玩具", "玩具", "东莞"), ("佛山陶瓷商会", "建材", "佛山"), ("广州白云医院", "医疗", "广州"),
            ("惠州绿源茶业", "食品", "惠州"), ("深圳优品美妆", "美妆", "深圳"), ("江门侨乡旅行社", "旅游", "江门"),
            ("广州番禺中学", "教育", "广州"), ("肇庆端砚文化", "文化", "肇庆"), ("深圳前海基金", "金融", "深圳")]
    custs = [(i, n, ind, c, person(rng, used), phone(rng)) for i, (n, ind, c) in enumerate(cdef, 1)]
    reps = []
    for i, dept in enumerate(["业务一部", "业务一部", "业务一部", "业务二部", "业务二部", "大客户部", "大客户部"], 1):
        reps.append((i, person(rng, used), dept, day(rng, "2016-01-01", "2023-12-31"), rng.choice([0.02, 0.03, 0.05])))
    papers = [(1, "157g铜版纸", 157, 12.5, 6800.0), (2, "200g铜版纸", 200, 8.2, 6900.0), (3, "80g双胶纸", 80, 20.0, 6200.0),
              (4, "250g白卡纸", 250, 3.5, 7600.0), (5, "300g灰底白板纸", 300, 0.8, 5200.0), (6, "128g哑粉纸", 128, 6.4, 7100.0)]
    machines = [(1, "海德堡四色机1号", "海德堡SM74", "2016-05-10", 2800000.0), (2, "海德堡四色机2号", "海德堡SM74", "2019-08-22", 3100000.0),
                (3, "小森对开机", "小森L528", "2018-03-15", 1900000.0), (4, "数码快印机", "理光C9200", "2022-01-08", 450000.0),
                (5, "模切机", "博斯特SP102", "2021-06-30", 1200000.0)]
    ptypes = {"画册": (1000, 5000, 2.5, 9.0), "宣传单": (5000, 50000, 0.12, 0.4), "包装盒": (2000, 20000, 1.2, 4.5),
              "书刊": (1000, 8000, 8.0, 25.0), "名片": (200, 2000, 0.08, 0.3), "手提袋": (1000, 10000, 1.5, 3.5)}
    orders = []
    for k in range(1, 181):
        c = rng.choice(custs[:16])
        r = rng.choice(reps)
        t = rng.choice(list(ptypes))
        lo, hi, plo, phi = ptypes[t]
        n = int(round(rng.randint(lo, hi), -2)) or 200
        amt = round(n * rng.uniform(plo, phi), 2)
        d = day(rng, "2023-01-01", "2025-10-31")
        st = rng.choice(["已交货", "已交货", "已交货", "已交货", "生产中", "待排产", "已取消"])
        orders.append((f"YS{d[:4]}{k:04d}", c[0], r[0], d, plus(d, rng.randint(3, 20)), t, n, amt, st))
    pays = []
    pid = 1
    for o in orders:
        if o[8] == "已取消":
            continue
        if o[8] == "已交货" and rng.random() < 0.75:
            parts = [o[7]] if rng.random() < 0.5 else [round(o[7] * 0.3, 2), round(o[7] - round(o[7] * 0.3, 2), 2)]
        elif rng.random() < 0.6:
            parts = [round(o[7] * 0.3, 2)]
        else:
            parts = []
        for j, a in enumerate(parts):
            pays.append((pid, o[0], plus(o[3], 2 + j * 25), a, rng.choice(["银行转账", "银行转账", "承兑汇票", "微信"])))
            pid += 1
    prod = []
    rid = 1
    for o in orders:
        if o[8] in ("已交货", "生产中"):
            for _ in range(rng.choice([1, 1, 2])):
                m = rng.choice(machines[:4]) if o[5] != "包装盒" else rng.choice([machines[0], machines[4]])
                p = 5 if o[5] == "包装盒" else 4 if o[5] == "手提袋" else rng.choice([1, 2, 3, 6])
                prod.append((rid, o[0], m[0], p, plus(o[3], rng.randint(1, 3)), round(rng.uniform(1, 12), 1),
                             round(rng.uniform(0.05, 1.8), 2), rng.randint(0, 300)))
                rid += 1
    write("yinshua_zc", ddl, {"客户": custs, "业务员": reps, "印刷订单": orders, "收款记录": pays, "纸张": papers,
                              "机器": machines, "生产记录": prod})


def main():
    os.makedirs(OUT, exist_ok=True)
    for build in (chongwu, fuzhuang, muying, qixiu, chongdianbao, huadian, hongbei, yinshua):
        build()


if __name__ == "__main__":
    main()
