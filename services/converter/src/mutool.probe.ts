// Whether native mutool (Debian mupdf-tools) renders here: the binary, prlimit and stdbuf (without
// them no limit could be enforced, so the native path is not used) and the MuPDF API the script uses,
// probed once per mode and binary.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mutoolScript } from "./mutool.script.js";

/** CONVERTER_MUTOOL: "auto" uses native mutool when it (and prlimit, stdbuf) is installed; "off" never. */
export type MutoolMode = "auto" | "off";

export interface MutoolProbe {
  /** Native mutool renders (else MuPDF WASM). */
  used: boolean;
  path: string;
  version?: string;
  /** Why it is not used. */
  problem?: string;
}

function run(cmd: string, args: string[], timeoutMs: number): Promise<{ out: string; error?: Error }> {
  return new Promise((resolve) => {
    execFile(cmd, args, { timeout: timeoutMs, killSignal: "SIGKILL", maxBuffer: 1 << 16 }, (error, stdout, stderr) => {
      resolve({ out: `${stdout}${stderr}`, ...(error ? { error } : {}) });
    });
  });
}

const probes = new Map<string, Promise<MutoolProbe>>();

/** Whether native mutool renders in this process; probed once per mode and binary. */
export function probeMutool(mode: MutoolMode, path = "mutool"): Promise<MutoolProbe> {
  const key = `${mode}\u0000${path}`;
  let p = probes.get(key);
  if (!p) {
    p = mode === "off" ? Promise.resolve({ used: false, path, problem: "CONVERTER_MUTOOL=off" }) : probeNow(path);
    probes.set(key, p);
  }
  return p;
}

async function probeNow(path: string): Promise<MutoolProbe> {
  const v = await run(path, ["-v"], 10_000);
  const version = /mutool version ([\d.]+)/.exec(v.out)?.[1];
  if (!version) {
    const missing = (v.error as NodeJS.ErrnoException | undefined)?.code === "ENOENT";
    return { used: false, path, problem: missing ? `${path} not found` : `${path} -v: ${v.out.trim().slice(0, 200)}` };
  }
  for (const tool of ["prlimit", "stdbuf"]) {
    const t = await run(tool, ["--version"], 10_000);
    if (t.error) return { used: false, path, version, problem: `${tool} not found (needed to cap native mutool)` };
  }
  const dir = await mkdtemp(join(tmpdir(), "wenku-mutool-probe-"));
  try {
    await writeFile(join(dir, "convert.js"), mutoolScript);
    const s = await run(path, ["run", join(dir, "convert.js"), dir, "--probe"], 10_000);
    if (s.out.trim() !== "functionfunctionobjectfunctionobjectfunctionobject") {
      return {
        used: false,
        path,
        version,
        problem: `mutool run lacks the API the converter uses: ${s.out.trim().slice(0, 200)}`,
      };
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return { used: true, path, version };
}
