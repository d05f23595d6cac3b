import type { zhCNAdminSms } from "./zh-CN.sms.js";

/** The back office's SMS record texts in English. */
export const enAdminSms: { readonly [K in keyof typeof zhCNAdminSms]: string } = {
  "adm.sms.mobile": "Mobile",
  "adm.sms.type": "Type",
  "adm.sms.type.0": "Sign-up",
  "adm.sms.type.1": "Sign-in",
  "adm.sms.type.2": "Password reset",
  "adm.sms.status": "Status",
  "adm.sms.status.0": "Sending",
  "adm.sms.status.1": "Sent",
  "adm.sms.status.2": "Failed",
  "adm.sms.provider": "Provider",
  "adm.sms.user": "User",
  "adm.sms.anonymous": "Not registered",
  "adm.sms.ip": "IP",
  "adm.sms.content": "Content",
  "adm.sms.error": "Error",
  "adm.sms.response": "Provider's answer",
  "adm.sms.createdAt": "Sent at",
  "adm.sms.detail": "Details",
  "adm.sms.searchPlaceholder": "Search mobile, provider or error",
  "adm.sms.allTypes": "All types",
  "adm.sms.allStatuses": "All statuses",
  "adm.sms.none": "None",
};
