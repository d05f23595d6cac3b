// Gitee (码云): plain OAuth 2.0 as its documentation describes (gitee.com/api/v5/oauth_doc): authorize at
// /oauth/authorize, the code traded at POST /oauth/token (client secret in the body), the profile from
// GET /api/v5/user. Gitee takes no PKCE. Its e-mail is what the user made public: never taken as verified.
import { DomainError } from "@wenku/kit";
import { oauthMessages, readJson } from "../oauth.http.js";
import { authorizeUrl, exchangeCode, getJson, httpUrl, text } from "./oauth2.js";
import { type OAuthAdapter, type OAuthFetch, OAuthType } from "./provider.js";

export const GITEE = "https://gitee.com";

export function createGiteeAdapter(fetch: OAuthFetch, base: string = GITEE): OAuthAdapter {
  const web = base.replace(/\/+$/, "");
  return {
    type: OAuthType.gitee,
    pkce: false,
    oidc: false,
    async authorizeUrl(cfg, p) {
      return authorizeUrl(`${web}/oauth/authorize`, {
        ...p,
        codeChallenge: undefined,
        clientId: cfg.clientId,
        scope: cfg.scope || "user_info",
      });
    },
    async exchange(cfg, p) {
      const token = await exchangeCode(fetch, `${web}/oauth/token`, {
        ...p,
        codeVerifier: undefined,
        clientId: cfg.clientId,
        clientSecret: cfg.clientSecret,
      });
      // Gitee takes the token as access_token (its API v5 documentation)
      const user = await readJson(
        await getJson(fetch, `${web}/api/v5/user?access_token=${encodeURIComponent(token)}`, token),
      );
      const openid = text(user.id);
      if (!openid) throw new DomainError("unavailable", oauthMessages.badAnswer);
      return {
        openid,
        username: text(user.login),
        nickname: text(user.name) ?? text(user.login),
        avatar: httpUrl(user.avatar_url),
        email: text(user.email)?.toLowerCase(),
        emailVerified: false,
      };
    },
  };
}
