// The install this gateway runs from: its root (the repository checkout, or the image's /app) and
// version (the root package.json's), for the source archive (source.route.ts). `import.meta.url` is
// this source file's URL under tsx and in the compiled bundle alike (scripts/build.mjs).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const DEFAULT_ROOT = fileURLToPath(new URL("../../..", import.meta.url));

export function installOf(root = DEFAULT_ROOT): { root: string; version: string } {
  let version = "0.0.0";
  try {
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version?: unknown };
    if (typeof pkg.version === "string" && pkg.version) version = pkg.version;
  } catch {
    // no package.json at the root: the archive is named for 0.0.0
  }
  return { root, version };
}
