import { describe, expect, it } from "@jest/globals";
import { waitFor } from "@testing-library/react";
import { OAuthAPI } from "@wenku/proto/api/v1/oauth_pb.js";
import { renderWithProviders, testDeps } from "../../../test/render.js";
import { isWechatBrowser, type WechatSdk, WechatShare } from "./WechatShare.js";

const WECHAT_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN";

function fakeSdk() {
  const calls: Array<[string, unknown]> = [];
  let ready: () => void = () => {};
  const wx: WechatSdk = {
    config: (c) => void calls.push(["config", c]),
    ready: (fn) => {
      ready = fn;
    },
    error: () => {},
    updateAppMessageShareData: (p) => void calls.push(["appMessage", p]),
    updateTimelineShareData: (p) => void calls.push(["timeline", p]),
  };
  return { calls, load: async () => wx, fireReady: () => ready() };
}

function services(asked: string[]) {
  return testDeps({
    services: (router) =>
      router.service(OAuthAPI, {
        getWxShareSignature(req) {
          asked.push(req.url);
          return { appid: "wx123", timestamp: 1414587457n, noncestr: "Wm3WZYTPz0wzccnW", signature: "0f9de6" };
        },
      }),
  });
}

describe("WechatShare", () => {
  it("knows WeChat's browser by its User-Agent", () => {
    expect(isWechatBrowser(WECHAT_UA)).toBe(true);
    expect(isWechatBrowser("Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0")).toBe(false);
  });

  it("outside WeChat: no signature asked, no SDK loaded", async () => {
    const asked: string[] = [];
    const sdk = fakeSdk();
    let loaded = 0;
    renderWithProviders(
      <WechatShare
        title="t"
        desc="d"
        image="/view/cover/1"
        ua="Chrome"
        sdk={() => {
          loaded += 1;
          return sdk.load();
        }}
      />,
      services(asked),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect([asked, loaded]).toEqual([[], 0]);
  });

  it("in WeChat: the page's URL is signed, the SDK configured with it, the card set once ready", async () => {
    const asked: string[] = [];
    const sdk = fakeSdk();
    renderWithProviders(
      <WechatShare title="年度报告" desc="一份文档" image="/view/cover/9" ua={WECHAT_UA} sdk={sdk.load} />,
      services(asked),
    );
    await waitFor(() => expect(sdk.calls.length).toBe(1));
    const page = location.href.split("#")[0] ?? "";
    expect(asked).toEqual([page]);
    expect(sdk.calls[0]).toEqual([
      "config",
      {
        appId: "wx123",
        timestamp: 1414587457,
        nonceStr: "Wm3WZYTPz0wzccnW",
        signature: "0f9de6",
        jsApiList: ["updateAppMessageShareData", "updateTimelineShareData"],
      },
    ]);
    sdk.fireReady();
    const card = { title: "年度报告", desc: "一份文档", link: page, imgUrl: new URL("/view/cover/9", page).href };
    expect(sdk.calls.slice(1)).toEqual([
      ["appMessage", card],
      ["timeline", card],
    ]);
  });
});
