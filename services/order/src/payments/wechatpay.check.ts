// The operator's "check WeChat Pay" behind OrderInternalAPI.CheckWechatPay (ConfigAPI.GetWechatPayCert in
// the config service asks here, where the provider lives). With the pay settings as saved now, the
// provider the registry holds for them (built once per settings fingerprint, shared with paying)
// fetches the platform certificates at once and the newest one is answered; in public key mode the
// key's id. Off or incomplete settings are refused naming what to fill in.
import { DomainError } from "@wenku/kit";
import type { PaySettings, PlatformCheck, WechatPaySettings } from "./provider.js";
import type { ProviderRegistry } from "./registry.js";

export const wechatCheckMessages = {
  off: "微信支付未开启，请先开启微信支付并保存支付设置",
  incomplete: (missing: readonly string[]) => `微信支付设置不完整，请填写：${missing.join("、")}`,
};

/** The settings WeChat Pay cannot be built without, with the labels the pay settings form shows. */
const required: ReadonlyArray<[keyof WechatPaySettings, string]> = [
  ["appId", "微信支付 AppID"],
  ["mchId", "微信支付商户号"],
  ["serialNo", "商户证书序列号"],
  ["apiV3Key", "APIv3 密钥"],
  ["privateKey", "商户私钥"],
];

/** The labels of the required WeChat Pay settings left empty. */
export function missingWechatSettings(w: WechatPaySettings): string[] {
  return required.filter(([key]) => !String(w[key] ?? "").trim()).map(([, label]) => label);
}

export interface WechatPayCheckDeps {
  providers: ProviderRegistry;
  /** The pay settings as saved now (not a cached copy: the operator checks right after saving). */
  paySettings: () => Promise<PaySettings>;
}

export type WechatPayCheck = (signal?: AbortSignal) => Promise<PlatformCheck>;

export function createWechatPayCheck(deps: WechatPayCheckDeps): WechatPayCheck {
  return async (signal) => {
    const settings = await deps.paySettings();
    if (!settings.wechatpay.enable) throw new DomainError("failed_precondition", wechatCheckMessages.off);
    const missing = missingWechatSettings(settings.wechatpay);
    if (missing.length) throw new DomainError("failed_precondition", wechatCheckMessages.incomplete(missing));
    const provider = deps.providers.forName("wechatpay", settings);
    if (!provider?.checkPlatform) throw new DomainError("failed_precondition", wechatCheckMessages.off);
    return provider.checkPlatform(signal);
  };
}
