// How the registry builds WeChat Pay from the pay settings: only when it is switched on and
// configured. Platform certificates are downloaded by the provider on first use.
import { PayMethod } from "@wenku/proto/api/v1/enums_pb.js";
import type { ProviderFactory } from "../provider.js";
import { createWechatPayProvider } from "./wechatpay.provider.js";

export const wechatpayFactory: ProviderFactory = {
  name: "wechatpay",
  method: PayMethod.WECHAT,
  settingsOf: (s) => s.wechatpay,
  build: ({ wechatpay: w }) =>
    w.enable && w.appId && w.mchId && w.serialNo && w.apiV3Key && w.privateKey ? createWechatPayProvider(w) : undefined,
};
