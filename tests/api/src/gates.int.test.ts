// security.is_close and security.login_required are enforced by the services themselves: a client
// calling an RPC directly over REST or real gRPC is refused, whatever the browser does.
import * as grpc from "@grpc/grpc-js";
import { loginAdmin, registerUser, rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let adminToken: string;
let userToken: string;

beforeAll(async () => {
  stack = await startTestStack();
  adminToken = await loginAdmin(stack.url);
  userToken = (await registerUser(stack.url, "visitor1")).token;
});
afterAll(() => stack.stop());

const setSecurity = async (name: "is_close" | "login_required", on: boolean) => {
  const r = await rest(
    stack.url,
    "PUT",
    "/api/v1/config",
    { config: [{ category: "security", name, value: String(on) }] },
    adminToken,
  );
  expect([r.status, r.json]).toEqual([200, {}]);
};

/** Real gRPC (@grpc/grpc-js, h2c) to the gateway port; resolves with the status code. */
function grpcCall(path: string, token?: string): Promise<{ code: grpc.status; details: string }> {
  const client = new grpc.Client(`127.0.0.1:${stack.port}`, grpc.credentials.createInsecure());
  const md = new grpc.Metadata();
  if (token) md.set("authorization", `Bearer ${token}`);
  return new Promise((resolve) =>
    client.makeUnaryRequest(
      path,
      () => Buffer.alloc(0), // every request message here has only optional fields
      (b: Buffer) => b,
      {},
      md,
      (err) => {
        client.close();
        resolve(err ? { code: err.code, details: err.details } : { code: grpc.status.OK, details: "" });
      },
    ),
  );
}

const NAV_LIST = "/api/v1/navigation/list";
const NAV_LIST_GRPC = "/api.v1.NavigationAPI/ListNavigation";

describe("security.is_close", () => {
  afterAll(() => setSecurity("is_close", false));

  test("closing refuses anonymous visitors at once (cache warmed before), over REST and gRPC", async () => {
    expect((await rest(stack.url, "GET", NAV_LIST)).status).toBe(200); // settings now cached as open
    await setSecurity("is_close", true);

    const r = await rest(stack.url, "GET", NAV_LIST);
    expect(r.status).toBe(401);
    expect(r.json).toMatchObject({ code: 16, message: "网站已关闭" });
    expect(await grpcCall(NAV_LIST_GRPC)).toEqual({ code: grpc.status.UNAUTHENTICATED, details: "网站已关闭" });
  });

  test("every service enforces it (content service: document list)", async () => {
    const r = await rest(stack.url, "GET", "/api/v1/document/list");
    expect([r.status, r.json.code]).toEqual([401, 16]);
    expect((await grpcCall("/api.v1.DocumentAPI/ListDocument")).code).toBe(grpc.status.UNAUTHENTICATED);
  });

  test("a logged-in user without permissions is refused with 403", async () => {
    const r = await rest(stack.url, "GET", NAV_LIST, undefined, userToken);
    expect(r.status).toBe(403);
    expect(r.json).toMatchObject({ code: 7, message: "网站已关闭" });
    expect((await grpcCall(NAV_LIST_GRPC, userToken)).code).toBe(grpc.status.PERMISSION_DENIED);
  });

  test("staff still get in", async () => {
    expect((await rest(stack.url, "GET", NAV_LIST, undefined, adminToken)).status).toBe(200);
    expect((await grpcCall(NAV_LIST_GRPC, adminToken)).code).toBe(grpc.status.OK);
  });

  test("settings, login and registration stay open", async () => {
    const s = await rest(stack.url, "GET", "/api/v1/settings");
    expect(s.status).toBe(200);
    expect((s.json.security as Record<string, unknown>).is_close).toBe(true);
    expect((await grpcCall("/api.v1.ConfigAPI/GetSettings")).code).toBe(grpc.status.OK);
    const login = await rest(stack.url, "POST", "/api/v1/user/login", { username: "visitor1", password: "secret123" });
    expect(login.status).toBe(200);
    const reg = await rest(stack.url, "POST", "/api/v1/user/register", { username: "visitor2", password: "secret123" });
    expect(reg.status).toBe(200);
  });

  test("reopening lets everyone back in at once", async () => {
    await setSecurity("is_close", false);
    expect((await rest(stack.url, "GET", NAV_LIST)).status).toBe(200);
    expect((await rest(stack.url, "GET", NAV_LIST, undefined, userToken)).status).toBe(200);
    expect((await grpcCall(NAV_LIST_GRPC)).code).toBe(grpc.status.OK);
  });
});

describe("security.login_required", () => {
  afterAll(() => setSecurity("login_required", false));

  test("anonymous calls are refused at once, over REST and gRPC", async () => {
    expect((await rest(stack.url, "GET", NAV_LIST)).status).toBe(200);
    await setSecurity("login_required", true);

    const r = await rest(stack.url, "GET", NAV_LIST);
    expect(r.status).toBe(401);
    expect(r.json).toMatchObject({ code: 16, message: "请先登录后再访问" });
    expect(await grpcCall(NAV_LIST_GRPC)).toEqual({ code: grpc.status.UNAUTHENTICATED, details: "请先登录后再访问" });
    expect((await rest(stack.url, "GET", "/api/v1/document/list")).status).toBe(401);
  });

  test("logged-in users (not only staff) get in", async () => {
    expect((await rest(stack.url, "GET", NAV_LIST, undefined, userToken)).status).toBe(200);
    expect((await grpcCall(NAV_LIST_GRPC, userToken)).code).toBe(grpc.status.OK);
  });

  test("settings, login and registration stay open", async () => {
    const s = await rest(stack.url, "GET", "/api/v1/settings");
    expect(s.status).toBe(200);
    expect((s.json.security as Record<string, unknown>).login_required).toBe(true);
    expect(
      (await rest(stack.url, "POST", "/api/v1/user/login", { username: "visitor1", password: "secret123" })).status,
    ).toBe(200);
    expect(
      (await rest(stack.url, "POST", "/api/v1/user/register", { username: "visitor3", password: "secret123" })).status,
    ).toBe(200);
  });

  test("switching it off opens the site again at once", async () => {
    await setSecurity("login_required", false);
    expect((await rest(stack.url, "GET", NAV_LIST)).status).toBe(200);
    expect((await grpcCall(NAV_LIST_GRPC)).code).toBe(grpc.status.OK);
  });
});

describe("captcha follows the admin's settings at once (config → user service)", () => {
  const setConfig = async (config: Array<{ category: string; name: string; value: string }>) => {
    const r = await rest(stack.url, "PUT", "/api/v1/config", { config }, adminToken);
    expect([r.status, r.json]).toEqual([200, {}]);
  };
  afterAll(() => setConfig([{ category: "security", name: "enable_captcha_login", value: "false" }]));

  test("login captcha switched on: its look comes from category captcha, and login needs it", async () => {
    expect((await rest(stack.url, "GET", "/api/v1/user/captcha?type=login")).json.enable).toBe(false);
    await setConfig([
      { category: "security", name: "enable_captcha_login", value: "true" },
      { category: "captcha", name: "type", value: "string" },
      { category: "captcha", name: "width", value: "300" },
      { category: "captcha", name: "height", value: "80" },
    ]);
    const c = await rest(stack.url, "GET", "/api/v1/user/captcha?type=login");
    expect(c.status).toBe(200);
    expect(c.json).toMatchObject({ enable: true, type: "string" });
    const svg = Buffer.from(String(c.json.captcha).split(",")[1] ?? "", "base64").toString("utf8");
    expect(svg).toMatch(/width="300"/);
    expect(svg).toMatch(/height="80"/);
    const login = await rest(stack.url, "POST", "/api/v1/user/login", { username: "visitor1", password: "secret123" });
    expect(login.status).toBe(400);
    expect(login.json.message).toBe("请输入验证码");
  });
});
