// Accounts through the gateway (REST per HttpRule, plus Connect): validation messages, uniqueness,
// profile rules, password change and session revocation, dynamics, upload/article checks.
import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { loginAdmin, rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

const post = (path: string, body: unknown, token?: string) => rest(stack.url, "POST", path, body, token);
const put = (path: string, body: unknown, token?: string) => rest(stack.url, "PUT", path, body, token);
const get = (path: string, token?: string) => rest(stack.url, "GET", path, undefined, token);

async function register(username: string, extra: Record<string, string> = {}) {
  const r = await post("/api/v1/user/register", { username, password: "secret123", ...extra });
  expect(r.status).toBe(200);
  return { token: r.json.token as string, id: (r.json.user as { id: number }).id };
}
const login = (username: string, password = "secret123") => post("/api/v1/user/login", { username, password });

describe("register validation", () => {
  test.each([
    [{ username: "", password: "secret123" }, 400, "请输入您的登录用户名"],
    [{ username: "   ", password: "secret123" }, 400, "请输入您的登录用户名"],
    [{ username: "a b!", password: "secret123" }, 400, "用户名只能包含2-32位字母、数字、下划线或中划线"],
    [{ username: "okname", password: "" }, 400, "请输入您的登录密码"],
    [{ username: "okname", password: "12345" }, 400, "密码长度须为6-64位"],
    [{ username: "okname", password: "x".repeat(65) }, 400, "密码长度须为6-64位"],
    [{ username: "okname", password: "secret123", email: "not-an-email" }, 400, "请输入正确的电子邮箱"],
    [{ username: "okname", password: "secret123", mobile: "12345678901" }, 400, "请输入正确的手机号码"],
    [{ username: "okname", password: "secret123", mobile: "1380013800" }, 400, "请输入正确的手机号码"],
    [{ username: "okname", password: "secret123", mobile: "138001380001" }, 400, "请输入正确的手机号码"],
  ])("%j → %i %s", async (body, status, message) => {
    const r = await post("/api/v1/user/register", body);
    expect(r.status).toBe(status);
    expect(r.json).toMatchObject({ code: 3, message });
  });

  test("username, e-mail and mobile are unique (409)", async () => {
    await register("uniq1", { email: "uniq1@example.com", mobile: "13800138001" });
    const cases: Array<[Record<string, string>, string]> = [
      [{ username: "uniq1" }, "该用户名已被注册"],
      [{ username: "uniq2", email: "uniq1@example.com" }, "该邮箱已被注册"],
      [{ username: "uniq3", mobile: "13800138001" }, "该手机号已被注册"],
    ];
    for (const [body, message] of cases) {
      const r = await post("/api/v1/user/register", { password: "secret123", ...body });
      expect([r.status, r.json.message]).toEqual([409, message]);
      expect(r.json.code).toBe(6);
    }
  });

  test("a valid registration returns {token, user} in the default group, and works for login by e-mail and mobile", async () => {
    const r = await post("/api/v1/user/register", {
      username: "fullreg",
      password: "secret123",
      email: "full@example.com",
      mobile: "13912345678",
    });
    expect(r.status).toBe(200);
    expect(r.json.user).toMatchObject({ username: "fullreg", email: "full@example.com", mobile: "13912345678" });
    expect((r.json.user as { group_id: number[] }).group_id).toHaveLength(1);
    expect((await login("full@example.com")).status).toBe(200);
    expect((await login("13912345678")).status).toBe(200);
  });
});

describe("an e-mail address is one per account, whatever its case", () => {
  test("stored trimmed and lower-case; every edge taking an address finds the account in any case", async () => {
    const r = await post("/api/v1/user/register", {
      username: "casey",
      password: "secret123",
      email: " Casey.Mixed@Example.ORG ",
    });
    expect(r.status).toBe(200);
    expect((r.json.user as { email: string }).email).toBe("casey.mixed@example.org");
    // sign-in by any case of the address
    expect((await login("CASEY.MIXED@example.org")).status).toBe(200);
    expect((await login(" casey.mixed@EXAMPLE.org ")).status).toBe(200);
    // registration, one's own profile, and staff adding or changing an account: taken in any case
    const again = await post("/api/v1/user/register", {
      username: "casey2",
      password: "secret123",
      email: "CASEY.MIXED@EXAMPLE.ORG",
    });
    expect([again.status, again.json.message]).toEqual([409, "该邮箱已被注册"]);
    const { token, id } = await register("casey3");
    const profile = await put("/api/v1/user/profile", { email: "Casey.Mixed@example.org" }, token);
    expect([profile.status, profile.json.message]).toEqual([409, "该邮箱已被注册"]);
    const admin = await loginAdmin(stack.url);
    const add = await post(
      "/api/v1/user",
      { username: "casey4", password: "secret123", email: "casey.MIXED@example.org" },
      admin,
    );
    expect([add.status, add.json.message]).toEqual([409, "该邮箱已被注册"]);
    const set = await put("/api/v1/user", { id, email: "CASEY.mixed@example.org" }, admin);
    expect([set.status, set.json.message]).toEqual([409, "该邮箱已被注册"]);
    // a new address of one's own is stored lower-case too, and signs in
    expect((await put("/api/v1/user/profile", { email: "Casey3@Example.ORG" }, token)).status).toBe(200);
    expect((await get("/api/v1/user", token)).json.email).toBe("casey3@example.org");
    expect((await login("CASEY3@EXAMPLE.ORG")).status).toBe(200);
  });
});

describe("login", () => {
  test.each([
    [{ username: "", password: "x" }, "请输入您的登录用户名"],
    [{ username: "someone", password: "" }, "请输入您的登录密码"],
    [{ username: "nobody-here", password: "secret123" }, "用户名或密码不正确"],
  ])("%j → 400 %s", async (body, message) => {
    const r = await post("/api/v1/user/login", body);
    expect([r.status, r.json.message]).toEqual([400, message]);
  });

  test("a wrong password gets the same answer as an unknown user", async () => {
    await register("pwuser");
    const r = await login("pwuser", "wrong-password");
    expect([r.status, r.json.message]).toEqual([400, "用户名或密码不正确"]);
  });

  test("the token expires per TOKEN_TTL_HOURS (default 7 days)", async () => {
    await register("ttluser");
    const r = await login("ttluser");
    const payload = JSON.parse(Buffer.from((r.json.token as string).split(".")[1] as string, "base64url").toString());
    expect(payload.exp - payload.iat).toBe(7 * 24 * 3600);
  });
});

describe("profile", () => {
  test("the owner sets e-mail and mobile once; afterwards they are locked", async () => {
    const { token, id } = await register("profiler");
    const bad = await put("/api/v1/user/profile", { email: "bad" }, token);
    expect([bad.status, bad.json.message]).toEqual([400, "请输入正确的电子邮箱"]);
    const badMobile = await put("/api/v1/user/profile", { mobile: "1234" }, token);
    expect([badMobile.status, badMobile.json.message]).toEqual([400, "请输入正确的手机号码"]);

    const set = await put(
      "/api/v1/user/profile",
      { email: "p@example.com", mobile: "13700000001", realname: "张三", signature: "你好", address: "北京" },
      token,
    );
    expect(set.status).toBe(200);
    const me = await get("/api/v1/user", token);
    expect(me.json).toMatchObject({
      id,
      email: "p@example.com",
      mobile: "13700000001",
      realname: "张三",
      signature: "你好",
      address: "北京",
    });

    const email = await put("/api/v1/user/profile", { email: "other@example.com", mobile: "13700000001" }, token);
    expect([email.status, email.json.message]).toEqual([403, "邮箱设置后不能修改"]);
    const mobile = await put("/api/v1/user/profile", { email: "p@example.com", mobile: "13700000002" }, token);
    expect([mobile.status, mobile.json.message]).toEqual([403, "手机号设置后不能修改"]);
    // Sending the same values back (a full form) is fine.
    expect((await put("/api/v1/user/profile", { email: "p@example.com", realname: "李四" }, token)).status).toBe(200);
  });

  test("an e-mail another account holds is refused", async () => {
    await register("holder", { email: "taken@example.com" });
    const { token } = await register("wanter");
    const r = await put("/api/v1/user/profile", { email: "taken@example.com" }, token);
    expect([r.status, r.json.message]).toEqual([409, "该邮箱已被注册"]);
  });

  test("a user cannot change someone else's profile", async () => {
    const { id } = await register("victim");
    const { token } = await register("intruder");
    const r = await put("/api/v1/user/profile", { id, signature: "pwned" }, token);
    expect(r.status).toBe(403);
  });

  test("the activity feed records registration and profile changes, newest first", async () => {
    const { token } = await register("dynamo");
    await put("/api/v1/user/profile", { signature: "hi" }, token);
    const r = await get("/api/v1/user/dynamic?page=1&size=10", token);
    expect(r.status).toBe(200);
    expect(r.json.total).toBe(2);
    const types = (r.json.dynamic as Array<{ type: number; username: string }>).map((d) => d.type);
    expect(types).toEqual([9, 6]);
    expect((r.json.dynamic as Array<{ username: string }>)[0]?.username).toBe("dynamo");
  });
});

describe("password change", () => {
  test("validation messages", async () => {
    const { token } = await register("pwrules");
    const cases: Array<[Record<string, string>, string]> = [
      [{ new_password: "newsecret1" }, "请输入您的原密码"],
      [{ old_password: "secret123" }, "请输入您的新密码"],
      [{ old_password: "secret123", new_password: "123" }, "密码长度须为6-64位"],
      [{ old_password: "wrong-one", new_password: "newsecret1" }, "原密码不正确"],
    ];
    for (const [body, message] of cases) {
      const r = await put("/api/v1/user/password", body, token);
      expect([r.status, r.json.message]).toEqual([400, message]);
    }
  });

  test("revokes the user's other tokens at once but keeps the current one (Connect client)", async () => {
    const { token: current } = await register("pwchanger");
    const other = (await login("pwchanger")).json.token as string;
    expect((await get("/api/v1/user/permission", other)).status).toBe(200);

    const client = createClient(UserAPI, createConnectTransport({ baseUrl: stack.url, httpVersion: "1.1" }));
    await client.updateUserPassword(
      { oldPassword: "secret123", newPassword: "newsecret1" },
      { headers: { authorization: `Bearer ${current}` } },
    );

    expect((await get("/api/v1/user/permission", current)).status).toBe(200);
    const revoked = await get("/api/v1/user/permission", other);
    expect([revoked.status, revoked.json.code]).toEqual([401, 16]);
    const err = await client
      .getUserPermissions({}, { headers: { authorization: `Bearer ${other}` } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectError);
    expect((err as ConnectError).code).toBe(Code.Unauthenticated);
    expect((await login("pwchanger", "secret123")).status).toBe(400);
    expect((await login("pwchanger", "newsecret1")).status).toBe(200);
  });

  test("a user without the permission cannot change another user's password", async () => {
    const { id } = await register("pwvictim");
    const { token } = await register("pwattacker");
    const r = await put("/api/v1/user/password", { id, new_password: "hijacked1" }, token);
    expect(r.status).toBe(403);
    expect((await login("pwvictim")).status).toBe(200);
  });
});

describe("abilities", () => {
  test("the default group may upload and publish articles", async () => {
    const { token } = await register("able");
    expect((await get("/api/v1/user/caniuploaddocument", token)).status).toBe(200);
    expect((await get("/api/v1/user/canipublisharticle", token)).status).toBe(200);
    const groups = await get("/api/v1/user/group", token);
    expect((groups.json.group as Array<{ is_default: boolean }>).map((g) => g.is_default)).toEqual([true]);
  });
});
