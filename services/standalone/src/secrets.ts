import { randomBytes } from "node:crypto";
import { chmod, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";

export interface Secrets {
  jwtSecret: string;
  internalToken: string;
  /** Password of the embedded PostgreSQL's `wenku` role (see embedded-db.ts). */
  postgresPassword: string;
}

const SECRETS_FILE = "secrets.json";

const generate = () => randomBytes(48).toString("base64url");

/**
 * Makes `dir` (DATA_DIR) and what it holds owner-only: created 0700, an existing one and its entries lose
 * their group and other permissions. Everything Wenku keeps there (secrets, database, uploaded files) is
 * then private whatever modes the files further down have. As root, embedded-db.ts then gives the
 * directory itself to the `postgres` account (still 0700), so that the database server can reach its data.
 */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await ownerOnly(dir);
  for (const entry of await readdir(dir, { withFileTypes: true }))
    if (!entry.isSymbolicLink()) await ownerOnly(join(dir, entry.name));
}

async function ownerOnly(path: string): Promise<void> {
  const mode = (await stat(path)).mode & 0o7777;
  if (mode & 0o077) await chmod(path, mode & 0o7700);
}

/**
 * Secrets for one-process mode: generated on first start, kept in `<dataDir>/secrets.json` (0600).
 * A key that is missing or too short is generated and added; the others are kept as they are (a new
 * JWT secret would log everybody out; a new database password would lock the data out).
 */
export async function loadOrCreateSecrets(dataDir: string): Promise<Secrets> {
  await ensurePrivateDir(dataDir);
  const file = join(dataDir, SECRETS_FILE);
  let stored: Partial<Record<keyof Secrets, unknown>> = {};
  try {
    const parsed: unknown = JSON.parse(await readFile(file, "utf8"));
    if (typeof parsed === "object" && parsed !== null) stored = parsed as typeof stored;
  } catch {
    // first start (or an unreadable file: regenerated below)
  }
  const keep = (value: unknown, min: number) => (typeof value === "string" && value.length >= min ? value : null);
  const s: Secrets = {
    jwtSecret: keep(stored.jwtSecret, 32) ?? generate(),
    internalToken: keep(stored.internalToken, 32) ?? generate(),
    // Any password the file holds is the one the database was set up with: never replaced.
    postgresPassword: keep(stored.postgresPassword, 1) ?? generate(),
  };
  if (
    s.jwtSecret !== stored.jwtSecret ||
    s.internalToken !== stored.internalToken ||
    s.postgresPassword !== stored.postgresPassword
  ) {
    // Written whole to a private temporary file, then renamed over: never a half-written secrets.json.
    const tmp = `${file}.${process.pid}.tmp`;
    await rm(tmp, { force: true }); // a leftover would keep its mode
    await writeFile(tmp, `${JSON.stringify(s, null, 2)}\n`, { mode: 0o600 });
    await rename(tmp, file);
  }
  // A file written by hand (or by an older version) may be readable by others.
  if (((await stat(file)).mode & 0o077) !== 0) await chmod(file, 0o600);
  return s;
}
