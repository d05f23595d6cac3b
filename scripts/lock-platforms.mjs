#!/usr/bin/env node
// Keeps `npm ci` working with a registry that carries only the linux-x64 builds of packages that
// ship per-platform binaries (buf, biome, swc, esbuild, rolldown…). `npm install` cannot record the
// builds it cannot fetch, and `npm ci` then refuses the lock as "out of sync". This adds, for every
// optional dependency missing from package-lock.json, an entry marked with the os/cpu/libc its name
// declares, so npm ci sees a complete lock and skips those builds as incompatible on this platform.
// Run after `npm install` changes the lock: `node scripts/lock-platforms.mjs`.
import { readFileSync, writeFileSync } from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const packages = lock.packages;

const OS = ["darwin", "linux", "win32", "freebsd", "android", "openbsd", "netbsd", "sunos", "aix", "openharmony"];
const CPU = ["arm64", "x64", "ia32", "arm", "ppc64", "s390x", "riscv64", "loong64", "mips64el", "wasm32", "universal"];

function platformOf(name) {
  const base = name.split("/").pop() ?? name;
  const parts = base.split("-");
  const os = parts.find((p) => OS.includes(p) || p === "windows" || p === "macos" || p === "win");
  const cpu = parts.find((p) => CPU.includes(p) || p === "armv7" || p === "x86_64" || p === "aarch64" || p === "x86");
  if (!os && !cpu) return null;
  const mapOs = { windows: "win32", win: "win32", macos: "darwin" };
  const mapCpu = { armv7: "arm", x86_64: "x64", aarch64: "arm64", x86: "ia32" };
  const entry = {};
  if (os) entry.os = [mapOs[os] ?? os];
  if (cpu && cpu !== "universal") entry.cpu = [mapCpu[cpu] ?? cpu];
  if (cpu === "universal") entry.cpu = ["arm64", "x64"];
  if (/musl/.test(base)) entry.libc = ["musl"];
  else if (/gnu/.test(base)) entry.libc = ["glibc"];
  return entry;
}

let added = 0;
for (const [path, meta] of Object.entries(packages)) {
  for (const [dep, spec] of Object.entries(meta.optionalDependencies ?? {})) {
    // Resolution as npm does it: nested under the parent first, then up to the root.
    const candidates = [];
    let dir = path;
    for (;;) {
      candidates.push(`${dir ? `${dir}/` : ""}node_modules/${dep}`);
      const i = dir.lastIndexOf("/node_modules/");
      if (dir === "") break;
      dir = i === -1 ? "" : dir.slice(0, i);
    }
    if (candidates.some((c) => packages[c])) continue;
    const platform = platformOf(dep);
    const version = /^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec) ? spec : null;
    if (!platform || !version) {
      console.warn(`left alone: ${dep}@${spec} (optional dependency of ${path || "the root"})`);
      continue;
    }
    packages[`node_modules/${dep}`] = {
      version,
      ...platform,
      dev: meta.dev || undefined,
      optional: true,
    };
    added++;
  }
}
// npm's own order (locale "en": "string_decoder" before "string-width"), so that a later
// `npm install` with nothing to change leaves the lock as it is.
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b, "en"))),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform entries added`);
