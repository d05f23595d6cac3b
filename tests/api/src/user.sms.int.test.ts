// SMS codes through the whole stack against the Tencent Cloud SMS stand-in (@wenku/testkit/sms), which
// checks our TC3 signature, headers, template and number as Tencent would and keeps what a phone would
// show: SendSms, then RegisterByMobile / LoginByMobile / FindPasswordByMobile with the code it got.
// Replayed codes, codes for another purpose, expired codes, malformed numbers and unknown numbers are
// refused alike; every send is a record an admin reads, the code never in it.
import { ConnectError, createClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { FieldViolationSchema } from "@wenku/proto/api/v1/errors_pb.js";
import { SmsAPI } from "@wenku/proto/api/v1/sms_pb.js";
import { type SmsStandIn, startTencentSmsStandIn } from "@wenku/testkit/sms";
import { eventually, loginAdmin, rest, startTestStack, testClock } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let admin: string;
let stand: SmsStandIn;
const clock = testClock();

const REGISTER = 0;
const LOGIN = 1;
const FIND = 2;
const wrongCode = "验证码错误或已过期";

beforeAll(async () => {
  stand = await startTencentSmsStandIn();
  // 127.0.0.1 is the test's proxy: a request may say which client it is for (X-Forwarded-For)
  stack = await startTestStack({
    env: { FETCH_ALLOW_HOSTS: "127.0.0.1" },
    clock: clock.now,
    trustedProxies: ["127.0.0.1"],
  });
  admin = await loginAdmin(stack.url);
});
afterAll(async () => {
  await stack.stop();
  await stand.close();
});

const saveConfig = (category: string, values: Record<string, string>) =>
  rest(
    stack.url,
    "PUT",
    "/api/v1/config",
    { config: Object.entries(values).map(([name, value]) => ({ category, name, value })) },
    admin,
  );
const sendSms = (mobile: string, type: number) => rest(stack.url, "POST", "/api/v1/sms", { mobile, type });
/** The code the stand-in delivered to `mobile` (the vendor is asked right after the reply). */
const codeFor = (mobile: string) =>
  eventually(() => {
    const code = stand.lastCode(mobile);
    if (!code) throw new Error(`no SMS for ${mobile} yet`);
    return code;
  });
const addUser = async (username: string, mobile: string) => {
  const r = await rest(stack.url, "POST", "/api/v1/user", { username, password: "first-password", mobile }, admin);
  expect(r.status).toBe(200);
};
const records = async (mobile: string) => {
  const r = await rest(stack.url, "GET", `/api/v1/sms/list?mobile=${mobile}`, undefined, admin);
  expect(r.status).toBe(200);
  return r.json.sms as Array<Record<string, unknown>>;
};

test("SendSms is refused while SMS is off, then works once an admin configures the Tencent stand-in", async () => {
  const off = await sendSms("13900000001", REGISTER);
  expect([off.status, off.json.message]).toEqual([400, "短信服务未开启"]);
  for (const [category, values] of [
    ["sms", { enable: "true", sms_provider: "smsTencent", interval: "0" }],
    ["smsTencent", stand.keys],
  ] as const) {
    const r = await saveConfig(category, values);
    expect([category, r.status, r.json.message]).toEqual([category, 200, undefined]);
  }
});

test("a number in the wrong format is a 400 naming the field mobile", async () => {
  const sms = createClient(SmsAPI, createConnectTransport({ baseUrl: stack.url, httpVersion: "1.1" }));
  const err = await sms.sendSms({ mobile: "1234567890", type: REGISTER }).catch((e: unknown) => e as ConnectError);
  expect(err).toBeInstanceOf(ConnectError);
  expect([
    (err as ConnectError).rawMessage,
    (err as ConnectError).findDetails(FieldViolationSchema).map((d) => d.field),
  ]).toEqual(["请输入正确的手机号码", ["mobile"]]);
  const r = await rest(stack.url, "POST", "/api/v1/user/register/mobile", { mobile: "23900000001", code: "123456" });
  expect([r.status, r.json.message]).toEqual([400, "请输入正确的手机号码"]);
});

test("stand-in: register by mobile with the delivered code, which then cannot be used again", async () => {
  const mobile = "13900000002";
  expect((await sendSms(mobile, REGISTER)).status).toBe(200);
  const code = await codeFor(mobile);
  expect(stand.received.at(-1)).toMatchObject({ mobile, template: stand.keys.template_register });
  const r = await rest(stack.url, "POST", "/api/v1/user/register/mobile", { mobile, code, password: "mobile-pass-1" });
  expect(r.status).toBe(200);
  expect((r.json.user as { mobile: string }).mobile).toBe(mobile);
  expect(typeof r.json.token).toBe("string");
  // the same number again: taken; and the password chosen works for a password login
  const again = await rest(stack.url, "POST", "/api/v1/user/register/mobile", { mobile, code, password: "x-pass-1" });
  expect([again.status, again.json.message]).toEqual([409, "该手机号已被注册"]);
  const byPassword = await rest(stack.url, "POST", "/api/v1/user/login", {
    username: mobile,
    password: "mobile-pass-1",
  });
  expect(byPassword.status).toBe(200);
});

test("stand-in: login by code; a replayed code is refused", async () => {
  const mobile = "13900000003";
  await addUser("sms_login_user", mobile);
  expect((await sendSms(mobile, LOGIN)).status).toBe(200);
  const code = await codeFor(mobile);
  expect(stand.received.at(-1)?.template).toBe(stand.keys.template_login);
  const first = await rest(stack.url, "POST", "/api/v1/user/login/mobile", { mobile, code });
  expect(first.status).toBe(200);
  expect((first.json.user as { username: string }).username).toBe("sms_login_user");
  const replay = await rest(stack.url, "POST", "/api/v1/user/login/mobile", { mobile, code });
  expect([replay.status, replay.json.message]).toEqual([400, wrongCode]);
});

test("stand-in: a recovery code does not log in; it sets a new password and ends the old sessions", async () => {
  const mobile = "13900000004";
  await addUser("sms_find_user", mobile);
  const old = await rest(stack.url, "POST", "/api/v1/user/login", {
    username: "sms_find_user",
    password: "first-password",
  });
  const oldToken = old.json.token as string;
  expect((await sendSms(mobile, FIND)).status).toBe(200);
  const code = await codeFor(mobile);
  const asLogin = await rest(stack.url, "POST", "/api/v1/user/login/mobile", { mobile, code });
  expect([asLogin.status, asLogin.json.message]).toEqual([400, wrongCode]);
  const weak = await rest(stack.url, "POST", "/api/v1/user/findpassword/mobile", { mobile, code, password: "1" });
  expect(weak.status).toBe(400);
  const reset = await rest(stack.url, "POST", "/api/v1/user/findpassword/mobile", {
    mobile,
    code,
    password: "brand-new-pass",
  });
  expect([reset.status, reset.json.message]).toEqual([200, undefined]);
  const me = await rest(stack.url, "GET", "/api/v1/user", undefined, oldToken);
  expect(me.status).toBe(401);
  const fresh = await rest(stack.url, "POST", "/api/v1/user/login", {
    username: "sms_find_user",
    password: "brand-new-pass",
  });
  expect(fresh.status).toBe(200);
});

test("stand-in: an unknown number gets the same answers as a known one, and nothing is sent to it", async () => {
  const mobile = "13900000006";
  const asked = await sendSms(mobile, FIND);
  expect([asked.status, asked.json]).toEqual([200, {}]);
  const reset = await rest(stack.url, "POST", "/api/v1/user/findpassword/mobile", {
    mobile,
    code: "123456",
    password: "whatever-pass",
  });
  expect([reset.status, reset.json.message]).toEqual([400, wrongCode]);
  await new Promise((r) => setTimeout(r, 200));
  expect(stand.lastCode(mobile)).toBeUndefined();
  expect(await records(mobile)).toEqual([]);
});

test("stand-in: a vendor refusal is a failed record with the vendor's answer; admins read records without codes", async () => {
  const mobile = "13900000007";
  stand.failNext({ code: "LimitExceeded.PhoneNumberDailyLimit", message: "daily limit" });
  expect((await sendSms(mobile, REGISTER)).status).toBe(200);
  const [failed] = await eventually(async () => {
    const rows = await records(mobile);
    if (rows[0]?.status !== 2) throw new Error("not failed yet");
    return rows;
  });
  stand.failNext(null);
  expect(failed).toMatchObject({ mobile, type: 0, status: 2, provider: "smsTencent" });
  expect(String(failed?.error)).toContain("LimitExceeded.PhoneNumberDailyLimit");
  expect(String(failed?.response)).toContain("daily limit");

  const [sent] = await records("13900000003");
  expect(sent).toMatchObject({ status: 1, type: 1, username: "sms_login_user" });
  expect(String(sent?.content)).toContain("******");
  const delivered = stand.received.find((m) => m.mobile === "13900000003")?.code ?? "?";
  expect(JSON.stringify(sent)).not.toContain(delivered);
  const one = await rest(stack.url, "GET", `/api/v1/sms?id=${sent?.id}`, undefined, admin);
  expect([one.status, one.json.mobile]).toEqual([200, "13900000003"]);
  const filtered = await rest(stack.url, "GET", "/api/v1/sms/list?status=2", undefined, admin);
  expect((filtered.json.sms as unknown[]).length).toBe(1);

  const anonymous = await rest(stack.url, "GET", "/api/v1/sms/list");
  expect(anonymous.status).toBe(401);
  // the provider's secret never leaves the admin config API
  expect(JSON.stringify((await rest(stack.url, "GET", "/api/v1/sms/list", undefined, admin)).json)).not.toContain(
    stand.keys.secret_key,
  );
});

test("stand-in: codes per account, across numbers: the caller's and the number owner's (429 past 8 an hour)", async () => {
  let client = 0;
  /** SendSms from a client address of its own (the per-address limit is not what is tested here). */
  const send = async (mobile: string, type: number, token?: string) => {
    const res = await fetch(`${stack.url}/api/v1/sms`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": `203.0.113.${++client}`,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ mobile, type }),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
  const tooMany = (r: { status: number; json: Record<string, unknown> }) => [
    r.status,
    String(r.json.message).startsWith("该账号获取验证码过于频繁，请 "),
  ];
  // a signed-in account asking codes for eight numbers, then a ninth: refused, whatever the number
  const signup = await rest(stack.url, "POST", "/api/v1/user/register", {
    username: "quota_caller",
    password: "quota-pass-1",
  });
  const token = signup.json.token as string;
  for (let i = 0; i < 8; i++) expect((await send(`1370000010${i}`, REGISTER, token)).status).toBe(200);
  expect(tooMany(await send("13700000108", REGISTER, token))).toEqual([429, true]);
  expect((await send("13700000109", REGISTER)).status).toBe(200); // a visitor is not held back by it

  // an account whose number changes: each new number is a new target, the account the same
  await addUser("quota_owner", "13700000200");
  const owner = (
    (await rest(stack.url, "GET", "/api/v1/user/list?wd=quota_owner", undefined, admin)).json.user as Array<{
      id: number;
    }>
  )[0]?.id;
  for (let i = 0; i < 9; i++) {
    const mobile = `1370000020${i}`;
    if (i > 0) expect((await rest(stack.url, "PUT", "/api/v1/user", { id: owner, mobile }, admin)).status).toBe(200);
    const r = await send(mobile, i % 2 ? LOGIN : FIND);
    if (i < 8) expect([i, r.status]).toEqual([i, 200]);
    else expect(tooMany(r)).toEqual([429, true]);
  }
});

test("stand-in: an expired code is refused", async () => {
  const mobile = "13900000005";
  await addUser("sms_late_user", mobile);
  expect((await sendSms(mobile, LOGIN)).status).toBe(200);
  const code = await codeFor(mobile);
  // sms.code_duration defaults to 5 minutes. Last test: the clock now runs past what vendors accept
  // as a request timestamp (the stand-in refuses our later requests as Tencent would).
  clock.advance(6 * 60_000);
  const late = await rest(stack.url, "POST", "/api/v1/user/login/mobile", { mobile, code });
  expect([late.status, late.json.message]).toEqual([400, wrongCode]);
});
