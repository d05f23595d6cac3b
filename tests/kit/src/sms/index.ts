// @wenku/testkit/sms — local stand-ins of the SMS vendors, for the user service's tests, the system
// tests and (through sms.main.ts) the browser tests.

export { startAliyunSmsStandIn } from "./aliyun.js";
export { startBaiduSmsStandIn } from "./baidu.js";
export type { ReceivedSms, SmsStandIn } from "./base.js";
export { startHuaweiSmsStandIn } from "./huawei.js";
export { startTencentSmsStandIn } from "./tencent.js";
