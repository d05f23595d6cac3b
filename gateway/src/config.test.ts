import { loadGatewayConfig } from "./config.js";

describe("TRUSTED_PROXIES in the gateway's configuration", () => {
  test("addresses and CIDRs load, spaces and empty entries dropped", () => {
    const cfg = loadGatewayConfig({ TRUSTED_PROXIES: " 10.0.0.1, 10.0.0.0/8,,fd00::/8 " });
    expect(cfg.TRUSTED_PROXIES).toEqual(["10.0.0.1", "10.0.0.0/8", "fd00::/8"]);
  });

  test("a bad entry fails start-up naming the setting and every bad entry", () => {
    expect(() => loadGatewayConfig({ TRUSTED_PROXIES: "10.0.0.1, proxy.local, 10.0.0.0/33, 10.0.0.1/" })).toThrow(
      [
        "Invalid configuration:",
        "  - TRUSTED_PROXIES: invalid entry proxy.local (expected an address or address/prefix)",
        "  - TRUSTED_PROXIES: invalid entry 10.0.0.0/33 (expected an address or address/prefix)",
        "  - TRUSTED_PROXIES: invalid entry 10.0.0.1/ (expected an address or address/prefix)",
      ].join("\n"),
    );
  });
});

describe("WENKU_SOURCE_URL", () => {
  test("an http(s) URL loads; unset is none; anything else fails start-up naming it", () => {
    expect(loadGatewayConfig({ WENKU_SOURCE_URL: " https://git.example.org/our/wenku " }).WENKU_SOURCE_URL).toBe(
      "https://git.example.org/our/wenku",
    );
    expect(loadGatewayConfig({}).WENKU_SOURCE_URL).toBeUndefined();
    expect(() => loadGatewayConfig({ WENKU_SOURCE_URL: "javascript:alert(1)" })).toThrow(/WENKU_SOURCE_URL/);
    expect(() => loadGatewayConfig({ WENKU_SOURCE_URL: "not a url" })).toThrow(/WENKU_SOURCE_URL/);
  });
});
