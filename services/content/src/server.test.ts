// buildServer wires every RPC of the content service's built APIs to a handler: a method left out of
// the composition would answer Unimplemented (501) instead of failing loudly here. No database: the
// repositories are built over a stand-in that no handler is called against.
import type { DescService } from "@bufbuild/protobuf";
import type { ConnectRouter } from "@connectrpc/connect";
import type { Authorizer, Logger, SettingsReader } from "@wenku/kit";
import type { RateLimitStore } from "@wenku/kit/ratelimit";
import type { Storage } from "@wenku/kit/storage";
import { ArticleAPI } from "@wenku/proto/api/v1/article_pb.js";
import { AttachmentAPI } from "@wenku/proto/api/v1/attachment_pb.js";
import { CategoryAPI } from "@wenku/proto/api/v1/category_pb.js";
import { ContentInternalAPI } from "@wenku/proto/api/v1/content_internal_pb.js";
import { DocumentAPI, RecycleAPI } from "@wenku/proto/api/v1/document_pb.js";
import { FavoriteAPI } from "@wenku/proto/api/v1/favorite_pb.js";
import { LanguageAPI } from "@wenku/proto/api/v1/language_pb.js";
import { ReadingAPI } from "@wenku/proto/api/v1/reading_pb.js";
import { ReportAPI } from "@wenku/proto/api/v1/report_pb.js";
import { SearchAPI } from "@wenku/proto/api/v1/search_pb.js";
import { SearchRecordAPI } from "@wenku/proto/api/v1/searchrecord_pb.js";
import type { SearchIndex, SearchIndexer } from "@wenku/search";
import type { Db } from "./db.js";
import { buildServer } from "./server.js";

const BUILT = [
  ArticleAPI,
  FavoriteAPI,
  ReportAPI,
  ReadingAPI,
  CategoryAPI,
  LanguageAPI,
  DocumentAPI,
  RecycleAPI,
  AttachmentAPI,
  ContentInternalAPI,
  SearchAPI,
  SearchRecordAPI,
];

function registered(): Map<string, { svc: DescService; impl: Record<string, unknown> }> {
  const log = { child: () => log, info() {}, warn() {}, error() {}, debug() {} } as unknown as Logger;
  const definition = buildServer({
    db: {} as Db,
    storage: {} as Storage,
    search: {} as SearchIndex,
    indexer: {
      reindex: async () => undefined,
      rebuild: async () => undefined,
      progress: () => ({ running: false, total: 0, done: 0, error: "" }),
      articles: {} as SearchIndexer,
    },
    searchRecorder: { record() {} },
    authorizer: {} as Authorizer,
    internalToken: "x".repeat(32),
    log,
    settings: {} as SettingsReader,
    users: {
      policy: async () => ({ allowed: true, reason: "", needsReview: false }),
      users: async () => new Map(),
      setAvatar: async () => {},
      verifyCaptcha: async () => {},
    },
    conversions: { request: async () => {} },
    documents: { changed: async () => {}, onChanged() {} },
    rateLimits: { limiter: () => ({}) } as unknown as RateLimitStore,
  });
  const out = new Map<string, { svc: DescService; impl: Record<string, unknown> }>();
  const router = {
    service(svc: DescService, impl: Record<string, unknown>) {
      out.set(svc.typeName, { svc, impl });
      return router;
    },
  } as unknown as ConnectRouter;
  definition.routes(router);
  return out;
}

/** Methods of slices not built yet (search, scores, VIP downloads, article search …): Unimplemented for now. */
const NOT_YET = new Set([
  "searchArticle",
  "setArticleIndex",
  "searchDocument",
  "setDocumentIndex",
  "detectDocumentLanguage",
]);

test("every method of the built APIs has a handler, and no handler names a method the contract lacks", () => {
  const services = registered();
  for (const api of BUILT) {
    const impl = services.get(api.typeName)?.impl ?? {};
    const methods = api.methods.map((m) => m.localName);
    expect(methods.filter((m) => typeof impl[m] !== "function" && !NOT_YET.has(m))).toEqual([]);
    expect(Object.keys(impl).filter((k) => !methods.includes(k))).toEqual([]);
  }
});

test("every contract service of the content deployable is registered, wired whole or not at all", () => {
  const services = registered();
  expect(services.size).toBeGreaterThan(BUILT.length);
  for (const { svc, impl } of services.values()) {
    const missing = svc.methods.filter((m) => typeof impl[m.localName] !== "function" && !NOT_YET.has(m.localName));
    if (Object.keys(impl).length) expect([svc.typeName, missing]).toEqual([svc.typeName, []]);
  }
});
