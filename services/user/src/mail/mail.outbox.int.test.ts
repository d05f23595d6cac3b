// Codes' and recovery links' mails through the outbox, on a real PostgreSQL and a real SMTP server
// (npm smtp-server, @wenku/testkit/mail): written with what they carry, sent at once; one the server
// does not take waits and goes out on a later sweep, also from a new process (a restart); one whose
// code was replaced or expired meanwhile is dropped unsent; after MAX_ATTEMPTS failures it is parked.
import { createLogger } from "@wenku/kit";
import { CodeType } from "@wenku/proto/api/v1/enums_pb.js";
import { readMail, startTestSmtpServer, type TestSmtpServer } from "@wenku/testkit/mail";
import { useTestDatabase } from "../../../../jest/db.js";
import { createCodeRepository } from "../codes/code.repository.js";
import { codeKeyFrom, createCodeStore } from "../codes/code.store.js";
import { createDb } from "../db.js";
import type { SiteMailSettings } from "../ports.js";
import { createRecoveryRepository } from "../recovery/recovery.repository.js";
import { createMailOutbox, MAX_ATTEMPTS } from "./mail.outbox.js";
import { createSiteMailer } from "./site.mailer.js";

const db = useTestDatabase(createDb);
const log = createLogger({ service: "test", level: "silent" });
let smtp: TestSmtpServer;
/** Recipients the SMTP server answers 550 for (the server "down" for them). */
const refused = new Set<string>();

beforeAll(async () => {
  smtp = await startTestSmtpServer({ accounts: { "site@example.com": "smtp-secret" }, refuse: (a) => refused.has(a) });
});
afterAll(() => smtp?.close());

const settings = (): SiteMailSettings => ({
  enabled: true,
  smtp: {
    host: "127.0.0.1",
    port: smtp.port,
    secure: false,
    username: "site@example.com",
    password: "smtp-secret",
    fromName: "文库",
  },
  linkMinutes: 30,
  siteName: "文库",
  siteOrigin: "https://wenku.example.com",
});
/** One process's outbox (a new one stands for a restarted process). */
const processOutbox = () =>
  createMailOutbox({ db: db(), mailer: createSiteMailer({ settings: { current: async () => settings() }, log }), log });
const codes = () =>
  createCodeStore({ repo: createCodeRepository(db()), key: codeKeyFrom("k".repeat(32)), ttlMinutes: async () => 10 });

/** Issues a register code for `to` with its mail owed in the same transaction; the key of the mail. */
async function owe(outbox: ReturnType<typeof processOutbox>, to: string) {
  const issued = await codes().issue({ channel: "email", target: to, purpose: CodeType.REGISTER, ip: "" }, (tx, c) =>
    outbox.enqueue(tx, {
      key: `code:${c.id}`,
      to,
      subject: "注册验证码",
      text: `验证码为：${c.code}`,
      carries: { code: c.id },
      expiresAt: c.expiresAt,
    }),
  );
  return { key: `code:${issued.id}`, code: issued.code };
}
const inbox = async (to: string) =>
  Promise.all(smtp.inbox.filter((m) => m.to.includes(to)).map(async (m) => (await readMail(m)).text));
const row = async (key: string) =>
  (
    await db().$queryRaw<Array<{ attempts: number; last_error: string; parked: boolean }>>`
      SELECT attempts, last_error, next_attempt_at = 'infinity' AS parked FROM mail_outbox WHERE idempotency_key = ${key}`
  )[0];
const makeDue = (key: string) =>
  db().$executeRaw`UPDATE mail_outbox SET next_attempt_at = 'epoch' WHERE idempotency_key = ${key}`;

test("a mail written with its code is sent at once and removed", async () => {
  const outbox = processOutbox();
  const { key, code } = await owe(outbox, "now@example.org");
  expect(await outbox.send(key)).toBe(true);
  expect(await inbox("now@example.org")).toEqual([expect.stringContaining(code)]);
  expect(await row(key)).toBeUndefined();
});

test("the SMTP server refusing, then a restart: the mail waits, and the new process's sweep sends it", async () => {
  refused.add("later@example.org");
  const first = processOutbox();
  const { key, code } = await owe(first, "later@example.org");
  expect(await first.send(key)).toBe(false);
  expect(await row(key)).toMatchObject({ attempts: 1, parked: false });
  expect(await inbox("later@example.org")).toEqual([]);
  // the process ends; a new one starts with the server taking mail again
  refused.delete("later@example.org");
  const next = processOutbox();
  await makeDue(key);
  expect(await next.sweep()).toBeGreaterThanOrEqual(1);
  expect(await inbox("later@example.org")).toEqual([expect.stringContaining(code)]);
  expect(await row(key)).toBeUndefined();
});

test("a mail whose code was replaced by a newer one (or expired) is dropped unsent", async () => {
  refused.add("twice@example.org");
  const outbox = processOutbox();
  const old = await owe(outbox, "twice@example.org");
  expect(await outbox.send(old.key)).toBe(false);
  refused.delete("twice@example.org");
  const fresh = await owe(outbox, "twice@example.org");
  expect(await outbox.send(fresh.key)).toBe(true);
  await makeDue(old.key);
  await outbox.sweep();
  expect(await inbox("twice@example.org")).toEqual([expect.stringContaining(fresh.code)]);
  expect(await row(old.key)).toBeUndefined();

  // a recovery link's mail once the link is gone (used): dropped too
  const links = createRecoveryRepository(db());
  refused.add("link@example.org");
  const user = await db().user.create({ data: { username: "linkuser", password: "x", email: "link@example.org" } });
  const at = new Date();
  await links.replace(
    {
      tokenHash: "h".repeat(64),
      userId: user.id,
      email: "link@example.org",
      expiresAt: new Date(at.getTime() + 60_000),
    },
    at,
    (tx) =>
      outbox.enqueue(tx, {
        key: "reset:h",
        to: "link@example.org",
        subject: "找回密码",
        text: "link",
        carries: { reset: "h".repeat(64) },
        expiresAt: new Date(at.getTime() + 60_000),
      }),
  );
  expect(await outbox.send("reset:h")).toBe(false);
  expect(await links.take("h".repeat(64), "link@example.org", new Date())).toEqual({ userId: user.id });
  refused.delete("link@example.org");
  await makeDue("reset:h");
  await outbox.sweep();
  expect(await inbox("link@example.org")).toEqual([]);
  expect(await row("reset:h")).toBeUndefined();
});

test(`after ${MAX_ATTEMPTS} failed deliveries the mail is parked with the server's answer`, async () => {
  refused.add("never@example.org");
  const outbox = processOutbox();
  const { key } = await owe(outbox, "never@example.org");
  for (let i = 1; i <= MAX_ATTEMPTS; i++) {
    await makeDue(key);
    expect(await outbox.send(key)).toBe(false);
  }
  expect(await row(key)).toMatchObject({ attempts: MAX_ATTEMPTS, parked: true });
  expect((await row(key))?.last_error).toBe("邮件发送失败，请稍后再试");
  refused.delete("never@example.org");
  await outbox.sweep();
  expect(await inbox("never@example.org")).toEqual([]);
});

test("a code whose transaction rolls back owes no mail", async () => {
  const outbox = processOutbox();
  await expect(
    codes().issue(
      { channel: "email", target: "rolled@example.org", purpose: CodeType.REGISTER, ip: "" },
      async (tx, c) => {
        await outbox.enqueue(tx, {
          key: `code:${c.id}`,
          to: "rolled@example.org",
          subject: "s",
          text: "t",
          carries: { code: c.id },
          expiresAt: c.expiresAt,
        });
        throw new Error("the caller failed after writing");
      },
    ),
  ).rejects.toThrow("the caller failed");
  expect(await db().mailOutbox.count({ where: { recipient: "rolled@example.org" } })).toBe(0);
  expect(await db().verificationCode.count({ where: { target: "rolled@example.org" } })).toBe(0);
});
