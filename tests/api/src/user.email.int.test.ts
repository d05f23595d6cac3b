// E-mail codes and password recovery by e-mail on the whole stack, against a real SMTP server (npm
// smtp-server) whose mails are read with mailparser: the admin's e-mail settings reach the user
// service at once; a recovery link opens once, for its own address, before it expires, and ends every
// session; unknown addresses get the same answer in about the same time; registration can require a
// mailed code.
import { readMail, startTestSmtpServer, type TestSmtpServer } from "@wenku/testkit/mail";
import { eventually, loginAdmin, rest, startTestStack, testClock } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let smtp: TestSmtpServer;
let admin: string;
const clock = testClock();
const letThrough = new Set<string>();

beforeAll(async () => {
  // recipients starting "bounce" are refused (550) until the test lets them through
  smtp = await startTestSmtpServer({
    accounts: { "site@example.com": "smtp-secret" },
    refuse: (address) => address.startsWith("bounce") && !letThrough.has(address),
  });
  // 127.0.0.1 is the test's proxy: each request says which client it is for (X-Forwarded-For), so
  // the per-address limits of recovery and codes count per simulated client.
  stack = await startTestStack({ clock: clock.now, trustedProxies: ["127.0.0.1"] });
  admin = await loginAdmin(stack.url);
});
afterAll(async () => {
  await stack?.stop();
  await smtp?.close();
});

let client = 0;
/** A REST call from a client address of its own. */
async function call(method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(stack.url + path, {
    method,
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": `198.51.100.${(++client % 250) + 1}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

async function setConfig(values: Array<[category: string, name: string, value: string]>) {
  const r = await rest(
    stack.url,
    "PUT",
    "/api/v1/config",
    { config: values.map(([category, name, value]) => ({ category, name, value })) },
    admin,
  );
  expect([r.status, r.json.message]).toEqual([200, undefined]);
}

/** The mails received for `to` (compared case-insensitively: SMTP servers lower-case domains) so far, parsed. */
async function mailsTo(to: string) {
  const address = to.toLowerCase();
  return Promise.all(smtp.inbox.filter((m) => m.to.some((t) => t.toLowerCase() === address)).map(readMail));
}
async function onlyMailTo(to: string) {
  return eventually(async () => {
    const mails = await mailsTo(to);
    expect(mails).toHaveLength(1);
    return mails[0] as NonNullable<(typeof mails)[number]>;
  });
}
const linkIn = (text: string) => new URL(/https?:\/\/\S+\/findpassword\?\S+/.exec(text)?.[0] ?? "http://none/");

let seq = 0;
async function newUser(password = "old-password-1") {
  const n = ++seq;
  const email = `Reader${n}@Example.org`;
  const r = await call("POST", "/api/v1/user/register", { username: `reader${n}`, password, email });
  expect(r.status).toBe(200);
  return { username: `reader${n}`, email, token: r.json.token as string };
}
const signIn = (username: string, password: string) => call("POST", "/api/v1/user/login", { username, password });

describe("before the admin configures e-mail", () => {
  test("recovery and codes are refused as a site state (400, FailedPrecondition), saying e-mail is off", async () => {
    const r = await call("POST", "/api/v1/user/findpassword/stepone", { email: "someone@example.org" });
    expect([r.status, r.json.code, r.json.message]).toEqual([
      400,
      9,
      "网站未开启邮件服务，暂时无法发送邮件，请联系管理员",
    ]);
    // codes: only while the admin asks for verified addresses at registration …
    let n = 0;
    const code = () => call("POST", "/api/v1/user/email/code", { email: `someone${++n}@example.org` });
    expect((await code()).json.message).toBe("网站未开启注册邮箱验证，无需邮箱验证码");
    await setConfig([["security", "enable_verify_register_email", "true"]]);
    try {
      // … and then only when the site can send mail
      const c = await code();
      expect([c.status, c.json.code, c.json.message]).toEqual([
        400,
        9,
        "网站未开启邮件服务，暂时无法发送邮件，请联系管理员",
      ]);
    } finally {
      await setConfig([["security", "enable_verify_register_email", "false"]]);
    }
  });

  test("with SMTP on but no site domain, no recovery link is built from the request's Host", async () => {
    await setConfig([
      ["email", "enable", "true"],
      ["email", "host", "127.0.0.1"],
      ["email", "port", String(smtp.port)],
      ["email", "is_tls", "false"],
      ["email", "username", "site@example.com"],
      ["email", "password", "smtp-secret"],
      ["email", "from_name", "测试文库"],
      ["email", "test_email", ""],
    ]);
    const r = await call("POST", "/api/v1/user/findpassword/stepone", { email: "someone@example.org" });
    expect([r.status, r.json.code, r.json.message]).toEqual([
      400,
      9,
      "网站未设置域名，暂时无法发送找回密码邮件，请联系管理员",
    ]);
    await setConfig([
      ["system", "domain", stack.url],
      ["system", "sitename", "测试文库"],
    ]);
  });
});

describe("password recovery by e-mail link", () => {
  test("the link sets a new password once, and every session of the account ends", async () => {
    const u = await newUser();
    const other = await signIn(u.username, "old-password-1");
    expect(other.status).toBe(200);
    const r = await call("POST", "/api/v1/user/findpassword/stepone", { email: u.email.toLowerCase() });
    expect([r.status, r.json]).toEqual([200, {}]);

    const mail = await onlyMailTo(u.email);
    expect(mail.subject).toBe("【测试文库】找回密码");
    const link = linkIn(mail.text);
    expect(link.origin).toBe(stack.url);
    expect(link.pathname).toBe("/findpassword");
    // the address as stored: lower-case, whatever case it was registered in
    expect(link.searchParams.get("email")).toBe(u.email.toLowerCase());
    const token = link.searchParams.get("token") ?? "";
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.text).toContain("30 分钟内有效");

    const set = await call("PUT", "/api/v1/user/findpassword/steptwo", {
      email: u.email,
      token,
      password: "new-password-2",
    });
    expect([set.status, set.json]).toEqual([200, {}]);
    // every session ended: the registration's and the other login's
    for (const t of [u.token, other.json.token as string]) {
      expect((await call("GET", "/api/v1/user", undefined, t)).status).toBe(401);
    }
    expect((await signIn(u.username, "old-password-1")).status).toBe(400);
    expect((await signIn(u.username, "new-password-2")).status).toBe(200);

    // replayed
    const again = await call("PUT", "/api/v1/user/findpassword/steptwo", {
      email: u.email,
      token,
      password: "third-password-3",
    });
    expect([again.status, again.json.message]).toEqual([400, "找回密码链接无效或已过期，请重新找回密码"]);
    expect((await signIn(u.username, "new-password-2")).status).toBe(200);
  });

  test("a wrong token, another address's token, a weak password and an older link are refused", async () => {
    const a = await newUser();
    const b = await newUser();
    await call("POST", "/api/v1/user/findpassword/stepone", { email: a.email });
    await call("POST", "/api/v1/user/findpassword/stepone", { email: b.email });
    const tokenA = linkIn((await onlyMailTo(a.email)).text).searchParams.get("token") ?? "";
    await onlyMailTo(b.email);
    const bad = "找回密码链接无效或已过期，请重新找回密码";
    const step2 = (email: string, token: string, password = "fresh-password-9") =>
      call("PUT", "/api/v1/user/findpassword/steptwo", { email, token, password });

    expect((await step2(a.email, `${tokenA.slice(0, -1)}${tokenA.endsWith("A") ? "B" : "A"}`)).json.message).toBe(bad);
    expect((await step2(a.email, "not-a-token")).json.message).toBe(bad);
    // A's token with B's address (moredoc reset any account with any token)
    const crossed = await step2(b.email, tokenA);
    expect([crossed.status, crossed.json.message]).toEqual([400, bad]);
    expect((await signIn(b.username, "fresh-password-9")).status).toBe(400);
    // the registration's password rules apply
    const weak = await step2(a.email, tokenA, "123");
    expect(weak.status).toBe(400);
    expect(weak.json.message).not.toBe(bad);

    // a newer link voids the older one
    await call("POST", "/api/v1/user/findpassword/stepone", { email: a.email });
    const mails = await eventually(async () => {
      const m = await mailsTo(a.email);
      expect(m).toHaveLength(2);
      return m;
    });
    const tokenA2 = linkIn(mails[1]?.text ?? "").searchParams.get("token") ?? "";
    expect(tokenA2).not.toBe(tokenA);
    expect((await step2(a.email, tokenA)).json.message).toBe(bad);
    expect((await step2(a.email, tokenA2)).status).toBe(200);
  });

  test("an expired link is refused (email.duration minutes)", async () => {
    await setConfig([["email", "duration", "15"]]);
    const u = await newUser();
    await call("POST", "/api/v1/user/findpassword/stepone", { email: u.email });
    const mail = await onlyMailTo(u.email);
    expect(mail.text).toContain("15 分钟内有效");
    const token = linkIn(mail.text).searchParams.get("token") ?? "";
    clock.advance(15 * 60_000 + 1_000);
    const r = await call("PUT", "/api/v1/user/findpassword/steptwo", {
      email: u.email,
      token,
      password: "late-password-1",
    });
    expect([r.status, r.json.message]).toEqual([400, "找回密码链接无效或已过期，请重新找回密码"]);
    expect((await signIn(u.username, "old-password-1")).status).toBe(200);
  });

  test("an unknown address gets the same answer in about the same time, and no mail", async () => {
    const known = await Promise.all(Array.from({ length: 6 }, () => newUser()));
    const unknown = known.map((_, i) => `nobody${i}@example.org`);
    const times = { known: [] as number[], unknown: [] as number[] };
    const answers = new Set<string>();
    for (let i = 0; i < known.length; i++) {
      for (const [kind, email] of [
        ["known", known[i]?.email ?? ""],
        ["unknown", unknown[i] ?? ""],
      ] as const) {
        const t0 = performance.now();
        const r = await call("POST", "/api/v1/user/findpassword/stepone", { email });
        times[kind].push(performance.now() - t0);
        answers.add(JSON.stringify([r.status, r.json]));
      }
    }
    expect([...answers]).toEqual([JSON.stringify([200, {}])]);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    // The lookup and the mail happen after the answer: no difference beyond noise (a mail sent before
    // answering costs an SMTP exchange, ~50-150 ms here; measured medians ~19 vs ~23 ms).
    const [k, u] = [median(times.known), median(times.unknown)];
    expect(Math.abs(k - u)).toBeLessThan(Math.max(30, 0.5 * Math.max(k, u)));
    for (const u of known) await onlyMailTo(u.email);
    for (const e of unknown) expect(await mailsTo(e)).toHaveLength(0);
  });

  test("with the recovery captcha on, step one needs it", async () => {
    await setConfig([["security", "enable_captcha_find_password", "true"]]);
    try {
      const r = await call("POST", "/api/v1/user/findpassword/stepone", { email: "any@example.org" });
      expect([r.status, r.json.message]).toEqual([400, "请输入验证码"]);
    } finally {
      await setConfig([["security", "enable_captcha_find_password", "false"]]);
    }
  });
});

describe("registration with a mailed code (security.enable_verify_register_email)", () => {
  let registered: Awaited<ReturnType<typeof newUser>>;
  beforeAll(async () => {
    registered = await newUser();
    await setConfig([
      ["security", "enable_verify_register_email", "true"],
      ["email", "code_duration", "7"],
    ]);
  });
  afterAll(() => setConfig([["security", "enable_verify_register_email", "false"]]));

  test("the code mailed to the address registers it once; without it, or wrong, registration is refused", async () => {
    const email = "Newcomer@Example.org";
    const form = { username: "newcomer", password: "newcomer-pass-1", email };
    expect((await call("POST", "/api/v1/user/register", form)).json.message).toBe("请输入邮箱验证码");

    const sent = await call("POST", "/api/v1/user/email/code", { email, type: 0 });
    expect([sent.status, sent.json]).toEqual([200, {}]);
    const mail = await onlyMailTo(email);
    expect(mail.subject).toBe("【测试文库】注册验证码");
    expect(mail.text).toContain("7 分钟内有效");
    const code = /验证码为：(\d{6})/.exec(mail.text)?.[1] ?? "";
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await call("POST", "/api/v1/user/register", {
      ...form,
      code: ((Number(code) + 1) % 1e6).toString().padStart(6, "0"),
    });
    expect([wrong.status, wrong.json.message]).toEqual([400, "验证码错误或已过期"]);
    // the code is bound to its address (compared case-insensitively)
    const elsewhere = await call("POST", "/api/v1/user/register", { ...form, email: "other@example.org", code });
    expect([elsewhere.status, elsewhere.json.message]).toEqual([400, "验证码错误或已过期"]);

    const ok = await call("POST", "/api/v1/user/register", { ...form, email: email.toLowerCase(), code });
    expect(ok.status).toBe(200);
    // spent, and the address (in any case) now has its account
    const replay = await call("POST", "/api/v1/user/register", { ...form, username: "newcomer2", code });
    expect([replay.status, replay.json.message]).toEqual([409, "该邮箱已被注册"]);
  });

  test("codes are for registration only, and not for an address already registered", async () => {
    const u = registered;
    const taken = await call("POST", "/api/v1/user/email/code", { email: u.email });
    expect([taken.status, taken.json.message]).toEqual([409, "该邮箱已被注册"]);
    for (const type of [1, 2]) {
      const r = await call("POST", "/api/v1/user/email/code", { email: `fresh${type}@example.org`, type });
      expect([r.status, r.json.message]).toEqual([400, "邮箱验证码仅用于注册"]);
    }
    expect(await mailsTo(u.email)).toHaveLength(0);
  });

  test("a code's mail the SMTP server refuses is kept and retried: 503 saying so, and the code works once sent", async () => {
    const email = "bounce1@example.org";
    const r = await call("POST", "/api/v1/user/email/code", { email, type: 0 });
    expect([r.status, r.json.message]).toEqual([503, "邮件暂未发出，系统会在几分钟内自动重试，请稍后查收"]);
    expect(await mailsTo(email)).toHaveLength(0);
    // the server takes it again; the service's sweep (every 15 s, after a 5 s back-off) sends the same code
    letThrough.add(email);
    const mail = await eventually(() => onlyMailTo(email), 40_000);
    const code = /验证码为：(\d{6})/.exec(mail.text)?.[1] ?? "";
    const ok = await call("POST", "/api/v1/user/register", {
      username: "bouncer",
      password: "bouncer-pass-1",
      email,
      code,
    });
    expect(ok.status).toBe(200);
  }, 60_000);
});
