// The mailer against a real SMTP server (npm smtp-server) started here: a mail arrives with its sender,
// recipient and text; each kind of failure names the setting to look at.
import { createServer } from "node:net";
import { startTestSmtpServer, type TestSmtpServer } from "@wenku/testkit/mail";
import { createSmtpMailer, MailError, type SmtpSettings } from "./mail.js";

let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startTestSmtpServer({
    accounts: { "site@example.com": "right" },
    refuse: (address) => address.endsWith("@refused.example"),
  });
});
afterAll(() => smtp.close());

const settings = (over: Partial<SmtpSettings> = {}): SmtpSettings => ({
  host: "127.0.0.1",
  port: smtp.port,
  secure: false,
  username: "site@example.com",
  password: "right",
  fromName: "Wenku",
  ...over,
});

async function failure(p: Promise<unknown>): Promise<MailError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MailError);
  return err as MailError;
}

test("a mail arrives at the SMTP server with its sender, recipient and text", async () => {
  await createSmtpMailer(settings()).send({ to: "admin@example.org", subject: "Wenku test", text: "It works." });
  const mail = smtp.inbox.at(-1);
  expect(mail?.from).toBe("site@example.com");
  expect(mail?.to).toEqual(["admin@example.org"]);
  expect(mail?.raw).toContain("Subject: Wenku test");
  expect(mail?.raw).toContain("From: Wenku <site@example.com>");
  expect(mail?.raw).toContain("It works.");
});

test("a wrong password: the login failed, with the server's words; points at the password", async () => {
  const err = await failure(
    createSmtpMailer(settings({ password: "wrong" })).send({ to: "a@example.org", subject: "x", text: "x" }),
  );
  expect(err.field).toBe("password");
  expect(err.message).toMatch(/^SMTP 登录失败，请检查账号和密码，服务器回复：535/);
});

test("a refused recipient points at the recipient", async () => {
  const err = await failure(
    createSmtpMailer(settings()).send({ to: "nobody@refused.example", subject: "x", text: "x" }),
  );
  expect(err.field).toBe("to");
  expect(err.message).toMatch(/^SMTP 服务器拒绝了收件地址，服务器回复：550/);
});

test("nothing listening on the port: cannot connect; points at the port", async () => {
  const closed = await new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
  const err = await failure(
    createSmtpMailer(settings({ port: closed })).send({ to: "a@example.org", subject: "x", text: "x" }),
  );
  expect(err.field).toBe("port");
  expect(err.message).toBe(`无法连接 SMTP 服务器 127.0.0.1:${closed}（连接被拒绝或中断），请检查服务器地址和端口`);
});

test("TLS switched on for a port without TLS: the TLS connection failed; points at the TLS switch", async () => {
  const err = await failure(
    createSmtpMailer(settings({ secure: true }), { timeoutMs: 5_000 }).send({
      to: "a@example.org",
      subject: "x",
      text: "x",
    }),
  );
  expect(err.field).toBe("is_tls");
  expect(err.message).toContain("已启用TLS：请确认该端口是 TLS 端口（如 465），否则关闭TLS");
});
