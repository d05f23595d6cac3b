// A library on disk into a running site, through the same public API as a person's upload: each file hashed
// (streamed), checked against the site by its hash before any byte is sent, uploaded (or its stored content
// linked), published in its category; a few files in flight at once. Entry point of @wenku/import.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { basename, dirname, extname } from "node:path";
import { pipeline } from "node:stream/promises";
import * as api from "./api.js";
import { createCategories, pathParts } from "./categories.js";
import { type ManifestEntry, readManifest } from "./manifest.js";
import type { ImportOptions } from "./options.js";
import type { Counts, Progress } from "./progress.js";
import { createSite, SiteError } from "./site.js";
import { openState, statePath } from "./state.js";
import { countFiles, type Found, files } from "./walk.js";

export { ManifestError } from "./manifest.js";
export { type ImportOptions, parseOptions, USAGE, UsageError } from "./options.js";
export { createProgress } from "./progress.js";
export { SiteError } from "./site.js";

export interface Refusal {
  file: string;
  reason: string;
}

export interface Summary extends Counts {
  /** Files published without uploading (their content was already stored). */
  linked: number;
  /** Skipped by the resume state (done in an earlier run). */
  known: number;
  refusals: Refusal[];
  failures: Refusal[];
  /** Why the run stopped before the end (the site's upload quota used up; an interrupt); "" when it did not. */
  halted: string;
  seconds: number;
}

export interface RunDeps {
  progress: Progress;
  /** Ends the run early (an interrupt): files in flight stop, the rest is not started. */
  signal?: AbortSignal;
  /** Backoff base of retries (tests shorten it). */
  backoffMs?: number;
}

type Outcome =
  | { kind: "imported"; linked: boolean }
  | { kind: "duplicate"; reason: string }
  | { kind: "known" }
  | { kind: "refused"; reason: string }
  | { kind: "failed"; reason: string };

const TITLE_MAX = 255;

async function md5(path: string, signal: AbortSignal): Promise<string> {
  const h = createHash("md5");
  await pipeline(createReadStream(path), h, { signal });
  return h.digest("hex");
}

/** Runs the import; resolves with the summary (exit code 0 only when nothing failed). */
export async function runImport(o: ImportOptions, deps: RunDeps): Promise<Summary> {
  const started = Date.now();
  const { progress } = deps;
  const site = createSite({ url: o.url, retries: o.retries, backoffMs: deps.backoffMs });
  const manifest = await readManifest(o.folder);
  await api.signIn(site, o.auth);
  const rules = await api.siteRules(site);
  const languageId = await api.languageId(site, o.language);
  const categories = createCategories(site, { dryRun: o.dryRun });
  const state = await openState(statePath(o.stateDir, o.url, o.folder), { write: !o.dryRun });
  const skip = (rel: string) => rel === manifest.name;

  const c: Summary = {
    done: 0,
    total: await countFiles(o.folder, skip),
    imported: 0,
    duplicates: 0,
    refused: 0,
    failed: 0,
    linked: 0,
    known: 0,
    refusals: [],
    failures: [],
    halted: "",
    seconds: 0,
  };
  if (!o.dryRun && rules.uploadsPerDay > 0 && c.total > rules.uploadsPerDay) {
    progress.log(
      `注意：站点限制每人每日上传 ${rules.uploadsPerDay} 个文档（系统设置 → 安全配置 → 每人每日上传文档数量上限），` +
        `本次有 ${c.total} 个文件；用完后导入会停下，可调高上限或次日重新运行继续`,
    );
  }
  /** Content hashes of this run, so two copies in the folder publish once. */
  const seen = new Map<string, string>();

  async function one(f: Found): Promise<Outcome> {
    const ext = extname(f.rel).toLowerCase();
    if (!rules.allowedExt.has(ext)) {
      return {
        kind: "refused",
        reason: `站点不允许 ${ext || "无扩展名"} 文件（允许：${[...rules.allowedExt].join(" ")}）`,
      };
    }
    const s = await stat(f.path);
    const stamp = { size: s.size, mtimeMs: s.mtimeMs };
    if (s.size === 0) return { kind: "refused", reason: "空文件" };
    if (rules.maxBytes > 0 && s.size > rules.maxBytes) {
      return { kind: "refused", reason: `超过站点的大小限制（${rules.maxBytes / 1024 / 1024} MB）` };
    }
    if (state.known(f.rel, stamp)) return { kind: "known" };
    const meta: ManifestEntry = manifest.entries.get(f.rel) ?? {};
    const path = meta.category ?? [o.category, ...pathParts(dirname(f.rel).replace(/^\.$/, ""))].join("/");
    if (!pathParts(path).length)
      return { kind: "refused", reason: "没有分类：用 --category、子文件夹或清单的 category 指定" };
    const title = meta.title ?? [...basename(f.rel, extname(f.rel))].slice(0, TITLE_MAX).join("");

    const signal = AbortSignal.any([AbortSignal.timeout(o.timeoutMs), ...(deps.signal ? [deps.signal] : [])]);
    const hash = await md5(f.path, signal);
    const twin = seen.get(hash);
    if (twin !== undefined) return { kind: "duplicate", reason: `与 ${twin} 内容相同` };
    seen.set(hash, f.rel);
    const found = await api.exists(site, hash, signal);
    if (found.documentId) {
      state.done(f.rel, stamp);
      return { kind: "duplicate", reason: `站点已有该文档（id ${found.documentId}）` };
    }
    const price = meta.price ?? o.price;
    if (o.dryRun) {
      await categories.resolve(path);
      progress.log(
        `将导入 ${f.rel} → 「${title}」 分类 ${pathParts(path).join("/")}，价格 ${price}${found.attachmentId ? "（内容已在站点，不再上传）" : ""}`,
      );
      return { kind: "imported", linked: found.attachmentId > 0 };
    }
    const categoryId = await categories.resolve(path);
    const attachmentId = found.attachmentId || (await api.upload(site, f.path, basename(f.rel), signal));
    await api.createDocument(
      site,
      {
        attachmentId,
        title,
        categoryId,
        languageId,
        price,
        keywords: (meta.tags ?? []).join(","),
        description: meta.description ?? "",
      },
      signal,
    );
    state.done(f.rel, stamp);
    return { kind: "imported", linked: found.attachmentId > 0 };
  }

  function record(f: Found, r: Outcome) {
    c.done++;
    switch (r.kind) {
      case "imported":
        c.imported++;
        if (r.linked) c.linked++;
        break;
      case "known":
        c.known++;
        c.duplicates++;
        break;
      case "duplicate":
        c.duplicates++;
        progress.log(`跳过 ${f.rel}：${r.reason}`);
        break;
      case "refused":
        c.refused++;
        c.refusals.push({ file: f.rel, reason: r.reason });
        progress.log(`拒绝 ${f.rel}：${r.reason}`);
        break;
      case "failed":
        c.failed++;
        c.failures.push({ file: f.rel, reason: r.reason });
        progress.log(`失败 ${f.rel}：${r.reason}`);
        break;
    }
    progress.update(c);
  }

  const reason = (err: unknown): string => {
    if (err instanceof SiteError) return err.status ? `${err.message}（HTTP ${err.status}）` : err.message;
    if (err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError")) {
      return deps.signal?.aborted ? "已中断" : `超时（${o.timeoutMs / 1000} 秒）`;
    }
    return (err as Error).message ?? String(err);
  };

  progress.start(c.total);
  const queue = files(o.folder);
  const failed = (err: unknown): Outcome => {
    // the site refuses uploads until later: the files after this one would all be refused the same way
    if (err instanceof SiteError && err.exhausted) c.halted ||= err.message;
    return { kind: "failed", reason: reason(err) };
  };
  const worker = async () => {
    for (;;) {
      if (c.halted) return;
      if (deps.signal?.aborted) {
        c.halted ||= "已中断";
        return;
      }
      const next = await queue.next();
      if (next.done) return;
      const f = next.value;
      if (skip(f.rel)) continue;
      record(f, await one(f).catch(failed));
    }
  };
  try {
    await Promise.all(Array.from({ length: o.concurrency }, worker));
  } finally {
    await queue.return(undefined);
    progress.stop(c);
    await state.close();
  }
  c.seconds = (Date.now() - started) / 1000;
  return c;
}

/** The summary as printed at the end. */
export function formatSummary(s: Summary, o: { dryRun: boolean }): string {
  const lines = [
    o.dryRun ? "演练（--dry-run）：未上传、未创建任何内容" : "",
    `${o.dryRun ? "将导入" : "已导入"} ${s.imported}（其中 ${s.linked} 个内容已在站点，未重新上传）`,
    `跳过重复 ${s.duplicates}（其中 ${s.known} 个在上次运行中已导入）`,
    `拒绝 ${s.refused}`,
    ...s.refusals.map((r) => `  ${r.file}：${r.reason}`),
    `失败 ${s.failed}`,
    ...s.failures.map((r) => `  ${r.file}：${r.reason}`),
    s.halted ? `未处理 ${s.total - s.done}：导入提前停止（${s.halted}），重新运行即可从这里继续` : "",
    `共 ${s.done} 个文件，用时 ${s.seconds.toFixed(1)} 秒（${(s.done / Math.max(s.seconds, 0.001)).toFixed(1)} 个/秒）`,
  ];
  return lines.filter(Boolean).join("\n");
}
