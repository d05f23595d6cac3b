// Which files make the Corresponding Source (AGPL-3.0 §13) of this install: in a git checkout the
// files git tracks (as they are on disk: what runs, uncommitted edits included); otherwise those the
// install's source-manifest.txt lists (written by the Dockerfile from the build context). Never a
// dependency, a build output, the data directory or a secret, whatever a list says: those are dropped
// here, as is a path that leaves the root or a file that is gone.
import { execFile } from "node:child_process";
import { lstat, readFile, readlink } from "node:fs/promises";
import { isAbsolute, join, normalize, sep } from "node:path";
import { promisify } from "node:util";

export const MANIFEST = "source-manifest.txt";
/** Asking git for the list: a repository this size answers in milliseconds. */
const GIT_TIMEOUT_MS = 10_000;
const MAX_LIST_BYTES = 16 * 1024 * 1024;

/** Directories never shipped, at any depth (dependencies, build outputs, local data, VCS). */
const NEVER_DIRS = new Set(["node_modules", ".git", "data", "dist", "coverage", "test-results", "playwright-report"]);
/** Files never shipped: environment files (an example, *.example.env, is a template and ships). */
const SECRET_FILE = /^\.env(\..*)?$|\.(pem|key|p12|pfx)$/i;

export interface SourceFile {
  /** Relative to the root, '/'-separated. */
  path: string;
  size: number;
  mode: number;
  mtime: Date;
  /** A symbolic link's target; undefined for a regular file. */
  link?: string;
}

/** Whether a listed path may ship: inside the root, no excluded directory, no secret file. */
export function mayShip(path: string): boolean {
  if (!path || isAbsolute(path) || path.includes("\0")) return false;
  const parts = normalize(path).split(sep);
  if (parts.some((p) => p === ".." || p === "")) return false;
  if (parts.slice(0, -1).some((p) => NEVER_DIRS.has(p))) return false;
  if (parts[0] === "services" && parts[2] === "gen") return false; // generated Prisma clients
  return !SECRET_FILE.test(parts[parts.length - 1] ?? "");
}

async function listed(root: string): Promise<string[] | null> {
  try {
    await lstat(join(root, ".git"));
    const { stdout } = await promisify(execFile)("git", ["-C", root, "ls-files", "-z"], {
      timeout: GIT_TIMEOUT_MS,
      maxBuffer: MAX_LIST_BYTES,
      encoding: "utf8",
    });
    return stdout.split("\0");
  } catch {
    // not a git checkout (or git is missing): the manifest, when there is one
  }
  try {
    return (await readFile(join(root, MANIFEST), "utf8")).split("\n");
  } catch {
    return null;
  }
}

/** The files to ship, sorted, with what the archive needs of each; null when this install has no list. */
export async function sourceFiles(root: string): Promise<SourceFile[] | null> {
  const paths = await listed(root);
  if (!paths) return null;
  // The archive writes its own manifest (source.route.ts): a listed one is not taken twice.
  const unique = [...new Set(paths.map((p) => p.trim()).filter((p) => p !== MANIFEST && mayShip(p)))].sort();
  const files: SourceFile[] = [];
  for (const path of unique) {
    const s = await lstat(join(root, path)).catch(() => null);
    if (!s || !(s.isFile() || s.isSymbolicLink())) continue; // deleted in the working tree, or a submodule
    const link = s.isSymbolicLink() ? await readlink(join(root, path)).catch(() => null) : undefined;
    if (link === null) continue;
    files.push({ path, size: s.isFile() ? s.size : 0, mode: s.mode & 0o777, mtime: s.mtime, link });
  }
  return files;
}
