// WeChat open platform (微信开放平台) website login as its documentation describes: the QR code page at
// open.weixin.qq.com/connect/qrconnect (scope snsapi_login, "#wechat_redirect"); the code traded at
// api.weixin.qq.com/sns/oauth2/access_token (GET, appid and secret in the query), which names the openid
// (and unionid); the profile from /sns/userinfo. WeChat refuses with HTTP 200 and {errcode, errmsg}.
// No PKCE and no e-mail.
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

export function createWechatOpenAdapter(fetch: OAuthFetch, endpoints: WechatOpenEndpoints = WECHAT_OPEN): OAuthAdapter {
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
    type: OAuthType.wechat,
    pkce: false,
    oidc: false,
    async authorizeUrl(cfg, p) {
      const url = new URL(`${web}/connect/qrconnect`);
      url.searchParams.set("appid", cfg.clientId);
      url.searchParams.set("redirect_uri", p.redirectUri);
      url.searchParams.set("response_type", "code");
      url.searchParams.set("scope", cfg.scope || "snsapi_login");
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
