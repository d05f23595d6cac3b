import {
  type Authorizer,
  defineService,
  type Logger,
  type ServiceDefinition,
  type SettingsReader,
  type SiteGate,
} from "@wenku/kit";
import { CategoryAPI } from "@wenku/proto/api/v1/category_pb.js";
import { LanguageAPI } from "@wenku/proto/api/v1/language_pb.js";
import { createCategoryHandlers } from "./categories/category.handlers.js";
import { createCategoryRepository } from "./categories/category.repository.js";
import { createCategoryService } from "./categories/category.service.js";
import type { Db } from "./db.js";
import { createLanguageHandlers } from "./languages/language.handlers.js";
import { createLanguageRepository } from "./languages/language.repository.js";
import { createLanguageService } from "./languages/language.service.js";

export interface ContentServerDeps {
  db: Db;
  authorizer: Authorizer;
  internalToken: string;
  log: Logger;
  /** The public site settings (display.hide_category_without_document). */
  settings: SettingsReader;
  siteGate?: SiteGate;
}

/**
 * The content service: categories and languages are built; the RPCs of slices not built yet
 * (documents, attachments, articles, comments, search …) answer Unimplemented after the access
 * policy ran.
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
    ],
  });
}
