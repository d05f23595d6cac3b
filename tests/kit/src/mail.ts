// @wenku/testkit/mail — a real SMTP server (npm smtp-server) for tests of code that
// sends mail: it takes the given accounts (plain login, no TLS), refuses the recipients asked for and
// keeps every mail it receives. Tests only.
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The whole message as sent (headers and body). */
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  inbox: ReceivedMail[];
  close(): Promise<void>;
}

export async function startTestSmtpServer(opts: {
  /** username → password */
  accounts: Readonly<Record<string, string>>;
  /** Recipients answered 550. */
  refuse?: (address: string) => boolean;
}): Promise<TestSmtpServer> {
  const inbox: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    onAuth(auth, _session, cb) {
      if (auth.username && opts.accounts[auth.username] === auth.password) cb(null, { user: auth.username });
      else cb(Object.assign(new Error("5.7.8 Authentication credentials invalid"), { responseCode: 535 }));
    },
    onRcptTo(address, _session, cb) {
      if (opts.refuse?.(address.address)) cb(Object.assign(new Error("5.1.1 No such user"), { responseCode: 550 }));
      else cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("error", cb);
      stream.on("end", () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        cb();
      });
    },
  });
  server.on("error", () => {}); // a client dropping its connection is not a test failure
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.server.address() as { port: number }).port,
    inbox,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A received mail as a person reads it: decoded subject and plain-text body (mailparser). */
export async function readMail(mail: ReceivedMail): Promise<{ subject: string; text: string }> {
  const parsed = await simpleParser(mail.raw);
  return { subject: parsed.subject ?? "", text: parsed.text ?? "" };
}
