// Third-party login (OAuthAPI): start a login at a provider, finish it (sign in the bound account, or
// hand back a short-lived proof of the unbound one), bind, register, list and unbind. The adapters
// speak the providers' protocols (providers/); the proofs (state, PKCE, nonce, unbound session) are
// oauth.state.ts's; the bindings are oauth.repository.ts's.
import { type CallContext, DomainError, isUniqueViolation, requireSignedIn } from "@wenku/kit";
import type { OAuthSettingsSource } from "../ports.js";
import type { UserService } from "../users/user.service.js";
import { type SignInChannelSource, waysIn } from "../users/ways.in.js";
import type { OAuthProfile, OAuthRepository, UserOAuthRow } from "./oauth.repository.js";
import type { OAuthProofs } from "./oauth.state.js";
import {
  type ExternalAccount,
  isOAuthType,
  type OAuthProviderConfig,
  type OAuthRegistry,
  OAuthType,
} from "./providers/provider.js";

/** The path segment of /oauth/{name} per provider, as moredoc Pro's pages/oauth/_type.vue names them. */
export const OAUTH_PATH: Record<OAuthType, string> = {
  [OAuthType.qq]: "qq",
  [OAuthType.wechat]: "wechat",
  [OAuthType.gitee]: "gitee",
  [OAuthType.github]: "github",
  [OAuthType.wechatMini]: "wechatmp",
  [OAuthType.custom]: "custom",
  [OAuthType.google]: "google",
  [OAuthType.officialAccount]: "officialaccount",
};

const DEFAULT_NAMES: Record<OAuthType, string> = {
  [OAuthType.qq]: "QQ",
  [OAuthType.wechat]: "微信",
  [OAuthType.gitee]: "Gitee",
  [OAuthType.github]: "GitHub",
  [OAuthType.wechatMini]: "微信小程序",
  [OAuthType.custom]: "自定义登录",
  [OAuthType.google]: "Google",
  [OAuthType.officialAccount]: "微信公众号",
};

export const oauthDomainMessages = {
  unknownType: "不支持的第三方登录方式",
  disabled: "该第三方登录方式未启用",
  noDomain: "网站域名未设置，无法使用第三方登录，请管理员在「系统设置」中填写网站域名",
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

export interface PublicProvider {
  type: OAuthType;
  name: string;
  icon: string;
  clientId: string;
  redirectUrl: string;
  authorizeUrl: string;
  enable: boolean;
}

/** A finished login: signed in, an external account to bind or register with, or (bind mode) bound. */
export type LoginOutcome =
  | { signedIn: Awaited<ReturnType<UserService["signInAs"]>> }
  | { pending: ExternalAccount & { type: OAuthType; session: string } }
  | { bound: UserOAuthRow };

const BROWSER_KEY = /^[A-Za-z0-9_-]{32,128}$/;

export interface OAuthServiceDeps {
  repo: OAuthRepository;
  accounts: Pick<UserService, "signInAs" | "registerExternal">;
  registry: OAuthRegistry;
  settings: OAuthSettingsSource;
  /** The site's address (system.domain), e.g. https://wenku.example.com; "" when not set. */
  siteUrl(): Promise<string>;
  proofs: OAuthProofs;
  /** What the site can send now: a verified mobile or e-mail counts as a way in only then (users/ways.in.ts). */
  channels: Pick<SignInChannelSource, "current">;
  /**
   * The WeChat official account (category oauthOfficialAccount, with its secret). Listed as provider 8
   * while it is switched on and configured, its page the scan-to-login /oauth/wechatmp
   * (wechat/scan.service.ts); inside WeChat's browser the web app starts its web authorisation instead
   * (StartOAuthLogin with type 8), which needs no Token.
   */
  officialAccount?: () => Promise<{ enable: boolean; appId: string; appSecret: string; token: string }>;
}

/** The WeChat logins whose accounts share WeChat's unionid. */
const WECHAT_FAMILY: ReadonlySet<number> = new Set([OAuthType.wechat, OAuthType.wechatMini, OAuthType.officialAccount]);

/** Where the official account's scan-to-login page is. */
export const SCAN_LOGIN_PATH = "/oauth/wechatmp";

const profileOf = (a: ExternalAccount): OAuthProfile => ({
  unionid: a.unionid ?? "",
  username: a.username ?? "",
  nickname: a.nickname ?? "",
  avatar: a.avatar ?? "",
  email: a.email ?? "",
});

export function createOAuthService(deps: OAuthServiceDeps) {
  /** The official account's scan-to-login as a listed provider, when it is on. */
  async function scanProvider(site: string): Promise<PublicProvider[]> {
    const oa = await deps.officialAccount?.();
    if (!oa?.enable || !oa.appId || !oa.appSecret || !oa.token) return [];
    const page = `${site}${SCAN_LOGIN_PATH}`;
    const type = OAuthType.officialAccount;
    return [
      {
        type,
        name: DEFAULT_NAMES[type],
        icon: "",
        clientId: oa.appId,
        redirectUrl: page,
        authorizeUrl: page,
        enable: true,
      },
    ];
  }

  /** The exact redirect URI of a provider: the site's /oauth/{name}. */
  async function redirectUriOf(type: OAuthType): Promise<string> {
    const site = (await deps.siteUrl()).trim().replace(/\/+$/, "");
    if (!/^https?:\/\/[^/]+$/i.test(site)) throw new DomainError("failed_precondition", oauthDomainMessages.noDomain);
    return `${site}/oauth/${OAUTH_PATH[type]}`;
  }

  /** The official account's keys as a provider's settings (they live in their own category). */
  async function officialAccountConfig(): Promise<OAuthProviderConfig | undefined> {
    const oa = await deps.officialAccount?.();
    if (!oa) return undefined;
    const type = OAuthType.officialAccount;
    const none = { name: "", icon: "", issuer: "", authorizeUrl: "", tokenUrl: "", userinfoUrl: "", scope: "" };
    return { type, enable: oa.enable && !!oa.appSecret, clientId: oa.appId, clientSecret: oa.appSecret, ...none };
  }

  /** The enabled provider of `type` with an adapter, or a refusal. */
  async function provider(typeNumber: number) {
    if (!isOAuthType(typeNumber))
      throw new DomainError("invalid_argument", oauthDomainMessages.unknownType, undefined, "oauth_type");
    const adapter = deps.registry.get(typeNumber);
    const cfg =
      typeNumber === OAuthType.officialAccount
        ? await officialAccountConfig()
        : (await deps.settings.current()).providers.find((p) => p.type === typeNumber);
    if (!adapter || !cfg?.enable || !cfg.clientId)
      throw new DomainError("failed_precondition", oauthDomainMessages.disabled);
    return { adapter, cfg, type: typeNumber };
  }

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

  function openSession(type: number, openid: string, session: string) {
    const pending = deps.proofs.openSession(session);
    if (!pending || pending.type !== type || pending.account.openid !== openid)
      throw new DomainError("invalid_argument", oauthDomainMessages.badSession, undefined, "session");
    return pending;
  }

  return {
    /** The providers an admin configured, enabled ones marked, without secrets (GetOAuthConfigs). */
    async configs(): Promise<PublicProvider[]> {
      const { providers } = await deps.settings.current();
      const site = (await deps.siteUrl()).trim().replace(/\/+$/, "");
      return providers
        .filter((p) => deps.registry.get(p.type) && p.clientId)
        .map((p) => ({
          type: p.type,
          name: (p.type === OAuthType.custom && p.name) || DEFAULT_NAMES[p.type],
          icon: p.type === OAuthType.custom ? p.icon : "",
          clientId: p.clientId,
          redirectUrl: site ? `${site}/oauth/${OAUTH_PATH[p.type]}` : `/oauth/${OAUTH_PATH[p.type]}`,
          authorizeUrl: p.type === OAuthType.custom && !p.issuer ? p.authorizeUrl : "",
          enable: p.enable,
        }))
        .concat(await scanProvider(site));
    },

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
        const owner = await deps.repo.userIdByUnionid([...WECHAT_FAMILY], account.unionid);
        if (owner) {
          const bind = await deps.repo.bind(owner, type, account.openid, profileOf(account));
          if ("row" in bind) return { signedIn: await deps.accounts.signInAs(call, owner) };
        }
      }
      const { linkVerifiedEmail } = await deps.settings.current();
      if (linkVerifiedEmail && account.emailVerified && account.email) {
        const owner = await deps.repo.userIdByEmail(account.email);
        if (owner) {
          const bind = await deps.repo.bind(owner, type, account.openid, profileOf(account));
          // the owner already has another account of this provider: bind explicitly instead
          if ("row" in bind) return { signedIn: await deps.accounts.signInAs(call, owner) };
        }
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
