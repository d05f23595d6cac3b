// The compiled build (scripts/build.mjs) beyond what a start reaches (start.test.ts starts it): the
// render worker thread, which the converter only starts for a conversion, is plain JavaScript
// that loads without tsx, finds MuPDF's WASM from dist/ and renders a page.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { makePdf } from "@wenku/testkit/documents";
import { buildDist, distDir, staleReason } from "./build.mjs";

let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "wenku-build-"));
  await buildDist({ log: () => {} });
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Reply {
  type: string;
  id?: number;
  ok?: boolean;
  value?: { pages?: number; text?: string };
  error?: { message: string };
}

test("once built, dist is current", () => {
  expect(staleReason()).toBeUndefined();
});

test("the compiled render thread starts without a TypeScript loader, opens a PDF and reads its text", async () => {
  const pdf = join(dir, "one.pdf");
  writeFileSync(pdf, makePdf({ pages: 2 }));
  // As render-host.ts starts it in the compiled build: no execArgv, so no --import tsx either.
  const worker = new Worker(join(distDir, "render-thread.js"), {
    workerData: { memoryLimitBytes: 256 * 1024 * 1024 },
    execArgv: [],
  });
  // Replies in order, each taken by the next call of `next` (memory reports skipped).
  const replies: Reply[] = [];
  let waiting: ((r: Reply) => void) | undefined;
  let failed: Error | undefined;
  worker.on("message", (m: Reply) => {
    if (m.type === "memory") return;
    if (waiting) waiting(m);
    else replies.push(m);
  });
  const fail = (err: Error) => {
    failed = err;
    waiting?.({ type: "failed", error: { message: err.message } });
  };
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`the render thread exited with ${code}`)));
  const next = () =>
    new Promise<Reply>((resolve) => {
      const queued = replies.shift();
      if (queued || failed) return resolve(queued ?? { type: "failed", error: { message: String(failed) } });
      waiting = (r) => {
        waiting = undefined;
        resolve(r);
      };
    });
  try {
    expect(await next()).toEqual({ type: "ready" });
    worker.postMessage({ op: "open", id: 1, path: pdf, ext: "pdf" });
    const opened = await next();
    expect(opened).toMatchObject({ id: 1, ok: true, value: { pages: 2 } });
    worker.postMessage({ op: "page", id: 2, index: 1, mode: "text", text: true, coverWidth: 0, maxBytes: 0, dpi: 72 });
    const page = await next();
    expect(page).toMatchObject({ id: 2, ok: true });
    expect(page.value?.text).toContain("Wenku conversion test page 2");
  } finally {
    await worker.terminate();
  }
}, 60_000);
