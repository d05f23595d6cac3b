// WeChat's web logins as its documentation describes: the open platform's (微信开放平台) website login,
// a QR code page at open.weixin.qq.com/connect/qrconnect (scope snsapi_login), and the official
// account's (公众号) web authorisation inside WeChat's browser, open.weixin.qq.com/connect/oauth2/authorize
// (scope snsapi_userinfo; "#wechat_redirect" on both). Either code is traded at
// api.weixin.qq.com/sns/oauth2/access_token (GET, appid and secret in the query), which names the openid
// (and unionid); the profile from /sns/userinfo (a snsapi_base token has none: openid only). WeChat
// refuses with HTTP 200 and {errcode, errmsg}. No PKCE and no e-mail. The unionid, the same for one
// person across a developer's apps, lets the flow find the user of the other WeChat logins.
import { DomainError } from "@wenku/kit";
import { oauthMessages, providerUnreachable, readJson } from "../oauth.http.js";
import { httpUrl, text } from "./oauth2.js";
import { type OAuthAdapter, type OAuthFetch, OAuthType } from "./provider.js";

export interface WechatOpenEndpoints {
  /** Where visitors scan: https://open.weixin.qq.com */
  web: string;
  /** The API: https://api.weixin.qq.com */
  api: string;
}

export const WECHAT_OPEN: WechatOpenEndpoints = { web: "https://open.weixin.qq.com", api: "https://api.weixin.qq.com" };

/** WeChat's codes for a code that is wrong, used or expired; for a wrong appid or secret. */
const BAD_CODE = new Set([40029, 40163, 41008]);
const BAD_APP = new Set([40013, 40125, 40001, 41002, 41004]);

function wechatRefusal(errcode: number, errmsg: string): DomainError {
  if (BAD_CODE.has(errcode))
    return new DomainError("invalid_argument", oauthMessages.refused("授权码无效、已使用或已过期，请重新登录"));
  if (BAD_APP.has(errcode))
    return new DomainError(
      "invalid_argument",
      oauthMessages.refused("网站的微信登录配置有误（AppID 或 AppSecret），请联系管理员"),
    );
  return new DomainError("invalid_argument", oauthMessages.refused(`${errmsg || "微信拒绝了登录"}（${errcode}）`));
}

/** Where a WeChat login leaves for, and what it asks for. */
interface WechatLogin {
  type: OAuthType;
  /** The authorize page's path on open.weixin.qq.com. */
  path: string;
  scope: string;
}

export function createWechatOpenAdapter(fetch: OAuthFetch, endpoints: WechatOpenEndpoints = WECHAT_OPEN): OAuthAdapter {
  return wechatAdapter(fetch, endpoints, { type: OAuthType.wechat, path: "/connect/qrconnect", scope: "snsapi_login" });
}

/** The official account's web authorisation, for pages opened in WeChat's own browser. */
export function createWechatOfficialAdapter(
  fetch: OAuthFetch,
  endpoints: WechatOpenEndpoints = WECHAT_OPEN,
): OAuthAdapter {
  return wechatAdapter(fetch, endpoints, {
    type: OAuthType.officialAccount,
    path: "/connect/oauth2/authorize",
    scope: "snsapi_userinfo",
  });
}

function wechatAdapter(fetch: OAuthFetch, endpoints: WechatOpenEndpoints, login: WechatLogin): OAuthAdapter {
  const web = endpoints.web.replace(/\/+$/, "");
  const api = endpoints.api.replace(/\/+$/, "");

  async function get(path: string, params: Record<string, string>): Promise<Record<string, unknown>> {
    const res = await fetch(`${api}${path}?${new URLSearchParams(params)}`, {
      headers: { accept: "application/json" },
    }).catch((e) => {
      throw providerUnreachable(e);
    });
    if (!res.ok) throw new DomainError("unavailable", oauthMessages.refused(`微信返回了错误（HTTP ${res.status}）`));
    const json = await readJson(res);
    const errcode = Number(json.errcode ?? 0);
    if (errcode !== 0) throw wechatRefusal(errcode, String(json.errmsg ?? ""));
    return json;
  }

  return {
    type: login.type,
    pkce: false,
    oidc: false,
    async authorizeUrl(cfg, p) {
      // WeChat reads the parameters in this order (appid, redirect_uri, response_type, scope, state)
      const url = new URL(`${web}${login.path}`);
      url.searchParams.set("appid", cfg.clientId);
      url.searchParams.set("redirect_uri", p.redirectUri);
      url.searchParams.set("response_type", "code");
      url.searchParams.set("scope", cfg.scope || login.scope);
      url.searchParams.set("state", p.state);
      url.hash = "wechat_redirect";
      return url;
    },
    async exchange(cfg, p) {
      const token = await get("/sns/oauth2/access_token", {
        appid: cfg.clientId,
        secret: cfg.clientSecret,
        code: p.code,
        grant_type: "authorization_code",
      });
      const accessToken = text(token.access_token);
      const openid = text(token.openid);
      if (!accessToken || !openid) throw new DomainError("unavailable", oauthMessages.badAnswer);
      // a silent (snsapi_base) authorisation names the account and nothing more
      if (text(token.scope) === "snsapi_base") return { openid, unionid: text(token.unionid), emailVerified: false };
      const info = await get("/sns/userinfo", { access_token: accessToken, openid, lang: "zh_CN" });
      if (text(info.openid) !== openid) throw new DomainError("unavailable", oauthMessages.badAnswer);
      return {
        openid,
        unionid: text(info.unionid) ?? text(token.unionid),
        nickname: text(info.nickname),
        avatar: httpUrl(info.headimgurl),
        emailVerified: false,
      };
    },
  };
}
