// TEST CODE: the WeChat Pay stand-in in a process of its own, for the browser tests (web/e2e), which
// cannot load the service code: `node --import tsx <this file>` prints one JSON line with what a
// site needs to be configured against it, then serves until its stdin closes.
import { startWechatPayStandIn } from "./wechatpay.js";

const stand = await startWechatPayStandIn();
process.stdout.write(
  `${JSON.stringify({
    baseUrl: stand.baseUrl,
    appId: stand.appId,
    mchId: stand.mchId,
    merchantSerial: stand.merchantSerial,
    apiV3Key: stand.apiV3Key,
    privateKey: stand.merchantKeys.privateKey.export({ type: "pkcs8", format: "pem" }),
    platformSerial: stand.current().serial,
  })}\n`,
);
process.stdin.resume();
process.stdin.on("end", () => void stand.close().then(() => process.exit(0)));
