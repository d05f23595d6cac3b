// Login throttling after rate-limiter-flexible's "login endpoint protection" recipe: read the counters
// before checking a password (a refused attempt costs one cheap read, no argon2), count only failures,
// and reset the account+address counter on success. Counters live in PostgreSQL, shared by replicas.
import type { CallContext } from "@wenku/kit";
import {
  addressKey,
  consumeAll,
  isRefusal,
  type Limiter,
  type RateLimiterRes,
  type RateLimitStore,
  tooManyRequests,
} from "@wenku/kit/ratelimit";
import type { SecuritySettings } from "../settings.js";

const MINUTE = 60;
const HOUR = 3600;
const DAY = 24 * HOUR;

/**
 * The limits. Thresholds of the first two come from the settings (security.login_max_*):
 * - per address: wrong logins per 24 h, whatever the account. Beyond, the address is never refused
 *   for it (an office behind one NAT address must keep working): every login from it must answer a
 *   captcha, and its wrong logins are capped per minute (LOGIN_SLOW_FAILS_PER_MINUTE; the accounts
 *   already signed in from that address are not held by that cap);
 * - per account and address: consecutive wrong passwords (90-day memory, reset by a success); beyond,
 *   that pair waits an hour — the same account from another address is not affected;
 * - per account, all addresses: wrong passwords per 24 h (10 × the consecutive limit). Beyond, the
 *   account is under a distributed attack: attempts from addresses that never logged into it
 *   successfully (in 90 days) are paced to one per 30 s for the whole account; its owner's usual
 *   addresses are never paced.
 */
export const LOGIN_LIMITS = {
  ip: { prefix: "login_fail_ip", duration: DAY },
  ipMinute: { prefix: "login_fail_ip_minute", duration: MINUTE },
  accountIp: { prefix: "login_fail_account_ip", duration: 90 * DAY, blockDuration: HOUR },
  account: { prefix: "login_fail_account", duration: DAY },
  known: { prefix: "login_ok_account_ip", points: 1, duration: 90 * DAY },
  paced: { prefix: "login_paced_account", points: 1, duration: 30 },
} as const;
/** Account-wide failures allowed per day, as a multiple of the per-address consecutive limit. */
export const ACCOUNT_FAILS_FACTOR = 10;
/** Wrong logins per minute from an address past its daily allowance (each one with a captcha). */
export const LOGIN_SLOW_FAILS_PER_MINUTE = 10;

export const loginMessages = {
  tooMany: (wait: string) => `登录失败次数过多，请 ${wait}后再试`,
  paced: (wait: string) => `该账号近期登录失败次数过多，已限制新设备的登录频率，请 ${wait}后再试`,
} as const;

type Thresholds = SecuritySettings["login"];

export function createLoginGuard(store: RateLimitStore) {
  const byIp = store.limiter({ ...LOGIN_LIMITS.ip, points: 100 });
  const byIpMinute = store.limiter({ ...LOGIN_LIMITS.ipMinute, points: LOGIN_SLOW_FAILS_PER_MINUTE });
  const byAccountIp = store.limiter({ ...LOGIN_LIMITS.accountIp, points: 10 });
  const byAccount = store.limiter({ ...LOGIN_LIMITS.account, points: 100 });
  const known = store.limiter(LOGIN_LIMITS.known);
  const paced = store.limiter(LOGIN_LIMITS.paced);

  /** rate-limiter-flexible reads `points` at each call: the settings of the moment apply. */
  function apply(t: Thresholds) {
    byIp.points = t.maxFailsPerIp;
    byAccountIp.points = t.maxConsecutiveFails;
    byAccount.points = t.maxConsecutiveFails * ACCOUNT_FAILS_FACTOR;
  }
  const over = (limiter: Limiter, res: RateLimiterRes | null) => !!res && res.consumedPoints > limiter.points;
  const keys = (call: CallContext, account: string) => {
    const ip = addressKey(call);
    return { ip, account, pair: `${account}@${ip}` };
  };

  /** The address used up its daily failures: its logins need a captcha. */
  const suspect = (res: RateLimiterRes | null) => !!res && res.consumedPoints >= byIp.points;

  return {
    /** Whether logins from this address must answer a captcha now (GetUserCaptcha issues one). */
    async captchaDemanded(call: Pick<CallContext, "clientIp">, t: Thresholds): Promise<boolean> {
      apply(t);
      return suspect(await byIp.get(addressKey(call)));
    },

    /**
     * Before the password is checked: throws ResourceExhausted (with retry-after) when this address
     * for this account used up its failures, when this address is past its daily failures and spent
     * this minute's (unless the account signed in from it before), or when the account is under attack
     * and this address is new to it and the account's pace is spent. Answers whether this login must
     * carry a captcha (the address is past its daily failures).
     * `account` identifies the account (its id when it exists, else the normalised name typed).
     */
    async admit(call: CallContext, account: string, t: Thresholds): Promise<{ captcha: boolean }> {
      apply(t);
      const k = keys(call, account);
      const [ip, pair, acct, minute, isKnown] = await Promise.all([
        byIp.get(k.ip),
        byAccountIp.get(k.pair),
        byAccount.get(k.account),
        byIpMinute.get(k.ip),
        known.get(k.pair),
      ]);
      if (pair && over(byAccountIp, pair)) throw tooManyRequests(pair.msBeforeNext, loginMessages.tooMany);
      const captcha = suspect(ip);
      if (captcha && !isKnown && minute && minute.consumedPoints >= byIpMinute.points) {
        throw tooManyRequests(minute.msBeforeNext, loginMessages.tooMany);
      }
      if (!over(byAccount, acct) || isKnown) return { captcha };
      try {
        await paced.consume(k.account);
      } catch (err) {
        if (isRefusal(err)) throw tooManyRequests(err.msBeforeNext, loginMessages.paced);
        throw err;
      }
      return { captcha };
    },

    /**
     * A wrong login: counted per address (and per minute once the address is past its daily
     * failures), per account+address and per account. Throws the refusal when this failure used up
     * the account+address limit (that pair is blocked from now on).
     */
    async failed(call: CallContext, account: string, t: Thresholds): Promise<void> {
      apply(t);
      const k = keys(call, account);
      // Account-wide failures only switch pacing on (admit), address-wide ones captchas and the
      // per-minute cap: never a refusal of their own.
      const [, ip] = await Promise.all([byAccount.penalty(k.account), byIp.penalty(k.ip)]);
      if (ip.consumedPoints > byIp.points) await byIpMinute.penalty(k.ip);
      await consumeAll([{ limiter: byAccountIp, key: k.pair }], loginMessages.tooMany);
    },

    /** The right password: this pair starts afresh, and the address counts as the owner's for 90 days. */
    async succeeded(call: CallContext, account: string): Promise<void> {
      const k = keys(call, account);
      await Promise.all([byAccountIp.delete(k.pair), known.set(k.pair, 1, LOGIN_LIMITS.known.duration)]);
    },
  };
}
export type LoginGuard = ReturnType<typeof createLoginGuard>;
