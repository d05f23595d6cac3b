// The WeChat JS-SDK's share signature (GetWxShareSignature): a page of this site opened in WeChat's
// browser asks for wx.config's appId, timestamp, nonceStr and signature, signed with the official
// account's jsapi_ticket (kept until shortly before it expires, wechat.api.ts). Only URLs of the site's
// own domain (system.domain) are signed: the signature would let any page use the account's JS-SDK.
import { randomBytes } from "node:crypto";
import { DomainError } from "@wenku/kit";
import type { OfficialAccountSource } from "./scan.service.js";
import { siteRefusal, type WechatApi } from "./wechat.api.js";
import { jsapiSignature } from "./wechat.signing.js";

export const shareMessages = {
  disabled: "未配置微信公众号，无法使用微信分享",
  noDomain: "网站域名未设置，无法使用微信分享",
  badUrl: "只能为本站页面生成微信分享签名",
  refused: "微信拒绝了分享签名所需的凭证，请管理员检查公众号的 AppID、AppSecret 与 IP 白名单",
} as const;

const MAX_URL = 2048;

export interface ShareServiceDeps {
  api: WechatApi;
  account: OfficialAccountSource;
  /** system.domain: the site's address (https://wenku.example.com). */
  siteDomain(): Promise<string>;
  clock?: () => Date;
}

function parse(url: string): URL | null {
  try {
    const u = new URL(url);
    return u.protocol === "http:" || u.protocol === "https:" ? u : null;
  } catch {
    return null;
  }
}

export function createShareService(deps: ShareServiceDeps) {
  const now = deps.clock ?? (() => new Date());
  return {
    async signature(url: string) {
      const page = url.length <= MAX_URL ? parse(url) : null;
      if (!page || page.username || page.password)
        throw new DomainError("invalid_argument", shareMessages.badUrl, undefined, "url");
      const site = parse(await deps.siteDomain());
      if (!site) throw new DomainError("failed_precondition", shareMessages.noDomain);
      if (page.host !== site.host) throw new DomainError("invalid_argument", shareMessages.badUrl, undefined, "url");
      const a = await deps.account.current();
      if (!a.appId || !a.appSecret) throw new DomainError("failed_precondition", shareMessages.disabled);
      const ticket = await deps.api.jsapiTicket(a).catch(siteRefusal(shareMessages.refused));
      const timestamp = Math.floor(now().getTime() / 1000);
      const noncestr = randomBytes(12).toString("base64url");
      return { appid: a.appId, timestamp, noncestr, signature: jsapiSignature({ ticket, noncestr, timestamp, url }) };
    },
  };
}
export type ShareService = ReturnType<typeof createShareService>;
