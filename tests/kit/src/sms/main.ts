// TEST CODE: an SMS vendor stand-in in a process of its own, for the browser tests (web/e2e):
// `node --import tsx <this file> tencent|aliyun [port]` prints one JSON line {endpoint, keys}, serves
// GET /__standin/received (the messages a phone would show), and stops when its stdin closes.
import { startAliyunSmsStandIn, startTencentSmsStandIn } from "./index.js";

const port = Number(process.argv[3] ?? 0);
const stand = process.argv[2] === "aliyun" ? await startAliyunSmsStandIn(port) : await startTencentSmsStandIn(port);
process.stdout.write(`${JSON.stringify({ endpoint: stand.endpoint, keys: stand.keys })}\n`);
process.stdin.resume();
process.stdin.on("end", () => void stand.close().then(() => process.exit(0)));
