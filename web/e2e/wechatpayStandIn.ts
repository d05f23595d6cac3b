import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/** What the WeChat Pay stand-in tells a site to be configured against it. */
export interface WechatPayStandIn {
  baseUrl: string;
  appId: string;
  mchId: string;
  merchantSerial: string;
  apiV3Key: string;
  privateKey: string;
  /** Serial of the platform certificate it signs with. */
  platformSerial: string;
  close(): Promise<void>;
}

const MAIN = fileURLToPath(new URL("../../tests/kit/src/payments/wechatpay.main.ts", import.meta.url));

/**
 * The local stand-in of the WeChat Pay API (@wenku/testkit, test code) in a child process: the site
 * under test runs on this machine and reaches it on 127.0.0.1. Closed by ending its stdin.
 */
export function startWechatPayStandIn(): Promise<WechatPayStandIn> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", MAIN], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const closed = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const close = async () => {
    child.stdin?.end();
    await closed;
  };
  return new Promise((resolve, reject) => {
    let out = "";
    child.once("exit", (code) => reject(new Error(`WeChat Pay stand-in exited (${code}) before it was ready`)));
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
      const line = out.split("\n")[0];
      if (out.includes("\n") && line) resolve({ ...(JSON.parse(line) as Omit<WechatPayStandIn, "close">), close });
    });
  });
}
