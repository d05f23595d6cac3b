import { type Authorizer, defineService, type Logger, type ServiceDefinition, type SiteGate } from "@wenku/kit";
import type { Storage } from "@wenku/kit/storage";
import { SpiderDocumentAPI, SpiderUrlAPI } from "@wenku/proto/api/v1/spider_pb.js";
import type { Db } from "./db.js";
import { createDocHandlers } from "./documents/document.handlers.js";
import { createDocRepository } from "./documents/document.repository.js";
import { createDocService } from "./documents/document.service.js";
import type { SpiderJobs } from "./jobs/queue.js";
import { createUrlHandlers } from "./urls/url.handlers.js";
import { createUrlRepository } from "./urls/url.repository.js";
import { createUrlService } from "./urls/url.service.js";

export interface SpiderServerDeps {
  db: Db;
  jobs: SpiderJobs;
  storage: Storage;
  log: Logger;
  authorizer: Authorizer;
  internalToken: string;
  siteGate?: SiteGate;
}

/** buildServer(deps): repositories → domain → handlers of SpiderUrlAPI and SpiderDocumentAPI. */
export function buildServer(d: SpiderServerDeps): ServiceDefinition {
  const urls = createUrlService({ repo: createUrlRepository(d.db), jobs: d.jobs });
  const docs = createDocService({ repo: createDocRepository(d.db), jobs: d.jobs, storage: d.storage });
  return defineService({
    name: "spider",
    impls: [
      [SpiderUrlAPI, createUrlHandlers(urls)],
      [SpiderDocumentAPI, createDocHandlers(docs)],
    ],
    authorizer: d.authorizer,
    internalToken: d.internalToken,
    log: d.log,
    siteGate: d.siteGate,
    readiness: [async () => void (await d.db.$queryRaw`SELECT 1`)],
  });
}
