// Verification codes sent by e-mail or SMS: 6 random digits (crypto.randomInt), kept only as an
// HMAC-SHA256 under a server secret, bound to their channel, target and purpose, single use, at most
// MAX_ATTEMPTS tries, valid for the channel's setting in minutes. Only the newest code of a (channel,
// target, purpose) counts: issuing another replaces it. Every refusal is the same sentence, whatever
// the reason (wrong, expired, used, another purpose or target, too many tries), so a guesser learns
// nothing from it. Targets arrive normalised by the caller (e-mail lower-cased, mobile as spec §5).
import { createHmac, hkdfSync, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { DomainError } from "@wenku/kit";
import type { OutboxSql } from "@wenku/kit/outbox";
import type { CodeType } from "@wenku/proto/api/v1/enums_pb.js";
import type { CodeRepository } from "./code.repository.js";

export type CodeChannel = "email" | "sms";

/** Wrong guesses one code takes; the next attempt is refused even with the right code. */
export const MAX_ATTEMPTS = 5;
/** Minutes a code lives when the setting is missing or out of range. */
export const DEFAULT_CODE_MINUTES = 10;
const MAX_CODE_MINUTES = 24 * 60;
const CODE = /^\d{6}$/;

export const codeMessages = { wrong: "验证码错误或已过期" } as const;
/** The request field a refused code is reported on. */
export const CODE_FIELD = "code";

export interface CodeRequest {
  channel: CodeChannel;
  target: string;
  purpose: CodeType;
}

/** The codes' HMAC key, derived from a server secret (the token secret) for this use only. */
export function codeKeyFrom(serverSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", serverSecret, "", "wenku verification codes", 32));
}

export function createCodeStore(deps: {
  repo: CodeRepository;
  /** The HMAC key (codeKeyFrom). */
  key: Uint8Array;
  /** Minutes a new code of `channel` lives (email.code_duration, sms.code_duration). */
  ttlMinutes: (channel: CodeChannel) => Promise<number>;
  clock?: () => Date;
  /** The comparison of digests: constant-time (tests observe it). */
  equal?: (a: Buffer, b: Buffer) => boolean;
}) {
  const now = deps.clock ?? (() => new Date());
  const equal = deps.equal ?? timingSafeEqual;
  const digest = (r: CodeRequest, code: string) =>
    createHmac("sha256", deps.key).update(`${r.channel}\n${r.target}\n${r.purpose}\n${code}`).digest();
  const refuse = () => new DomainError("invalid_argument", codeMessages.wrong, undefined, CODE_FIELD);

  return {
    /**
     * A new code for the request, replacing any earlier one of the same channel, target and purpose.
     * `inTransaction` writes more in the code's transaction (the mail carrying it), given the code.
     */
    async issue(
      r: CodeRequest & { ip: string },
      inTransaction?: (tx: OutboxSql, issued: { id: string; code: string; expiresAt: Date }) => Promise<void>,
    ): Promise<{ id: string; code: string; expiresAt: Date }> {
      const code = randomInt(0, 1_000_000).toString().padStart(6, "0");
      const minutes = await deps.ttlMinutes(r.channel);
      const ttl =
        Number.isInteger(minutes) && minutes > 0 && minutes <= MAX_CODE_MINUTES ? minutes : DEFAULT_CODE_MINUTES;
      const at = now();
      const expiresAt = new Date(at.getTime() + ttl * 60_000);
      const id = randomUUID();
      await deps.repo.replace(
        {
          id,
          channel: r.channel,
          target: r.target,
          purpose: r.purpose,
          codeHash: digest(r, code).toString("hex"),
          ip: r.ip.slice(0, 64),
          expiresAt,
        },
        at,
        inTransaction && ((tx) => inTransaction(tx, { id, code, expiresAt })),
      );
      return { id, code, expiresAt };
    },

    /**
     * Uses the code: resolves once when it is the live code of this channel, target and purpose;
     * otherwise throws invalid_argument (codeMessages.wrong, field "code"). Each call counts as an
     * attempt before the comparison, so concurrent guesses cannot exceed MAX_ATTEMPTS.
     */
    async consume(r: CodeRequest & { code: string }): Promise<void> {
      const given = digest(r, r.code);
      if (!CODE.test(r.code)) throw refuse();
      const live = await deps.repo.claimAttempt(
        { channel: r.channel, target: r.target, purpose: r.purpose },
        now(),
        MAX_ATTEMPTS,
      );
      if (!live) throw refuse();
      const stored = Buffer.from(live.codeHash, "hex");
      if (stored.length !== given.length || !equal(stored, given)) throw refuse();
      // Two right answers at once: only one removes the row.
      if (!(await deps.repo.remove(live.id))) throw refuse();
    },
  };
}
export type CodeStore = ReturnType<typeof createCodeStore>;
