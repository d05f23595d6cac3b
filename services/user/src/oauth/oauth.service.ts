// Third-party login (OAuthAPI): start a login at a provider, finish it (sign in the bound account, or
// hand back a short-lived proof of the unbound one), bind, register, list and unbind. The adapters
// speak the providers' protocols (providers/); the proofs (state, PKCE, nonce, unbound session) are
// oauth.state.ts's; the bindings are oauth.repository.ts's; which providers are on, oauth.catalog.ts's.
import { type CallContext, DomainError, isUniqueViolation, requireSignedIn } from "@wenku/kit";
import type { OAuthSettingsSource } from "../ports.js";
import type { UserService } from "../users/user.service.js";
import { type SignInChannelSource, waysIn } from "../users/ways.in.js";
import { type OAuthCatalog, oauthCatalogMessages } from "./oauth.catalog.js";
import type { OAuthProfile, OAuthRepository, UserOAuthRow } from "./oauth.repository.js";
import type { OAuthProofs } from "./oauth.state.js";
import { type ExternalAccount, OAuthType } from "./providers/provider.js";

export const oauthDomainMessages = {
  ...oauthCatalogMessages,
  codeRequired: "缺少授权码（code），请重新登录",
  browserKey: "登录请求无效，请重新发起登录",
  badState: "登录状态无效、已过期或不属于当前浏览器，请重新发起登录",
  badSession: "第三方账号的验证已失效，请重新使用第三方登录",
  accountTaken: "该第三方账号已绑定其他用户",
  providerTaken: "您已绑定过该平台的其他账号，请先解绑",
  notFound: "绑定记录不存在",
  bindSignIn: "请先登录后再绑定第三方账号",
  bindOther: "绑定已由其他账号发起，请用发起绑定的账号重新绑定",
  lastWayIn: "这是您唯一的登录方式，请先设置登录密码，或验证手机号、邮箱后再解绑",
} as const;

/** A finished login: signed in, an external account to bind or register with, or (bind mode) bound. */
export type LoginOutcome =
  | { signedIn: Awaited<ReturnType<UserService["signInAs"]>> }
  | { pending: ExternalAccount & { type: OAuthType; session: string } }
  | { bound: UserOAuthRow };

const BROWSER_KEY = /^[A-Za-z0-9_-]{32,128}$/;

export interface OAuthServiceDeps {
  repo: OAuthRepository;
  accounts: Pick<UserService, "signInAs" | "registerExternal">;
  /** The offered providers and their redirect URIs. */
  catalog: OAuthCatalog;
  /** Whether a provider-verified e-mail may link to the account holding it (linkVerifiedEmail). */
  settings: OAuthSettingsSource;
  proofs: OAuthProofs;
  /** What the site can send now: a verified mobile or e-mail counts as a way in only then (users/ways.in.ts). */
  channels: Pick<SignInChannelSource, "current">;
}

/** The WeChat logins whose accounts share WeChat's unionid. */
const WECHAT_FAMILY: ReadonlySet<number> = new Set([OAuthType.wechat, OAuthType.wechatMini, OAuthType.officialAccount]);

const profileOf = (a: ExternalAccount): OAuthProfile => ({
  unionid: a.unionid ?? "",
  username: a.username ?? "",
  nickname: a.nickname ?? "",
  avatar: a.avatar ?? "",
  email: a.email ?? "",
});

export function createOAuthService(deps: OAuthServiceDeps) {
  const { provider, redirectUriOf } = deps.catalog;

  function checkBrowserKey(key: string): void {
    if (!BROWSER_KEY.test(key))
      throw new DomainError("invalid_argument", oauthDomainMessages.browserKey, undefined, "browser_key");
  }

  /** The signed-in caller who binds (bind mode needs one: 401 otherwise). */
  function signedInToBind(call: CallContext): bigint {
    if (!call.identity) throw new DomainError("unauthenticated", oauthDomainMessages.bindSignIn);
    return call.identity.userId;
  }

  /**
   * Binds the external account to the user: already theirs is fine (a second bind from the profile);
   * bound to another user, or the user holds another account of the provider: a conflict saying so.
   */
  async function bindTo(userId: bigint, type: OAuthType, account: ExternalAccount): Promise<UserOAuthRow> {
    const result = await deps.repo.bind(userId, type, account.openid, profileOf(account));
    if ("row" in result) return result.row;
    const held = await deps.repo.byAccount(type, account.openid);
    if (held?.userId === userId) return held;
    throw new DomainError(
      "already_exists",
      result.conflict === "account" ? oauthDomainMessages.accountTaken : oauthDomainMessages.providerTaken,
    );
  }

  /**
   * Binds the external account to the user it was matched to (by unionid or a verified e-mail) and
   * signs that user in; null when nobody matched, or the user already holds another account of this
   * provider (then they bind explicitly instead).
   */
  async function linkAndSignIn(
    call: CallContext,
    owner: bigint | null | undefined,
    type: OAuthType,
    account: ExternalAccount,
  ): Promise<LoginOutcome | null> {
    if (!owner) return null;
    const bind = await deps.repo.bind(owner, type, account.openid, profileOf(account));
    return "row" in bind ? { signedIn: await deps.accounts.signInAs(call, owner) } : null;
  }

  function openSession(type: number, openid: string, session: string) {
    const pending = deps.proofs.openSession(session);
    if (!pending || pending.type !== type || pending.account.openid !== openid)
      throw new DomainError("invalid_argument", oauthDomainMessages.badSession, undefined, "session");
    return pending;
  }

  return {
    /** The providers an admin configured, enabled ones marked, without secrets (GetOAuthConfigs). */
    configs: () => deps.catalog.configs(),

    /**
     * Starts a login from one browser: the provider's authorize URL with state, PKCE and nonce. With
     * `isBind`, a bind of the signed-in caller: the state names them, and only they may finish it.
     */
    async start(
      call: CallContext,
      input: { oauthType: number; browserKey: string; isBind: boolean },
    ): Promise<{ authorizeUrl: string; state: string }> {
      checkBrowserKey(input.browserKey);
      const binder = input.isBind ? signedInToBind(call) : undefined;
      const { adapter, cfg, type } = await provider(input.oauthType);
      const redirectUri = await redirectUriOf(type);
      const state = deps.proofs.state({ type, redirectUri }, input.browserKey, binder);
      const { challenge } = deps.proofs.pkce(state, input.browserKey);
      const url = await adapter.authorizeUrl(cfg, {
        redirectUri,
        state,
        codeChallenge: adapter.pkce ? challenge : undefined,
        nonce: adapter.oidc ? deps.proofs.nonce(state, input.browserKey) : undefined,
      });
      return { authorizeUrl: url.href, state };
    },

    /**
     * Finishes a login: the provider's code for the external account; its bound user is signed in.
     * Unbound: signed in to the account holding its e-mail only when the provider verified the address
     * and the admin allows linking by it; otherwise a proof to bind or register with.
     */
    async login(
      call: CallContext,
      input: { oauthType: number; code: string; state: string; browserKey: string },
    ): Promise<LoginOutcome> {
      const { adapter, cfg, type } = await provider(input.oauthType);
      if (!input.code) throw new DomainError("invalid_argument", oauthDomainMessages.codeRequired, undefined, "code");
      const redirectUri = await redirectUriOf(type);
      const opened =
        input.state && BROWSER_KEY.test(input.browserKey)
          ? deps.proofs.checkState(input.state, { type, redirectUri }, input.browserKey)
          : null;
      if (!opened) throw new DomainError("invalid_argument", oauthDomainMessages.badState, undefined, "state");
      // a bind: only by the user who started it, before the provider is asked (its code stays unspent)
      if (opened.bindUserId !== null && signedInToBind(call) !== opened.bindUserId)
        throw new DomainError("permission_denied", oauthDomainMessages.bindOther);
      const account = await adapter.exchange(cfg, {
        code: input.code,
        redirectUri,
        state: input.state,
        codeVerifier: adapter.pkce ? deps.proofs.pkce(input.state, input.browserKey).verifier : undefined,
        nonce: adapter.oidc ? deps.proofs.nonce(input.state, input.browserKey) : undefined,
      });
      if (opened.bindUserId !== null) return { bound: await bindTo(opened.bindUserId, type, account) };
      const bound = await deps.repo.byAccount(type, account.openid);
      if (bound) {
        await deps.repo.refresh(bound.id, profileOf(account));
        return { signedIn: await deps.accounts.signInAs(call, bound.userId) };
      }
      // WeChat's unionid is one person across the developer's apps: the user of the other WeChat login
      // (open platform QR, official account, mini program) is this one too
      if (account.unionid && WECHAT_FAMILY.has(type)) {
        const linked = await linkAndSignIn(
          call,
          await deps.repo.userIdByUnionid([...WECHAT_FAMILY], account.unionid),
          type,
          account,
        );
        if (linked) return linked;
      }
      const { linkVerifiedEmail } = await deps.settings.current();
      if (linkVerifiedEmail && account.emailVerified && account.email) {
        const linked = await linkAndSignIn(call, await deps.repo.userIdByEmail(account.email), type, account);
        if (linked) return linked;
      }
      return { pending: { ...account, type, session: deps.proofs.session({ type, account }) } };
    },

    /** Binds the external account a session proves to the signed-in caller. */
    async bind(call: CallContext, input: { oauthType: number; openid: string; session: string }): Promise<void> {
      const me = requireSignedIn(call);
      const { account, type } = openSession(input.oauthType, input.openid, input.session);
      await bindTo(me.userId, type, account);
    },

    /** A new account (no password yet) for the external account a session proves, signed in. */
    async register(call: CallContext, input: { oauthType: number; openid: string; session: string; username: string }) {
      const { account, type } = openSession(input.oauthType, input.openid, input.session);
      if (await deps.repo.byAccount(type, account.openid))
        throw new DomainError("already_exists", oauthDomainMessages.accountTaken);
      try {
        return await deps.accounts.registerExternal(
          call,
          { username: input.username, email: account.emailVerified && account.email ? account.email : null },
          (tx, userId) => deps.repo.bindIn(tx, userId, type, account.openid, profileOf(account)),
        );
      } catch (err) {
        // a concurrent registration or bind took the external account first (unique (type, openid))
        if (isUniqueViolation(err)) throw new DomainError("already_exists", oauthDomainMessages.accountTaken);
        throw err;
      }
    },

    /** The caller's bindings. */
    async list(call: CallContext): Promise<UserOAuthRow[]> {
      return deps.repo.listByUser(requireSignedIn(call).userId);
    },

    /** Unbinds one of the caller's accounts, unless it is the last way to sign in. */
    async unbind(call: CallContext, id: bigint): Promise<void> {
      const me = requireSignedIn(call);
      const channels = await deps.channels.current();
      const result = await deps.repo.unbind(me.userId, id, (account) => waysIn(account, channels).length > 0);
      if (result === "not_found") throw new DomainError("not_found", oauthDomainMessages.notFound);
      if (result === "last") throw new DomainError("failed_precondition", oauthDomainMessages.lastWayIn);
    },
  };
}
export type OAuthService = ReturnType<typeof createOAuthService>;
