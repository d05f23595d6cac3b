import type { zhCNCredits } from "./zh-CN.credits.js";

/** English dictionary, part six: the daily check-in and the credit log (keys credit.*). */
export const enCredits: { readonly [K in keyof typeof zhCNCredits]: string } = {
  "credit.checkIn": "Check in",
  "credit.checkInTitle": "Daily check-in",
  "credit.checkedIn": "Checked in today",
  "credit.checkInAward": "Checked in: got {award} {name} reward",
  "credit.checkInDone": "Checked in",
  "credit.checkInFailed": "Could not check in",
  "credit.balance": "{name} balance",
  "credit.logTitle": "{name} history",
  "credit.logEmpty": "No {name} changes yet",
  "credit.logFailed": "Could not load the {name} history",
  "credit.logAfter": "Balance {balance}",
  "credit.reason.upload_document": "Uploaded “{title}”: earned {amount} {name}",
  "credit.reason.delete_document": "Deleted “{title}”: {amount} {name} deducted",
  "credit.reason.document_collected": "“{title}” was added to a favorites list: earned {amount} {name}",
  "credit.reason.document_commented": "“{title}” got a comment: earned {amount} {name}",
  "credit.reason.register": "Signed up: earned {amount} {name}",
  "credit.reason.sign": "Checked in: earned {amount} {name}",
  "credit.reason.sale": "“{title}” was bought",
  "credit.reason.order": "Paid for the order: {product}",
  "credit.reason.refund": "Order not completed, refunded: {product}",
  "credit.reason.recharge": "Top-up order {order_no}",
  "credit.reason.system_recharge": "Credited by the site",
};
