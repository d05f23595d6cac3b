// Whether the document or category a page URL names exists for the caller, so that a crawler gets
// 404 for /document/{id} of a missing or hidden document. Asked of the content service with the
// caller's headers; only a definite "not found" makes a 404: an unavailable service or a timeout
// answers the page as found (200), never an error.
import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, type Transport } from "@connectrpc/connect";
import { CategoryAPI, ListCategoryRequestSchema } from "@wenku/proto/api/v1/category_pb.js";
import { DocumentAPI, DocumentSchema } from "@wenku/proto/api/v1/document_pb.js";
import { CategoryType } from "@wenku/proto/api/v1/enums_pb.js";
import type { ForwardHeaders } from "../rest/handler.js";

export interface ProbeDeps {
  content: Transport;
  /** Deadline of one probe: short, the page itself does not wait on it otherwise. */
  timeoutMs: number;
  /** How long the visible category ids are reused (every visitor sees the same set). */
  categoryTtlMs?: number;
  now?: () => number;
}

/** true: it exists (or cannot be told); false: the page must answer 404. */
export type Probe = (pathname: string, headers: ForwardHeaders) => Promise<boolean>;

const INT64_MAX = 9_223_372_036_854_775_807n;
const DOCUMENT = /^\/document\/([^/]+)\/?$/i;
const CATEGORY = /^\/category\/([^/]+)\/?$/i;

/** The id the web app would read from the URL (a positive int64 in decimal), else null (its not-found page). */
function idOf(raw: string): bigint | null {
  if (!/^[0-9]{1,19}$/.test(raw)) return null;
  const id = BigInt(raw);
  return id > 0n && id <= INT64_MAX ? id : null;
}

export function createProbe(deps: ProbeDeps): Probe {
  const ttl = deps.categoryTtlMs ?? 5_000;
  const now = deps.now ?? Date.now;
  let categories: { at: number; ids: Promise<Set<bigint> | null> } | null = null;

  const call = async <T>(run: (signal: AbortSignal) => Promise<T>): Promise<T | "missing" | "unknown"> => {
    try {
      return await run(AbortSignal.timeout(deps.timeoutMs));
    } catch (err) {
      return ConnectError.from(err).code === Code.NotFound ? "missing" : "unknown";
    }
  };

  // GetRelatedDocuments applies the same visibility rule as GetDocument but, unlike it, does not
  // count a view: the page's own GetDocument counts it once.
  const documentExists = async (id: bigint, headers: ForwardHeaders) => {
    const r = await call((signal) =>
      deps.content.unary(
        DocumentAPI.method.getRelatedDocuments,
        signal,
        deps.timeoutMs,
        new Headers(headers),
        create(DocumentSchema, { id }),
        undefined,
      ),
    );
    return r !== "missing";
  };

  // The same query as the category page: enabled document categories the visitor may see.
  const visibleCategories = async (headers: ForwardHeaders): Promise<Set<bigint> | null> => {
    const r = await call((signal) =>
      deps.content.unary(
        CategoryAPI.method.listCategory,
        signal,
        deps.timeoutMs,
        new Headers(headers),
        create(ListCategoryRequestSchema, { page: 1n, size: 10_000n, type: [CategoryType.DOCUMENT], enable: [true] }),
        undefined,
      ),
    );
    if (typeof r === "string") return null;
    const ids = new Set(r.message.category.map((c) => c.id));
    return BigInt(ids.size) < r.message.total ? null : ids; // a partial list cannot prove absence
  };

  return async (pathname, headers) => {
    const doc = DOCUMENT.exec(pathname);
    if (doc) {
      const id = idOf(doc[1] as string);
      return id !== null && documentExists(id, headers);
    }
    const cat = CATEGORY.exec(pathname);
    if (cat) {
      const id = idOf(cat[1] as string);
      if (id === null) return false;
      // Staff see disabled categories too: only anonymous answers are shared.
      if (headers.authorization) return (await visibleCategories(headers))?.has(id) ?? true;
      if (!categories || now() - categories.at > ttl) categories = { at: now(), ids: visibleCategories(headers) };
      const ids = await categories.ids;
      if (ids === null) categories = null; // not cached: ask again next time
      return ids?.has(id) ?? true;
    }
    return true;
  };
}
