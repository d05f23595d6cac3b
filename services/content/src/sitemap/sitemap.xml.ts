// Sitemap XML (sitemaps.org protocol 0.9), written as a stream: each shard is generated entry by entry
// straight into storage (never one 50 MB string), split before it passes 50,000 URLs or 50 MB.
//
// Every <loc> holds a path ("/document/12"), not an absolute URL: the gateway puts the site's origin
// in front of it when it serves the file (gateway/src/seo/sitemap.ts), so a change of the `domain`
// setting, or a site reached under several hosts while it is unset, needs no rebuild. The size limit
// reserves ORIGIN_RESERVE_BYTES per <loc> for that origin.
import { Readable } from "node:stream";
import type { Storage } from "@wenku/kit/storage";

/** The protocol's limits of one sitemap file (and of the index's entries). */
export const SITEMAP_LIMITS = { urls: 50_000, bytes: 50 * 1024 * 1024 };
/** Bytes counted per <loc> for the origin the gateway adds (its `domain` longer than this is refused there). */
export const ORIGIN_RESERVE_BYTES = 256;

const NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN = `${HEAD}<urlset xmlns="${NS}">\n`;
const URLSET_CLOSE = "</urlset>\n";
const INDEX_OPEN = `${HEAD}<sitemapindex xmlns="${NS}">\n`;
const INDEX_CLOSE = "</sitemapindex>\n";
/** Entries are handed to storage in pieces of about this many characters. */
const PIECE = 64 * 1024;

const ENTITIES = new Map<string, string>(
  Object.entries({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" }),
);
// Characters XML 1.0 does not allow at all (C0 controls but tab/LF/CR, lone surrogates, U+FFFE/FFFF).
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text safe inside an XML element or attribute value: the five special characters escaped, characters XML forbids dropped. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, "").replace(/[&<>"']/g, (c) => ENTITIES.get(c) as string);
}

export interface SitemapEntry {
  /** The page's path on the site, starting with "/". */
  path: string;
  lastmod: Date;
}

/** One stored file: its name, URL count, stored size and newest lastmod (null when it has no URLs). */
export interface ShardInfo {
  name: string;
  urls: number;
  bytes: number;
  lastmod: Date | null;
}

function locOf(path: string): string {
  if (!path.startsWith("/") || path.startsWith("//")) throw new Error(`sitemap: ${JSON.stringify(path)} is not a path`);
  return `<loc>${escapeXml(path)}</loc>`;
}

export function urlElement(e: SitemapEntry): string {
  return `<url>${locOf(e.path)}<lastmod>${e.lastmod.toISOString()}</lastmod></url>\n`;
}

const newer = (a: Date | null, b: Date) => (a === null || b > a ? b : a);

/** The entries not yet written; `head` is the next one (read ahead to know whether it still fits). */
interface Cursor {
  it: AsyncIterator<SitemapEntry>;
  head: IteratorResult<SitemapEntry>;
}

const URLSET_FIXED = Buffer.byteLength(URLSET_OPEN) + Buffer.byteLength(URLSET_CLOSE);

/** One shard's bytes: entries from the cursor while they fit, counted into `shard` as they go. */
async function* shardBody(cursor: Cursor, shard: ShardInfo, limits: typeof SITEMAP_LIMITS): AsyncGenerator<Buffer> {
  let budget = URLSET_FIXED;
  let piece = URLSET_OPEN;
  for (let head = cursor.head; !head.done; head = cursor.head) {
    const line = urlElement(head.value);
    const cost = Buffer.byteLength(line) + ORIGIN_RESERVE_BYTES;
    // a shard holds at least one URL, whatever its size, so that the split always moves on
    if (shard.urls > 0 && (shard.urls >= limits.urls || budget + cost > limits.bytes)) break;
    piece += line;
    budget += cost;
    shard.urls++;
    shard.lastmod = newer(shard.lastmod, head.value.lastmod);
    if (piece.length >= PIECE) {
      yield Buffer.from(piece);
      piece = "";
    }
    cursor.head = await cursor.it.next();
  }
  yield Buffer.from(piece + URLSET_CLOSE);
}

/**
 * Writes `entries` as `<key prefix><section>-1.xml`, `-2.xml` …, each within `limits` (the byte limit
 * counted with ORIGIN_RESERVE_BYTES per URL), streamed into storage one shard after the other. No
 * entries: no shard. Each put is atomic: a reader sees the previous shard or the new one.
 */
export async function writeShards(
  storage: Storage,
  keyPrefix: string,
  section: string,
  entries: AsyncIterable<SitemapEntry>,
  limits = SITEMAP_LIMITS,
): Promise<ShardInfo[]> {
  const it = entries[Symbol.asyncIterator]();
  const cursor: Cursor = { it, head: await it.next() };
  const shards: ShardInfo[] = [];
  while (!cursor.head.done) {
    const shard: ShardInfo = { name: `${section}-${shards.length + 1}.xml`, urls: 0, bytes: 0, lastmod: null };
    const { size } = await storage.put(keyPrefix + shard.name, Readable.from(shardBody(cursor, shard, limits)), {
      contentType: "application/xml",
    });
    shards.push({ ...shard, bytes: size });
  }
  return shards;
}

/** The sitemap index naming each shard at `<shardPath><name>` with its newest lastmod. */
export function indexXml(shards: readonly ShardInfo[], shardPath: string): string {
  if (shards.length > SITEMAP_LIMITS.urls) throw new Error(`sitemap: ${shards.length} shards exceed one index`);
  const items = shards.map(
    (s) =>
      `<sitemap>${locOf(shardPath + s.name)}${s.lastmod ? `<lastmod>${s.lastmod.toISOString()}</lastmod>` : ""}</sitemap>\n`,
  );
  return INDEX_OPEN + items.join("") + INDEX_CLOSE;
}
