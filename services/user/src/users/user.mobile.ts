// Signing up, signing in and recovering a password with a mobile number and an SMS code (SendSms
// issued it; the code store checks it: single use, its own purpose and number, before it expires).
// A login or recovery for a number no account holds reads exactly like a wrong code: no code was ever
// issued for it, so the store refuses it the same way.
import { randomBytes } from "node:crypto";
import { type CallContext, DomainError, isUniqueViolation } from "@wenku/kit";
import { CodeType } from "@wenku/proto/api/v1/enums_pb.js";
import { hashPassword } from "../auth/password.js";
import type { RegisterBonus } from "../credits/register.bonus.js";
import { type DynamicRepository, DynamicType } from "../dynamics/dynamic.repository.js";
import type { SettingsProvider } from "../ports.js";
import type { UserPolicy } from "./user.policy.js";
import type { UserRepository } from "./user.repository.js";
import { checkPassword, refuseTaken, requireMobile, userMessages } from "./user.rules.js";
import type { AuthzChanges } from "./user.service.js";
import type { OpenSession } from "./user.sessions.js";

/** Checks and spends a code (the code store, services/user/src/codes). */
export interface CodeChecker {
  consume(req: { channel: "email" | "sms"; target: string; purpose: CodeType; code: string }): Promise<void>;
}

export const mobileMessages = {
  codeRequired: "请输入短信验证码",
} as const;

/** A username for an account made from a number: "m" + its last four digits + random hex (changeable later). */
const usernameFor = (mobile: string) => `m${mobile.slice(-4)}${randomBytes(4).toString("hex")}`;

export function createMobileAccounts(deps: {
  repo: UserRepository;
  codes: CodeChecker;
  settings: SettingsProvider;
  policy: Pick<UserPolicy, "refuseDisabled">;
  dynamics: DynamicRepository;
  registerBonus?: RegisterBonus;
  openSession: OpenSession;
  authz: AuthzChanges;
}) {
  const code = (raw: string) => {
    const c = raw.trim();
    if (!c) throw new DomainError("invalid_argument", mobileMessages.codeRequired, undefined, "code");
    return c;
  };

  return {
    /** A new account from a number and its register code (password optional), signed in. */
    async register(call: CallContext, input: { mobile: string; code: string; password: string }) {
      if (!(await deps.settings.security()).enableRegister)
        throw new DomainError("permission_denied", userMessages.registerClosed);
      const mobile = requireMobile(input.mobile);
      const given = code(input.code);
      // No password: a random one nobody knows; the owner signs in by code or sets one by recovery.
      const password = input.password ? checkPassword(input.password) : randomBytes(24).toString("base64url");
      refuseTaken(await deps.repo.taken({ mobile }));
      await deps.codes.consume({ channel: "sms", target: mobile, purpose: CodeType.REGISTER, code: given });
      const bonus = (await deps.registerBonus?.prepare()) ?? null;
      let user: Awaited<ReturnType<UserRepository["create"]>> | undefined;
      for (let attempt = 0; !user; attempt++) {
        try {
          user = await deps.repo.create({
            username: usernameFor(mobile),
            passwordHash: await hashPassword(password),
            email: "",
            mobile,
            mobileVerified: true,
            registerIp: call.clientIp,
            inTransaction: bonus?.enqueue,
          });
        } catch (err) {
          if (!isUniqueViolation(err)) throw err;
          refuseTaken(await deps.repo.taken({ mobile }));
          if (attempt >= 3) throw err; // the random username collided again and again
        }
      }
      await deps.dynamics.add(user.id, DynamicType.register, "注册成为网站会员");
      await bonus?.deliver(user.id);
      const session = await deps.openSession(user.id, call);
      return { user: (await deps.repo.byId(user.id)) ?? user, session };
    },

    /** Signs in the account holding the number with its login code. */
    async login(call: CallContext, input: { mobile: string; code: string }) {
      const mobile = requireMobile(input.mobile);
      await deps.codes.consume({ channel: "sms", target: mobile, purpose: CodeType.LOGIN, code: code(input.code) });
      const user = await deps.repo.byMobile(mobile);
      if (!user) throw new DomainError("invalid_argument", userMessages.badLogin);
      await deps.policy.refuseDisabled(user);
      // the code reached the number: it is the owner's
      if (!user.mobileVerified) await deps.repo.update(user.id, { mobileVerified: true });
      const session = await deps.openSession(user.id, call);
      return { user: (await deps.repo.byId(user.id)) ?? user, session };
    },

    /** Sets a new password with a recovery code; every session of the account ends. */
    async findPassword(input: { mobile: string; code: string; password: string }) {
      const mobile = requireMobile(input.mobile);
      const password = checkPassword(input.password);
      await deps.codes.consume({
        channel: "sms",
        target: mobile,
        purpose: CodeType.FIND_PASSWORD,
        code: code(input.code),
      });
      const user = await deps.repo.byMobile(mobile);
      if (!user) return; // the account went away after its code was issued: nothing to change
      await deps.repo.update(user.id, { passwordHash: await hashPassword(password), mobileVerified: true });
      await deps.repo.revokeUserSessions([user.id]);
      await deps.authz.changed();
    },
  };
}
export type MobileAccounts = ReturnType<typeof createMobileAccounts>;
