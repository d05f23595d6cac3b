import { checkLength, checkUsername, usernameSkeletons } from "./user.rules.js";

const usernameSkeleton = (name: string) => usernameSkeletons(name).usernameSkeleton;
const casedSkeleton = (name: string) => usernameSkeletons(name).usernameSkeletonCased;

test("usernames that look alike share one skeleton: case, fullwidth and confusable letters", () => {
  const admin = usernameSkeleton("admin");
  for (const lookalike of ["Admin", "ADMIN", "adm\u0456n", "ADM\u0406N", "\u0430dmin", "ａｄｍｉｎ", "admIn", "adrnin"])
    expect([lookalike, usernameSkeleton(lookalike)]).toEqual([lookalike, admin]);
  expect(usernameSkeleton("b0bby")).toBe(usernameSkeleton("BOBBY"));
  expect(usernameSkeleton("paypa1")).toBe(usernameSkeleton("PAYPAL"));
});

test("lookalikes that play on case share the skeleton of the name as written: lookaIike (capital I), lookalike", () => {
  expect(casedSkeleton("lookaIike")).toBe(casedSkeleton("lookalike"));
  expect(casedSkeleton("SPRlNTER")).toBe(casedSkeleton("SPRINTER"));
  expect(usernameSkeleton("lookaIike")).not.toBe(usernameSkeleton("lookalike")); // folding first cannot see it
});

test("names that do not look alike keep distinct skeletons", () => {
  const names = ["admin", "admins", "adnim", "张三", "张四", "alice", "alice2", "bob_", "bob-"];
  expect(new Set(names.map(usernameSkeleton)).size).toBe(names.length);
  expect(new Set(names.map(casedSkeleton)).size).toBe(names.length);
});

test("a username is cleaned before it is checked: bidi and zero-width characters are dropped, NFC", () => {
  expect(checkUsername(" ali\u200Bce\u202E ")).toBe("alice");
  expect(checkUsername("Jose\u0301")).toBe("José");
  expect(() => checkUsername("\u202E\u200B")).toThrow("请输入您的登录用户名");
  expect(() => checkUsername("a b")).toThrow("用户名只能包含");
});

test("profile texts are cleaned: a signature keeps no bidi override", () => {
  expect(checkLength("签名\u202Etxt.exe", "个性签名", 255)).toBe("签名txt.exe");
});
