// The Gitee, QQ and WeChat open platform adapters against stand-ins of those vendors' APIs
// (@wenku/testkit/oauth-vendors) that check our requests as the vendors do, over the guarded fetcher
// (the stand-in's loopback address allow-listed as FETCH_ALLOW_HOSTS would).
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { parseAllowHosts } from "@wenku/kit/net";
import { startVendorStandIn, type VendorStandIn } from "@wenku/testkit/oauth-vendors";
import { createOAuthFetch } from "../oauth.http.js";
import { createGiteeAdapter } from "./gitee.js";
import type { OAuthAdapter, OAuthProviderConfig, OAuthType } from "./provider.js";
import { createQqAdapter } from "./qq.js";
import { createWechatOpenAdapter } from "./wechat.js";

const fetch = createOAuthFetch({ allow: parseAllowHosts("127.0.0.1").entries });
const REDIRECT = "https://wenku.example.com/oauth/x";

const config = (s: VendorStandIn, type: OAuthType, secret = s.clientSecret): OAuthProviderConfig => ({
  type,
  enable: true,
  clientId: s.clientId,
  clientSecret: secret,
  name: "",
  icon: "",
  issuer: "",
  authorizeUrl: "",
  tokenUrl: "",
  userinfoUrl: "",
  scope: "",
});

/** The visitor at the vendor's authorize page, approving: the code and state it sends back. */
async function approve(adapter: OAuthAdapter, cfg: OAuthProviderConfig) {
  const url = await adapter.authorizeUrl(cfg, { redirectUri: REDIRECT, state: "st-1", codeChallenge: "ch" });
  const res = await globalThis.fetch(url, { redirect: "manual" });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get("location") ?? "");
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
  expect(back.searchParams.get("state")).toBe("st-1");
  return { url, code: back.searchParams.get("code") ?? "" };
}

const cases: Array<{
  name: string;
  vendor: "gitee" | "qq" | "wechat";
  type: OAuthType;
  make: (base: string) => OAuthAdapter;
}> = [
  { name: "Gitee", vendor: "gitee", type: 3, make: (base) => createGiteeAdapter(fetch, base) },
  { name: "QQ", vendor: "qq", type: 1, make: (base) => createQqAdapter(fetch, base) },
  {
    name: "WeChat open platform",
    vendor: "wechat",
    type: 2,
    make: (base) => createWechatOpenAdapter(fetch, { web: base, api: base }),
  },
];

describe.each(cases)("$name stand-in", ({ vendor, type, make }) => {
  let stand: VendorStandIn;
  let adapter: OAuthAdapter;
  beforeAll(async () => {
    stand = await startVendorStandIn(vendor);
    adapter = make(stand.baseUrl);
  });
  afterAll(() => stand.close());

  it("signs in: authorize, code for token, the account", async () => {
    stand.account = {
      id: "7788",
      login: "lin",
      name: "林",
      avatar: "https://avatar.example/lin.png",
      unionid: "u-lin",
    };
    const { url, code } = await approve(adapter, config(stand, type));
    expect(url.searchParams.get("code_challenge")).toBeNull(); // none of the three takes PKCE
    if (vendor === "wechat") expect(url.hash).toBe("#wechat_redirect");
    const account = await adapter.exchange(config(stand, type), { code, redirectUri: REDIRECT, state: "st-1" });
    expect(account).toEqual(
      expect.objectContaining({
        openid: "7788",
        nickname: "林",
        avatar: "https://avatar.example/lin.png",
        emailVerified: false,
      }),
    );
    if (vendor !== "gitee") expect(account.unionid).toBe("u-lin");
    if (vendor === "gitee") expect(account.username).toBe("lin");
  });

  it("refuses a replayed code and a wrong secret, in words for users", async () => {
    const { code } = await approve(adapter, config(stand, type));
    await adapter.exchange(config(stand, type), { code, redirectUri: REDIRECT, state: "st-1" });
    await expect(adapter.exchange(config(stand, type), { code, redirectUri: REDIRECT, state: "st-1" })).rejects.toThrow(
      vendor === "qq" ? "code to access token error" : "授权码无效、已使用或已过期，请重新登录",
    );
    const second = await approve(adapter, config(stand, type));
    await expect(
      adapter.exchange(config(stand, type, "wrong-secret"), {
        code: second.code,
        redirectUri: REDIRECT,
        state: "st-1",
      }),
    ).rejects.toThrow(/配置有误|client secret is wrong/);
  });
});
