// The Dockerfile cannot be built here (no container engine), so check what can drift without a
// build: COPY sources exist and are not dockerignored, every workspace's manifest reaches
// `npm install`, the default command and the manifests' commands exist, user and paths agree.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { entries } from "../scripts/build.mjs";
import { type Container, find, ofKind, render, repoRoot } from "./manifests.js";

interface Instruction {
  op: string;
  args: string;
  stage: string;
}

/** Instructions with continuation lines joined and comments dropped, each tagged with its stage. */
function instructions(): Instruction[] {
  const text = readFileSync(join(repoRoot, "Dockerfile"), "utf8");
  const lines = text
    .split("\n")
    .filter((l) => !/^\s*#/.test(l))
    .join("\n")
    .replace(/\\\n/g, " ")
    .split("\n")
    .filter((l) => l.trim());
  let stage = "";
  return lines.map((l) => {
    const m = /^\s*(\w+)\s+(.*)$/.exec(l);
    if (!m?.[1] || m[2] === undefined) throw new Error(`Dockerfile: cannot read line ${l}`);
    const op = m[1].toUpperCase();
    if (op === "FROM") stage = /\bAS\s+(\S+)/i.exec(m[2])?.[1] ?? "";
    return { op, args: m[2].trim(), stage };
  });
}

/** COPY sources and destination; `from` is the --from stage, if any. */
function copies(): Array<{ from?: string; sources: string[]; dest: string; stage: string }> {
  return instructions()
    .filter((i) => i.op === "COPY")
    .map((i) => {
      const words = i.args.split(/\s+/);
      const flags = words.filter((w) => w.startsWith("--"));
      const paths = words.filter((w) => !w.startsWith("--"));
      const from = flags.find((f) => f.startsWith("--from="))?.slice("--from=".length);
      return { from, sources: paths.slice(0, -1), dest: paths.at(-1) ?? "", stage: i.stage };
    });
}

/** .dockerignore patterns as regexes over repo-relative paths (no negations are used). */
function ignored(path: string): string | undefined {
  const patterns = readFileSync(join(repoRoot, ".dockerignore"), "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"));
  if (patterns.some((p) => p.startsWith("!"))) throw new Error(".dockerignore negations: extend this check");
  const clean = path.replace(/\/$/, "").replace(/^\.\//, "");
  const prefixes = clean.split("/").map((_, i, parts) => parts.slice(0, i + 1).join("/"));
  for (const p of patterns) {
    const re = new RegExp(
      `^${p
        .replace(/\/$/, "")
        .replace(/[.+^${}()|[\]]/g, "\\$&")
        .replace(/\*\*\//g, "(?:.*/)?")
        .replace(/\*/g, "[^/]*")}$`,
    );
    if (prefixes.some((prefix) => re.test(prefix))) return p;
  }
  return undefined;
}

/** The stage each stage is built FROM, when that is a stage of this Dockerfile. */
function baseStage(stage: string): string | undefined {
  const from = instructions().find((i) => i.op === "FROM" && i.stage === stage);
  const base = from?.args.split(/\s+/)[0];
  return instructions().some((i) => i.op === "FROM" && i.stage === base) ? base : undefined;
}

/** `node dist/<name>.js`: the source scripts/build.mjs compiles it from, which must exist. */
function compiledSource(command: string[] | undefined): string {
  const name = /^dist\/([\w-]+)\.js$/.exec(command?.[1] ?? "")?.[1];
  const source = name === undefined ? undefined : entries[name];
  if (command?.length !== 2 || command[0] !== "node" || !source) {
    throw new Error(`${JSON.stringify(command)} is not \`node dist/<name>.js\` of an entry of scripts/build.mjs`);
  }
  if (!existsSync(join(repoRoot, source))) throw new Error(`${source} (compiled to ${command[1]}) does not exist`);
  return source;
}

const workdir = () => {
  const w = instructions().filter((i) => i.op === "WORKDIR" && i.stage === "runtime");
  return w.at(-1)?.args ?? "/";
};

describe("Dockerfile", () => {
  test("every COPY source from the build context exists and is not excluded by .dockerignore", () => {
    const problems: string[] = [];
    for (const c of copies().filter((c) => !c.from)) {
      for (const s of c.sources) {
        if (!existsSync(join(repoRoot, s))) problems.push(`${s} does not exist`);
        const by = ignored(s);
        if (by) problems.push(`${s} is excluded by .dockerignore pattern ${by}`);
      }
    }
    expect(problems).toEqual([]);
  });

  test("nothing the repository holds under a COPY source is dockerignored, except web/e2e", () => {
    // Playwright specs are not part of the web build; everything else under a copied folder is.
    const intentional = ["web/e2e/"];
    const files = spawnSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
      cwd: repoRoot,
      encoding: "utf8",
    }).stdout.split("\n");
    expect(files.length).toBeGreaterThan(100);
    const sources = copies()
      .filter((c) => !c.from)
      .flatMap((c) => c.sources)
      .map((s) => s.replace(/\/$/, ""));
    const dropped = files
      .filter((f) => sources.some((s) => f === s || f.startsWith(`${s}/`)))
      .filter((f) => !intentional.some((i) => f.startsWith(i)))
      .map((f) => [f, ignored(f)])
      .filter(([, by]) => by)
      .map(([f, by]) => `${f} (by ${by})`);
    expect(dropped).toEqual([]);
  });

  test("COPY --from names a stage defined above it", () => {
    const stages = instructions()
      .filter((i) => i.op === "FROM")
      .map((i) => i.stage);
    for (const c of copies().filter((c) => c.from)) {
      expect(stages.slice(0, stages.indexOf(c.stage))).toContain(c.from);
    }
  });

  test("npm install sees every workspace's package.json and the lock", () => {
    const pkg = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { workspaces: string[] };
    const before = instructions();
    const install = before.findIndex((i) => i.op === "RUN" && /\bnpm (install|ci)\b/.test(i.args));
    expect(install).toBeGreaterThan(-1);
    const copied = copies()
      .filter((c) => !c.from && c.stage === before[install]?.stage)
      .flatMap((c) => c.sources);
    const missing = [...pkg.workspaces.map((w) => `${w}/package.json`), "package.json", "package-lock.json"].filter(
      (f) => !copied.includes(f),
    );
    expect(missing).toEqual([]);
  });

  test("the final stage is the runtime: a non-root numeric user and a default command that exists", () => {
    const all = instructions();
    expect(all.at(-1)?.stage).toBe("runtime");
    const runtime = all.filter((i) => i.stage === "runtime");
    const user = runtime.filter((i) => i.op === "USER").at(-1)?.args ?? "";
    expect(user).toMatch(/^[1-9]\d*(:\d+)?$/);
    const cmd = JSON.parse(runtime.find((i) => i.op === "CMD")?.args ?? "null") as string[] | null;
    expect(compiledSource(cmd ?? undefined)).toBe("gateway/src/main.ts");
    // Plain node at run time: no TypeScript loader in any command of the image.
    expect(runtime.filter((i) => /\btsx\b/.test(i.args)).map((i) => `${i.op} ${i.args}`)).toEqual([]);
  });

  test("LibreOffice and fonts only in the converter's base; RUNTIME_BASE picks it, the API base by default", () => {
    const all = instructions();
    const office = (stage: string) =>
      all.some(
        (i) =>
          i.stage === stage && i.op === "RUN" && /libreoffice-writer/.test(i.args) && /fonts-noto-cjk/.test(i.args),
      );
    expect([office("converter-base"), office("api-base"), office("runtime")]).toEqual([true, false, false]);
    const arg = all.find((i) => i.op === "ARG" && i.args.startsWith("RUNTIME_BASE="));
    expect(arg?.args).toBe("RUNTIME_BASE=api-base");
    expect(all.find((i) => i.op === "FROM" && i.stage === "runtime")?.args).toMatch(/^\$\{RUNTIME_BASE\} AS runtime$/);
    for (const base of ["api-base", "converter-base"]) expect(all.some((i) => i.stage === base)).toBe(true);
  });

  test("a build stage compiles every entry from sources it holds, and the runtime runs that dist/", () => {
    const build = instructions().find((i) => i.op === "RUN" && /^node scripts\/build\.mjs\b/.test(i.args));
    if (!build) throw new Error("no stage runs `node scripts/build.mjs`");
    const chain: string[] = [];
    for (let s: string | undefined = build.stage; s; s = baseStage(s)) chain.push(s);
    const held = copies()
      .filter((c) => !c.from && chain.includes(c.stage))
      .flatMap((c) => c.sources.map((s) => s.replace(/\/$/, "")));
    const missing = [
      "scripts/build.mjs",
      "scripts/prisma-generate.mjs",
      "tsconfig.json",
      ...Object.values(entries),
    ].filter((f) => !held.some((s) => f === s || f.startsWith(`${s}/`)));
    expect(missing).toEqual([]);
    const buildDir = instructions().filter((i) => i.op === "WORKDIR" && chain.includes(i.stage))[0]?.args ?? "/";
    const dist = copies().find((c) => c.stage === "runtime" && c.from === build.stage);
    expect([dist?.sources, dist && join(workdir(), dist.dest)]).toEqual([
      [join(buildDir, "dist")],
      join(workdir(), "dist"),
    ]);
  });

  test("the manifests run as the image's user, in its WORKDIR, with WEB_DIST where the web app is copied", () => {
    const runtime = instructions().filter((i) => i.stage === "runtime");
    const uid = Number((runtime.filter((i) => i.op === "USER").at(-1)?.args ?? "").split(":")[0]);
    const web = copies().find((c) => c.from === "web" && c.stage === "runtime");
    const webDist = web ? join(workdir(), web.dest) : undefined;
    const objects = render("deploy/overlays/production");
    for (const dep of ofKind(objects, "Deployment")) {
      const pod = dep.spec.template.spec;
      expect([dep.metadata?.name, pod.securityContext?.runAsUser]).toEqual([dep.metadata?.name, uid]);
      for (const c of pod.containers as Container[]) compiledSource(c.command);
    }
    const gateway = find(objects, "Deployment", "wenku-gateway")?.spec.template.spec.containers[0] as Container;
    expect(gateway.env?.find((e) => e.name === "WEB_DIST")?.value).toBe(webDist);
  });
});
