import {
  type Authorizer,
  defineService,
  type Logger,
  type ServiceDefinition,
  type SettingsReader,
  type SiteGate,
} from "@wenku/kit";
import type { RateLimitStore } from "@wenku/kit/ratelimit.js";
import type { Storage } from "@wenku/kit/storage/index.js";
import { AttachmentAPI } from "@wenku/proto/api/v1/attachment_pb.js";
import { CategoryAPI } from "@wenku/proto/api/v1/category_pb.js";
import { DocumentAPI, RecycleAPI } from "@wenku/proto/api/v1/document_pb.js";
import { ContentInternalAPI } from "@wenku/proto/api/v1/internal_pb.js";
import { LanguageAPI } from "@wenku/proto/api/v1/language_pb.js";
import { createCategoryHandlers } from "./categories/category.handlers.js";
import { createCategoryRepository } from "./categories/category.repository.js";
import { createCategoryService } from "./categories/category.service.js";
import type { ConverterAvailability } from "./conversion/tools.js";
import type { Db } from "./db.js";
import type { DocumentEvents } from "./documents/document.events.js";
import { createDocumentHandlers } from "./documents/document.handlers.js";
import { createRecycleHandlers } from "./documents/recycle.handlers.js";
import { createAttachmentHandlers } from "./files/attachment.handlers.js";
import { createFileHandlers } from "./files/file.handlers.js";
import { createLanguageHandlers } from "./languages/language.handlers.js";
import { createLanguageRepository } from "./languages/language.repository.js";
import { createLanguageService } from "./languages/language.service.js";
import type { ConversionQueue, UserDirectory } from "./ports.js";
import { createContentInternalHandlers } from "./stats/stats.handlers.js";

export interface ContentServerDeps {
  db: Db;
  /** Originals, page images, covers. */
  storage: Storage;
  authorizer: Authorizer;
  /** Also the root of the download-link signing key (never a configurable default like moredoc's). */
  internalToken: string;
  log: Logger;
  /** The public site settings (display, security upload limits, converter preview limits, download). */
  settings: SettingsReader;
  siteGate?: SiteGate;
  users: UserDirectory;
  conversions: ConversionQueue;
  /** Changes of documents' visibility and pages: announced by the writers, heard by the page cache. */
  documents: DocumentEvents;
  /** Shared counters of the per-user upload quotas (PostgreSQL). */
  rateLimits: RateLimitStore;
  /** Which formats this process can convert (LibreOffice found?); unset: all of them. */
  converters?: ConverterAvailability;
}

/**
 * The content service: categories, languages, documents (with their recycle bin), uploaded files
 * and page images. RPCs of slices not built yet (articles, comments, search …) answer Unimplemented
 * after the access policy ran.
 */
export function buildServer(deps: ContentServerDeps): ServiceDefinition {
  return defineService({
    name: "content",
    log: deps.log,
    authorizer: deps.authorizer,
    internalToken: deps.internalToken,
    siteGate: deps.siteGate,
    readiness: [async () => void (await deps.db.$queryRaw`SELECT 1`)],
    impls: [
      [CategoryAPI, createCategoryHandlers(createCategoryService(createCategoryRepository(deps.db), deps.settings))],
      [LanguageAPI, createLanguageHandlers(createLanguageService(createLanguageRepository(deps.db)))],
      // Document metadata, review and lists; the file side (upload, pages, downloads) of the same API.
      [DocumentAPI, { ...createDocumentHandlers(deps), ...createFileHandlers(deps) }],
      [RecycleAPI, createRecycleHandlers(deps)],
      [AttachmentAPI, createAttachmentHandlers(deps)],
      [ContentInternalAPI, createContentInternalHandlers(deps.db)],
    ],
  });
}
