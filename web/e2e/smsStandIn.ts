import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/** What an SMS vendor stand-in tells a site to be configured against it. */
export interface SmsStandIn {
  endpoint: string;
  /** The provider category's keys to save (endpoint included). */
  keys: Record<string, string>;
  /** The newest code the stand-in delivered to `mobile` (waits for it). */
  codeFor(mobile: string): Promise<string>;
  close(): Promise<void>;
}

const MAIN = fileURLToPath(new URL("../../tests/kit/src/sms/main.ts", import.meta.url));

/**
 * The local stand-in of an SMS vendor's API (@wenku/testkit/sms, test code) in a child process: the
 * site under test runs on this machine and reaches it on 127.0.0.1:E2E_SMS_PORT (FETCH_ALLOW_HOSTS). What a phone
 * would show is read from its GET /__standin/received. Closed by ending its stdin.
 */
export function startSmsStandIn(vendor: "tencent" | "aliyun"): Promise<SmsStandIn> {
  // scripts/test.mjs lets the site reach this one loopback port (FETCH_ALLOW_HOSTS); any port otherwise.
  const port = process.env.E2E_SMS_PORT ?? "0";
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", MAIN, vendor, port], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const closed = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const close = async () => {
    child.stdin?.end();
    await closed;
  };
  return new Promise((resolve, reject) => {
    let out = "";
    child.once("exit", (code) => reject(new Error(`SMS stand-in exited (${code}) before it was ready`)));
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
      const line = out.split("\n")[0];
      if (!out.includes("\n") || !line) return;
      const { endpoint, keys } = JSON.parse(line) as { endpoint: string; keys: Record<string, string> };
      const codeFor = async (mobile: string) => {
        for (let i = 0; i < 100; i++) {
          const received = (await (await fetch(`${endpoint}/__standin/received`)).json()) as Array<{
            mobile: string;
            code: string;
          }>;
          const code = received.filter((m) => m.mobile === mobile).at(-1)?.code;
          if (code) return code;
          await new Promise((r) => setTimeout(r, 100));
        }
        throw new Error(`the stand-in received no SMS for ${mobile}`);
      };
      resolve({ endpoint, keys, codeFor, close });
    });
  });
}
