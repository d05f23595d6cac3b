import { ReportReason } from "@wenku/proto/api/v1/enums_pb.js";
import type { MessageKey } from "../../i18n/zh-CN.js";

/** The six report reasons of spec §3 and copyright infringement, in order (the report dialog, the admin filter). */
export const REPORT_REASONS: readonly ReportReason[] = [
  ReportReason.SPAM_AD,
  ReportReason.OBSCENE,
  ReportReason.FAKE_PRIZE,
  ReportReason.SENSITIVE,
  ReportReason.PERSONAL_ATTACK,
  ReportReason.HARASSMENT,
  ReportReason.COPYRIGHT,
];

/** A reason's words (soc.reason.1 … 7). */
export const reasonKey = (reason: ReportReason) => `soc.reason.${reason}` as MessageKey;
