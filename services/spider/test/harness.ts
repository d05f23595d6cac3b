// The spider's workers on a database of their own (cloned from the migrated template), local storage in
// a temp directory, and a bus (in-process unless given): what the service starts, without the RPC edge.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isAllowedExtension } from "@wenku/converter/contract";
import { createLogger } from "@wenku/kit";
import { createBus, type EventBus } from "@wenku/kit/bus";
import type { AllowHosts } from "@wenku/kit/net";
import { createStorage } from "@wenku/kit/storage";
import { createTestDatabase } from "../../../jest/db.js";
import { createHostGate } from "../src/crawl/host-gate.js";
import { createPoliteFetcher } from "../src/crawl/polite.js";
import { createDb, type Db } from "../src/db.js";
import { createDocRepository } from "../src/documents/document.repository.js";
import { createSpiderJobs, type SpiderJobs, spiderChannel } from "../src/jobs/queue.js";
import { type SpiderWorkers, startSpiderWorkers } from "../src/jobs/workers.js";
import type { DocumentImporter } from "../src/ports.js";
import { SPIDER_AGENT } from "../src/service.js";
import { createUrlRepository } from "../src/urls/url.repository.js";

export interface SpiderTestbed {
  db: Db;
  databaseUrl: string;
  storageDir: string;
  /** Starts one instance (workers + its own bus unless given); several share the database. */
  start(o: { allow: AllowHosts; importer?: DocumentImporter; bus?: EventBus; leaseMs?: number }): Promise<{
    jobs: SpiderJobs;
    workers: SpiderWorkers;
    bus: EventBus;
  }>;
  close(): Promise<void>;
}

const noImport: DocumentImporter = {
  async import() {
    throw new Error("no importer in this test");
  },
};

export async function spiderTestbed(): Promise<SpiderTestbed> {
  const database = await createTestDatabase();
  const db = createDb(database.url);
  const storageDir = await mkdtemp(join(tmpdir(), "wenku-spider-"));
  const storage = await createStorage({ STORAGE_DIR: storageDir });
  const log = createLogger({ service: "spider-test", level: process.env.TEST_LOG_LEVEL ?? "silent" });
  const started: Array<{ workers: SpiderWorkers; bus: EventBus; own: boolean }> = [];
  return {
    db,
    databaseUrl: database.url,
    storageDir,
    async start(o) {
      const bus = o.bus ?? (await createBus({ log }));
      const channel = spiderChannel();
      const jobs = createSpiderJobs({ bus, channel, log });
      const workers = await startSpiderWorkers({
        bus,
        channel,
        jobs,
        storage,
        importer: o.importer ?? noImport,
        polite: createPoliteFetcher({
          gate: createHostGate(),
          allow: o.allow,
          timeoutMs: 1_000,
          userAgent: async () => `${SPIDER_AGENT} (+https://wenku.test)`,
        }),
        urls: createUrlRepository(db),
        docs: createDocRepository(db),
        fileFilter: async () => (ext) => isAllowedExtension(ext, []),
        pageMaxBytes: 64 * 1024,
        fileMaxBytes: 1024 * 1024,
        maxPages: 50,
        leaseMs: o.leaseMs,
        log,
      });
      started.push({ workers, bus, own: !o.bus });
      return { jobs, workers, bus };
    },
    async close() {
      for (const s of started.reverse()) {
        await s.workers.stop();
        if (s.own) await s.bus.close();
      }
      await db.$disconnect();
      await database.drop();
      await rm(storageDir, { recursive: true, force: true });
    },
  };
}
