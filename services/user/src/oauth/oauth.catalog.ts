// Which third-party logins this site offers and where each one sends the browser back: the providers an
// admin configured (category oauth), plus the WeChat official account, whose keys live in their own
// category and whose page is the scan-to-login. The login flows (oauth.service.ts) ask this catalogue
// for an enabled provider; the public list (GetOAuthConfigs) is its `configs`.
import { DomainError } from "@wenku/kit";
import type { OAuthSettingsSource } from "../ports.js";
import { isOAuthType, type OAuthProviderConfig, type OAuthRegistry, OAuthType } from "./providers/provider.js";

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

/** Where the official account's scan-to-login page is. */
export const SCAN_LOGIN_PATH = "/oauth/wechatmp";

export const oauthCatalogMessages = {
  unknownType: "不支持的第三方登录方式",
  disabled: "该第三方登录方式未启用",
  noDomain: "网站域名未设置，无法使用第三方登录，请管理员在「系统设置」中填写网站域名",
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

export interface OAuthCatalogDeps {
  registry: OAuthRegistry;
  settings: OAuthSettingsSource;
  /** The site's address (system.domain), e.g. https://wenku.example.com; "" when not set. */
  siteUrl(): Promise<string>;
  /**
   * The WeChat official account (category oauthOfficialAccount, with its secret). Listed as provider 8
   * while it is switched on and configured, its page the scan-to-login /oauth/wechatmp
   * (wechat/scan.service.ts); inside WeChat's browser the web app starts its web authorisation instead
   * (StartOAuthLogin with type 8), which needs no Token.
   */
  officialAccount?: () => Promise<{ enable: boolean; appId: string; appSecret: string; token: string }>;
}

export function createOAuthCatalog(deps: OAuthCatalogDeps) {
  const site = async () => (await deps.siteUrl()).trim().replace(/\/+$/, "");

  /** The official account's scan-to-login as a listed provider, when it is on. */
  async function scanProvider(origin: string): Promise<PublicProvider[]> {
    const oa = await deps.officialAccount?.();
    if (!oa?.enable || !oa.appId || !oa.appSecret || !oa.token) return [];
    const page = `${origin}${SCAN_LOGIN_PATH}`;
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

  /** The official account's keys as a provider's settings (they live in their own category). */
  async function officialAccountConfig(): Promise<OAuthProviderConfig | undefined> {
    const oa = await deps.officialAccount?.();
    if (!oa) return undefined;
    const type = OAuthType.officialAccount;
    const none = { name: "", icon: "", issuer: "", authorizeUrl: "", tokenUrl: "", userinfoUrl: "", scope: "" };
    return { type, enable: oa.enable && !!oa.appSecret, clientId: oa.appId, clientSecret: oa.appSecret, ...none };
  }

  return {
    /** The providers an admin configured, enabled ones marked, without secrets (GetOAuthConfigs). */
    async configs(): Promise<PublicProvider[]> {
      const { providers } = await deps.settings.current();
      const origin = await site();
      return providers
        .filter((p) => deps.registry.get(p.type) && p.clientId)
        .map((p) => ({
          type: p.type,
          name: (p.type === OAuthType.custom && p.name) || DEFAULT_NAMES[p.type],
          icon: p.type === OAuthType.custom ? p.icon : "",
          clientId: p.clientId,
          redirectUrl: `${origin}/oauth/${OAUTH_PATH[p.type]}`,
          authorizeUrl: p.type === OAuthType.custom && !p.issuer ? p.authorizeUrl : "",
          enable: p.enable,
        }))
        .concat(await scanProvider(origin));
    },

    /** The enabled provider of `type` with an adapter, or a refusal. */
    async provider(typeNumber: number) {
      if (!isOAuthType(typeNumber))
        throw new DomainError("invalid_argument", oauthCatalogMessages.unknownType, undefined, "oauth_type");
      const adapter = deps.registry.get(typeNumber);
      const cfg =
        typeNumber === OAuthType.officialAccount
          ? await officialAccountConfig()
          : (await deps.settings.current()).providers.find((p) => p.type === typeNumber);
      if (!adapter || !cfg?.enable || !cfg.clientId)
        throw new DomainError("failed_precondition", oauthCatalogMessages.disabled);
      return { adapter, cfg, type: typeNumber };
    },

    /** The exact redirect URI of a provider: the site's /oauth/{name}; refused while the domain is unset. */
    async redirectUriOf(type: OAuthType): Promise<string> {
      const origin = await site();
      if (!/^https?:\/\/[^/]+$/i.test(origin))
        throw new DomainError("failed_precondition", oauthCatalogMessages.noDomain);
      return `${origin}/oauth/${OAUTH_PATH[type]}`;
    },
  };
}
export type OAuthCatalog = ReturnType<typeof createOAuthCatalog>;
