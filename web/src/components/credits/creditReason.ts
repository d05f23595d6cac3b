// A credit-log line in the reader's language: worded from the entry's ref_type, params
// (CreditLog.params, order.proto) and the amount really booked, with the i18n catalog. An entry
// older than its params shows the server's zh-CN reason, except the content service's document
// rewards, whose title is read back from the reason's 《》.
import type { CreditLog } from "@wenku/proto/api/v1/order_pb.js";
import type { Translate } from "../../i18n/I18nProvider.js";
import type { MessageKey } from "../../i18n/zh-CN.js";

/** What each ref_type's line needs from the params (the amount and the credit name it always has). */
const NEEDS = {
  register: [],
  sign: [],
  upload_document: ["title"],
  delete_document: ["title"],
  document_collected: ["title"],
  document_commented: ["title"],
  sale: ["title"],
  order: ["product"],
  refund: ["product"],
  recharge: ["order_no"],
  system_recharge: ["remark"],
} as const satisfies Record<string, readonly string[]>;
type Worded = keyof typeof NEEDS;

/** The reasons whose title older entries quote in 《》 (before params). */
const TITLED_IN_REASON = new Set<string>([
  "upload_document",
  "delete_document",
  "document_collected",
  "document_commented",
]);

export function creditReason(
  r: Pick<CreditLog, "reason" | "refType" | "amount" | "params">,
  t: Translate,
  name: string,
) {
  const code = r.refType as Worded;
  const needs = Object.hasOwn(NEEDS, code) ? NEEDS[code] : undefined;
  if (!needs) return r.reason || r.refType;
  const params: Record<string, string> = { ...r.params };
  if (needs.includes("title" as never) && params.title === undefined && TITLED_IN_REASON.has(code)) {
    const quoted = /《(.*)》/.exec(r.reason)?.[1];
    if (quoted !== undefined) params.title = quoted;
  }
  if (!needs.every((k) => params[k] !== undefined)) return r.reason || r.refType;
  // A system recharge's line is the staff's remark when they gave one.
  if (code === "system_recharge" && params.remark) return params.remark;
  return t(`credit.reason.${code}` as MessageKey, { ...params, amount: Math.abs(r.amount), name });
}
