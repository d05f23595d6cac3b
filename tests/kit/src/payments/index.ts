// @wenku/testkit/payments — local stand-ins of the payment platforms (generated keys, the platforms'
// protocols), for order's tests and the system tests that pay orders through the whole stack.
export { type AlipayStandIn, startAlipayStandIn } from "./alipay.js";
export type { PlatformNotify } from "./protocol.js";
export type { NotifyDelivery } from "./standin.js";
export { type PlatformIdentity, startWechatPayStandIn, type WechatPayStandIn } from "./wechatpay.js";
