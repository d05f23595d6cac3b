#!/usr/bin/env node
// `npm test`: the whole suite, in the order that fails fastest.
//   1. generated code matches its sources   4. jest: unit + integration (real PostgreSQL, NATS)
//      (Prisma clients regenerated)         4b. the system tests (tests/api) again over real gRPC
//   1b. no breaking change to the contract
//   2. typecheck (services, gateway, web)   5. web unit tests (jsdom)
//   3. lint (Biome)                         6. Playwright against `npm start` (Debian chromium)
//   3b. import graph (dependency-cruiser)   7. Playwright (desktop, the cross-service flows) against
//   3c. migrations = schema.prisma             `npm run start:cluster`
//                                           8. the fault suite (tests/faults) on its own PostgreSQL
//                                              and NATS, `npm run start:cluster` on them
// Environment: TEST_DATABASE_URL (default postgres://root@127.0.0.1:5432/test),
// TEST_NATS_URL (default nats://127.0.0.1:4222), CHROMIUM_PATH (default /usr/bin/chromium).
// Each step's seconds go to test-results/steps.tsv (rewritten after every step) and, at the end or
// at the first failure, into a table on the console.
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const bin = (n) => join(root, "node_modules/.bin", n);
const only = process.argv.slice(2);
const want = (step) => only.length === 0 || only.includes(step);

const started = performance.now();
const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);
/** Steps run so far, in order: the table printed at the end and written to STEPS_FILE. */
const timings = [];
const STEPS_FILE = join(root, "test-results/steps.tsv");

function record(name, since, ok) {
  timings.push({ name, seconds: seconds(since), ok });
  const rows = timings.map((t) => `${t.name}\t${t.seconds}\t${t.ok ? "ok" : "failed"}`);
  mkdirSync(join(root, "test-results"), { recursive: true });
  writeFileSync(STEPS_FILE, `step\tseconds\tresult\n${rows.join("\n")}\ntotal\t${seconds(started)}\t\n`);
}

let summarized = false;
/** The table of steps and their seconds; also on a failure's exit (process.exit runs "exit" listeners). */
function summary() {
  if (summarized || timings.length === 0) return;
  summarized = true;
  const width = Math.max(5, ...timings.map((t) => t.name.length));
  console.log(`\nsteps (${STEPS_FILE.replace(root, "")}):`);
  for (const t of timings) console.log(`  ${t.ok ? "✔" : "✖"} ${t.name.padEnd(width)} ${t.seconds.padStart(7)} s`);
  console.log(`    ${"total".padEnd(width)} ${seconds(started).padStart(7)} s`);
}
process.on("exit", summary);

/** `onlyWhenAsked`: not part of the default run, only when named on the command line. */
function step(name, cmd, args, opts = {}, onlyWhenAsked = false) {
  if (onlyWhenAsked ? !only.includes(name) : !want(name)) return;
  const t = performance.now();
  console.log(`\n▶ ${name}: ${[cmd, ...args].map((a) => a.replace(root, "")).join(" ")}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", ...opts, env: { ...process.env, ...opts.env } });
  record(name, t, r.status === 0);
  if (r.status !== 0) {
    console.error(`✖ ${name} failed`);
    process.exit(r.status ?? 1);
  }
  console.log(`✔ ${name} (${seconds(t)} s)`);
}

/**
 * Steps run as `step` does, but two at a time (a pool of two, in the order given). Each one's output
 * is held and printed whole when it ends, so the two never interleave. The first failure stops the
 * other one and exits, as `step` does.
 */
async function stepsTwoAtATime(steps) {
  const queue = steps.filter(([name]) => want(name));
  const running = new Set();
  const runOne = ([name, cmd, args]) =>
    new Promise((resolve) => {
      const t = performance.now();
      const child = spawn(cmd, args, {
        cwd: root,
        stdio: ["ignore", "pipe", "pipe"],
        env: process.stdout.isTTY ? { FORCE_COLOR: "1", ...process.env } : process.env,
      });
      running.add(child);
      const output = [];
      child.stdout.on("data", (b) => output.push(b));
      child.stderr.on("data", (b) => output.push(b));
      const done = (status) => {
        running.delete(child);
        record(name, t, status === 0);
        console.log(`\n▶ ${name}: ${[cmd, ...args].map((a) => a.replace(root, "")).join(" ")}`);
        process.stdout.write(Buffer.concat(output));
        if (status !== 0) {
          console.error(`✖ ${name} failed`);
          for (const other of running) other.kill("SIGTERM");
          process.exit(status ?? 1);
        }
        console.log(`✔ ${name} (${seconds(t)} s)`);
        resolve();
      };
      child.on("error", (err) => {
        output.push(Buffer.from(`${err.message}\n`));
        done(1);
      });
      child.on("close", (code, signal) => done(code ?? (signal ? 1 : 0)));
    });
  const lane = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await runOne(next);
  };
  await Promise.all([lane(), lane()]);
}

const esm = { NODE_OPTIONS: "--experimental-vm-modules --no-warnings" };
step("drift", process.execPath, ["scripts/generate.mjs", "--check"]);
// The static checks read the tree drift has just regenerated and change nothing: each is one
// single-threaded process, so they run two at a time, longest first (on 2 cores: 60 s of CPU in
// ~32 s instead of ~57 s one after the other).
await stepsTwoAtATime([
  ["typecheck", bin("tsc"), ["-p", "tsconfig.json"]],
  ["typecheck-web", bin("tsc"), ["-p", "web/tsconfig.json", "--noEmit"]],
  // The import graph keeps its boundaries (.dependency-cruiser.cjs says which and why): no cycles, no
  // production code reaching test code, deployables apart. `npm run check:graph` runs this step alone.
  [
    "graph",
    bin("depcruise"),
    [
      "--config",
      ".dependency-cruiser.cjs",
      "--output-type",
      "err",
      ...["services", "gateway", "proto", "tests", "web", "bench", "tools", "scripts", "jest", "deploy"],
    ],
  ],
  // A warning fails the step like an error: otherwise warnings pile up unread.
  ["lint", bin("biome"), ["check", "--error-on-warnings", "."]],
  // Each service's committed SQL migrations build exactly the tables its schema.prisma describes.
  ["schema", process.execPath, ["--import", "tsx", "scripts/schema-check.ts"]],
  // The contract stays compatible with what moredoc clients and running replicas speak (buf.yaml).
  ["breaking", process.execPath, ["scripts/proto-breaking.mjs"]],
]);
step("jest", bin("jest"), ["--ci"], { env: esm });
// The system tests that cross a service boundary, again with gateway and services talking real gRPC
// over loopback and broadcasting over real NATS JetStream (cluster wiring). A smoke subset: what
// differs between the transports is the wiring (metadata, deadlines, status mapping, streams,
// internal credentials, broadcasts), not each RPC's rules, which the first pass covers on one code
// path. `node scripts/test.mjs jest-grpc-all` runs every system test over gRPC.
const GRPC_SMOKE = [
  "access", // every RPC's access policy through the real transport
  "gateway", // Connect and REST framing, binary bodies, errors
  "gates", // closed site / login required enforced by the services on direct gRPC calls
  "malformed", // bad frames and bodies never crash a process
  "session", // logout and dead sessions: a broadcast over NATS
  "user.internal", // internal RPCs and their credential
  "user.sign", // user → order ledger over gRPC, concurrency
  "order\\.", // the order service: ledger, orders, payment notifies
  "content.downloads", // server-streamed files
  "content.upload", // client uploads through the gateway to content
  "content.import", // a service's client-streamed import, its credential, a stream cut over gRPC
  "content.comment", // content → user policy, captcha, activity feed
  "config.settings", // settings changes broadcast to every service
  "config.stats", // config → user + content counters
  "seo.pages", // crawler pages gathered from content and config
].map((name) => `tests/api/src/${name}.*\\.int\\.test\\.ts$`);
step("jest-grpc", bin("jest"), ["--ci", ...GRPC_SMOKE], { env: { ...esm, WENKU_TEST_TRANSPORT: "grpc" } });
step("jest-grpc-all", bin("jest"), ["--ci", "tests/api/"], { env: { ...esm, WENKU_TEST_TRANSPORT: "grpc" } }, true);
step("web", bin("jest"), ["--ci", "--config", "web/jest.config.js"], { env: esm });

/**
 * Playwright against the stack started exactly as a newcomer starts it (`npm start`, or
 * `npm run start:cluster` for one process per service over gRPC), on a fresh data dir.
 */
/**
 * `playwrightRuns`: Playwright invocations against the one started site, in order.
 */
async function e2e(name, startArgs, playwrightRuns, extraEnv = {}) {
  if (!want(name)) return;
  const t = performance.now();
  const dataDir = mkdtempSync(join(tmpdir(), "wenku-e2e-"));
  chmodSync(dataDir, 0o755); // embedded PostgreSQL runs initdb as its own user when started as root
  const port = String(18080 + Math.floor(Math.random() * 1000));
  // The WeChat API stand-in of web/e2e/wechatmp.spec.ts listens here; the site may reach it (and no
  // other loopback port) through the guarded fetcher, as an operator would allow an intranet host.
  const wechatPort = String(Number(port) + 2000);
  // Likewise the SMS vendor stand-in of web/e2e/sms.spec.ts.
  const smsPort = String(Number(port) + 2001);
  // Likewise the OpenID Provider of web/e2e/oauth.spec.ts.
  const oidcPort = String(Number(port) + 2002);
  // Likewise the WeChat web-authorisation stand-in of web/e2e/wechat-inapp.spec.ts (open.weixin.qq.com
  // and its sns API: the site's OAUTH_WECHAT_URL / _API_URL point there).
  const wechatWebPort = String(Number(port) + 2003);
  // Likewise the web pages web/e2e/article-crawl.spec.ts imports an article from.
  const pagesPort = String(Number(port) + 2004);
  // The local site web/e2e/spider.spec.ts crawls: the spider's own allow list (SPIDER_ALLOW_HOSTS)
  // names it, and only it; the spider refuses every other loopback address as in production.
  const spiderSitePort = String(Number(port) + 2005);
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: port,
    HOST: "127.0.0.1",
    WENKU_ADMIN_PASSWORD: "e2e-admin-password",
    FETCH_ALLOW_HOSTS: [wechatPort, smsPort, oidcPort, wechatWebPort, pagesPort].map((p) => `127.0.0.1:${p}`).join(","),
    SPIDER_ALLOW_HOSTS: `127.0.0.1:${spiderSitePort}`,
    OAUTH_WECHAT_URL: `http://127.0.0.1:${wechatWebPort}`,
    OAUTH_WECHAT_API_URL: `http://127.0.0.1:${wechatWebPort}`,
    // The specs' API set-up signs users up as separate visitors (X-Forwarded-For; web/e2e/api.ts
    // registerUser); requests without the header stay 127.0.0.1, as browsers' do.
    TRUSTED_PROXIES: "127.0.0.1",
  };
  delete env.DATABASE_URL;
  delete env.NATS_URL;
  Object.assign(env, extraEnv);
  const site = spawn(process.execPath, ["scripts/start.mjs", ...startArgs], {
    cwd: root,
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = () => {
    site.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  };
  // A failed step exits this process at once (step): the site must not outlive it.
  process.once("exit", stop);
  try {
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (site.exitCode !== null) throw new Error(`npm start ${startArgs.join(" ")} exited before becoming ready`);
      const ok = await fetch(`${url}/healthz`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error("the site did not become ready in 180 s");
      await new Promise((r) => setTimeout(r, 500));
    }
    record(`${name} start`, t, true);
    for (const run of playwrightRuns) {
      step(name, bin("playwright"), ["test", "-c", "web/playwright.config.ts", ...run.args], {
        env: {
          WENKU_URL: url,
          WENKU_ADMIN_PASSWORD: "e2e-admin-password",
          E2E_WECHAT_PORT: wechatPort,
          E2E_SMS_PORT: smsPort,
          E2E_OIDC_PORT: oidcPort,
          E2E_WECHAT_WEB_PORT: wechatWebPort,
          E2E_PAGES_PORT: pagesPort,
          E2E_SPIDER_SITE_PORT: spiderSitePort,
          ...run.env,
        },
      });
    }
  } catch (err) {
    record(`${name} start`, t, false);
    console.error(`✖ ${name}: ${err.message}`);
    stop();
    process.exit(1);
  }
  process.off("exit", stop);
  await new Promise((r) => {
    site.once("exit", r);
    site.kill("SIGTERM");
  });
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * The second pass, one process per service, runs the flows that cross services over gRPC or NATS
 * (logins and logout broadcasts, permissions, settings and category changes, conversion, indexing,
 * review); pages one service answers alone (static files, 404s, search records) run in the first.
 * Left to the first pass because their cross-process wiring is tested elsewhere, and each costs a
 * conversion here: search-scan (OCR's queue on real JetStream: services/converter ocr.int.test.ts;
 * conversion then indexing across processes: search and document below) and seo (crawler pages over
 * gRPC: jest-grpc's seo.pages; config → content internal calls: jest-grpc's config.stats).
 */
const CLUSTER_SPECS = [
  "account.spec.ts",
  "admin.spec.ts",
  "category.spec.ts",
  "document.spec.ts",
  "document-admin.spec.ts",
  "search.spec.ts",
  "session-expired.spec.ts",
  "site-chrome.spec.ts",
];

// The specs that make their own data, then the specs that change site-wide settings while they run
// (web/e2e/groups.ts), so no other test sees them changed. E2E_WORKERS (default 1) sets the first
// group's workers: on 2 cores two gained nothing (68 tests: 12.0 min with two workers, 12.2 min with
// one), the site, conversions and the browsers competing for the CPU; more cores can use more.
const e2eWorkers = `--workers=${Number(process.env.E2E_WORKERS) || 1}`;
await e2e(
  "e2e",
  [],
  [
    { args: [e2eWorkers], env: { E2E_GROUP: "parallel" } },
    { args: ["--workers=1"], env: { E2E_GROUP: "serial" } },
  ],
);
// Those flows again through one process per service: real gRPC between gateway and services, and
// broadcasts (logout, permission and settings changes) over real NATS JetStream.
// Playwright reads each file argument as a regular expression on the path: anchored, so that
// "document.spec.ts" no longer also runs buy-document.spec.ts, nor "search.spec.ts" reader-search.spec.ts
// (both ran here by accident: purchases cross services over gRPC in jest-grpc's order and
// content.downloads, the reader's search is the gateway's and one service's).
const clusterFiles = CLUSTER_SPECS.map((f) => `/${f.replaceAll(".", "\\.")}$`);
await e2e("e2e-cluster", ["--cluster"], [{ args: ["--project=desktop", "--workers=1", ...clusterFiles] }], {
  NATS_URL: process.env.TEST_NATS_URL ?? "nats://127.0.0.1:4222",
});
// The fault suite (`npm run test:faults`, tests/faults): its own PostgreSQL and NATS JetStream, the
// cluster on them, a service and the converter SIGKILLed, NATS and PostgreSQL stopped under it; each
// case prints its figures (requests, errors, time to recover, lost: 0). Bounded: the suite stops
// itself and fails past FAULTS_TIMEOUT_SEC = 240 s (the whole step ≤ 4 min on 2 cores). NATS stays
// down 15 s here instead of the 30 s default: the publishes that time out (5 s each), the requeue's
// retries (1, 2, 5, 10 s) and the clients' reconnects (every 1 s) all happen within 15 s, and the
// other 15 s would only repeat them inside the 4 minutes.
step("faults", process.execPath, ["--import", "tsx", "tests/faults/src/main.ts"], {
  env: { FAULTS_TIMEOUT_SEC: "240", FAULTS_NATS_DOWN_SEC: "15" },
});
summary();
console.log("\nall checks passed");
