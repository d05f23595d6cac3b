import { textParams, textParamsProblem, toTextParams } from "./text.params.js";

describe("text params", () => {
  test("read back from jsonb: string values of valid keys only, cut to 255 characters", () => {
    expect(textParams({ title: "报告", amount: 5, "Bad-Key": "x", nested: { a: "b" } })).toEqual({ title: "报告" });
    expect(textParams(null)).toEqual({});
    expect(textParams(["a"])).toEqual({});
    expect(textParams("text")).toEqual({});
    expect([...(textParams({ title: "文".repeat(300) }).title ?? "")]).toHaveLength(255);
  });

  test("written: numbers and bigints as decimal text, undefined and empty values dropped", () => {
    expect(toTextParams({ award: 3, ref: 9_007_199_254_740_993n, title: "", remark: undefined })).toEqual({
      award: "3",
      ref: "9007199254740993",
    });
  });

  test("a caller's params: too many, a key that is not snake_case or a long value is named", () => {
    expect(textParamsProblem({ title: "t", order_no: "1" })).toBe("");
    expect(textParamsProblem({ Title: "t" })).toMatch(/Title/);
    expect(textParamsProblem({ title: "x".repeat(256) })).toMatch(/title/);
    expect(textParamsProblem(Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`k${i}`, "v"])))).toMatch(/8/);
  });
});
