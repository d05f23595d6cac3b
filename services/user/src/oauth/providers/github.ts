// GitHub (and GitHub Enterprise Server): plain OAuth 2.0 with PKCE, the profile from GET /user and the
// verified e-mail from GET /user/emails (GitHub's documented web application flow).
import { DomainError } from "@wenku/kit";
import { oauthMessages, readJson } from "../oauth.http.js";
import { authorizeUrl, exchangeCode, getJson, httpUrl, text } from "./oauth2.js";
import { type OAuthAdapter, type OAuthFetch, OAuthType } from "./provider.js";

export interface GithubEndpoints {
  /** Where visitors authorize: https://github.com (or the Enterprise Server's address). */
  web: string;
  /** The REST API: https://api.github.com (Enterprise Server: https://HOST/api/v3). */
  api: string;
}

export const GITHUB: GithubEndpoints = { web: "https://github.com", api: "https://api.github.com" };
const ACCEPT = "application/vnd.github+json";

export function createGithubAdapter(fetch: OAuthFetch, endpoints: GithubEndpoints = GITHUB): OAuthAdapter {
  const web = endpoints.web.replace(/\/+$/, "");
  const api = endpoints.api.replace(/\/+$/, "");
  return {
    type: OAuthType.github,
    pkce: true,
    oidc: false,
    async authorizeUrl(cfg, p) {
      return authorizeUrl(`${web}/login/oauth/authorize`, {
        ...p,
        clientId: cfg.clientId,
        scope: cfg.scope || "read:user user:email",
      });
    },
    async exchange(cfg, p) {
      const token = await exchangeCode(fetch, `${web}/login/oauth/access_token`, {
        ...p,
        clientId: cfg.clientId,
        clientSecret: cfg.clientSecret,
      });
      const user = await readJson(await getJson(fetch, `${api}/user`, token, ACCEPT));
      const openid = text(user.id);
      if (!openid) throw new DomainError("unavailable", oauthMessages.badAnswer);
      // the primary verified address; /user's `email` is only what the user chose to show
      let list: Array<Record<string, unknown>> = [];
      try {
        const v: unknown = await (await getJson(fetch, `${api}/user/emails`, token, ACCEPT)).json();
        if (Array.isArray(v)) list = v as Array<Record<string, unknown>>;
      } catch {
        // no user:email scope granted: no verified address, the account still signs in
      }
      const primary =
        list.find((e) => e.primary === true && e.verified === true) ?? list.find((e) => e.verified === true);
      const email = text(primary?.email) ?? text(user.email);
      return {
        openid,
        username: text(user.login),
        nickname: text(user.name) ?? text(user.login),
        avatar: httpUrl(user.avatar_url),
        email: email?.toLowerCase(),
        emailVerified: !!primary && primary.email === email,
      };
    },
  };
}
