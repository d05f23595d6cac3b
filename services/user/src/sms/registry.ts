// The sender the `sms_provider` setting names, built over that provider category's keys.
import { DomainError, type Logger } from "@wenku/kit";
import { createAliyunSender } from "./aliyun.js";
import { createBaiduSender } from "./baidu.js";
import { createHaomasSender } from "./haomas.js";
import { createHuaweiSender } from "./huawei.js";
import { createLogSender } from "./log.js";
import type { ProviderKeys, SenderDeps, SmsSender } from "./sender.js";
import { createTencentSender } from "./tencent.js";

/** The development provider's value of sms.sms_provider. */
export const LOG_PROVIDER = "smsLog";

export const registryMessages = {
  logOnly: "“仅打印日志”的短信服务只能在开发环境使用，请在短信设置中选择短信服务商",
  unknown: (p: string) => `未知的短信服务商：${p}`,
} as const;

const VENDORS = new Map<string, (keys: ProviderKeys, deps: SenderDeps) => SmsSender>([
  ["smsAliyun", createAliyunSender],
  ["smsTencent", createTencentSender],
  ["smsBaidu", createBaiduSender],
  ["smsHuawei", createHuaweiSender],
  ["smsHaomas", () => createHaomasSender()],
]);

export interface RegistryDeps extends SenderDeps {
  log: Logger;
  /** NODE_ENV is development: the log-only provider may be used. */
  development: boolean;
}

/** The sender of `provider`; throws (FailedPrecondition) for the log provider outside development. */
export function senderFor(provider: string, keys: ProviderKeys, deps: RegistryDeps): SmsSender {
  if (provider === LOG_PROVIDER) {
    if (!deps.development) throw new DomainError("failed_precondition", registryMessages.logOnly);
    return createLogSender(deps.log);
  }
  const make = VENDORS.get(provider);
  if (!make) throw new DomainError("failed_precondition", registryMessages.unknown(provider));
  return make(keys, deps);
}
