// How the registry builds Alipay from the pay settings: only when it is switched on and configured.
import { PayMethod } from "@wenku/proto/api/v1/enums_pb.js";
import type { ProviderFactory } from "../provider.js";
import { createAlipayProvider } from "./alipay.provider.js";

export const alipayFactory: ProviderFactory = {
  name: "alipay",
  method: PayMethod.ALIPAY,
  settingsOf: (s) => s.alipay,
  build: ({ alipay }) =>
    alipay.enable && alipay.appId && alipay.privateKey && alipay.publicKey ? createAlipayProvider(alipay) : undefined,
};
