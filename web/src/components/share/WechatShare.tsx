import { skipToken, useQuery } from "@connectrpc/connect-query";
import { OAuthAPI } from "@wenku/proto/api/v1/oauth_pb.js";
import { useEffect } from "react";

/** The part of the WeChat JS-SDK the share card uses (weixin-js-sdk's `wx`). */
export interface WechatSdk {
  config(conf: {
    debug?: boolean;
    appId: string;
    timestamp: number;
    nonceStr: string;
    signature: string;
    jsApiList: string[];
  }): void;
  ready(fn: () => void): void;
  error(fn: (err: { errMsg: string }) => void): void;
  updateAppMessageShareData(p: ShareData): void;
  updateTimelineShareData(p: ShareData): void;
}

interface ShareData {
  title: string;
  desc: string;
  link: string;
  imgUrl: string;
}

/** WeChat's own browser (the JS-SDK works nowhere else). */
export const isWechatBrowser = (ua: string = typeof navigator === "undefined" ? "" : navigator.userAgent): boolean =>
  /micromessenger/i.test(ua);

/** The JS-SDK, loaded only when a page is open in WeChat (its own chunk). */
const loadSdk = async (): Promise<WechatSdk> => (await import("weixin-js-sdk")).default as unknown as WechatSdk;

const JS_API = ["updateAppMessageShareData", "updateTimelineShareData"];

/**
 * The share card of a page opened in WeChat's browser (title, description, picture instead of a bare
 * link): the site signs the page's URL (GetWxShareSignature, the official account's jsapi_ticket) and
 * the JS-SDK is configured with it. Elsewhere it does nothing and loads nothing. Renders nothing.
 */
export function WechatShare({
  title,
  desc,
  image,
  ua,
  sdk = loadSdk,
}: {
  title: string;
  desc: string;
  /** A picture of this site (a path like /view/cover/1, or a full URL). */
  image: string;
  /** The browser's User-Agent (tests); navigator's by default. */
  ua?: string;
  /** Loads the JS-SDK (tests pass their own). */
  sdk?: () => Promise<WechatSdk>;
}) {
  const inWechat = isWechatBrowser(ua);
  const url = typeof location === "undefined" ? "" : location.href.split("#")[0];
  const signed = useQuery(OAuthAPI.method.getWxShareSignature, inWechat && url ? { url } : skipToken, {
    retry: false,
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  }).data;

  useEffect(() => {
    if (!signed || !url) return;
    let live = true;
    sdk()
      .then((wx) => {
        if (!live) return;
        wx.config({
          appId: signed.appid,
          timestamp: Number(signed.timestamp),
          nonceStr: signed.noncestr,
          signature: signed.signature,
          jsApiList: JS_API,
        });
        wx.ready(() => {
          const data = { title, desc: desc.slice(0, 120), link: url, imgUrl: new URL(image, url).href };
          wx.updateAppMessageShareData(data);
          wx.updateTimelineShareData(data);
        });
        // a refused signature (the domain is not in the account's JS接口安全域名): the plain link stays
        wx.error(() => {});
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [signed, url, title, desc, image, sdk]);
  return null;
}
