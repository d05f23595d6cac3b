// The custom provider (type 6): any OpenID Connect issuer by its discovery URL (Keycloak, Authentik,
// Azure AD, Casdoor…) through openid-client, which validates the ID token (signature by the issuer's
// JWKS, issuer, audience, expiry, nonce) and PKCE; or, without an issuer, a plain OAuth2 provider given
// by its authorize, token and user-info endpoints.
import { DomainError } from "@wenku/kit";
import * as oidc from "openid-client";
import { oauthMessages, providerUnreachable, readJson } from "../oauth.http.js";
import { authorizeUrl, codeRefusal, exchangeCode, getJson, httpUrl, text } from "./oauth2.js";
import {
  type ExchangeParams,
  type ExternalAccount,
  type OAuthAdapter,
  type OAuthFetch,
  type OAuthProviderConfig,
  OAuthType,
} from "./provider.js";

/** A discovery document is read again after this (keys rotate; an admin may change the issuer at once). */
const DISCOVERY_TTL_MS = 10 * 60_000;

export const customMessages = {
  notConfigured: "自定义登录未配置完整（需要 OIDC 发现地址，或授权、令牌、用户信息三个地址）",
  idToken: (why: string) => `身份令牌（ID Token）校验失败：${why}`,
} as const;

/** http:// is taken only for this machine (a provider run beside the site in development and tests). */
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);
const insecureOk = (url: URL) => url.protocol === "http:" && LOOPBACK.has(url.hostname);

/** What openid-client's refusal means, for users. */
function refusal(err: unknown): unknown {
  if (err instanceof DomainError) return err;
  const unreachable = providerUnreachable((err as { cause?: unknown })?.cause ?? err);
  if (unreachable instanceof DomainError) return unreachable;
  if (err instanceof oidc.ResponseBodyError)
    return new DomainError(
      "invalid_argument",
      oauthMessages.refused(codeRefusal(err.error, err.error_description ?? err.error)),
    );
  if (err instanceof oidc.AuthorizationResponseError)
    return new DomainError("invalid_argument", oauthMessages.refused(err.error_description ?? err.error));
  // openid-client wraps oauth4webapi's error (the claim named in its message) in its own
  const chain: Array<{ message?: string; code?: string; cause?: unknown }> = [];
  for (let e: unknown = err; e && typeof e === "object" && chain.length < 5; e = (e as { cause?: unknown }).cause)
    chain.push(e as { message?: string; code?: string });
  const msg = chain.map((e) => e.message ?? "").join(" | ");
  const code = chain.map((e) => e.code ?? "").join(" ");
  if (code.includes("OAUTH_JWT_TIMESTAMP_CHECK_FAILED") || /"exp"|"iat"|"nbf"/.test(msg))
    return new DomainError("invalid_argument", customMessages.idToken("已过期或尚未生效"));
  if (/"aud"|audience|azp/i.test(msg))
    return new DomainError("invalid_argument", customMessages.idToken("受众（aud）不是本站"));
  if (/"nonce"/.test(msg)) return new DomainError("invalid_argument", customMessages.idToken("nonce 不匹配"));
  if (/"iss"|issuer/i.test(msg))
    return new DomainError("invalid_argument", customMessages.idToken("签发方（iss）不符"));
  if (/signature|JWS|JWK|key/i.test(msg))
    return new DomainError("invalid_argument", customMessages.idToken("签名无效"));
  if (code.includes("OAUTH_")) return new DomainError("invalid_argument", customMessages.idToken(msg));
  return err;
}

export function createCustomAdapter(fetch: OAuthFetch, clock: () => Date = () => new Date()): OAuthAdapter {
  const discovered = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

  /**
   * The issuer's configuration for our client, kept DISCOVERY_TTL_MS per (issuer, client, secret, clock
   * skew): openid-client's clock follows the service's (the skew, in seconds, from the wall clock).
   */
  function configOf(cfg: OAuthProviderConfig): Promise<oidc.Configuration> {
    const skew = Math.round((clock().getTime() - Date.now()) / 1000);
    const key = JSON.stringify([cfg.issuer, cfg.clientId, cfg.clientSecret, skew]);
    const hit = discovered.get(key);
    if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
    let server: URL;
    try {
      server = new URL(cfg.issuer);
    } catch {
      return Promise.reject(new DomainError("failed_precondition", customMessages.notConfigured));
    }
    const config = oidc
      .discovery(server, cfg.clientId, { [oidc.clockSkew]: skew }, oidc.ClientSecretPost(cfg.clientSecret), {
        [oidc.customFetch]: (url, init) =>
          fetch(url, {
            method: init.method === "POST" ? "POST" : "GET",
            headers: init.headers,
            body: typeof init.body === "string" || init.body instanceof URLSearchParams ? init.body : undefined,
            signal: init.signal,
          }),
        // the ID token's signature is checked against the issuer's JWKS even though it came over TLS
        execute: insecureOk(server)
          ? [oidc.enableNonRepudiationChecks, oidc.allowInsecureRequests]
          : [oidc.enableNonRepudiationChecks],
      })
      .catch((err: unknown) => {
        discovered.delete(key);
        throw refusal(err);
      });
    if (discovered.size > 16) discovered.clear();
    discovered.set(key, { at: Date.now(), config });
    return config;
  }

  async function exchangeOidc(cfg: OAuthProviderConfig, p: ExchangeParams): Promise<ExternalAccount> {
    const config = await configOf(cfg);
    const callback = new URL(p.redirectUri);
    callback.searchParams.set("code", p.code);
    callback.searchParams.set("state", p.state);
    // RFC 9207's iss: our state already binds the login to this one provider, so there is no other
    // issuer to mix it up with; the value the issuer would send is supplied.
    const meta = config.serverMetadata();
    if (meta.authorization_response_iss_parameter_supported) callback.searchParams.set("iss", meta.issuer);
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: p.codeVerifier,
        expectedState: p.state,
        expectedNonce: p.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new DomainError("invalid_argument", customMessages.idToken("缺少 ID Token"));
      let info: Record<string, unknown> = { ...claims };
      if (meta.userinfo_endpoint) {
        const more = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
        info = { ...more, ...claims };
      }
      const email = text(info.email)?.toLowerCase();
      return {
        openid: claims.sub,
        username: text(info.preferred_username),
        nickname: text(info.name) ?? text(info.nickname) ?? text(info.preferred_username),
        avatar: httpUrl(info.picture),
        email,
        emailVerified: !!email && info.email_verified === true,
      };
    } catch (err) {
      throw refusal(err);
    }
  }

  async function exchangePlain(cfg: OAuthProviderConfig, p: ExchangeParams): Promise<ExternalAccount> {
    const token = await exchangeCode(fetch, cfg.tokenUrl, {
      ...p,
      clientId: cfg.clientId,
      clientSecret: cfg.clientSecret,
    });
    const info = await readJson(await getJson(fetch, cfg.userinfoUrl, token));
    const openid = text(info.sub) ?? text(info.id) ?? text(info.openid);
    if (!openid) throw new DomainError("unavailable", oauthMessages.badAnswer);
    const email = text(info.email)?.toLowerCase();
    return {
      openid,
      unionid: text(info.unionid),
      username: text(info.preferred_username) ?? text(info.login) ?? text(info.username),
      nickname: text(info.name) ?? text(info.nickname),
      avatar: httpUrl(info.picture) ?? httpUrl(info.avatar_url) ?? httpUrl(info.avatar),
      email,
      emailVerified: !!email && info.email_verified === true,
    };
  }

  const plainReady = (cfg: OAuthProviderConfig) => !!(cfg.authorizeUrl && cfg.tokenUrl && cfg.userinfoUrl);

  return {
    type: OAuthType.custom,
    pkce: true,
    oidc: true,
    async authorizeUrl(cfg, p) {
      if (cfg.issuer) {
        const params: Record<string, string> = {
          redirect_uri: p.redirectUri,
          scope: cfg.scope || "openid profile email",
          state: p.state,
        };
        if (p.codeChallenge) Object.assign(params, { code_challenge: p.codeChallenge, code_challenge_method: "S256" });
        if (p.nonce) params.nonce = p.nonce;
        return oidc.buildAuthorizationUrl(await configOf(cfg), params);
      }
      if (!plainReady(cfg)) throw new DomainError("failed_precondition", customMessages.notConfigured);
      return authorizeUrl(cfg.authorizeUrl, { ...p, clientId: cfg.clientId, scope: cfg.scope || "user" });
    },
    exchange(cfg, p) {
      if (cfg.issuer) return exchangeOidc(cfg, p);
      if (!plainReady(cfg)) throw new DomainError("failed_precondition", customMessages.notConfigured);
      return exchangePlain(cfg, p);
    },
  };
}
