// Throttling through the whole stack (REST over HTTP → gateway → services → PostgreSQL counters):
// wrong passwords per address and per account, the account's owner elsewhere unaffected, pacing of a
// distributed attack, registration / captcha / password recovery / code sending limits, per-user
// upload quotas. Each client address is a real loopback source address (127.0.0.x): the gateway takes it
// from the socket, no proxy header involved. (The sweep of uploads no document uses is content's own
// integration test, services/content/src/files/attachment.sweep.int.test.ts.)
import { createHash, randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { Code, type ConnectError, createClient } from "@connectrpc/connect";
import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { makePdf } from "@wenku/testkit/documents";
import { type ContentDb, openContentDb } from "./db.js";
import { type LoopbackReply, loopbackClient } from "./loopback.js";
import { ADMIN_PASSWORD, loginAdmin, rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let admin: string;
/** Reads issued captchas' answers (the shared database; the user service's schema). */
let userDb: ContentDb;

const client = loopbackClient(() => stack.url);
/** A JSON request from the loopback address `ip` (the gateway sees it as the client's address). */
const from = (ip: string, method: string, path: string, body?: unknown, token?: string) =>
  client.send(ip, method, path, body, token);

const login = (ip: string, username: string, password: string) =>
  from(ip, "POST", "/api/v1/user/login", { username, password });
async function register(username: string, ip = "127.0.0.1") {
  const r = await from(ip, "POST", "/api/v1/user/register", { username, password: "secret123" });
  expect(r.status).toBe(200);
  return { token: r.json.token as string, id: (r.json.user as { id: number }).id };
}
async function setConfig(category: string, name: string, value: string) {
  const r = await rest(stack.url, "PUT", "/api/v1/config", { config: [{ category, name, value }] }, admin);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
}
/** What a login answers when its address must solve a captcha first (login captcha off in the settings). */
const CAPTCHA_DEMANDED = "该网络近期登录失败次数过多，请输入验证码后再登录";
/** A login captcha issued to `ip` (with `headers`), and its answer read from the user service's table. */
async function captchaFor(ip: string, headers?: Record<string, string>, scene = "login") {
  const c = await client.send(ip, "GET", `/api/v1/user/captcha?type=${scene}`, undefined, undefined, headers);
  expect([c.status, c.json.enable]).toEqual([200, true]);
  const rows = await userDb.$queryRawUnsafe<Array<{ answer: string }>>(
    "SELECT answer FROM wenku_user.captchas WHERE id = $1::uuid",
    c.json.id,
  );
  return { captcha_id: c.json.id as string, captcha: rows[0]?.answer ?? "" };
}
/** A 429 with a Retry-After of at most `max` seconds (and at least 1). */
function expectThrottled(r: LoopbackReply, max: number, message?: RegExp) {
  expect(r.status).toBe(429);
  expect(r.json.code).toBe(Code.ResourceExhausted);
  const seconds = Number(r.retryAfter);
  expect(Number.isInteger(seconds) && seconds >= 1 && seconds <= max).toBe(true);
  if (message) expect(r.json.message).toMatch(message);
}
/** Sends `n` requests one after another; returns their statuses. */
async function statuses(n: number, send: (i: number) => Promise<LoopbackReply>): Promise<LoopbackReply[]> {
  const out: LoopbackReply[] = [];
  for (let i = 0; i < n; i++) out.push(await send(i));
  return out;
}

beforeAll(async () => {
  stack = await startTestStack();
  admin = await loginAdmin(stack.url);
  userDb = openContentDb(stack);
}, 60_000);
afterAll(async () => {
  client.close();
  await userDb.$disconnect();
  await stack.stop();
});

describe("login", () => {
  test("300 wrong passwords from one address: 400 up to the limit, then 429 + Retry-After; the owner logs in from elsewhere", async () => {
    const reg = await from("127.0.0.1", "POST", "/api/v1/user/register", {
      username: "victim",
      password: "secret123",
      email: "victim@example.com",
    });
    expect(reg.status).toBe(200);
    const replies = await statuses(300, () => login("127.0.0.2", "victim", "wrong-password"));
    const firstRefused = replies.findIndex((r) => r.status === 429);
    // security.login_max_consecutive_fails = 10: ten answered "wrong password", the 11th attempt is refused
    expect(replies.slice(0, 10).every((r) => r.status === 400 && r.json.message === "用户名或密码不正确")).toBe(true);
    expect(firstRefused).toBe(10);
    for (const r of replies.slice(firstRefused))
      expectThrottled(r, 3600, /^登录失败次数过多，请 (60 分钟|\d+ 秒)后再试$/);
    // the attacker's address stays refused, even with the right password …
    expectThrottled(await login("127.0.0.2", "victim", "secret123"), 3600);
    // … and switching to the account's e-mail changes nothing: the account is keyed by its id
    expectThrottled(await login("127.0.0.2", "victim@example.com", "another-guess"), 3600);
    // … while the owner, from another address, is not locked out
    const owner = await login("127.0.0.3", "victim", "secret123");
    expect(owner.status).toBe(200);
    expect(owner.json.token).toEqual(expect.any(String));
  }, 90_000);

  test("a success resets the account+address count", async () => {
    await register("typo-prone");
    for (let round = 0; round < 3; round++) {
      const wrong = await statuses(9, () => login("127.0.0.4", "typo-prone", "nope-nope"));
      expect(wrong.map((r) => r.status)).toEqual(Array(9).fill(400));
      expect((await login("127.0.0.4", "typo-prone", "secret123")).status).toBe(200);
    }
  });

  test("an office behind one address: 101 failures on made-up names ask it for a captcha, nobody is locked out", async () => {
    await register("bobby");
    const office = "127.0.0.5";
    expect((await login(office, "bobby", "secret123")).status).toBe(200); // bobby signed in from there before
    // security.login_max_fails_per_ip = 100 a day: beyond, every login from the address needs a captcha
    const replies = await statuses(101, (i) => login(office, `ghost${i}`, "guess"));
    expect(replies.slice(0, 100).every((r) => r.status === 400 && r.json.message === "用户名或密码不正确")).toBe(true);
    expect([replies[100]?.status, replies[100]?.json.message]).toEqual([400, CAPTCHA_DEMANDED]);
    // bobby with the right password is asked for a captcha (never "请 24 小时后再试") …
    expect([(await login(office, "bobby", "secret123")).json.message]).toEqual([CAPTCHA_DEMANDED]);
    // … the login captcha is switched off in the settings, yet the office gets one (and nobody else)
    expect((await from("127.0.0.6", "GET", "/api/v1/user/captcha?type=login")).json.enable).toBe(false);
    const c = await captchaFor(office);
    const ok = await from(office, "POST", "/api/v1/user/login", { username: "bobby", password: "secret123", ...c });
    expect([ok.status, typeof ok.json.token]).toEqual([200, "string"]);
    // other addresses log in as usual
    expect((await login("127.0.0.6", "admin", ADMIN_PASSWORD)).status).toBe(200);
    // the office is slowed down: 10 wrong logins a minute (each with a captcha), then 429 for the minute …
    for (let i = 0; i < 10; i++) {
      const r = await from(office, "POST", "/api/v1/user/login", {
        username: `ghost${i}`,
        password: "guess",
        ...(await captchaFor(office)),
      });
      expect([r.status, r.json.message]).toEqual([400, "用户名或密码不正确"]);
    }
    const slowed = await from(office, "POST", "/api/v1/user/login", {
      username: "ghost0",
      password: "guess",
      ...(await captchaFor(office)),
    });
    expectThrottled(slowed, 60, /^登录失败次数过多，请 \d+ 秒后再试$/);
    // … but not for the accounts that signed in from there: bobby still gets in (with a captcha)
    const again = await from(office, "POST", "/api/v1/user/login", {
      username: "bobby",
      password: "secret123",
      ...(await captchaFor(office)),
    });
    expect(again.status).toBe(200);
  }, 60_000);

  test("a distributed attack on one account is paced for new addresses; the owner's usual address is not", async () => {
    await setConfig("security", "login_max_consecutive_fails", "3"); // account-wide: 10 × 3 = 30 a day
    try {
      await register("celebrity");
      expect((await login("127.0.1.1", "celebrity", "secret123")).status).toBe(200); // the owner's address
      // 10 addresses × 3 wrong passwords = 30: the account's daily allowance, nobody paced yet
      for (let host = 10; host < 20; host++) {
        const r = await statuses(3, () => login(`127.0.1.${host}`, "celebrity", "guess"));
        expect(r.map((x) => x.status)).toEqual([400, 400, 400]);
      }
      expect((await login("127.0.1.30", "celebrity", "guess")).status).toBe(400); // the 31st: over the allowance
      // from now on, addresses new to the account get one attempt per 30 s between them …
      expect((await login("127.0.1.31", "celebrity", "guess")).status).toBe(400);
      expectThrottled(await login("127.0.1.32", "celebrity", "guess"), 30, /^该账号近期登录失败次数过多/);
      expectThrottled(await login("127.0.1.33", "celebrity", "secret123"), 30); // the right password too
      // … the owner's address is never paced, and the owner logs in
      expect((await login("127.0.1.1", "celebrity", "secret123")).status).toBe(200);
      expect((await login("127.0.1.1", "celebrity", "secret123")).status).toBe(200);
    } finally {
      await setConfig("security", "login_max_consecutive_fails", "10");
    }
  });

  test("over Connect the refusal is ResourceExhausted with retry-after metadata", async () => {
    await register("connected");
    // the in-process transport reaches the user service without the gateway's client address
    const users = createClient(UserAPI, stack.transports.user);
    let refusal: ConnectError | undefined;
    for (let i = 0; i < 12 && !refusal; i++) {
      await users.login({ username: "connected", password: "wrong" }).catch((e: ConnectError) => {
        if (e.code === Code.ResourceExhausted) refusal = e;
      });
    }
    expect(refusal?.code).toBe(Code.ResourceExhausted);
    expect(Number(refusal?.metadata.get("retry-after"))).toBeGreaterThan(3500);
  });
});

describe("registration, captcha, password recovery, codes", () => {
  test("registrations: 60 an hour per address, then 429", async () => {
    // invalid payloads count too (a failed registration also probes names)
    const replies = await statuses(61, (i) =>
      from("127.0.2.1", "POST", "/api/v1/user/register", { username: `r${i}!`, password: "secret123" }),
    );
    expect(replies.slice(0, 60).every((r) => r.status === 400)).toBe(true);
    expectThrottled(replies[60] as LoopbackReply, 3600, /^操作过于频繁，请 \d+ (秒|分钟)后再试$/);
    // another address registers
    await register("newcomer", "127.0.2.2");
  });

  test("captchas: 60 a minute per address", async () => {
    const replies = await statuses(61, () => from("127.0.2.3", "GET", "/api/v1/user/captcha?type=login"));
    expect(replies.slice(0, 60).every((r) => r.status === 200)).toBe(true);
    expectThrottled(replies[60] as LoopbackReply, 60);
    expect((await from("127.0.2.4", "GET", "/api/v1/user/captcha?type=login")).status).toBe(200);
  });

  test("a captcha is answered only by the client that asked for it (address and nonce), and only once", async () => {
    await register("bound");
    await setConfig("security", "enable_captcha_login", "true");
    await setConfig("security", "enable_captcha_register", "true");
    try {
      const asLogin = (ip: string, c: object, headers?: Record<string, string>) =>
        client.send(
          ip,
          "POST",
          "/api/v1/user/login",
          { username: "bound", password: "secret123", ...c },
          undefined,
          headers,
        );
      const WRONG = [400, "验证码错误或已过期，请重新获取"];
      // issued to address A, answered right from address B: refused (and used up)
      const a = await captchaFor("127.0.2.6");
      const fromB = await asLogin("127.0.2.7", a);
      expect([fromB.status, fromB.json.message]).toEqual(WRONG);
      expect((await asLogin("127.0.2.6", a)).status).toBe(400);
      // same address, another client's nonce: refused
      const n1 = { "x-wenku-client-nonce": "nonce-one-0123456789" };
      const n2 = { "x-wenku-client-nonce": "nonce-two-0123456789" };
      const b = await captchaFor("127.0.2.6", n1);
      expect((await asLogin("127.0.2.6", b, n2)).json.message).toBe(WRONG[1]);
      expect((await asLogin("127.0.2.6", b)).json.message).toBe(WRONG[1]);
      // the asker itself: accepted once, then never again
      const c = await captchaFor("127.0.2.6", n1);
      expect((await asLogin("127.0.2.6", c, n1)).status).toBe(200);
      expect((await asLogin("127.0.2.6", c, n1)).json.message).toBe(WRONG[1]);
      // registration checks the same binding
      const r = await captchaFor("127.0.2.6", undefined, "register");
      const reg = (ip: string) =>
        from(ip, "POST", "/api/v1/user/register", { username: `bound${ip.slice(-1)}`, password: "secret123", ...r });
      expect((await reg("127.0.2.7")).json.message).toBe(WRONG[1]);
      const r2 = await captchaFor("127.0.2.6", undefined, "register");
      const ok = await from("127.0.2.6", "POST", "/api/v1/user/register", {
        username: "bound2",
        password: "secret123",
        ...r2,
      });
      expect(ok.status).toBe(200);
    } finally {
      await setConfig("security", "enable_captcha_login", "false");
      await setConfig("security", "enable_captcha_register", "false");
    }
  });

  // The recovery and code RPCs are limited whatever they answer (a refusal counts too).
  test("password recovery: 10 an hour per address, 5 an hour per e-mail address from any address", async () => {
    const byIp = await statuses(11, (i) =>
      from("127.0.2.5", "POST", "/api/v1/user/findpassword/stepone", { email: `u${i}@example.com` }),
    );
    expect(byIp.slice(0, 10).every((r) => r.status !== 429)).toBe(true);
    expectThrottled(byIp[10] as LoopbackReply, 3600);
    const byTarget = await statuses(6, (i) =>
      from(`127.0.3.${i + 1}`, "POST", "/api/v1/user/findpassword/stepone", { email: "Target@Example.com" }),
    );
    expect(byTarget.slice(0, 5).every((r) => r.status !== 429)).toBe(true);
    expectThrottled(byTarget[5] as LoopbackReply, 3600);
    // the same address written differently is the same address
    expectThrottled(
      await from("127.0.3.9", "POST", "/api/v1/user/findpassword/stepone", { email: " target@example.COM" }),
      3600,
    );
  });

  test("codes: one a minute per e-mail address or mobile number, 10 an hour per address", async () => {
    const first = await from("127.0.4.1", "POST", "/api/v1/user/email/code", { email: "code@example.com", type: 1 });
    expect(first.status).not.toBe(429);
    expectThrottled(
      await from("127.0.4.2", "POST", "/api/v1/user/email/code", { email: "code@example.com", type: 1 }),
      60,
      /^验证码发送过于频繁/,
    );
    expect((await from("127.0.4.3", "POST", "/api/v1/sms", { mobile: "13800138000", type: 1 })).status).not.toBe(429);
    expectThrottled(await from("127.0.4.4", "POST", "/api/v1/sms", { mobile: "13800138000", type: 1 }), 60);
    const byIp = await statuses(11, (i) =>
      from("127.0.4.5", "POST", "/api/v1/sms", { mobile: `1390000${String(i).padStart(4, "0")}`, type: 1 }),
    );
    expect(byIp.slice(0, 10).every((r) => r.status !== 429)).toBe(true);
    expectThrottled(byIp[10] as LoopbackReply, 3600);
  });
});

describe("uploads", () => {
  let db: ContentDb;
  const md5 = (b: Uint8Array) => createHash("md5").update(b).digest("hex");
  async function upload(bytes: Uint8Array, token: string, name = "doc.pdf") {
    const form = new FormData();
    form.append("file", new Blob([bytes]), name);
    const res = await fetch(`${stack.url}/api/v1/upload/document`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    return {
      status: res.status,
      retryAfter: res.headers.get("retry-after") ?? undefined,
      json: JSON.parse(await res.text()) as Record<string, unknown>,
    };
  }
  async function originals(): Promise<number> {
    try {
      const entries = await readdir(join(stack.storageDir, "originals"), { recursive: true, withFileTypes: true });
      return entries.filter((e) => e.isFile()).length;
    } catch {
      return 0;
    }
  }
  const pdf = (i: number) => makePdf({ pages: 1, lines: () => [`quota ${i} ${randomBytes(4).toString("hex")}`] });

  beforeAll(() => {
    db = openContentDb(stack);
  });
  afterAll(async () => {
    await db.$disconnect();
  });

  test("upload_max_per_day: the next upload is refused with 429, the limit and when it resets; nothing stored", async () => {
    await setConfig("security", "upload_max_per_day", "2");
    try {
      const u = await register("uploader1");
      for (const i of [1, 2]) expect((await upload(pdf(i), u.token)).status).toBe(200);
      const before = await originals();
      const third = pdf(3);
      const r = await upload(third, u.token);
      expectThrottled(r, 86_400, /^24 小时内上传的文档数量已达上限（2 个），请 24 小时后再试$/);
      expect(await originals()).toBe(before);
      expect(await db.attachment.count({ where: { hash: md5(third) } })).toBe(0);
      // another user has a quota of their own
      const other = await register("uploader2");
      expect((await upload(third, other.token)).status).toBe(200);
    } finally {
      await setConfig("security", "upload_max_per_day", "100");
    }
  });

  test("upload_max_mb_per_day: a file over what is left → 429 with the volume limit; one over the whole day → 413", async () => {
    await setConfig("security", "upload_max_mb_per_day", "1");
    try {
      const u = await register("uploader3");
      const padded = (kib: number) => {
        const head = pdf(kib);
        const out = new Uint8Array(kib * 1024);
        out.set(head);
        return out;
      };
      expect((await upload(padded(600), u.token)).status).toBe(200);
      const before = await originals();
      const r = await upload(padded(600), u.token);
      expectThrottled(r, 86_400, /^24 小时内上传的文档总大小已达上限（1 MB），请 24 小时后再试$/);
      expect(await originals()).toBe(before);
      // a fresh user's single file larger than the day's volume can never fit: 413, no Retry-After
      const fresh = await register("uploader4");
      const big = await upload(padded(1100), fresh.token);
      expect([big.status, big.json.message, big.retryAfter]).toEqual([
        413,
        "文件大小超过每人每日上传总量上限（1 MB）",
        undefined,
      ]);
      expect(await originals()).toBe(before);
    } finally {
      await setConfig("security", "upload_max_mb_per_day", "2048");
    }
  });
});
