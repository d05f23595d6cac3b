// Captcha and registration switches through the real RPC stack (interceptors, handlers, domain,
// PostgreSQL) of the user service. Settings come from an in-memory provider: ConfigAPI.GetSettings
// is not implemented yet, so these behaviours cannot be switched through the gateway.
import { randomBytes } from "node:crypto";
import { createClient } from "@connectrpc/connect";
import { createLogger, inProcessTransport } from "@wenku/kit";
import { createBus } from "@wenku/kit/bus";
import { createRateLimitStore, type RateLimitStore } from "@wenku/kit/ratelimit";
import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { createTestDatabase } from "../../../../jest/db.js";
import {
  noDocuments,
  noLedger,
  noMail,
  openSite,
  smsOff,
  staticRewards,
  staticSettings,
  staticVerification,
} from "../../test/ports.js";
import { createUserCreditOutbox } from "../credits/credit.outbox.js";
import { createDb, type Db, USER_SCHEMA } from "../db.js";
import { buildServer } from "../server.js";
import { DEFAULT_SECURITY, type SecuritySettings } from "../settings.js";

const withCaptcha = (over: Partial<SecuritySettings["captcha"]> = {}): SecuritySettings => ({
  ...DEFAULT_SECURITY,
  captcha: {
    ...DEFAULT_SECURITY.captcha,
    ...over,
    scenes: { ...DEFAULT_SECURITY.captcha.scenes, register: true, login: true },
  },
});

let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let rateLimits: RateLimitStore;
const settings = staticSettings(withCaptcha());
const bus = await createBus({ log: createLogger({ service: "test", level: "silent" }) });
let client: ReturnType<typeof createClient<typeof UserAPI>>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = createDb(testDb.url);
  const log = createLogger({ service: "test", level: "silent" });
  rateLimits = createRateLimitStore({ connectionString: testDb.url, schema: USER_SCHEMA, log, sweepEveryMs: 0 });
  const def = await buildServer({
    db,
    bus,
    log: createLogger({ service: "test", level: "silent" }),
    jwtSecret: randomBytes(32).toString("hex"),
    internalToken: randomBytes(32).toString("hex"),
    tokenTtlHours: 1,
    settings,
    siteGate: openSite,
    rateLimits,
    documents: noDocuments,
    credits: noLedger,
    creditOutbox: createUserCreditOutbox({ db, ledger: noLedger, log }),
    rewards: staticRewards({ register: 0, signIn: 0 }),
    timeZone: "Asia/Shanghai",
    verification: staticVerification(),
    sms: smsOff(),
    mail: noMail,
  });
  client = createClient(UserAPI, inProcessTransport(def));
});
afterAll(async () => {
  await rateLimits.close();
  await db.$disconnect();
  await bus.close();
  await testDb.drop();
});
beforeEach(() => settings.set(withCaptcha()));

const answerOf = async (id: string) => (await db.captcha.findUniqueOrThrow({ where: { id } })).answer;
const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (e: { rawMessage: string; code: number }) => ({ message: e.rawMessage, code: e.code }),
  );

test("a scene without captcha answers enable=false and stores nothing", async () => {
  const before = await db.captcha.count();
  const r = await client.getUserCaptcha({ type: "comment" });
  expect(r).toMatchObject({ enable: false, id: "", captcha: "" });
  expect(await db.captcha.count()).toBe(before);
});

test("an unknown scene is refused", async () => {
  expect(await failure(client.getUserCaptcha({ type: "nope" }))).toEqual({ message: "验证码类型不正确", code: 3 });
});

test("an enabled scene gets an SVG image whose markup does not contain the answer", async () => {
  const r = await client.getUserCaptcha({ type: "register" });
  expect(r.enable).toBe(true);
  expect(r.type).toBe("digit");
  expect(r.captcha).toMatch(/^data:image\/svg\+xml;base64,/);
  const svg = Buffer.from(r.captcha.split(",")[1] as string, "base64").toString();
  expect(svg).toContain("<svg");
  expect(svg).not.toContain("<text");
  const answer = await answerOf(r.id);
  expect(answer).toMatch(/^\d{5}$/);
  expect(svg).not.toContain(answer);
});

test("register needs the captcha; a wrong answer burns it; the right one works once", async () => {
  const body = { username: "capuser", password: "secret123" };
  expect(await failure(client.register(body))).toEqual({ message: "请输入验证码", code: 3 });

  const first = await client.getUserCaptcha({ type: "register" });
  expect(await failure(client.register({ ...body, captchaId: first.id, captcha: "nope" }))).toEqual({
    message: "验证码错误或已过期，请重新获取",
    code: 3,
  });
  expect(await db.captcha.count({ where: { id: first.id } })).toBe(0); // single use, even when wrong

  const c = await client.getUserCaptcha({ type: "register" });
  const answer = await answerOf(c.id);
  const ok = await client.register({ ...body, captchaId: c.id, captcha: answer });
  expect(ok.user?.username).toBe("capuser");
  // Replaying the same captcha fails.
  expect(
    await failure(client.register({ username: "capuser2", password: "secret123", captchaId: c.id, captcha: answer })),
  ).toMatchObject({ message: "验证码错误或已过期，请重新获取" });
});

test("a captcha of another scene or an expired one is refused; answers are case-insensitive", async () => {
  settings.set(withCaptcha({ kind: "string", length: 6 }));
  const login = await client.getUserCaptcha({ type: "login" });
  expect(login.type).toBe("string");
  const loginAnswer = await answerOf(login.id);
  expect(loginAnswer).toMatch(/^[A-Z2-9]{6}$/);
  expect(
    await failure(
      client.register({ username: "x1y2", password: "secret123", captchaId: login.id, captcha: loginAnswer }),
    ),
  ).toMatchObject({ message: "验证码错误或已过期，请重新获取" });

  const old = await client.getUserCaptcha({ type: "login" });
  await db.captcha.update({ where: { id: old.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
  expect(
    await failure(
      client.login({ username: "capuser", password: "secret123", captchaId: old.id, captcha: await answerOf(old.id) }),
    ),
  ).toMatchObject({ message: "验证码错误或已过期，请重新获取" });

  const fresh = await client.getUserCaptcha({ type: "login" });
  const lower = (await answerOf(fresh.id)).toLowerCase();
  const r = await client.login({ username: "capuser", password: "secret123", captchaId: fresh.id, captcha: lower });
  expect(r.token).not.toBe("");
});

test("math captchas ask for the result", async () => {
  settings.set(withCaptcha({ kind: "math" }));
  const c = await client.getUserCaptcha({ type: "login" });
  expect(c.type).toBe("math");
  expect(await answerOf(c.id)).toMatch(/^\d{1,2}$/);
});

test("registration closed: refused before anything else", async () => {
  settings.set({ ...DEFAULT_SECURITY, enableRegister: false });
  expect(await failure(client.register({ username: "late", password: "secret123" }))).toEqual({
    message: "网站已关闭注册",
    code: 7,
  });
  expect(await db.user.count({ where: { username: "late" } })).toBe(0);
});
