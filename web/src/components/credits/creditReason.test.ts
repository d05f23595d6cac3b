import { create } from "@bufbuild/protobuf";
import { beforeAll, describe, expect, it } from "@jest/globals";
import { CreditLogSchema } from "@wenku/proto/api/v1/order_pb.js";
import type { Translate } from "../../i18n/I18nProvider.js";
import { type Lang, loadLanguage, translate } from "../../i18n/language.js";
import { creditReason } from "./creditReason.js";

const tIn =
  (lang: Lang): Translate =>
  (key, vars) =>
    translate(lang, key, vars);
const en = tIn("en");
const zh = tIn("zh-CN");

const entry = (refType: string, amount: number, reason: string, params: Record<string, string> = {}) =>
  create(CreditLogSchema, { refType, amount, reason, params });

beforeAll(async () => {
  await loadLanguage("en");
});

describe("creditReason", () => {
  it("words each service's entry from ref_type, params and the amount booked, in either language", () => {
    const upload = entry("upload_document", 5, "上传文档《报告》获得 5 积分", { title: "报告" });
    expect(creditReason(upload, en, "Points")).toBe("Uploaded “报告”: earned 5 Points");
    expect(creditReason(upload, zh, "积分")).toBe("上传文档《报告》获得 5 积分");
    expect(creditReason(entry("register", 10, "注册获得 10 积分"), en, "Points")).toBe("Signed up: earned 10 Points");
    expect(creditReason(entry("sign", 1, "签到获得 1 积分"), en, "Points")).toBe("Checked in: earned 1 Points");
    expect(creditReason(entry("sale", 8, "文档《书》被购买", { title: "书" }), en, "P")).toBe("“书” was bought");
    expect(creditReason(entry("order", -8, "支付订单：书", { product: "书", order_no: "X1" }), en, "P")).toBe(
      "Paid for the order: 书",
    );
    expect(creditReason(entry("refund", 8, "订单未成交，退回：书", { product: "书" }), en, "P")).toBe(
      "Order not completed, refunded: 书",
    );
    expect(creditReason(entry("recharge", 100, "充值订单 R9", { order_no: "R9" }), en, "P")).toBe("Top-up order R9");
  });

  it("a penalty reads the amount really taken (a partial take is less than configured)", () => {
    const partial = entry("delete_document", -2, "删除文档《报告》扣除 5 积分（余额不足，实扣 2）", { title: "报告" });
    expect(creditReason(partial, en, "Points")).toBe("Deleted “报告”: 2 Points deducted");
  });

  it("a system recharge is the staff's remark when given, else the generic line; an old one keeps its reason", () => {
    expect(creditReason(entry("system_recharge", 5, "活动奖励", { remark: "活动奖励" }), en, "P")).toBe("活动奖励");
    expect(creditReason(entry("system_recharge", 5, "系统充值", { remark: "" }), en, "P")).toBe("Credited by the site");
    expect(creditReason(entry("system_recharge", 5, "老备注"), en, "P")).toBe("老备注");
  });

  it("an entry older than its params: the document's title from the reason's 《》, else the reason itself", () => {
    expect(creditReason(entry("document_collected", 1, "文档《旧》被收藏获得 1 积分"), en, "Points")).toBe(
      "“旧” was added to a favorites list: earned 1 Points",
    );
    expect(creditReason(entry("order", -3, "支付订单：旧商品"), en, "P")).toBe("支付订单：旧商品");
    expect(creditReason(entry("sale", 3, "文档《旧》被购买"), en, "P")).toBe("文档《旧》被购买");
    expect(creditReason(entry("something_new", 3, "新原因"), en, "P")).toBe("新原因");
    expect(creditReason(entry("something_new", 3, ""), en, "P")).toBe("something_new");
    expect(creditReason(entry("toString", 3, "x"), en, "P")).toBe("x"); // no prototype key is a reason
  });
});
