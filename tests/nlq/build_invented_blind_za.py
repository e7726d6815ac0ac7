#!/usr/bin/env python3
"""Build the 8 invented SQLite databases of the blind set invented_blind_zh_a.jsonl.

Written by the "blind-invented-zh-a" helper (session 21) on 2026-11-28, without reading the
askdb question-to-SQL engine, its rules or its question sets. Every schema and every row is
invented: small Chinese businesses / organisations (连锁奶茶店, 物业管理, 社区医院, 培训机构,
农产品合作社 with Chinese table and column names; 驾校, 快递网点, 电商店铺 with English/pinyin
snake_case names), with code tables, junction tables, ISO TEXT dates, REAL money and status
columns stored as Chinese words or codes.

Deterministic: fixed random.Random seeds, no clock; each run rewrites
tests/nlq/invented/<name>.sqlite byte for byte the same.
Usage: python3 tests/nlq/build_invented_blind_za.py
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
    """A Chinese full name not used before in this table."""
    return unique_name(rng, used, lambda r: r.choice(SURNAMES) + r.choice(GIVEN))


# ---------------------------------------------------------------- 连锁奶茶店 (Chinese names)
def naicha():
    rng = random.Random(2101)
    ddl = """
CREATE TABLE 饮品分类 (分类编号 INTEGER PRIMARY KEY, 分类名称 TEXT NOT NULL);
CREATE TABLE 门店 (门店编号 INTEGER PRIMARY KEY, 门店名称 TEXT NOT NULL, 城市 TEXT, 开业日期 TEXT,
  店长 TEXT, 状态 TEXT);
CREATE TABLE 饮品 (饮品编号 INTEGER PRIMARY KEY, 饮品名称 TEXT NOT NULL,
  分类编号 INTEGER REFERENCES 饮品分类(分类编号), 售价 REAL, 上架日期 TEXT);
CREATE TABLE 店员 (员工编号 INTEGER PRIMARY KEY, 姓名 TEXT, 门店编号 INTEGER REFERENCES 门店(门店编号),
  岗位 TEXT, 入职日期 TEXT, 月薪 REAL);
CREATE TABLE 订单 (订单编号 INTEGER PRIMARY KEY, 门店编号 INTEGER REFERENCES 门店(门店编号),
  下单时间 TEXT, 渠道 TEXT, 实付金额 REAL);
CREATE TABLE 订单明细 (明细编号 INTEGER PRIMARY KEY, 订单编号 INTEGER REFERENCES 订单(订单编号),
  饮品编号 INTEGER REFERENCES 饮品(饮品编号), 数量 INTEGER, 单价 REAL);
"""
    cats = [(1, "奶茶"), (2, "果茶"), (3, "纯茶"), (4, "咖啡"), (5, "冰沙")]
    stores_def = [("春熙路店", "成都"), ("太古里店", "成都"), ("解放碑店", "重庆"), ("观音桥店", "重庆"),
                  ("五一广场店", "长沙"), ("坡子街店", "长沙"), ("江汉路店", "武汉"), ("光谷店", "武汉"),
                  ("西湖银泰店", "杭州")]
    used = set()
    stores = []
    for i, (n, c) in enumerate(stores_def, 1):
        st = "营业中"
        if i == 4:
            st = "装修中"
        if i == 8:
            st = "已关闭"
        stores.append((i, n, c, day(rng, "2019-03-01", "2024-06-30"), person(rng, used), st))
    drinks_def = [("珍珠奶茶", 1, 12), ("芋泥波波奶茶", 1, 16), ("黑糖鹿丸鲜奶", 1, 18), ("椰椰奶冻", 1, 15),
                  ("满杯百香果", 2, 14), ("杨枝甘露", 2, 19), ("多肉葡萄", 2, 22), ("芝芝莓莓", 2, 23),
                  ("柠檬绿茶", 3, 10), ("茉莉清茶", 3, 9), ("四季春", 3, 11),
                  ("生椰拿铁", 4, 20), ("美式咖啡", 4, 15), ("冰沙芒果", 5, 17), ("抹茶冰沙", 5, 18)]
    drinks = []
    for i, (n, c, p) in enumerate(drinks_def, 1):
        drinks.append((i, n, c, float(p), day(rng, "2021-01-01", "2025-02-28")))
    staff = []
    sid = 1
    for s in stores:
        for k in range(rng.randint(3, 5)):
            job = "店长" if k == 0 else rng.choice(["店员", "店员", "店员", "兼职"])
            name = s[4] if k == 0 else person(rng, used)
            sal = {"店长": money(rng, 6500, 9000), "店员": money(rng, 3800, 5200), "兼职": money(rng, 1800, 2800)}[job]
            staff.append((sid, name, s[0], job, day(rng, s[3], "2025-06-30"), sal))
            sid += 1
    orders = []
    items = []
    mid = 1
    for oid in range(1, 151):
        store = rng.choice([s for s in stores if s[5] != "已关闭"] + [stores[0], stores[4]])
        d = day(rng, "2024-09-01", "2025-06-30")
        t = f"{d} {rng.randint(10, 21):02d}:{rng.randint(0, 59):02d}"
        ch = rng.choice(["堂食", "外卖", "外卖", "小程序"])
        total = 0.0
        for _ in range(rng.choice([1, 1, 2, 2, 3])):
            dr = rng.choice(drinks)
            q = rng.choice([1, 1, 1, 2, 3])
            items.append((mid, oid, dr[0], q, dr[3]))
            total += q * dr[3]
            mid += 1
        orders.append((oid, store[0], t, ch, round(total, 2)))
    write("naicha_za", ddl, {"饮品分类": cats, "门店": stores, "饮品": drinks, "店员": staff,
                             "订单": orders, "订单明细": items})


# ---------------------------------------------------------------- 物业管理 (Chinese names)
def wuye():
    rng = random.Random(2102)
    ddl = """
CREATE TABLE 小区 (小区编号 INTEGER PRIMARY KEY, 小区名称 TEXT NOT NULL, 所在区 TEXT, 建成年份 INTEGER,
  物业费单价 REAL);
CREATE TABLE 楼栋 (楼栋编号 INTEGER PRIMARY KEY, 小区编号 INTEGER REFERENCES 小区(小区编号), 楼号 TEXT,
  层数 INTEGER);
CREATE TABLE 住户 (住户编号 INTEGER PRIMARY KEY, 楼栋编号 INTEGER REFERENCES 楼栋(楼栋编号), 房号 TEXT,
  户主姓名 TEXT, 建筑面积 REAL, 入住日期 TEXT, 联系电话 TEXT);
CREATE TABLE 物业费账单 (账单编号 INTEGER PRIMARY KEY, 住户编号 INTEGER REFERENCES 住户(住户编号),
  账期 TEXT, 应收金额 REAL, 实收金额 REAL, 缴费状态 TEXT, 缴费日期 TEXT);
CREATE TABLE 维修工 (工号 INTEGER PRIMARY KEY, 姓名 TEXT, 工种 TEXT, 手机 TEXT);
CREATE TABLE 报修单 (报修编号 INTEGER PRIMARY KEY, 住户编号 INTEGER REFERENCES 住户(住户编号),
  报修日期 TEXT, 问题类型 TEXT, 维修工号 INTEGER REFERENCES 维修工(工号), 处理状态 TEXT, 维修费用 REAL);
"""
    xq_def = [("锦绣花园", "天河区", 2008, 2.8), ("翠湖山庄", "白云区", 2012, 3.5), ("阳光新城", "番禺区", 2016, 2.2),
              ("金地名苑", "海珠区", 2005, 1.9), ("滨江壹号", "天河区", 2020, 4.8), ("幸福里", "番禺区", 2018, 2.5)]
    xq = [(i, n, d, y, p) for i, (n, d, y, p) in enumerate(xq_def, 1)]
    ld = []
    bid = 1
    for x in xq:
        for b in range(1, rng.randint(3, 5) + 1):
            ld.append((bid, x[0], f"{b}栋", rng.choice([6, 11, 18, 26, 33])))
            bid += 1
    used = set()
    zh = []
    for hid in range(1, 101):
        b = rng.choice(ld)
        fl = rng.randint(1, b[3])
        zh.append((hid, b[0], f"{fl}{rng.randint(1, 4):02d}", person(rng, used),
                   round(rng.uniform(55, 180), 1), day(rng, "2008-06-01", "2024-12-31"),
                   "1" + str(rng.randint(3000000000, 9999999999))))
    price = {x[0]: x[4] for x in xq}
    xq_of_b = {b[0]: b[1] for b in ld}
    bills = []
    bno = 1
    for per in ("2025-01", "2025-02", "2025-03"):
        for h in zh:
            due = round(h[4] * price[xq_of_b[h[1]]], 2)
            r = rng.random()
            if r < 0.72:
                st, got, pd = "已缴", due, plus(per + "-05", rng.randint(0, 40))
            elif r < 0.84:
                st, got, pd = "部分缴纳", round(due * rng.choice([0.3, 0.5, 0.6]), 2), plus(per + "-05", rng.randint(0, 40))
            else:
                st, got, pd = "未缴", 0.0, None
            bills.append((bno, h[0], per, due, got, st, pd))
            bno += 1
    wused = set()
    workers = []
    for i, job in enumerate(["水电工", "水电工", "水电工", "木工", "泥瓦工", "电梯维保", "综合维修", "综合维修"], 1):
        workers.append((i, person(rng, wused), job, "1" + str(rng.randint(3000000000, 9999999999))))
    kinds = {"水管漏水": ["水电工", "综合维修"], "电路故障": ["水电工"], "门窗损坏": ["木工", "综合维修"],
             "墙面渗水": ["泥瓦工"], "电梯故障": ["电梯维保"], "下水道堵塞": ["水电工", "综合维修"]}
    reps = []
    for rid in range(1, 131):
        h = rng.choice(zh)
        k = rng.choice(list(kinds))
        w = rng.choice([x for x in workers if x[2] in kinds[k]])
        d = day(rng, "2024-07-01", "2025-09-30")
        st = rng.choice(["已完成", "已完成", "已完成", "处理中", "待处理"])
        fee = 0.0 if rng.random() < 0.3 else money(rng, 30, 600)
        if st == "待处理":
            fee = 0.0
        reps.append((rid, h[0], d, k, w[0], st, fee))
    write("wuye_za", ddl, {"小区": xq, "楼栋": ld, "住户": zh, "物业费账单": bills, "维修工": workers,
                           "报修单": reps})


# ---------------------------------------------------------------- 社区医院 (Chinese names)
def yiyuan():
    rng = random.Random(2103)
    ddl = """
CREATE TABLE 科室 (科室编号 INTEGER PRIMARY KEY, 科室名称 TEXT NOT NULL, 楼层 INTEGER);
CREATE TABLE 医保类型 (类型代码 TEXT PRIMARY KEY, 类型名称 TEXT NOT NULL, 报销比例 REAL);
CREATE TABLE 医生 (医生编号 INTEGER PRIMARY KEY, 姓名 TEXT, 科室编号 INTEGER REFERENCES 科室(科室编号),
  职称 TEXT, 挂号费 REAL, 入职日期 TEXT);
CREATE TABLE 患者 (患者编号 INTEGER PRIMARY KEY, 姓名 TEXT, 性别 TEXT, 出生日期 TEXT,
  医保类型 TEXT REFERENCES 医保类型(类型代码), 所在街道 TEXT);
CREATE TABLE 就诊记录 (就诊编号 INTEGER PRIMARY KEY, 患者编号 INTEGER REFERENCES 患者(患者编号),
  医生编号 INTEGER REFERENCES 医生(医生编号), 就诊日期 TEXT, 诊断 TEXT, 总费用 REAL, 状态 TEXT);
CREATE TABLE 药品 (药品编号 INTEGER PRIMARY KEY, 药品名称 TEXT, 规格 TEXT, 单价 REAL, 库存数量 INTEGER);
CREATE TABLE 处方明细 (明细编号 INTEGER PRIMARY KEY, 就诊编号 INTEGER REFERENCES 就诊记录(就诊编号),
  药品编号 INTEGER REFERENCES 药品(药品编号), 数量 INTEGER);
"""
    depts = [(1, "全科", 1), (2, "内科", 2), (3, "儿科", 2), (4, "中医科", 3), (5, "口腔科", 3), (6, "康复科", 4)]
    ins = [("ZG", "职工医保", 0.8), ("JM", "居民医保", 0.6), ("ZF", "自费", 0.0)]
    used = set()
    docs = []
    fees = {"主任医师": 30.0, "副主任医师": 20.0, "主治医师": 12.0, "住院医师": 8.0}
    did = 1
    for d in depts:
        for k in range(rng.randint(2, 4)):
            t = rng.choice(["主任医师", "副主任医师", "主治医师", "主治医师", "住院医师"])
            docs.append((did, person(rng, used), d[0], t, fees[t], day(rng, "2005-01-01", "2024-08-31")))
            did += 1
    pats = []
    pused = set()
    for pid in range(1, 121):
        pats.append((pid, person(rng, pused), rng.choice(["男", "女"]), day(rng, "1940-01-01", "2022-12-31"),
                     rng.choice(["ZG", "ZG", "JM", "JM", "JM", "ZF"]),
                     rng.choice(["东湖街道", "南苑街道", "西城街道", "北关街道"])))
    meds_def = [("阿莫西林胶囊", "0.25g*24粒", 12.5), ("布洛芬缓释胶囊", "0.3g*20粒", 18.0),
                ("连花清瘟胶囊", "0.35g*36粒", 26.8), ("二甲双胍片", "0.5g*48片", 15.6),
                ("硝苯地平控释片", "30mg*7片", 32.4), ("小儿氨酚黄那敏颗粒", "6g*10袋", 16.9),
                ("蒙脱石散", "3g*10袋", 21.0), ("复方甘草片", "100片", 6.5), ("维生素C片", "0.1g*100片", 4.2),
                ("头孢克肟分散片", "0.1g*6片", 28.5), ("藿香正气水", "10ml*10支", 13.8), ("阿托伐他汀钙片", "20mg*7片", 39.9)]
    meds = [(i, n, g, p, rng.randint(0, 400)) for i, (n, g, p) in enumerate(meds_def, 1)]
    meds[7] = (8, "复方甘草片", "100片", 6.5, 0)
    diag = {1: ["上呼吸道感染", "高血压", "2型糖尿病"], 2: ["高血压", "2型糖尿病", "胃炎", "高脂血症"],
            3: ["上呼吸道感染", "小儿腹泻", "发热"], 4: ["失眠", "颈椎病", "胃炎"], 5: ["龋齿", "牙周炎"],
            6: ["腰椎间盘突出", "颈椎病", "中风后遗症"]}
    visits = []
    rx = []
    rid = 1
    for vid in range(1, 201):
        p = rng.choice(pats)
        doc = rng.choice(docs)
        d = day(rng, "2024-10-01", "2025-08-31")
        st = "已取消" if rng.random() < 0.08 else "已就诊"
        dg = rng.choice(diag[doc[2]])
        total = doc[4]
        if st == "已就诊" and doc[2] not in (5, 6):
            for _ in range(rng.randint(1, 2)):
                m = rng.choice(meds)
                q = rng.randint(1, 3)
                rx.append((rid, vid, m[0], q))
                rid += 1
                total += q * m[3]
        if st == "已就诊" and doc[2] in (5, 6):
            total += money(rng, 40, 300)
        if st == "已取消":
            total = 0.0
        visits.append((vid, p[0], doc[0], d, dg, round(total, 2), st))
    write("shequyiyuan_za", ddl, {"科室": depts, "医保类型": ins, "医生": docs, "患者": pats,
                                  "就诊记录": visits, "药品": meds, "处方明细": rx})


# ---------------------------------------------------------------- 培训机构 (Chinese names)
def peixun():
    rng = random.Random(2104)
    ddl = """
CREATE TABLE 校区 (校区编号 INTEGER PRIMARY KEY, 校区名称 TEXT NOT NULL, 城市 TEXT, 开办日期 TEXT);
CREATE TABLE 课程类别 (类别代码 TEXT PRIMARY KEY, 类别名称 TEXT NOT NULL);
CREATE TABLE 老师 (老师编号 INTEGER PRIMARY KEY, 姓名 TEXT, 校区编号 INTEGER REFERENCES 校区(校区编号),
  入职日期 TEXT, 课时费 REAL, 在职状态 TEXT);
CREATE TABLE 课程 (课程编号 INTEGER PRIMARY KEY, 课程名称 TEXT, 类别代码 TEXT REFERENCES 课程类别(类别代码),
  老师编号 INTEGER REFERENCES 老师(老师编号), 学费 REAL, 总课时 INTEGER, 开课日期 TEXT);
CREATE TABLE 学员 (学员编号 INTEGER PRIMARY KEY, 姓名 TEXT, 性别 TEXT, 年级 TEXT,
  校区编号 INTEGER REFERENCES 校区(校区编号), 注册日期 TEXT, 家长电话 TEXT);
CREATE TABLE 报名 (报名编号 INTEGER PRIMARY KEY, 学员编号 INTEGER REFERENCES 学员(学员编号),
  课程编号 INTEGER REFERENCES 课程(课程编号), 报名日期 TEXT, 实缴金额 REAL, 状态 TEXT);
"""
    campuses = [(1, "南山校区", "深圳", "2016-09-01"), (2, "福田校区", "深圳", "2018-03-01"),
                (3, "天河校区", "广州", "2019-07-01"), (4, "越秀校区", "广州", "2021-02-20"),
                (5, "东莞万江校区", "东莞", "2023-05-15")]
    cats = [("EN", "英语"), ("MA", "数学"), ("PG", "少儿编程"), ("AR", "美术"), ("MU", "音乐"), ("WL", "物理")]
    used = set()
    teachers = []
    for tid in range(1, 25):
        c = campuses[(tid - 1) % 5]
        teachers.append((tid, person(rng, used), c[0], day(rng, c[3], "2025-03-01"),
                         float(rng.choice([120, 150, 180, 200, 250, 300])),
                         "离职" if tid in (7, 15, 22) else "在职"))
    cnames = {"EN": ["新概念英语一册", "剑桥少儿英语", "雅思基础班", "英语自然拼读"],
              "MA": ["小学奥数提高班", "初中数学同步", "高考数学冲刺"],
              "PG": ["Scratch入门", "Python少儿编程", "C++信奥基础"],
              "AR": ["儿童创意美术", "素描基础"], "MU": ["钢琴启蒙", "少儿合唱"], "WL": ["初二物理同步", "高中物理竞赛"]}
    courses = []
    cid = 1
    for code, names in cnames.items():
        for n in names:
            t = rng.choice([x for x in teachers if x[5] == "在职"])
            courses.append((cid, n, code, t[0], float(rng.choice([1980, 2680, 3200, 3880, 4500, 5800, 6800])),
                            rng.choice([24, 32, 40, 48]), day(rng, "2024-02-01", "2025-09-01")))
            cid += 1
    sused = set()
    grades = ["一年级", "二年级", "三年级", "四年级", "五年级", "六年级", "初一", "初二", "初三", "高一", "高二", "高三"]
    studs = []
    for sid in range(1, 141):
        c = rng.choice(campuses)
        studs.append((sid, person(rng, sused), rng.choice(["男", "女"]), rng.choice(grades), c[0],
                      day(rng, max(c[3], "2022-01-01"), "2025-08-31"), "1" + str(rng.randint(3000000000, 9999999999))))
    enrol = []
    pairs = set()
    eid = 1
    while eid <= 260:
        s = rng.choice(studs)
        c = rng.choice(courses[:-1])
        if (s[0], c[0]) in pairs:
            continue
        pairs.add((s[0], c[0]))
        d = max(s[5], plus(c[6], -rng.randint(0, 40)))
        st = rng.choice(["在读", "在读", "在读", "已结课", "已退费"])
        paid = round(c[4] * rng.choice([1.0, 1.0, 0.9, 0.85]), 2)
        if st == "已退费":
            paid = round(paid * 0.3, 2)
        enrol.append((eid, s[0], c[0], d, paid, st))
        eid += 1
    write("peixun_za", ddl, {"校区": campuses, "课程类别": cats, "老师": teachers, "课程": courses,
                             "学员": studs, "报名": enrol})


# ---------------------------------------------------------------- 农产品合作社 (Chinese names)
def hezuoshe():
    rng = random.Random(2105)
    ddl = """
CREATE TABLE 村 (村编号 INTEGER PRIMARY KEY, 村名 TEXT NOT NULL, 所属镇 TEXT);
CREATE TABLE 社员 (社员编号 INTEGER PRIMARY KEY, 姓名 TEXT, 村编号 INTEGER REFERENCES 村(村编号),
  入社日期 TEXT, 种植面积 REAL, 是否贫困户 TEXT);
CREATE TABLE 农产品 (产品编号 INTEGER PRIMARY KEY, 产品名称 TEXT, 品类 TEXT, 计量单位 TEXT, 指导收购价 REAL);
CREATE TABLE 收购记录 (收购编号 INTEGER PRIMARY KEY, 社员编号 INTEGER REFERENCES 社员(社员编号),
  产品编号 INTEGER REFERENCES 农产品(产品编号), 收购日期 TEXT, 数量 REAL, 单价 REAL, 金额 REAL, 质量等级 TEXT);
CREATE TABLE 客户 (客户编号 INTEGER PRIMARY KEY, 客户名称 TEXT, 客户类型 TEXT, 所在城市 TEXT);
CREATE TABLE 销售记录 (销售编号 INTEGER PRIMARY KEY, 客户编号 INTEGER REFERENCES 客户(客户编号),
  产品编号 INTEGER REFERENCES 农产品(产品编号), 销售日期 TEXT, 数量 REAL, 单价 REAL, 金额 REAL, 回款状态 TEXT);
"""
    villages = [(1, "石桥村", "青山镇"), (2, "柳树湾村", "青山镇"), (3, "上河村", "白沙镇"),
                (4, "下河村", "白沙镇"), (5, "杏花村", "白沙镇"), (6, "王家坪村", "龙泉镇")]
    used = set()
    members = []
    for mid in range(1, 61):
        members.append((mid, person(rng, used), rng.choice(villages)[0], day(rng, "2017-03-01", "2025-04-30"),
                        round(rng.uniform(1.5, 40), 1), "是" if rng.random() < 0.2 else "否"))
    prods_def = [("红富士苹果", "水果", "斤", 2.6), ("砂糖橘", "水果", "斤", 2.2), ("猕猴桃", "水果", "斤", 3.8),
                 ("土鸡蛋", "禽蛋", "枚", 0.9), ("散养土鸡", "禽蛋", "只", 65.0), ("西红柿", "蔬菜", "斤", 1.8),
                 ("黄瓜", "蔬菜", "斤", 1.5), ("大白菜", "蔬菜", "斤", 0.6), ("高山土豆", "蔬菜", "斤", 1.1),
                 ("有机大米", "粮食", "斤", 3.2), ("小米", "粮食", "斤", 4.5), ("玉米", "粮食", "斤", 1.3)]
    prods = [(i, n, c, u, p) for i, (n, c, u, p) in enumerate(prods_def, 1)]
    buys = []
    for bid in range(1, 241):
        m = rng.choice(members)
        p = rng.choice(prods)
        d = day(rng, "2024-03-01", "2025-10-31")
        if p[3] == "只":
            q = float(rng.randint(5, 60))
        elif p[3] == "枚":
            q = float(rng.randint(100, 1500))
        else:
            q = float(rng.randint(50, 2000))
        g = rng.choice(["一级", "一级", "二级", "二级", "三级"])
        price = round(p[4] * {"一级": 1.1, "二级": 1.0, "三级": 0.8}[g], 2)
        buys.append((bid, m[0], p[0], d, q, price, round(q * price, 2), g))
    cust_def = [("永辉超市城北店", "超市", "成都"), ("盒马鲜生天府店", "超市", "成都"), ("红旗连锁", "超市", "成都"),
                ("蜀香园酒楼", "餐饮", "成都"), ("老码头火锅", "餐饮", "重庆"), ("西南大学第二食堂", "食堂", "重庆"),
                ("绵阳农产品批发市场王记", "批发商", "绵阳"), ("乐山果蔬批发部", "批发商", "乐山"),
                ("德阳市第一中学食堂", "食堂", "德阳"), ("社区团购小程序", "电商", "成都")]
    custs = [(i, n, t, c) for i, (n, t, c) in enumerate(cust_def, 1)]
    sales = []
    for sid in range(1, 201):
        c = rng.choice(custs[:-1]) if sid % 7 else rng.choice(custs)
        p = rng.choice(prods)
        d = day(rng, "2024-03-15", "2025-11-15")
        if p[3] == "只":
            q = float(rng.randint(10, 80))
        elif p[3] == "枚":
            q = float(rng.randint(300, 3000))
        else:
            q = float(rng.randint(100, 3000))
        price = round(p[4] * rng.uniform(1.3, 1.8), 2)
        sales.append((sid, c[0], p[0], d, q, price, round(q * price, 2),
                      "未回款" if rng.random() < 0.22 else "已回款"))
    write("hezuoshe_za", ddl, {"村": villages, "社员": members, "农产品": prods, "收购记录": buys,
                               "客户": custs, "销售记录": sales})


# ---------------------------------------------------------------- 驾校 (pinyin / snake_case)
def jiaxiao():
    rng = random.Random(2106)
    ddl = """
CREATE TABLE jx_license_type (type_code TEXT PRIMARY KEY, type_name TEXT NOT NULL, std_fee REAL);
CREATE TABLE jx_coach (coach_id INTEGER PRIMARY KEY, coach_name TEXT, gender TEXT, hire_date TEXT,
  car_plate TEXT, star_level INTEGER);
CREATE TABLE jx_student (stu_id INTEGER PRIMARY KEY, stu_name TEXT, gender TEXT, birth_date TEXT,
  type_code TEXT REFERENCES jx_license_type(type_code), coach_id INTEGER REFERENCES jx_coach(coach_id),
  enroll_date TEXT, paid_amt REAL,
  stu_status INTEGER -- 1 在学 2 已拿证 3 退学
);
CREATE TABLE jx_subject (subject_no INTEGER PRIMARY KEY, subject_name TEXT, pass_score INTEGER);
CREATE TABLE jx_exam (exam_id INTEGER PRIMARY KEY, stu_id INTEGER REFERENCES jx_student(stu_id),
  subject_no INTEGER REFERENCES jx_subject(subject_no), exam_date TEXT, score INTEGER, is_pass TEXT);
CREATE TABLE jx_lesson (lesson_id INTEGER PRIMARY KEY, stu_id INTEGER REFERENCES jx_student(stu_id),
  coach_id INTEGER REFERENCES jx_coach(coach_id), lesson_date TEXT, hours REAL, lesson_fee REAL);
"""
    types = [("C1", "小型汽车（手动挡）", 4800.0), ("C2", "小型自动挡汽车", 5200.0), ("B2", "大型货车", 9800.0),
             ("D", "普通三轮摩托车", 1800.0)]
    subs = [(1, "科目一", 90), (2, "科目二", 80), (3, "科目三", 90), (4, "科目四", 90)]
    used = set()
    coaches = []
    for cid in range(1, 13):
        coaches.append((cid, person(rng, used), "男" if rng.random() < 0.8 else "女",
                        day(rng, "2010-01-01", "2024-05-31"),
                        "川A" + rng.choice("DFGHK") + str(rng.randint(1000, 9999)) + "学", rng.randint(1, 5)))
    sused = set()
    studs = []
    for sid in range(1, 67):
        t = rng.choice([types[0], types[0], types[1], types[1], types[1], types[2], types[3]])
        c = rng.choice(coaches)
        ed = day(rng, "2023-06-01", "2025-09-30")
        st = rng.choice([1, 1, 2, 2, 3]) if ed < "2025-03-01" else rng.choice([1, 1, 1, 3])
        studs.append((sid, person(rng, sused), rng.choice(["男", "女"]), day(rng, "1968-01-01", "2007-06-30"),
                      t[0], c[0], ed, round(t[2] * rng.choice([1.0, 1.0, 0.95, 0.9]), 2), st))
    exams = []
    eid = 1
    for s in studs:
        d = s[6]
        top = {1: rng.randint(0, 3), 2: 4, 3: rng.randint(0, 2)}[s[8]]
        for subj in range(1, top + 1):
            while True:
                d = plus(d, rng.randint(10, 60))
                if subj in (1, 4):
                    score = rng.randint(72, 100)
                elif subj == 2:
                    score = rng.choice([100, 90, 80, 70, 60, 0])
                else:
                    score = rng.choice([100, 90, 80, 60, 0])
                ps = subs[subj - 1][2]
                if s[8] == 2 and rng.random() < 0.5:
                    score = max(score, ps)
                ok = "Y" if score >= ps else "N"
                exams.append((eid, s[0], subj, d, score, ok))
                eid += 1
                if ok == "Y":
                    break
    lessons = []
    for lid in range(1, 221):
        s = rng.choice(studs)
        c = s[5] if rng.random() < 0.85 else rng.choice(coaches)[0]
        h = rng.choice([1.0, 1.5, 2.0, 2.0, 3.0])
        lessons.append((lid, s[0], c, day(rng, s[6], plus(s[6], 200)), h, round(h * 120, 2)))
    write("jiaxiao_za", ddl, {"jx_license_type": types, "jx_coach": coaches, "jx_student": studs,
                              "jx_subject": subs, "jx_exam": exams, "jx_lesson": lessons})


# ---------------------------------------------------------------- 快递网点 (English snake_case)
def kuaidi():
    rng = random.Random(2107)
    ddl = """
CREATE TABLE kd_site (site_id INTEGER PRIMARY KEY, site_name TEXT NOT NULL, district TEXT,
  manager TEXT, open_date TEXT);
CREATE TABLE kd_courier (courier_id INTEGER PRIMARY KEY, courier_name TEXT, site_id INTEGER REFERENCES kd_site(site_id),
  hire_date TEXT, phone TEXT);
CREATE TABLE kd_customer (cust_id INTEGER PRIMARY KEY, cust_name TEXT, cust_type TEXT, city TEXT);
CREATE TABLE kd_status (status_code TEXT PRIMARY KEY, status_name TEXT NOT NULL);
CREATE TABLE kd_parcel (parcel_no TEXT PRIMARY KEY, cust_id INTEGER REFERENCES kd_customer(cust_id),
  site_id INTEGER REFERENCES kd_site(site_id), courier_id INTEGER REFERENCES kd_courier(courier_id),
  create_time TEXT, weight_kg REAL, freight_amt REAL, dest_city TEXT,
  status_code TEXT REFERENCES kd_status(status_code));
CREATE TABLE kd_complaint (cmp_id INTEGER PRIMARY KEY, parcel_no TEXT REFERENCES kd_parcel(parcel_no),
  cmp_date TEXT, cmp_type TEXT, is_closed INTEGER, comp_amt REAL);
"""
    used = set()
    sites_def = [("西湖文三路网点", "西湖区"), ("拱墅大关网点", "拱墅区"), ("滨江长河网点", "滨江区"),
                 ("萧山城厢网点", "萧山区"), ("余杭良渚网点", "余杭区")]
    sites = [(i, n, d, person(rng, used), day(rng, "2015-01-01", "2022-12-31")) for i, (n, d) in enumerate(sites_def, 1)]
    couriers = []
    for cid in range(1, 23):
        s = sites[(cid - 1) % 5] if cid <= 20 else sites[0]
        couriers.append((cid, person(rng, used), s[0], day(rng, max(s[4], "2018-01-01"), "2025-06-30"),
                         "1" + str(rng.randint(3000000000, 9999999999))))
    cused = set()
    custs = []
    shops = ["杭州丝语服饰", "知味茶叶商行", "西溪数码", "小林手作烘焙", "良渚农家特产", "江南绣坊", "临平鞋业",
             "滨江母婴优选"]
    for cid in range(1, 61):
        if cid <= len(shops):
            custs.append((cid, shops[cid - 1], "商家", "杭州"))
        else:
            custs.append((cid, person(rng, cused), "个人", rng.choice(["杭州", "杭州", "杭州", "绍兴", "湖州"])))
    stat = [("RCV", "已揽收"), ("TRN", "运输中"), ("DLV", "派送中"), ("SGN", "已签收"), ("RTN", "已退回")]
    dests = ["上海", "北京", "广州", "深圳", "成都", "南京", "苏州", "武汉", "西安", "杭州"]
    parcels = []
    for i in range(1, 301):
        c = rng.choice(custs[:8] * 3 + custs[8:])
        s = rng.choice(sites)
        co = rng.choice([x for x in couriers if x[2] == s[0]])
        d = day(rng, "2025-01-01", "2025-10-31")
        w = round(rng.choice([0.3, 0.5, 0.8, 1.2, 2.0, 3.5, 5.0, 8.0, 12.0]) * rng.uniform(0.8, 1.2), 2)
        dest = rng.choice(dests)
        fee = round((6 if dest in ("上海", "杭州", "南京", "苏州") else 10) + max(0, w - 1) * (2 if dest in ("上海", "杭州", "南京", "苏州") else 5), 2)
        stc = rng.choice(["SGN"] * 7 + ["RCV", "TRN", "DLV", "RTN"]) if d < "2025-10-20" else rng.choice(["RCV", "TRN", "DLV", "SGN"])
        parcels.append((f"ZA{25000000 + i * 37}", c[0], s[0], co[0],
                        f"{d} {rng.randint(8, 20):02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}",
                        w, fee, dest, stc))
    cmps = []
    for cid in range(1, 41):
        p = rng.choice(parcels)
        t = rng.choice(["延误", "延误", "破损", "丢件", "服务态度"])
        closed = 1 if rng.random() < 0.7 else 0
        amt = 0.0 if t in ("延误", "服务态度") else money(rng, 20, 500)
        cmps.append((cid, p[0], plus(p[4][:10], rng.randint(1, 10)), t, closed, amt))
    write("kuaidi_za", ddl, {"kd_site": sites, "kd_courier": couriers, "kd_customer": custs, "kd_status": stat,
                             "kd_parcel": parcels, "kd_complaint": cmps})


# ---------------------------------------------------------------- 电商店铺 (English snake_case)
def dianshang():
    rng = random.Random(2108)
    ddl = """
CREATE TABLE shop_cate (cate_id INTEGER PRIMARY KEY, cate_name TEXT NOT NULL);
CREATE TABLE goods (goods_id INTEGER PRIMARY KEY, goods_name TEXT, cate_id INTEGER REFERENCES shop_cate(cate_id),
  price REAL, cost REAL, stock INTEGER, on_sale INTEGER);
CREATE TABLE cust (cust_id INTEGER PRIMARY KEY, cust_name TEXT, province TEXT, reg_date TEXT, vip_level INTEGER);
CREATE TABLE dd_order (order_id INTEGER PRIMARY KEY, cust_id INTEGER REFERENCES cust(cust_id),
  create_time TEXT, pay_amt REAL, freight REAL, order_status TEXT);
CREATE TABLE order_item (item_id INTEGER PRIMARY KEY, order_id INTEGER REFERENCES dd_order(order_id),
  goods_id INTEGER REFERENCES goods(goods_id), qty INTEGER, unit_price REAL);
"""
    cates = [(1, "坚果炒货"), (2, "果干蜜饯"), (3, "茶叶冲饮"), (4, "糕点零食"), (5, "礼盒套装")]
    gdef = [("每日坚果30袋装", 1, 129.0), ("碧根果500g", 1, 45.9), ("开心果250g", 1, 39.9), ("夏威夷果500g", 1, 49.9),
            ("芒果干200g", 2, 22.8), ("蓝莓干150g", 2, 26.5), ("话梅糖100g", 2, 9.9),
            ("西湖龙井250g", 3, 168.0), ("红枣枸杞茶", 3, 29.9), ("挂耳咖啡20包", 3, 59.0),
            ("蛋黄酥6枚", 4, 32.0), ("手撕面包1kg", 4, 25.9), ("海苔脆片", 4, 15.8),
            ("年货坚果礼盒", 5, 198.0), ("中秋月饼礼盒", 5, 238.0), ("端午粽子礼盒", 5, 158.0)]
    goods = []
    for i, (n, c, p) in enumerate(gdef, 1):
        goods.append((i, n, c, p, round(p * rng.uniform(0.45, 0.7), 2), rng.randint(0, 800),
                      0 if i in (15, 16) else 1))
    used = set()
    provs = ["浙江", "江苏", "上海", "广东", "北京", "四川", "山东", "湖北"]
    custs = []
    for cid in range(1, 91):
        custs.append((cid, person(rng, used), rng.choice(provs), day(rng, "2021-01-01", "2025-08-31"),
                      rng.choice([0, 0, 0, 1, 1, 2, 3])))
    orders = []
    items = []
    iid = 1
    for oid in range(1, 171):
        c = rng.choice(custs)
        d = day(rng, max(c[3], "2024-01-01"), "2025-11-20")
        st = rng.choice(["WAIT_PAY", "PAID", "SHIPPED", "DONE", "DONE", "DONE", "DONE", "REFUND"])
        total = 0.0
        chosen = rng.sample(goods, rng.choice([1, 1, 2, 2, 3]))
        for g in chosen:
            q = rng.choice([1, 1, 1, 2, 3])
            items.append((iid, 1000 + oid, g[0], q, g[3]))
            iid += 1
            total += q * g[3]
        fr = 0.0 if total >= 99 else 8.0
        pay = 0.0 if st == "WAIT_PAY" else round(total + fr, 2)
        orders.append((1000 + oid, c[0], f"{d} {rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}",
                       pay, fr, st))
    write("dianshang_za", ddl, {"shop_cate": cates, "goods": goods, "cust": custs, "dd_order": orders,
                                "order_item": items})


def main():
    os.makedirs(OUT, exist_ok=True)
    for build in (naicha, wuye, yiyuan, peixun, hezuoshe, jiaxiao, kuaidi, dianshang):
        build()


if __name__ == "__main__":
    main()
