import { createOAuthRegistry, isOAuthType, type OAuthAdapter, OAuthType } from "./provider.js";

const adapter = (type: OAuthType): OAuthAdapter => ({
  type,
  pkce: true,
  oidc: false,
  authorizeUrl: async () => new URL("https://example.com/authorize"),
  exchange: async () => ({ openid: "1", emailVerified: false }),
});

test("provider numbers are moredoc's", () => {
  expect(OAuthType).toEqual({
    qq: 1,
    wechat: 2,
    gitee: 3,
    github: 4,
    wechatMini: 5,
    custom: 6,
    google: 7,
    officialAccount: 8,
  });
  expect(isOAuthType(4)).toBe(true);
  expect(isOAuthType(0)).toBe(false);
  expect(isOAuthType(9)).toBe(false);
});

test("the registry finds adapters by number and refuses two for one provider", () => {
  const github = adapter(OAuthType.github);
  const registry = createOAuthRegistry([adapter(OAuthType.custom), github]);
  expect(registry.get(OAuthType.github)).toBe(github);
  expect(registry.get(OAuthType.qq)).toBeUndefined();
  expect(registry.types()).toEqual([OAuthType.github, OAuthType.custom]);
  expect(() => createOAuthRegistry([github, adapter(OAuthType.github)])).toThrow("two OAuth adapters");
});
