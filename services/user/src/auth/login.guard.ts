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

const HOUR = 3600;
const DAY = 24 * HOUR;

/**
 * The limits. Thresholds of the first two come from the settings (security.login_max_*):
 * - per address: wrong logins per 24 h, whatever the account; beyond, the address waits 24 h;
 * - per account and address: consecutive wrong passwords (90-day memory, reset by a success); beyond,
 *   that pair waits an hour — the same account from another address is not affected;
 * - per account, all addresses: wrong passwords per 24 h (10 × the consecutive limit). Beyond, the
 *   account is under a distributed attack: attempts from addresses that never logged into it
 *   successfully (in 90 days) are paced to one per 30 s for the whole account; its owner's usual
 *   addresses are never paced.
 */
export const LOGIN_LIMITS = {
  ip: { prefix: "login_fail_ip", duration: DAY, blockDuration: DAY },
  accountIp: { prefix: "login_fail_account_ip", duration: 90 * DAY, blockDuration: HOUR },
  account: { prefix: "login_fail_account", duration: DAY },
  known: { prefix: "login_ok_account_ip", points: 1, duration: 90 * DAY },
  paced: { prefix: "login_paced_account", points: 1, duration: 30 },
} as const;
/** Account-wide failures allowed per day, as a multiple of the per-address consecutive limit. */
export const ACCOUNT_FAILS_FACTOR = 10;

export const loginMessages = {
  tooMany: (wait: string) => `登录失败次数过多，请 ${wait}后再试`,
  paced: (wait: string) => `该账号近期登录失败次数过多，已限制新设备的登录频率，请 ${wait}后再试`,
} as const;

type Thresholds = SecuritySettings["login"];

export function createLoginGuard(store: RateLimitStore) {
  const byIp = store.limiter({ ...LOGIN_LIMITS.ip, points: 100 });
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

  return {
    /**
     * Before the password is checked: throws ResourceExhausted (with retry-after) when this address,
     * or this address for this account, used up its failures, or when the account is under attack and
     * this address is new to it and the account's pace is spent.
     * `account` identifies the account (its id when it exists, else the normalised name typed).
     */
    async admit(call: CallContext, account: string, t: Thresholds): Promise<void> {
      apply(t);
      const k = keys(call, account);
      const [ip, pair, acct] = await Promise.all([byIp.get(k.ip), byAccountIp.get(k.pair), byAccount.get(k.account)]);
      for (const [limiter, res] of [
        [byIp, ip],
        [byAccountIp, pair],
      ] as const) {
        if (res && over(limiter, res)) throw tooManyRequests(res.msBeforeNext, loginMessages.tooMany);
      }
      if (!over(byAccount, acct) || (await known.get(k.pair))) return;
      try {
        await paced.consume(k.account);
      } catch (err) {
        if (isRefusal(err)) throw tooManyRequests(err.msBeforeNext, loginMessages.paced);
        throw err;
      }
    },

    /**
     * A wrong login: counted per address, per account+address and per account. Throws the refusal
     * when this failure used up a limit (the address or pair is blocked from now on).
     */
    async failed(call: CallContext, account: string, t: Thresholds): Promise<void> {
      apply(t);
      const k = keys(call, account);
      // Account-wide failures only switch pacing on (admit): never a refusal of their own.
      await byAccount.penalty(k.account);
      await consumeAll(
        [
          { limiter: byIp, key: k.ip },
          { limiter: byAccountIp, key: k.pair },
        ],
        loginMessages.tooMany,
      );
    },

    /** The right password: this pair starts afresh, and the address counts as the owner's for 90 days. */
    async succeeded(call: CallContext, account: string): Promise<void> {
      const k = keys(call, account);
      await Promise.all([byAccountIp.delete(k.pair), known.set(k.pair, 1, LOGIN_LIMITS.known.duration)]);
    },
  };
}
export type LoginGuard = ReturnType<typeof createLoginGuard>;
