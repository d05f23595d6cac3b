// The mailer against a real SMTP server (npm smtp-server) started here: a mail arrives with its sender,
// recipient and text; each kind of failure names the setting to look at.
import { createServer } from "node:net";
import { SMTPServer } from "smtp-server";
import { createSmtpMailer, MailError, type SmtpSettings } from "./mail.js";

interface Received {
  from: string;
  to: string[];
  body: string;
}

let server: SMTPServer;
let port: number;
const received: Received[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    onAuth(auth, _session, cb) {
      if (auth.username === "site@example.com" && auth.password === "right") cb(null, { user: auth.username });
      else cb(Object.assign(new Error("Authentication failed"), { responseCode: 535 }));
    },
    onRcptTo(address, _session, cb) {
      if (address.address.endsWith("@refused.example"))
        cb(Object.assign(new Error("No such user"), { responseCode: 550 }));
      else cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("error", cb);
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          body: Buffer.concat(chunks).toString("utf8"),
        });
        cb();
      });
    },
  });
  server.on("error", () => {}); // a client dropping its connection is not a test failure
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const settings = (over: Partial<SmtpSettings> = {}): SmtpSettings => ({
  host: "127.0.0.1",
  port,
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
  const mail = received.at(-1);
  expect(mail?.from).toBe("site@example.com");
  expect(mail?.to).toEqual(["admin@example.org"]);
  expect(mail?.body).toContain("Subject: Wenku test");
  expect(mail?.body).toContain("From: Wenku <site@example.com>");
  expect(mail?.body).toContain("It works.");
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
