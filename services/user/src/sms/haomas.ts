// 浩信 (smsHaomas): moredoc Pro lists it, but neither the vendor's HTTP API nor its signing is publicly
// documented anywhere we could find, and moredoc Pro's server (which would show what it sends) is not
// public. Guessing a protocol would send the administrator's key somewhere it may not belong, so this
// provider records every attempt as failed with that reason until the vendor's documentation is known.
import { notSent, type SmsSender } from "./sender.js";

export const HAOMAS_UNSUPPORTED = "浩信短信接口没有公开文档，暂不支持；请在短信设置中选择其他服务商";

export function createHaomasSender(): SmsSender {
  return { send: async () => notSent(HAOMAS_UNSUPPORTED) };
}
