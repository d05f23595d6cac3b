// QQ (QQ互联, graph.qq.com) as its documentation describes: authorize at /oauth2.0/authorize; the code
// traded at /oauth2.0/token (GET, fmt=json); the account's openid (and unionid, when the app has it)
// from /oauth2.0/me; the profile from /user/get_user_info, which answers {ret, msg} (ret ≠ 0 a refusal)
// with HTTP 200. QQ takes no PKCE and gives no e-mail.
import { DomainError } from "@wenku/kit";
import { oauthMessages, providerUnreachable, readJson } from "../oauth.http.js";
import { authorizeUrl, codeRefusal, httpUrl, text } from "./oauth2.js";
import { type OAuthAdapter, type OAuthFetch, OAuthType } from "./provider.js";

export const QQ_GRAPH = "https://graph.qq.com";

export function createQqAdapter(fetch: OAuthFetch, base: string = QQ_GRAPH): OAuthAdapter {
  const graph = base.replace(/\/+$/, "");

  async function get(path: string, params: Record<string, string>): Promise<Record<string, unknown>> {
    const url = `${graph}${path}?${new URLSearchParams(params)}`;
    const res = await fetch(url, { headers: { accept: "application/json" } }).catch((e) => {
      throw providerUnreachable(e);
    });
    if (!res.ok) throw new DomainError("unavailable", oauthMessages.refused(`QQ 返回了错误（HTTP ${res.status}）`));
    const json = await readJson(res);
    // the OAuth endpoints refuse with {error, error_description}; the OpenAPI ones with {ret, msg}
    if (json.error !== undefined && json.error !== 0) {
      const why = String(json.error_description ?? json.error);
      throw new DomainError("invalid_argument", oauthMessages.refused(codeRefusal(String(json.error), why)));
    }
    if (json.ret !== undefined && Number(json.ret) !== 0) {
      throw new DomainError("invalid_argument", oauthMessages.refused(String(json.msg ?? `ret ${json.ret}`)));
    }
    return json;
  }

  return {
    type: OAuthType.qq,
    pkce: false,
    oidc: false,
    async authorizeUrl(cfg, p) {
      return authorizeUrl(`${graph}/oauth2.0/authorize`, {
        ...p,
        codeChallenge: undefined,
        clientId: cfg.clientId,
        scope: cfg.scope || "get_user_info",
      });
    },
    async exchange(cfg, p) {
      const token = text(
        (
          await get("/oauth2.0/token", {
            grant_type: "authorization_code",
            client_id: cfg.clientId,
            client_secret: cfg.clientSecret,
            code: p.code,
            redirect_uri: p.redirectUri,
            fmt: "json",
          })
        ).access_token,
      );
      if (!token) throw new DomainError("unavailable", oauthMessages.badAnswer);
      const me = await get("/oauth2.0/me", { access_token: token, unionid: "1", fmt: "json" });
      const openid = text(me.openid);
      if (!openid || text(me.client_id) !== cfg.clientId) throw new DomainError("unavailable", oauthMessages.badAnswer);
      const info = await get("/user/get_user_info", {
        access_token: token,
        oauth_consumer_key: cfg.clientId,
        openid,
      });
      return {
        openid,
        unionid: text(me.unionid),
        nickname: text(info.nickname),
        avatar: httpUrl(info.figureurl_qq_2) ?? httpUrl(info.figureurl_qq_1) ?? httpUrl(info.figureurl_2),
        emailVerified: false,
      };
    },
  };
}
