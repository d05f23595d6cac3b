import { type CallContext, DomainError, isUniqueViolation, requireSignedIn } from "@wenku/kit";
import { identifierKey } from "@wenku/kit/ratelimit";
import { CodeType } from "@wenku/proto/api/v1/enums_pb.js";
import type { LoginGuard } from "../auth/login.guard.js";
import { hashPassword, verifyPassword } from "../auth/password.js";
import type { TokenCodec } from "../auth/tokens.js";
import type { CaptchaService } from "../captcha/captcha.service.js";
import type { CodeStore } from "../codes/code.store.js";
import { emailTarget } from "../codes/email.code.js";
import type { RegisterBonus } from "../credits/register.bonus.js";
import { type DynamicRepository, DynamicType } from "../dynamics/dynamic.repository.js";
import type { SettingsProvider } from "../ports.js";
import type { UserPolicy } from "./user.policy.js";
import type { UserRepository } from "./user.repository.js";
import {
  checkEmail,
  checkMobile,
  checkPassword,
  checkUsername,
  normalEmail,
  refuseTaken,
  userMessages,
} from "./user.rules.js";
import { createSessionOpener } from "./user.sessions.js";

export type { Session } from "./user.sessions.js";

/** Tells every process that who may do what changed (sessions revoked, groups, permissions). */
export interface AuthzChanges {
  changed(): Promise<void>;
}

/**
 * Tells every process that keeps brief users (id, username, avatar: the authors on other services'
 * lists) that names or avatars changed, or users were deleted; after the commit.
 */
export interface BriefChanges {
  changed(): Promise<void>;
}

export interface UserServiceDeps {
  repo: UserRepository;
  policy: Pick<UserPolicy, "refuseDisabled">;
  dynamics: DynamicRepository;
  captcha: CaptchaService;
  /** Verification codes sent by e-mail or SMS (codes/code.store.ts). */
  codes: CodeStore;
  settings: SettingsProvider;
  tokens: TokenCodec;
  tokenTtlHours: number;
  authz: AuthzChanges;
  /** Wrong-password throttling per address and account (auth/login.guard.ts). */
  loginGuard: LoginGuard;
  /** score.register, booked in the order service's ledger for each new account. */
  registerBonus?: RegisterBonus;
  clock?: () => Date;
}

// Same work for unknown users as for wrong passwords (no account probing by timing).
const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

/** Account rules: registration, login and sessions (the profile: user.profile.ts; what one may do: user.policy.ts). */
export function createUserService(deps: UserServiceDeps) {
  const openSession = createSessionOpener(deps);

  return {
    async register(
      call: CallContext,
      input: {
        username: string;
        password: string;
        email: string;
        mobile: string;
        captcha: string;
        captchaId: string;
        code: string;
      },
    ) {
      const settings = await deps.settings.security();
      if (!settings.enableRegister) throw new DomainError("permission_denied", userMessages.registerClosed);
      const username = checkUsername(input.username);
      const password = checkPassword(input.password);
      const email = checkEmail(input.email);
      const mobile = checkMobile(input.mobile);
      if (settings.enableVerifyRegisterEmail) {
        if (!email) throw new DomainError("invalid_argument", userMessages.emailRequired, undefined, "email");
        if (!input.code.trim()) throw new DomainError("invalid_argument", userMessages.codeRequired, undefined, "code");
        refuseTaken(await deps.repo.taken({ username, email, mobile }));
        // The code was mailed behind the register captcha (SendEmailCode): it stands for the captcha.
        await deps.codes.consume({
          channel: "email",
          target: emailTarget(email),
          purpose: CodeType.REGISTER,
          code: input.code.trim(),
        });
      } else {
        await deps.captcha.check("register", call, input.captchaId, input.captcha);
        refuseTaken(await deps.repo.taken({ username, email, mobile }));
      }
      const bonus = (await deps.registerBonus?.prepare()) ?? null;
      let user: Awaited<ReturnType<UserRepository["create"]>>;
      try {
        user = await deps.repo.create({
          username,
          passwordHash: await hashPassword(password),
          email,
          mobile,
          // the mailed code proved the address
          emailVerified: settings.enableVerifyRegisterEmail,
          registerIp: call.clientIp,
          inTransaction: bonus?.enqueue,
        });
      } catch (err) {
        if (isUniqueViolation(err)) refuseTaken(await deps.repo.taken({ username, email, mobile }));
        throw err;
      }
      await deps.dynamics.add(user.id, DynamicType.register, "注册成为网站会员");
      await bonus?.deliver(user.id);
      const session = await openSession(user.id, call);
      return { user: (await deps.repo.byId(user.id)) ?? user, session };
    },

    async login(call: CallContext, input: { username: string; password: string; captcha: string; captchaId: string }) {
      const login = input.username.trim();
      if (!login) throw new DomainError("invalid_argument", userMessages.usernameRequired);
      if (!input.password) throw new DomainError("invalid_argument", userMessages.passwordRequired);
      const user = await deps.repo.byLogin(login);
      // Throttled per account (its id, whichever of name, e-mail or mobile was typed) and address.
      const account = user ? `u${user.id}` : `n${identifierKey(login)}`;
      const limits = (await deps.settings.security()).login;
      const gate = await deps.loginGuard.admit(call, account, limits);
      await deps.captcha.check("login", call, input.captchaId, input.captcha, gate.captcha);
      const ok = await verifyPassword(user?.password ?? DUMMY_HASH, input.password);
      if (!user || !ok) {
        await deps.loginGuard.failed(call, account, limits);
        throw new DomainError("invalid_argument", userMessages.badLogin);
      }
      await deps.loginGuard.succeeded(call, account);
      await deps.policy.refuseDisabled(user);
      const session = await openSession(user.id, call);
      return { user: (await deps.repo.byId(user.id)) ?? user, session };
    },

    /**
     * Opens a session for a user another proof identified (a third-party account bound to them): refused
     * like a password login when the account is disabled or does not exist.
     */
    async signInAs(call: CallContext, userId: bigint) {
      const user = await deps.repo.byId(userId);
      if (!user) throw new DomainError("not_found", "用户不存在");
      await deps.policy.refuseDisabled(user);
      const session = await openSession(user.id, call);
      return { user, session };
    },

    /**
     * An account for a third-party login: no password until its owner sets one (an empty hash never
     * verifies); `bind` stores the binding in the same transaction, so no account exists without it.
     */
    async registerExternal(
      call: CallContext,
      input: { username: string; email: string | null },
      bind: NonNullable<Parameters<UserRepository["create"]>[0]["inTransaction"]>,
    ) {
      const settings = await deps.settings.security();
      if (!settings.enableRegister) throw new DomainError("permission_denied", userMessages.registerClosed);
      const username = checkUsername(input.username);
      // the provider's e-mail goes with the new account only when it is verified and nobody holds it
      const offered = input.email ? normalEmail(input.email) : "";
      const email =
        offered && offered.length <= 255 && !(await deps.repo.taken({ email: offered })).email ? offered : null;
      // a site that registers only verified e-mails takes the provider's word for one, nothing less
      if (settings.enableVerifyRegisterEmail && !email)
        throw new DomainError("failed_precondition", userMessages.oauthEmailRequired);
      refuseTaken(await deps.repo.taken({ username }));
      const bonus = (await deps.registerBonus?.prepare()) ?? null;
      let user: Awaited<ReturnType<UserRepository["create"]>>;
      try {
        user = await deps.repo.create({
          username,
          passwordHash: "",
          email,
          // only an address the provider verified comes this far
          emailVerified: !!email,
          registerIp: call.clientIp,
          inTransaction: async (tx, userId) => {
            await bind(tx, userId);
            await bonus?.enqueue(tx, userId);
          },
        });
      } catch (err) {
        if (isUniqueViolation(err)) refuseTaken(await deps.repo.taken({ username, email }));
        throw err;
      }
      await deps.dynamics.add(user.id, DynamicType.register, "注册成为网站会员");
      await bonus?.deliver(user.id);
      const session = await openSession(user.id, call);
      return { user: (await deps.repo.byId(user.id)) ?? user, session };
    },

    async logout(call: CallContext) {
      const who = requireSignedIn(call);
      await deps.repo.revokeSession(who.sessionId, who.userId);
      await deps.authz.changed();
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;
