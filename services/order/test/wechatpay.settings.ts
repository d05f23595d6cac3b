// The merchant settings that pay through the WeChat Pay stand-in (@wenku/testkit/payments): what an
// operator would save in the pay config, pointed at the stand-in. Tests only.
import type { WechatPayStandIn } from "@wenku/testkit/payments";
import type { WechatPaySettings } from "../src/payments/provider.js";

/** WeChat Pay switched on with the stand-in's merchant, keys and base URL; `over` applied last. */
export function standInSettings(stand: WechatPayStandIn, over: Partial<WechatPaySettings> = {}): WechatPaySettings {
  return {
    enable: true,
    appId: stand.appId,
    mchId: stand.mchId,
    serialNo: stand.merchantSerial,
    apiV3Key: stand.apiV3Key,
    privateKey: stand.merchantKeys.privateKey.export({ type: "pkcs8", format: "pem" }) as string,
    baseUrl: stand.baseUrl,
    ...over,
  };
}
