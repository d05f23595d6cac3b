import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { outputKeys } from "@wenku/converter/contract";
import { type CallContext, createLogger, DomainError } from "@wenku/kit";
import { createStorage, type Storage } from "@wenku/kit/storage";
import type { DocumentRepository } from "./document.repository.js";
import {
  createDocumentTextSearch,
  keywordPattern,
  searchPages,
  TEXT_SEARCH_MAX_CHARS,
  textSearchMessages,
} from "./document.text-search.js";
import { createReadingRule } from "./reading.js";
import { DocStatus } from "./visibility.js";

describe("document text search matching", () => {
  it("refuses an empty or too long keyword with a message", () => {
    expect(() => keywordPattern("   ")).toThrow(new DomainError("invalid_argument", textSearchMessages.empty));
    expect(() => keywordPattern("字".repeat(TEXT_SEARCH_MAX_CHARS + 1))).toThrow(textSearchMessages.tooLong);
    expect(() => keywordPattern("字".repeat(TEXT_SEARCH_MAX_CHARS))).not.toThrow();
  });

  it("finds a case-insensitive substring per page, with highlights on exactly what matched", () => {
    const pages = ["nothing here", "Alpha beta ALPHABET", "", "文库转换，文库"];
    const r = searchPages(pages, 4, keywordPattern(" alpha "));
    expect(r.total).toBe(2);
    expect(r.hits.map((h) => [h.page, h.count])).toEqual([[2, 2]]);
    const hit = r.hits[0] as (typeof r.hits)[number];
    const marked = [];
    for (let i = 0; i < hit.highlights.length; i += 2)
      marked.push(hit.text.slice(hit.highlights[i], hit.highlights[i + 1]));
    expect(marked).toEqual(["Alpha", "ALPHA"]);
    const cjk = searchPages(pages, 4, keywordPattern("文库"));
    expect(cjk.hits.map((h) => [h.page, h.count])).toEqual([[4, 2]]);
  });

  it("lets whitespace in the keyword match a line break and treats regex characters literally", () => {
    expect(searchPages(["page\none (a+b)"], 1, keywordPattern("page one")).total).toBe(1);
    expect(searchPages(["aab"], 1, keywordPattern("a+b")).total).toBe(0);
  });

  it("counts pages past the preview without showing them", () => {
    const r = searchPages(["secret", "public", "secret", "secret"], 2, keywordPattern("secret"));
    expect(r.hits.map((h) => h.page)).toEqual([1]);
    expect(r.total).toBe(1);
    expect(r.pagesBeyondPreview).toBe(2);
  });
});

describe("document text search: the text cache", () => {
  const hash = "c".repeat(32);
  const visitor: CallContext = { identity: null, clientIp: "127.0.0.1", requestId: "r", internal: false };
  let dir: string;
  let storage: Storage;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "text-search-"));
    storage = await createStorage({ STORAGE_DIR: dir });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** The converter's outputs of `hash`: one page holding `text`. */
  async function convert(text: string) {
    const keys = outputKeys(hash);
    await storage.put(keys.text, Buffer.from(text));
    const manifest = { version: 2, hash, pages: 1, rendered: 1, pageTextEnds: [Buffer.byteLength(text)] };
    await storage.put(keys.manifest, Buffer.from(JSON.stringify(manifest)));
  }

  it("reads a reconverted file's new text at once (the document's updated_at moved), else keeps what it read", async () => {
    const doc = {
      id: 7n,
      userId: 1n,
      status: DocStatus.converted,
      deletedAt: null,
      pages: 1,
      preview: 0,
      attachmentHash: hash,
      updatedAt: new Date("2026-01-01T00:00:00Z"),
    };
    const search = createDocumentTextSearch({
      repo: { byId: (async () => doc) as unknown as DocumentRepository["byId"] },
      reading: createReadingRule(async () => false),
      storage,
      log: createLogger({ service: "test", level: "silent" }),
    });
    const total = async (wd: string) => (await search.search(visitor, { id: doc.id, wd })).total;
    await convert("first draft");
    expect(await total("draft")).toBe(1);
    await convert("final text"); // rewritten, the document not yet updated: the cached text still answers
    expect([await total("draft"), await total("final")]).toEqual([1, 0]);
    doc.updatedAt = new Date("2026-01-02T00:00:00Z"); // the conversion marked it converted again
    expect([await total("draft"), await total("final")]).toEqual([0, 1]);
  });
});
