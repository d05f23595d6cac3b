// Saving the e-mail settings with a test address sends a test mail through SMTP first: against a real
// SMTP server started here (npm smtp-server) the mail arrives; an SMTP problem saves nothing and is
// named (for people in the message, for forms as the FieldViolation of the setting to fix).
import { createClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { ConfigAPI } from "@wenku/proto/api/v1/config_pb.js";
import { FieldViolationSchema } from "@wenku/proto/api/v1/errors_pb.js";
import { startTestSmtpServer, type TestSmtpServer } from "@wenku/testkit/mail";
import { loginAdmin, rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let admin: string;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startTestSmtpServer({ accounts: { "site@example.com": "smtp-secret" } });
  stack = await startTestStack();
  admin = await loginAdmin(stack.url);
});
afterAll(async () => {
  await stack.stop();
  await smtp.close();
});

const save = (values: Record<string, string>) =>
  rest(
    stack.url,
    "PUT",
    "/api/v1/config",
    { config: Object.entries(values).map(([name, value]) => ({ category: "email", name, value })) },
    admin,
  );
const stored = async (name: string) => {
  const r = await rest(stack.url, "GET", "/api/v1/config/list?category=email", undefined, admin);
  return (r.json.config as Array<{ name: string; value: string }>).find((c) => c.name === name)?.value;
};
/** The Subject header with its base64 encoded words decoded (nodemailer's choice for CJK text). */
function subjectOf(raw: string): string {
  const header = /^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(raw)?.[1] ?? "";
  return header
    .replace(/\r\n[ \t]/g, " ")
    .replace(/=\?UTF-8\?B\?([^?]*)\?=\s*/gi, (_m, text: string) => Buffer.from(text, "base64").toString("utf8"))
    .trim();
}

const good = () => ({
  host: "127.0.0.1",
  port: String(smtp.port),
  is_tls: "false",
  username: "site@example.com",
  password: "smtp-secret",
  from_name: "测试文库",
  test_email: "owner@example.org",
});

test("a test mail arrives at the test address when the e-mail settings are saved", async () => {
  const r = await save(good());
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  expect(smtp.inbox).toHaveLength(1);
  const mail = smtp.inbox[0];
  expect(mail?.from).toBe("site@example.com");
  expect(mail?.to).toEqual(["owner@example.org"]);
  expect(subjectOf(mail?.raw ?? "")).toBe("【文库】测试邮件");
  expect(await stored("host")).toBe("127.0.0.1");
});

test("the stored (masked) password is the one used when the form sends the mask back", async () => {
  const r = await save({ ...good(), password: "******", host: "localhost" });
  expect(r.status).toBe(200);
  expect(smtp.inbox).toHaveLength(2);
  expect(await stored("host")).toBe("localhost");
});

test("an SMTP failure saves nothing and says what failed, on the setting to fix", async () => {
  const wrong = await save({ ...good(), password: "wrong", from_name: "改过的名字" });
  expect(wrong.status).toBe(400);
  expect(wrong.json.message).toMatch(
    /^测试邮件发送失败，配置未保存：SMTP 登录失败，请检查账号和密码，服务器回复：535 .*如需不经测试保存，请清空「测试邮箱」$/,
  );
  expect(await stored("from_name")).toBe("测试文库");

  // Over Connect the refusal names the key, for the form.
  const client = createClient(ConfigAPI, createConnectTransport({ baseUrl: stack.url, httpVersion: "1.1" }));
  const err = await client
    .updateConfig(
      { config: [{ category: "email", name: "port", value: "1" }] },
      { headers: { authorization: `Bearer ${admin}` } },
    )
    .then(
      () => undefined,
      (e: unknown) => e as import("@connectrpc/connect").ConnectError,
    );
  expect(err?.rawMessage).toContain("无法连接 SMTP 服务器 localhost:1");
  expect(err?.findDetails(FieldViolationSchema).map((d) => d.field)).toEqual(["email.port"]);
  expect(await stored("port")).toBe(String(smtp.port));
  expect(smtp.inbox).toHaveLength(2);
});

test("without a test address the settings are saved untested; a bad address is refused", async () => {
  const bad = await save({ test_email: "not an address" });
  expect([bad.status, bad.json.message]).toEqual([400, "「测试邮箱」须为邮箱地址，如 admin@example.com"]);
  const r = await save({ ...good(), test_email: "", port: "1" });
  expect(r.status).toBe(200);
  expect(await stored("port")).toBe("1");
  expect(smtp.inbox).toHaveLength(2);
});
