// What every third-party login provider is to the OAuth flow (oauth.service.ts): an adapter that builds
// the provider's authorize URL and turns the code it sends back into the external account. The flow owns
// state, PKCE verifiers, nonces and bindings; an adapter only speaks its provider's protocol, through the
// `fetch` it was built with (the kit's guarded fetcher, with time and size caps) and never reads settings
// itself: it is given the provider's settings (`OAuthProviderConfig`) on each call, so a change an admin
// saves applies to the next login.

/**
 * Provider numbers as moredoc (and moredoc Pro's front end, utils/enum.js OauthType) numbers them; they
 * travel as `type` / `oauth_type` in the API and are stored in user_oauths.type, so they never change.
 */
export const OAuthType = {
  qq: 1,
  wechat: 2,
  gitee: 3,
  github: 4,
  wechatMini: 5,
  custom: 6,
  google: 7,
  officialAccount: 8,
} as const;
export type OAuthType = (typeof OAuthType)[keyof typeof OAuthType];

const TYPES = new Set<number>(Object.values(OAuthType));
export const isOAuthType = (n: number): n is OAuthType => TYPES.has(n);

/**
 * The config category holding each provider's settings (config service, catalog.integrations.ts):
 * `enable`, `client_id`, `client_secret`, and for the custom provider also name, icon, issuer and the
 * plain OAuth2 endpoints.
 */
export const OAUTH_CATEGORY: Record<OAuthType, string> = {
  [OAuthType.qq]: "oauthQQ",
  [OAuthType.wechat]: "oauthWechat",
  [OAuthType.gitee]: "oauthGitee",
  [OAuthType.github]: "oauthGithub",
  [OAuthType.wechatMini]: "mp",
  [OAuthType.custom]: "oauthCustom",
  [OAuthType.google]: "oauthGoogle",
  [OAuthType.officialAccount]: "oauthOfficialAccount",
};

/** One provider's settings as the admin saved them. Holds the client secret: never put it in a reply. */
export interface OAuthProviderConfig {
  type: OAuthType;
  enable: boolean;
  clientId: string;
  clientSecret: string;
  /** Custom provider: the button's name and icon ("" = the default for the type). */
  name: string;
  icon: string;
  /**
   * Custom provider as OpenID Connect: the issuer, or its discovery URL (…/.well-known/openid-configuration).
   * "" = a plain OAuth2 provider described by the three endpoints below.
   */
  issuer: string;
  /** Custom plain-OAuth2 provider: its authorize, token and user-info endpoints. */
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  /** Scopes asked for ("" = the adapter's default). */
  scope: string;
}

/** What the flow hands an adapter to start a login. */
export interface AuthorizeParams {
  /** Exactly the URI the provider sends the visitor back to (the site's /oauth/{type}). */
  redirectUri: string;
  /** The flow's random state, bound to the browser that started the login. */
  state: string;
  /** PKCE S256 challenge, when `adapter.pkce`. */
  codeChallenge?: string;
  /** OpenID Connect nonce, when `adapter.oidc`. */
  nonce?: string;
}

/** What the flow hands an adapter to finish a login (the provider's callback, already matched to its state). */
export interface ExchangeParams {
  code: string;
  /** The same redirect URI as in the authorize URL. */
  redirectUri: string;
  /** The state of the callback, already checked by the flow (some protocols echo it to the token endpoint). */
  state: string;
  /** The PKCE verifier the challenge was made from, when `adapter.pkce`. */
  codeVerifier?: string;
  /** The nonce the ID token must carry, when `adapter.oidc`. */
  nonce?: string;
}

/** The third-party account a provider vouched for. */
export interface ExternalAccount {
  /** The provider's stable id of the account (OIDC `sub`, GitHub's numeric id, WeChat's openid). */
  openid: string;
  /** WeChat/QQ: the id shared by the apps of one developer. */
  unionid?: string;
  /** The login name on the provider, when it has one. */
  username?: string;
  nickname?: string;
  /** An http(s) URL of the account's picture. */
  avatar?: string;
  /** Lower-cased. */
  email?: string;
  /** The provider says it verified `email` (OIDC email_verified, GitHub's verified flag). */
  emailVerified: boolean;
}

export interface OAuthAdapter {
  readonly type: OAuthType;
  /** The provider takes a PKCE S256 challenge (the flow then sends one and keeps the verifier). */
  readonly pkce: boolean;
  /** OpenID Connect: the flow sends a nonce and the adapter checks it in the ID token. */
  readonly oidc: boolean;
  /** The provider's authorize URL for one login (may read the provider's discovery document). */
  authorizeUrl(cfg: OAuthProviderConfig, params: AuthorizeParams): Promise<URL>;
  /**
   * The account behind `code`. Refuses (DomainError, a sentence for users) a code the provider refuses,
   * an ID token that fails validation, an answer it cannot read.
   */
  exchange(cfg: OAuthProviderConfig, params: ExchangeParams): Promise<ExternalAccount>;
}

/**
 * Outbound HTTP for adapters, shaped as the Fetch API (openid-client v6 takes it as customFetch): the
 * kit's guarded fetcher with time and size caps; an answer of any status is returned, not thrown.
 */
export type OAuthFetch = (url: string, init: OAuthRequestInit) => Promise<Response>;
export interface OAuthRequestInit {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string | URLSearchParams;
  signal?: AbortSignal;
}

/** The adapters this site speaks, by provider number. */
export interface OAuthRegistry {
  /** The adapter of `type`, or undefined when this site has none (yet). */
  get(type: number): OAuthAdapter | undefined;
  /** The provider numbers with an adapter. */
  types(): OAuthType[];
}

export function createOAuthRegistry(adapters: readonly OAuthAdapter[]): OAuthRegistry {
  const byType = new Map<number, OAuthAdapter>();
  for (const a of adapters) {
    if (byType.has(a.type)) throw new Error(`two OAuth adapters for type ${a.type}`);
    byType.set(a.type, a);
  }
  return {
    get: (type) => byType.get(type),
    types: () => [...byType.keys()].sort((a, b) => a - b) as OAuthType[],
  };
}
