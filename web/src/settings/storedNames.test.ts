import { describe, expect, it } from "@jest/globals";
import { creditNameIn, groupTitleIn } from "./storedNames.js";

describe("stored names in the reader's language", () => {
  it("built-in and usual group titles read in English; an admin's own stays as stored; Chinese unchanged", () => {
    expect(groupTitleIn("en", "超级管理员")).toBe("Administrators");
    expect(groupTitleIn("en", "普通用户")).toBe("Members");
    expect(groupTitleIn("en", "游客")).toBe("Guests");
    expect(groupTitleIn("en", "VIP会员")).toBe("VIP members");
    expect(groupTitleIn("en", "黄金作者")).toBe("黄金作者");
    expect(groupTitleIn("zh-CN", "普通用户")).toBe("普通用户");
    expect(groupTitleIn("en", "toString")).toBe("toString");
  });

  it("the credit name: the default 积分 and usual names in English, another as stored", () => {
    expect(creditNameIn("en", "积分")).toBe("Points");
    expect(creditNameIn("en", "魔豆")).toBe("Beans");
    expect(creditNameIn("en", "星星")).toBe("星星");
    expect(creditNameIn("zh-CN", "积分")).toBe("积分");
  });
});
