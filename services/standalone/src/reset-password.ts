// `npm run admin:reset-password [-- [--username NAME] [--password-stdin]]`: a new password for an
// account (admin by default), straight in the database: the one `npm start` uses (the embedded
// PostgreSQL in DATA_DIR, running or not) or DATABASE_URL. The password is WENKU_ADMIN_PASSWORD, or
// the first line of stdin with --password-stdin, or else a generated one, printed. Every session of
// the account ends (with NATS_URL, running replicas also drop cached sign-ins at once).
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { AUTHZ_CHANGED_SUBJECT, createLogger } from "@wenku/kit";
import { createBus } from "@wenku/kit/bus";
import { createDb, resetPassword } from "@wenku/user";
import { RESET_PASSWORD_COMMAND } from "./banner.js";
import { loadStandaloneConfig } from "./config.js";
import { runningEmbeddedPostgres, startEmbeddedPostgres } from "./embedded-db.js";

const USAGE = `Usage: ${RESET_PASSWORD_COMMAND} [-- [--username NAME] [--password-stdin]]

Sets a new password for the account (default: admin) and ends its sessions.
  --username NAME    the account (exactly this username)
  --password-stdin   read the new password from the first line of stdin
Otherwise the password is WENKU_ADMIN_PASSWORD when set, else a generated one (printed).
The database is DATABASE_URL when set, else the embedded PostgreSQL in DATA_DIR (default ./data).`;

async function readStdinLine(): Promise<string> {
  let text = "";
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/)[0] ?? "";
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      username: { type: "string", default: "admin" },
      "password-stdin": { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const cfg = loadStandaloneConfig();
  const log = createLogger({ service: "admin", level: "warn", pretty: cfg.LOG_PRETTY });
  const password = values["password-stdin"] ? await readStdinLine() : cfg.WENKU_ADMIN_PASSWORD;

  const dataDir = resolve(cfg.DATA_DIR);
  let stopEmbedded: (() => Promise<void>) | undefined;
  let url = cfg.DATABASE_URL ?? (await runningEmbeddedPostgres(dataDir));
  if (!url) {
    if (!existsSync(resolve(dataDir, "postgres", "PG_VERSION"))) {
      throw new Error(
        `no site database in ${dataDir}: start the site once (npm start), or set DATA_DIR or DATABASE_URL`,
      );
    }
    const embedded = await startEmbeddedPostgres(dataDir, log);
    stopEmbedded = embedded.stop;
    url = embedded.url;
  }
  const db = createDb(url);
  try {
    const r = await resetPassword(db, { username: values.username, password });
    if (cfg.NATS_URL) {
      const bus = await createBus({ natsUrl: cfg.NATS_URL, log });
      await bus.broadcast(AUTHZ_CHANGED_SUBJECT, new Uint8Array());
      await bus.close();
    }
    const lines = [
      `New password set for ${r.username}; ${r.sessionsEnded} session(s) ended.`,
      `  username  ${r.username}`,
      `  password  ${r.generated ? r.password : "(as given)"}`,
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
    return 0;
  } finally {
    await db.$disconnect();
    await stopEmbedded?.();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    const usage = err instanceof TypeError ? `\n\n${USAGE}` : ""; // parseArgs: an unknown option
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`admin:reset-password: ${message}${usage}\n`);
    process.exit(1);
  },
);
