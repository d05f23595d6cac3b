// DATA_DIR/secrets.json: generated once, kept key by key, owner-only.
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadOrCreateSecrets } from "./secrets.js";

let parent: string;
beforeEach(async () => {
  parent = await mkdtemp(join(tmpdir(), "wenku-secrets-"));
});
afterEach(() => rm(parent, { recursive: true, force: true }));

const mode = async (path: string) => (await stat(path)).mode & 0o777;
/** DATA_DIR is owner-only for everyone (as root the postgres account owns it: embedded-db.ts). */
const privateDir = 0o700;

test("first start: a new DATA_DIR (0700) with three generated secrets in a 0600 file; later starts read them", async () => {
  const dataDir = join(parent, "data", "nested");
  const s = await loadOrCreateSecrets(dataDir);
  for (const v of Object.values(s)) expect(v).toMatch(/^[A-Za-z0-9_-]{64}$/);
  expect(new Set(Object.values(s)).size).toBe(3);
  expect(await mode(dataDir)).toBe(0o700);
  expect(await mode(join(dataDir, "secrets.json"))).toBe(0o600);
  expect(await loadOrCreateSecrets(dataDir)).toEqual(s);
});

test("an earlier file: missing keys are added, the others kept; loose modes are tightened", async () => {
  const dataDir = join(parent, "data");
  await loadOrCreateSecrets(dataDir);
  await chmod(dataDir, 0o755);
  await mkdir(join(dataDir, "storage"));
  await chmod(join(dataDir, "storage"), 0o755);
  const file = join(dataDir, "secrets.json");
  await writeFile(file, JSON.stringify({ jwtSecret: "j".repeat(40), internalToken: "short" }));
  await chmod(file, 0o644);
  const s = await loadOrCreateSecrets(dataDir);
  expect(s.jwtSecret).toBe("j".repeat(40));
  expect(s.internalToken).toHaveLength(64);
  expect(s.postgresPassword).toHaveLength(64);
  expect(JSON.parse(await readFile(file, "utf8"))).toEqual(s);
  expect(await mode(file)).toBe(0o600);
  expect(await mode(dataDir)).toBe(privateDir);
  expect(await mode(join(dataDir, "storage"))).toBe(0o700); // its entries too
});

test("a stored database password is never replaced; a file that is not an object is regenerated", async () => {
  const dataDir = join(parent, "data");
  await loadOrCreateSecrets(dataDir);
  const file = join(dataDir, "secrets.json");
  await writeFile(file, JSON.stringify({ postgresPassword: "chosen-by-hand" }));
  expect((await loadOrCreateSecrets(dataDir)).postgresPassword).toBe("chosen-by-hand");
  for (const junk of ["null", "5", "{not json"]) {
    await writeFile(file, junk);
    expect((await loadOrCreateSecrets(dataDir)).postgresPassword).toHaveLength(64);
  }
});
