// The importer's command line and environment, checked once: every problem is a usage error naming the
// flag, before anything is read or sent.
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";

export const USAGE = `npm run import -- <folder> [options]

  --category <a/b/c>     category path for files the manifest gives none (created when missing)
  --language <code|id>   language of the documents (a code such as zh, or a language id)
  --price <N>            price in credits for files the manifest gives none (default 0)
  --dry-run              print what would happen; upload and create nothing
  --url <url>            the site (default: WENKU_URL)
  --token <token>        an admin's token (default: WENKU_TOKEN)
  --user-name <name>     sign in instead of a token (password from WENKU_PASSWORD or --password)
  --password <pw>
  --concurrency <N>      files in flight at once, 1-8 (default 3)
  --timeout <seconds>    per file: hashing, checks, upload and publishing (default 600)
  --retries <N>          retries of a request on 5xx, 429 or a network error, 0-10 (default 4)
  --state-dir <dir>      where the resume state is kept (default ~/.cache/wenku-import)

A manifest beside the files (wenku-import.csv or wenku-import.json in <folder>) may give per file:
file, title, category ("a/b/c"), tags ("t1,t2"), description, price.`;

export interface ImportOptions {
  folder: string;
  url: string;
  auth: { token: string } | { username: string; password: string };
  category: string;
  /** A language code or id; "" leaves the site's default. */
  language: string;
  price: number;
  dryRun: boolean;
  concurrency: number;
  timeoutMs: number;
  retries: number;
  stateDir: string;
}

export class UsageError extends Error {
  override name = "UsageError";
}

const PRICE_MAX = 2_147_483_647;

function integer(flag: string, raw: string | undefined, min: number, max: number, fallback: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw new UsageError(`--${flag} 须为 ${min} 到 ${max} 之间的整数（收到 "${raw}"）`);
  }
  return n;
}

/** The options from argv (without node and the script) and the environment; throws UsageError. */
export function parseOptions(argv: readonly string[], env: Record<string, string | undefined>): ImportOptions {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const { values: v, positionals } = parsed;
  if (v.user !== undefined) {
    // Creating documents for another account would need an admin-only, audited path in CreateDocument;
    // until the site has one, the importer publishes as the account it signs in with.
    throw new UsageError("--user 暂不支持：文档归属于导入时登录的账号；请用该账号的令牌或 --user-name/--password 导入");
  }
  if (positionals.length !== 1) throw new UsageError("请给出一个要导入的文件夹");
  const url = (v.url ?? env.WENKU_URL ?? "").trim();
  if (!url) throw new UsageError("请用 --url 或 WENKU_URL 指定站点地址");
  let site: URL;
  try {
    site = new URL(url);
  } catch {
    throw new UsageError(`站点地址无效：${url}`);
  }
  if (site.protocol !== "http:" && site.protocol !== "https:") throw new UsageError("站点地址须为 http(s)");
  const username = v["user-name"];
  const password = v.password ?? env.WENKU_PASSWORD;
  const token = v.token ?? env.WENKU_TOKEN;
  let auth: ImportOptions["auth"];
  if (username !== undefined) {
    if (!password) throw new UsageError("--user-name 需要密码（--password 或 WENKU_PASSWORD）");
    auth = { username, password };
  } else if (token) {
    auth = { token };
  } else {
    throw new UsageError("请用 --token 或 WENKU_TOKEN 给出管理员令牌，或用 --user-name 登录");
  }
  return {
    // npm runs scripts in the project's root: a relative folder is the caller's (INIT_CWD)
    folder: resolve(env.INIT_CWD || process.cwd(), positionals[0] as string),
    url: site.origin + site.pathname.replace(/\/+$/, ""),
    auth,
    category: (v.category ?? "").trim(),
    language: (v.language ?? "").trim(),
    price: integer("price", v.price, 0, PRICE_MAX, 0),
    dryRun: v["dry-run"] ?? false,
    concurrency: integer("concurrency", v.concurrency, 1, 8, 3),
    timeoutMs: integer("timeout", v.timeout, 1, 86_400, 600) * 1000,
    retries: integer("retries", v.retries, 0, 10, 4),
    stateDir: resolve(v["state-dir"] ?? join(env.XDG_CACHE_HOME || join(homedir(), ".cache"), "wenku-import")),
  };
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      category: { type: "string" },
      language: { type: "string" },
      price: { type: "string" },
      user: { type: "string" },
      "dry-run": { type: "boolean" },
      url: { type: "string" },
      token: { type: "string" },
      "user-name": { type: "string" },
      password: { type: "string" },
      concurrency: { type: "string" },
      timeout: { type: "string" },
      retries: { type: "string" },
      "state-dir": { type: "string" },
    },
  });
}
