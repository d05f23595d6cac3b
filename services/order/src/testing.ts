// @wenku/order/testing — TEST CODE the system tests drive: the local stand-ins of the payment
// platforms (generated keys, the platforms' protocols), to pay orders through the whole stack.
export { type AlipayStandIn, startAlipayStandIn } from "./payments/alipay/alipay.standin.js";
export type { NotifyDelivery } from "./payments/standin.js";
export { startWechatPayStandIn, type WechatPayStandIn } from "./payments/wechatpay/wechatpay.standin.js";
