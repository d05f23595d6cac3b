import type { zhCNAdminReport } from "./zh-CN.report.js";

/** The back office's report screen (/admin/report) in English. */
export const enAdminReport: { readonly [K in keyof typeof zhCNAdminReport]: string } = {
  "adm.report.document": "Document",
  "adm.report.reporter": "Reporter",
  "adm.report.reason": "Reason",
  "adm.report.status": "Status",
  "adm.report.open": "Open",
  "adm.report.handled": "Handled",
  "adm.report.remark": "Note",
  "adm.report.createdAt": "Reported",
  "adm.report.updatedAt": "Handled at",
  "adm.report.allStatuses": "All statuses",
  "adm.report.allReasons": "All reasons",
  "adm.report.searchPlaceholder": "Document title",
  "adm.report.handle": "Handle",
  "adm.report.handleTitle": "Handle the report: {title}",
  "adm.report.remarkPlaceholder": "What was done, e.g. the document was taken down",
  "adm.report.handledOk": "Handled",
  "adm.report.handleFailed": "Could not handle the report",
  "adm.report.reopen": "Reopen",
  "adm.report.reopenTitle": "Mark this report as open again?",
  "adm.report.reopened": "Marked as open",
} as const;
