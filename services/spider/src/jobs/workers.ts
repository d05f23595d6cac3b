// The spider's workers: one durable consumer per job kind on the spider stream (replicas share each
// durable, so JetStream hands a message to one of them), each job taken only by claiming its row in
// Postgres (status + lease, `run` numbering the claims): two replicas asked for one URL never fetch it at
// once, and a worker that died leaves a lease that runs out. While working, the lease is renewed and the
// bus told the job is alive. The sweep asks again for rows whose message was lost or whose worker died.
import { type Logger, repeatEvery } from "@wenku/kit";
import type { Consumer, EventBus } from "@wenku/kit/bus";
import type { Storage } from "@wenku/kit/storage";
import { type CrawlDeps, crawlUrl } from "../crawl/crawler.js";
import { downloadDocument } from "../crawl/download.js";
import type { PoliteFetcher } from "../crawl/polite.js";
import type { DocRepository, DocRow } from "../documents/document.repository.js";
import type { DocumentImporter } from "../ports.js";
import { publishDocument } from "../publish/publish.js";
import { DocState } from "../states.js";
import type { UrlRepository } from "../urls/url.repository.js";
import { decodeJob, type JobKind, type SpiderChannel, type SpiderJobs } from "./queue.js";

/** A claim lasts this long unless renewed; a dead worker's job is taken over after it. */
export const LEASE_MS = 60_000;
/** A queued row without a worker for this long is asked for again. */
const STRANDED_MS = 60_000;

export interface WorkerDeps extends Omit<CrawlDeps, "leaseMs"> {
  bus: EventBus;
  channel: SpiderChannel;
  jobs: SpiderJobs;
  storage: Storage;
  importer: DocumentImporter;
  polite: PoliteFetcher;
  fileMaxBytes: number;
  log: Logger;
  urls: UrlRepository;
  docs: DocRepository;
  /** Sweep period (default 30 s); tests shorten it. */
  sweepMs?: number;
  /** Lease length (default LEASE_MS); tests shorten it. */
  leaseMs?: number;
}

export interface SpiderWorkers {
  /** One sweep now (start-up, tests). */
  sweep(): Promise<void>;
  stop(): Promise<void>;
}

/** Renews a claim every third of its lease while `work` runs. */
async function leased<T>(renew: () => Promise<boolean>, beat: () => void, leaseMs: number, work: () => Promise<T>) {
  const timer = setInterval(
    () => {
      beat();
      renew().catch(() => undefined);
    },
    Math.max(1000, leaseMs / 3),
  );
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

export async function startSpiderWorkers(d: WorkerDeps): Promise<SpiderWorkers> {
  const leaseMs = d.leaseMs ?? LEASE_MS;
  const log = d.log;
  // stop() ends the requests in flight (a site's interval may be a day): their jobs come back after the lease
  const stopping = new AbortController();
  const signal = stopping.signal;
  const intervalOf = async (doc: DocRow) => ((await d.urls.get(doc.spiderUrlId))?.interval ?? 1) * 1000;

  const handlers: Record<JobKind, (id: bigint, beat: () => void) => Promise<void>> = {
    async crawl(id, beat) {
      const row = await d.urls.claim(id, leaseMs);
      if (!row) return;
      const renew = () => d.urls.renew(row.id, row.run, leaseMs);
      await leased(renew, beat, leaseMs, () => crawlUrl({ ...d, leaseMs }, row, beat, signal));
      const found = await d.docs.move([], [DocState.pendingDownload], DocState.queued, row.id);
      await d.jobs.download(found);
    },
    async download(id, beat) {
      const doc = await d.docs.claim(id, DocState.queued, DocState.downloading, leaseMs);
      if (!doc) return;
      const renew = () => d.docs.renew(doc.id, doc.run, DocState.downloading, leaseMs);
      const out = await leased(renew, beat, leaseMs, async () =>
        downloadDocument(d, doc, await intervalOf(doc), signal),
      );
      const data =
        "problem" in out
          ? { status: DocState.downloadFailed, error: out.problem }
          : { status: DocState.downloaded, ...out };
      await d.docs.finish(doc.id, doc.run, DocState.downloading, data);
    },
    async publish(id, beat) {
      const doc = await d.docs.claim(id, DocState.queuedToPublish, DocState.publishing, leaseMs);
      if (!doc) return;
      const url = await d.urls.get(doc.spiderUrlId);
      const renew = () => d.docs.renew(doc.id, doc.run, DocState.publishing, leaseMs);
      const out = url
        ? await leased(renew, beat, leaseMs, () => publishDocument(d, doc, url))
        : { problem: "采集网址已删除" };
      const data =
        "problem" in out
          ? { status: DocState.publishFailed, error: out.problem }
          : { status: DocState.published, documentId: out.documentId };
      await d.docs.finish(doc.id, doc.run, DocState.publishing, data);
    },
  };

  await d.bus.ensureStream(d.channel.stream);
  const consumers: Consumer[] = [];
  const concurrency: Record<JobKind, number> = { crawl: 2, download: 4, publish: 2 };
  for (const kind of ["crawl", "download", "publish"] as const) {
    consumers.push(
      await d.bus.consume(
        {
          stream: d.channel.stream.name,
          durable: d.channel.durable(kind),
          filterSubject: d.channel.subject(kind),
          ackWaitMs: 60_000,
          concurrency: concurrency[kind],
          onDead: async (msg, err) => log.error({ err, kind, msg_id: msg.id }, "spider: job given up"),
        },
        async (msg) => {
          const id = decodeJob(msg.data);
          if (id === null) return log.warn({ kind, msg_id: msg.id }, "spider: not a job, dropped");
          await handlers[kind](id, () => msg.working());
        },
      ),
    );
  }

  const sweep = async () => {
    for (const r of await d.urls.stranded(STRANDED_MS)) await d.jobs.crawl(r.id, r.run);
    await d.jobs.download(await d.docs.stranded(DocState.queued, DocState.downloading, STRANDED_MS));
    await d.jobs.publish(await d.docs.stranded(DocState.queuedToPublish, DocState.publishing, STRANDED_MS));
  };
  const sweeper = repeatEvery(sweep, {
    everyMs: d.sweepMs ?? 30_000,
    onError: (err) => log.warn({ err }, "spider: sweep failed"),
  });
  return {
    sweep,
    async stop() {
      stopping.abort(new Error("the spider is stopping"));
      await sweeper.stop();
      await Promise.all(consumers.map((c) => c.stop()));
    },
  };
}
