// The sitemap's files and their rebuild. Where they live: in object storage under sitemap/, written
// by the content service (which owns the rows they list) and served by the gateway through
// ContentInternalAPI.GetSitemapFile — moredoc's ./sitemap directory, but shared by every replica of
// every service (local disk in one-process mode, S3/MinIO in a cluster). Generating them on each
// request instead would read every visible document per crawler fetch and could not promise a
// shard's contents between the index and the shard fetched a moment later; storage gives atomic
// files and costs one stat per fetch.
//
// A build writes each section's shards, then the index, then a note of when it began (never served),
// then removes shards the index no longer names. Builds come from the config service's schedule, PUT
// /api/v1/sitemap, the first request for a sitemap never built, and the follower (sitemap.follow.ts)
// after changes: a second request while one runs joins it.
import { createHash } from "node:crypto";
import { DomainError, type Logger, type SiteGate } from "@wenku/kit";
import type { Storage } from "@wenku/kit/storage";
import { etagMatches } from "../files/file.rules.js";
import { type FileChunkInit, openObject, withData } from "../files/file.stream.js";
import type { SitemapSection } from "./sitemap.source.repository.js";
import { indexXml, type ShardInfo, writeShards } from "./sitemap.xml.js";

/** Storage keys: sitemap/sitemap.xml (the index) and sitemap/<section>-N.xml. */
export const SITEMAP_PREFIX = "sitemap/";
export const INDEX_NAME = "sitemap.xml";
/** When the build that wrote the stored index began (ISO 8601): the follower's dedupe across replicas. */
const BUILT_FROM_KEY = `${SITEMAP_PREFIX}built-from`;
/** The shards' public path (the gateway's /sitemap/<name> route). */
export const SHARD_PATH = "/sitemap/";
/** A file name a request may ask for: the index or a shard. */
const FILE_NAME = /^(?:sitemap|[a-z]{1,32}-[1-9][0-9]{0,5})\.xml$/;

export const sitemapMessages = {
  noFile: "站点地图不存在",
} as const;

export interface SitemapStatusView {
  builtAt: Date | null;
  rebuilt: boolean;
  shards: ShardInfo[];
}

export interface SitemapBuilderDeps {
  storage: Storage;
  sections: readonly SitemapSection[];
  /** A site closed to visitors (closed, or login required) serves no sitemap. */
  siteGate?: SiteGate;
  log: Logger;
  clock?: () => Date;
}

export function createSitemapBuilder(deps: SitemapBuilderDeps) {
  const { storage, log } = deps;
  const now = deps.clock ?? (() => new Date());
  let running: Promise<SitemapStatusView> | null = null;
  /** The build that starts when the running one ends: shared by every caller asking meanwhile. */
  let next: Promise<SitemapStatusView> | null = null;

  /** A build that starts now or, while one runs (it may have read the rows before the caller's change), after it. */
  function freshBuild(): Promise<SitemapStatusView> {
    if (!running) {
      running = build().finally(() => {
        running = null;
      });
      return running;
    }
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return freshBuild();
      });
    return next;
  }

  async function build(): Promise<SitemapStatusView> {
    const started = now();
    const shards: ShardInfo[] = [];
    for (const section of deps.sections) {
      shards.push(...(await writeShards(storage, SITEMAP_PREFIX, section.name, section.entries())));
    }
    await storage.put(SITEMAP_PREFIX + INDEX_NAME, Buffer.from(indexXml(shards, SHARD_PATH)), {
      contentType: "application/xml",
    });
    // After the index: a crash between the two leaves an older note, which only costs a build.
    await storage.put(BUILT_FROM_KEY, Buffer.from(started.toISOString()), { contentType: "text/plain" });
    // Shards of earlier builds the index no longer names; one another replica wrote since this build
    // started stays (its index may name it).
    const kept = new Set([INDEX_NAME, ...shards.map((s) => s.name)].map((n) => SITEMAP_PREFIX + n));
    kept.add(BUILT_FROM_KEY);
    for await (const o of storage.list(SITEMAP_PREFIX)) {
      if (!kept.has(o.key) && o.lastModified < started) await storage.delete(o.key);
    }
    const urls = shards.reduce((n, s) => n + s.urls, 0);
    log.info({ shards: shards.length, urls, ms: now().getTime() - started.getTime() }, "sitemap written");
    return {
      builtAt: (await storage.stat(SITEMAP_PREFIX + INDEX_NAME))?.lastModified ?? started,
      rebuilt: true,
      shards,
    };
  }

  const builder = {
    /**
     * Writes the sitemap and answers when it is written, by a build that began after this call (one
     * under way waits, then one build serves every caller that asked meanwhile). With `maxAgeSeconds`
     * > 0 (the schedule) a stored one younger than that is left as it is, and a build under way is joined.
     */
    async rebuild(maxAgeSeconds = 0): Promise<SitemapStatusView> {
      if (maxAgeSeconds > 0) {
        if (running) return running;
        const info = await storage.stat(SITEMAP_PREFIX + INDEX_NAME);
        if (info && now().getTime() - info.lastModified.getTime() < maxAgeSeconds * 1000) {
          return { builtAt: info.lastModified, rebuilt: false, shards: [] };
        }
      }
      return freshBuild();
    },

    /** When the build that wrote the stored sitemap began; null when none is stored (or it is unreadable). */
    async builtFrom(): Promise<Date | null> {
      if (!(await storage.stat(BUILT_FROM_KEY))) return null;
      const chunks: Buffer[] = [];
      for await (const c of await storage.get(BUILT_FROM_KEY)) chunks.push(Buffer.from(c as Uint8Array));
      const at = new Date(Buffer.concat(chunks).toString("utf8").trim());
      return Number.isNaN(at.getTime()) ? null : at;
    },

    /**
     * One stored file as FileChunks: its metadata (a not_modified one when `ifNoneMatch` holds), then
     * its bytes; not found while the site is closed to visitors. Errors surface while iterating.
     */
    async *file(name: string, ifNoneMatch: string, signal?: AbortSignal): AsyncGenerator<FileChunkInit> {
      const gate = await deps.siteGate?.current();
      if (!FILE_NAME.test(name) || gate?.closed || gate?.loginRequired) {
        throw new DomainError("not_found", sitemapMessages.noFile);
      }
      const key = SITEMAP_PREFIX + name;
      let info = await storage.stat(key);
      // Never built (a fresh site, before the first schedule): built now, for this request.
      if (!info && !(await storage.stat(SITEMAP_PREFIX + INDEX_NAME))) {
        await (running ?? freshBuild()); // any build will do: none was ever stored
        info = await storage.stat(key);
      }
      if (!info) throw new DomainError("not_found", sitemapMessages.noFile);
      const digest = createHash("sha256").update(`${name}:${info.etag}:${info.size}`).digest("base64url");
      const meta = { etag: `"${digest.slice(0, 27)}"`, cacheControl: "no-cache" };
      if (etagMatches(ifNoneMatch, meta.etag)) {
        yield { ...meta, notModified: true };
        return;
      }
      const body = await openObject(storage, key, sitemapMessages.noFile);
      yield* withData(
        { ...meta, contentType: "application/xml; charset=utf-8", size: BigInt(info.size) },
        body,
        signal,
      );
    },
  };
  return builder;
}

export type SitemapBuilder = ReturnType<typeof createSitemapBuilder>;
