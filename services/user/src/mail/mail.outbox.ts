// The user service's mails that must not be lost (verification codes, password-recovery links): the
// kit's transactional outbox over mail_outbox (migration 0018). A mail is written in the same
// transaction as the code or link it carries, sent right after the commit, and retried by the sweep
// (service.ts) with a backed-off retry time when the SMTP server does not take it, so neither a
// restart nor a failing server loses it; after MAX_ATTEMPTS failures it is parked with its error for
// an operator. A mail is sent only while what it carries is live: one whose code or link expired, was
// used or was replaced by a newer one is dropped unsent (a late mail would only mislead).
import type { Logger } from "@wenku/kit";
import { createOutbox, type OutboxCodec, type OutboxSql } from "@wenku/kit/outbox";
import { createCodeRepository } from "../codes/code.repository.js";
import { type Db, USER_SCHEMA } from "../db.js";
import { createRecoveryRepository } from "../recovery/recovery.repository.js";
import type { SiteMailer } from "./site.mailer.js";

/** Deliveries a mail gets: about five minutes of backed-off retries (5, 10, 20, 40, 80 s). */
export const MAX_ATTEMPTS = 6;

/** What a mail carries, checked before each delivery. */
export type Carried = { code: string } | { reset: string };

export interface OwedMail {
  /** The outbox key: unique per mail (the code's id or the link's token hash). */
  key: string;
  to: string;
  subject: string;
  text: string;
  carries: Carried;
  /** When what it carries expires: not sent after. */
  expiresAt: Date;
}

const carriesText = (c: Carried) => ("code" in c ? `code:${c.code}` : `reset:${c.reset}`);
function carriesOf(text: string): Carried {
  const [kind, id = ""] = text.split(":", 2) as [string, string?];
  return kind === "code" ? { code: id } : { reset: id };
}

const codec: OutboxCodec<OwedMail> = {
  columns: ["recipient", "subject", "body", "carries", "expires_at"],
  key: (m) => m.key,
  encode: (m) => [m.to, m.subject, m.text, carriesText(m.carries), m.expiresAt],
  decode: (row, key) => ({
    key,
    to: String(row.recipient),
    subject: String(row.subject),
    text: String(row.body),
    carries: carriesOf(String(row.carries)),
    expiresAt: new Date(row.expires_at as Date),
  }),
};

export function createMailOutbox(deps: { db: Db; mailer: SiteMailer; log: Logger; clock?: () => Date }) {
  const now = deps.clock ?? (() => new Date());
  const codes = createCodeRepository(deps.db);
  const links = createRecoveryRepository(deps.db);
  const live = (c: Carried) => ("code" in c ? codes.isLive(c.code) : links.isLive(c.reset));
  const outbox = createOutbox<OwedMail>({
    db: deps.db,
    schema: USER_SCHEMA,
    table: "mail_outbox",
    codec,
    async deliver(mail) {
      if (mail.expiresAt <= now() || !(await live(mail.carries))) {
        deps.log.info({ key: mail.key }, "a mail whose code or link is no longer valid was dropped unsent");
        return;
      }
      await deps.mailer.send(await deps.mailer.ready(), { to: mail.to, subject: mail.subject, text: mail.text });
    },
    // a failing server or e-mail switched off may be fixed: retried until MAX_ATTEMPTS
    refusedForGood: () => false,
    maxAttempts: MAX_ATTEMPTS,
    log: deps.log,
  });
  return {
    /** Owes the mail inside the transaction storing what it carries. */
    enqueue: (tx: OutboxSql, mail: OwedMail) => outbox.enqueue(tx, mail),
    /** Sends it now (after the commit); false when it waits for a retry. */
    send: (key: string) => outbox.deliver([key]),
    /** Sends every mail due (the periodic retry). */
    sweep: () => outbox.sweep(),
  };
}
export type MailOutbox = ReturnType<typeof createMailOutbox>;
