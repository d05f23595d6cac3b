// Plain OAuth 2.0 (RFC 6749 authorization code, RFC 7636 PKCE) for providers without OpenID Connect:
// GitHub and a custom provider given by its three endpoints. The token request and the profile read
// go through the adapter's guarded fetch.
import { DomainError } from "@wenku/kit";
import { oauthMessages, providerUnreachable, readJson } from "../oauth.http.js";
import type { AuthorizeParams, ExchangeParams, OAuthFetch } from "./provider.js";

/** The provider's authorize URL with our client, redirect URI, state and PKCE challenge. */
export function authorizeUrl(
  endpoint: string,
  p: AuthorizeParams & { clientId: string; scope: string; extra?: Record<string, string> },
): URL {
  const url = new URL(endpoint);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", p.clientId);
  url.searchParams.set("redirect_uri", p.redirectUri);
  if (p.scope) url.searchParams.set("scope", p.scope);
  url.searchParams.set("state", p.state);
  if (p.codeChallenge) {
    url.searchParams.set("code_challenge", p.codeChallenge);
    url.searchParams.set("code_challenge_method", "S256");
  }
  for (const [k, v] of Object.entries(p.extra ?? {})) url.searchParams.set(k, v);
  return url;
}

/** Trades the code for an access token (client secret in the body, as GitHub and most providers take it). */
export async function exchangeCode(
  fetch: OAuthFetch,
  tokenUrl: string,
  p: ExchangeParams & { clientId: string; clientSecret: string },
): Promise<string> {
  const body = new URLSearchParams({
    grant_type: "authorization_code",
    client_id: p.clientId,
    client_secret: p.clientSecret,
    code: p.code,
    redirect_uri: p.redirectUri,
  });
  if (p.codeVerifier) body.set("code_verifier", p.codeVerifier);
  const res = await fetch(tokenUrl, { method: "POST", headers: { accept: "application/json" }, body }).catch((e) => {
    throw providerUnreachable(e);
  });
  const json = await readJson(res);
  // GitHub answers a refused code with 200 and { error, error_description }
  if (!res.ok || typeof json.error === "string") {
    const why = String(json.error_description ?? json.error ?? `HTTP ${res.status}`);
    throw new DomainError("invalid_argument", oauthMessages.refused(codeRefusal(String(json.error ?? ""), why)));
  }
  if (typeof json.access_token !== "string" || !json.access_token)
    throw new DomainError("unavailable", oauthMessages.badAnswer);
  return json.access_token;
}

/** A refused code in words for users: the usual cause first. */
export function codeRefusal(error: string, description: string): string {
  if (error === "invalid_grant" || error === "bad_verification_code") return "授权码无效、已使用或已过期，请重新登录";
  if (error === "invalid_client" || error === "incorrect_client_credentials" || error === "unauthorized_client")
    return "网站的第三方登录配置有误（Client ID 或密钥），请联系管理员";
  if (error === "redirect_uri_mismatch") return "回调地址与第三方平台登记的不一致，请联系管理员";
  return description;
}

/** GETs a JSON resource with the access token. */
export async function getJson(fetch: OAuthFetch, url: string, token: string, accept = "application/json") {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, accept } }).catch((e) => {
    throw providerUnreachable(e);
  });
  if (!res.ok) throw new DomainError("unavailable", oauthMessages.refused(`读取账号信息失败（HTTP ${res.status}）`));
  return res;
}

const str = (v: unknown): string | undefined =>
  typeof v === "string" && v ? v : typeof v === "number" ? String(v) : undefined;
export const text = str;

/** An http(s) picture URL, or nothing. */
export function httpUrl(v: unknown): string | undefined {
  const s = str(v);
  return s && /^https?:\/\//i.test(s) ? s : undefined;
}
