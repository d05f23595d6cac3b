#!/usr/bin/env node
// `buf breaking` on the contract (proto/): moredoc clients and older replicas must keep working, so
// a change that breaks the wire or the JSON names fails CI instead of shipping silently. The rules
// are buf.yaml's `breaking` section (WIRE_JSON: file moves are not breaking, renames are).
//
// The baseline is the contract this change started from, read from git (no committed image to keep
// in step): on a branch, its merge-base with origin/main (or main); with uncommitted proto edits,
// HEAD; on main itself, the parent of the last commit that changed proto/ (so CI on a fresh clone
// of main checks the latest contract change again). Both sides are built into images with the same
// buf.yaml and the same google/api files, so only proto/ differs.
// Usage: node scripts/proto-breaking.mjs [--against <git ref>]
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const buf = join(root, "node_modules/.bin/buf");
const env = { ...process.env, BUF_CACHE_DIR: process.env.BUF_CACHE_DIR ?? join(root, "node_modules/.cache/buf") };
const PROTO = ["proto/api", "proto/grpc"];

const git = (...args) =>
  execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
const tryGit = (...args) => {
  try {
    return git(...args);
  } catch {
    return null;
  }
};

/** The ref to compare with and why it was chosen; null: no git history to compare with. */
function baseline() {
  const asked = process.argv.indexOf("--against");
  if (asked !== -1) return { ref: process.argv[asked + 1], why: "asked on the command line" };
  const head = tryGit("rev-parse", "HEAD");
  if (!head) return null;
  for (const main of ["origin/main", "main"]) {
    const base = tryGit("rev-parse", "--verify", "--quiet", main) && tryGit("merge-base", "HEAD", main);
    if (base && base !== head) return { ref: base, why: `the merge-base with ${main}` };
  }
  if (tryGit("status", "--porcelain", "--", ...PROTO)) return { ref: head, why: "HEAD (proto/ has uncommitted edits)" };
  const last = tryGit("log", "-1", "--format=%H", "HEAD", "--", ...PROTO);
  if (!last) return null;
  const parent = tryGit("rev-parse", "--verify", "--quiet", `${last}^`);
  if (!parent) {
    // A shallow clone cuts the history here; the first commit of all has nothing before it.
    if (tryGit("rev-parse", "--is-shallow-repository") === "true") {
      throw new Error(`the parent of ${last.slice(0, 12)} is not in this shallow clone: git fetch --deepen=50`);
    }
    return null;
  }
  return { ref: parent, why: `before ${git("log", "-1", "--format=%h %s", last)}` };
}

/** Builds the image of `dir` (a tree holding buf.yaml and proto/) into `out`. */
function image(dir, out) {
  execFileSync(buf, ["build", ...PROTO.flatMap((p) => ["--path", p]), "-o", out], { cwd: dir, env, stdio: "inherit" });
}

let base;
try {
  base = baseline();
} catch (err) {
  console.error(`proto breaking: ${err.message}`);
  process.exit(1);
}
if (!base) {
  console.log("proto breaking: no earlier contract in git history to compare with; skipped");
  process.exit(0);
}
const work = mkdtempSync(join(tmpdir(), "wenku-proto-breaking-"));
try {
  const old = join(work, "base");
  mkdirSync(join(old, "node_modules"), { recursive: true });
  execFileSync("git", ["archive", "-o", join(work, "base.tar"), base.ref, "proto"], { cwd: root });
  execFileSync("tar", ["-xf", join(work, "base.tar"), "-C", old]);
  copyFileSync(join(root, "buf.yaml"), join(old, "buf.yaml"));
  symlinkSync(join(root, "node_modules/google-proto-files"), join(old, "node_modules/google-proto-files"), "junction");
  image(old, join(work, "base.binpb"));
  image(root, join(work, "head.binpb"));
  console.log(`proto breaking: against ${base.ref.slice(0, 12)}, ${base.why}`);
  execFileSync(
    buf,
    [
      "breaking",
      join(work, "head.binpb"),
      "--against",
      join(work, "base.binpb"),
      "--config",
      "buf.yaml",
      "--exclude-imports",
    ],
    { cwd: root, env, stdio: "inherit" },
  );
  console.log("proto breaking: no breaking change");
} catch (err) {
  if (err.status === undefined) throw err;
  console.error("proto breaking: the contract changed incompatibly (see above), or the check could not run");
  process.exit(1);
} finally {
  rmSync(work, { recursive: true, force: true });
}
