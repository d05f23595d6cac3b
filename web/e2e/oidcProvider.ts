import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The test OpenID Provider as a site is configured against it. */
export interface E2eOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

const MAIN = fileURLToPath(new URL("../../tests/kit/src/oauth/main.ts", import.meta.url));

/**
 * A REAL OpenID Provider (oidc-provider, @wenku/testkit/oauth, test code) in a child process on
 * 127.0.0.1:E2E_OIDC_PORT (scripts/test.mjs lets the site reach that port through FETCH_ALLOW_HOSTS).
 * Its login signs in `sub` at once. Closed by ending its stdin.
 */
export function startE2eOidcProvider(redirectUri: string, sub: string, username: string): Promise<E2eOidcProvider> {
  const port = process.env.E2E_OIDC_PORT ?? "0";
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", MAIN, port, redirectUri, sub, username], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const closed = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const close = async () => {
    child.stdin?.end();
    await closed;
  };
  return new Promise((resolve, reject) => {
    let out = "";
    child.once("exit", (code) => reject(new Error(`the OpenID Provider exited (${code}) before it was ready`)));
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
      const line = out.split("\n")[0];
      if (!out.includes("\n") || !line) return;
      resolve({ ...(JSON.parse(line) as Omit<E2eOidcProvider, "close">), close });
    });
  });
}
