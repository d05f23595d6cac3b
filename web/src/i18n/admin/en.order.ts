import type { zhCNAdminOrder } from "./zh-CN.order.js";

/** The back office's order screen (/admin/order) in English. */
export const enAdminOrder: { readonly [K in keyof typeof zhCNAdminOrder]: string } = {
  "adm.order.searchPlaceholder": "Order number or product name",
  "adm.order.user": "User",
  "adm.order.userFilter": "User ID",
  "adm.order.allPayMethods": "All payment methods",
  "adm.order.detail": "Order details",
  "adm.order.tradeNo": "Transaction number",
  "adm.order.remark": "Remark",
  "adm.order.message": "Processing message",
  "adm.order.closedAt": "Closed at",
  "adm.order.updatedAt": "Updated",
  "adm.order.creditAmount": "Credits charged",
  "adm.order.closeTitle": "Close the order “{name}”? The user can no longer pay it.",
  "adm.order.closed": "Order closed",
  "adm.order.closeFailed": "Could not close the order",
  "adm.order.deleteHint": "Only the order records are deleted; booked credit entries stay",
  "adm.order.systemRecharge": "System recharge",
  "adm.order.rechargeUser": "User ID",
  "adm.order.rechargeUserRequired": "Please enter the user ID to credit",
  "adm.order.rechargeQuantity": "Quantity",
  "adm.order.rechargeQuantityRequired": "Please enter a quantity above 0",
  "adm.order.rechargeRemark": "Reason",
  "adm.order.rechargeRemarkRequired": "Please give the reason for this recharge",
  "adm.order.recharged": "Recharged",
  "adm.order.rechargeFailed": "Recharge failed",
};
