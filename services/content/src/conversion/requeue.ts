// The requeue of documents still waiting for a conversion, once the content process is up (the
// in-process bus loses its queue on a restart) and again whenever a request could not be published
// (NATS down): the documents table is the outbox, a waiting document's request is asked for again
// until one gets through, so no accepted upload is left waiting forever. Repeats are cheap: the converter reuses a file's outputs (manifest) and the sink moves only
// waiting documents.
import type { BusLogger } from "@wenku/kit/bus";
import type { Db } from "../db.js";
import { DocStatus } from "../documents/visibility.js";
import type { ConversionRequest } from "../ports.js";
import { createConversionRepository, type StrandedDocument } from "./conversion.repository.js";
import type { ConversionQueueImpl } from "./queue.js";

const batch = 500;

/**
 * Publishes a request for every live document waiting for a conversion when called; returns how
 * many. The list is read whole before the first publish, so documents the worker moves meanwhile
 * (a file's other documents follow its conversion) are not picked up a second time.
 */
export async function requeueStranded(db: Db, queue: ConversionQueueImpl, signal?: AbortSignal): Promise<number> {
  const repo = createConversionRepository(db);
  const rows: StrandedDocument[] = [];
  for (let after = 0n; ; ) {
    signal?.throwIfAborted();
    const page = await repo.stranded(after, batch);
    rows.push(...page);
    if (page.length < batch) break;
    after = page[page.length - 1]?.id ?? after;
  }
  const toRequest = (d: StrandedDocument): ConversionRequest => ({
    documentId: d.id,
    attachmentHash: d.attachmentHash,
    storageKey: d.storageKey,
    ext: d.ext,
    title: d.title,
  });
  // One id per document state: replicas starting together publish it once (JetStream dedupe window).
  const stamp = new Map(rows.map((r) => [r.id, r.updatedAt.getTime()]));
  const messageId = (d: ConversionRequest) => `requeue:${d.documentId}:${stamp.get(d.documentId) ?? 0}`;
  for (let i = 0; i < rows.length; i += batch) {
    signal?.throwIfAborted();
    const part = rows.slice(i, i + batch);
    const force = part.filter((d) => d.status === DocStatus.reconvert).map(toRequest);
    const normal = part.filter((d) => d.status !== DocStatus.reconvert).map(toRequest);
    await queue.request(force, { force: true, messageId });
    await queue.request(normal, { messageId });
  }
  return rows.length;
}

export interface ConversionRequeueOptions {
  db: Db;
  queue: ConversionQueueImpl;
  log: BusLogger;
  /**
   * Delays before each requeue attempt (the settings, for the preview limit, can be read only once
   * every service is up); empty: no requeue.
   */
  delaysMs?: number[];
}

export interface ConversionRequeue {
  /** Documents requeued by the first successful requeue (for tests and logs). */
  readonly requeued: Promise<number>;
  /**
   * A request was lost: requeue every waiting document after a short delay, and again (the delays
   * growing to 15 s) until a requeue gets through. Calls while one is owed add nothing.
   */
  again(): void;
  stop(): Promise<void>;
}

/** Delays between the attempts owed by again(): the last one repeats while the bus stays away. */
const AGAIN_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 15_000];

export function startConversionRequeue(o: ConversionRequeueOptions): ConversionRequeue {
  const stopping = new AbortController();
  const delays = o.delaysMs ?? [1_000, 5_000, 15_000, 60_000, 300_000];
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(resolve, ms);
      stopping.signal.addEventListener(
        "abort",
        () => {
          clearTimeout(t);
          resolve();
        },
        { once: true },
      );
    });
  const requeued = (async () => {
    if (!delays.length) return 0; // requeue off
    for (const [i, delay] of delays.entries()) {
      await sleep(delay);
      if (stopping.signal.aborted) return 0;
      try {
        const n = await requeueStranded(o.db, o.queue, stopping.signal);
        if (n) o.log.info({ documents: n }, "conversion: waiting documents requeued");
        return n;
      } catch (err) {
        if (stopping.signal.aborted) return 0;
        o.log.warn({ err, attempt: i + 1 }, "conversion: requeue failed; trying again later");
      }
    }
    o.log.error({}, "conversion: waiting documents could not be requeued");
    return 0;
  })();

  let owed = false;
  let repairing: Promise<void> | undefined;
  const again = () => {
    owed = true;
    repairing ??= (async () => {
      try {
        for (let i = 0; owed && !stopping.signal.aborted; i++) {
          await sleep(AGAIN_DELAYS_MS[Math.min(i, AGAIN_DELAYS_MS.length - 1)] ?? 0);
          if (stopping.signal.aborted) return;
          owed = false; // a request lost from here on owes another pass
          try {
            const n = await requeueStranded(o.db, o.queue, stopping.signal);
            o.log.info({ documents: n }, "conversion: waiting documents requeued after a lost request");
            i = -1;
          } catch (err) {
            owed = true;
            if (!stopping.signal.aborted)
              o.log.warn({ err, attempt: i + 1 }, "conversion: requeue failed; trying again");
          }
        }
      } finally {
        repairing = undefined;
      }
    })();
  };

  return {
    requeued,
    again,
    async stop() {
      stopping.abort();
      await requeued;
      await repairing;
    },
  };
}
