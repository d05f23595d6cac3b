import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

export interface Secrets {
  jwtSecret: string;
  internalToken: string;
}

/** Secrets for one-process mode: generated on first start, kept in `<dataDir>/secrets.json` (0600). */
export async function loadOrCreateSecrets(dataDir: string): Promise<Secrets> {
  const file = join(dataDir, "secrets.json");
  try {
    const s = JSON.parse(await readFile(file, "utf8")) as Secrets;
    if (s.jwtSecret?.length >= 32 && s.internalToken?.length >= 32) return s;
  } catch {
    // first start
  }
  const s: Secrets = {
    jwtSecret: randomBytes(48).toString("base64url"),
    internalToken: randomBytes(48).toString("base64url"),
  };
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, JSON.stringify(s, null, 2), { mode: 0o600 });
  return s;
}
