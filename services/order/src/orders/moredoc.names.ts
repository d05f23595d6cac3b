// moredoc's names for our order fields, as its clients send and read them: payment_type for
// pay_method (the same numbering, PayMethod 1…10), order_status for status, credit for a system
// recharge's quantity. Either spelling is accepted; both given must agree.
import { DomainError } from "@wenku/kit";
import { PayMethod } from "@wenku/proto/api/v1/enums_pb.js";

export const namesMessages = {
  conflict: (ours: string, theirs: string) => `${ours} 与 ${theirs} 不一致，请只填写其中一个`,
  unknownMethod: "支付方式无效",
  noDownloadCode: "本站未开通下载码支付，请选择其他支付方式",
};

const KNOWN_METHODS = new Set<number>(Object.values(PayMethod).filter((v): v is number => typeof v === "number"));

/** One value given under two names (0 = not given); both given must agree, else invalid_argument naming both. */
export function eitherName<T extends number>(ours: { name: string; value: T }, theirs: { name: string; value: T }): T {
  if (ours.value && theirs.value && ours.value !== theirs.value)
    throw new DomainError("invalid_argument", namesMessages.conflict(ours.name, theirs.name), undefined, theirs.name);
  return ours.value || theirs.value;
}

/**
 * The method a PayOrder asks for, from pay_method or moredoc's payment_type. Download codes (9) are
 * not offered here: a clear refusal rather than "not enabled".
 */
export function chosenPayMethod(req: { payMethod: PayMethod; paymentType: PayMethod }): PayMethod {
  const field = req.payMethod ? "pay_method" : "payment_type";
  const method = eitherName(
    { name: "pay_method", value: req.payMethod },
    { name: "payment_type", value: req.paymentType },
  );
  if (!KNOWN_METHODS.has(method))
    throw new DomainError("invalid_argument", namesMessages.unknownMethod, undefined, field);
  if (method === PayMethod.DOWNLOAD_CODE)
    throw new DomainError("invalid_argument", namesMessages.noDownloadCode, undefined, field);
  return method;
}

/** An order's method in moredoc's numbering: the sandbox provider, which moredoc lacks, is "other". */
export function moredocPaymentType(method: number): PayMethod {
  return method === PayMethod.SANDBOX ? PayMethod.OTHER : (method as PayMethod);
}

/** A payment_type filter in our numbering: "other" finds the sandbox's orders too. */
export function payMethodsOfPaymentTypes(types: readonly number[]): number[] {
  return types.flatMap((t) => (t === PayMethod.OTHER ? [PayMethod.OTHER, PayMethod.SANDBOX] : [t]));
}

/** A status filter as moredoc clients send it: 0 (UNSPECIFIED) means any status. */
export function statusFilter(statuses: readonly number[]): number[] {
  return statuses.includes(0) ? [] : [...statuses];
}

/**
 * Two filters of one column given under both names: both apply. [] = any; null = none can match
 * (disjoint lists).
 */
export function bothFilters(a: readonly number[], b: readonly number[]): number[] | null {
  if (!a.length) return [...b];
  if (!b.length) return [...a];
  const common = a.filter((x) => b.includes(x));
  return common.length ? common : null;
}
