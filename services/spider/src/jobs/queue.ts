// The spider's durable work: one api.v1.SpiderJobRequested {id} per crawl, download or publish on the
// WENKU_SPIDER stream (JetStream in cluster mode, the in-process bus otherwise), published after the row's
// status committed. The row is the truth: a worker takes a job only by claiming its row (status and a
// lease in Postgres, jobs/workers.ts), so a repeated, stale or concurrent message does nothing, and
// replicas sharing a durable consumer never work on one URL at once. Rows whose message was lost (a
// restart of the in-process bus, a failed publish) or whose worker died are found by the sweep and asked
// again.
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import type { BusLogger, EventBus, StreamSpec } from "@wenku/kit/bus";
import { SpiderJobRequestedSchema } from "@wenku/proto/api/v1/events_pb.js";

export type JobKind = "crawl" | "download" | "publish";
export const JOB_KINDS: readonly JobKind[] = ["crawl", "download", "publish"];

export interface SpiderChannel {
  stream: StreamSpec;
  subject(kind: JobKind): string;
  durable(kind: JobKind): string;
}

/** The default channel, or a private one named after SPIDER_QUEUE (tests, a shared NATS server). */
export function spiderChannel(name?: string): SpiderChannel {
  const base = name ? `wenku.spider_${name}` : "wenku.spider";
  return {
    stream: {
      name: name ? `WENKU_SPIDER_${name}` : "WENKU_SPIDER",
      subjects: [`${base}.>`],
      maxAgeMs: 7 * 24 * 3600_000,
    },
    subject: (kind) => `${base}.${kind}`,
    durable: (kind) => (name ? `spider_${kind}_${name}` : `spider_${kind}`),
  };
}

export interface SpiderJobs {
  /** Asks for `id`'s crawl; `run` is the row's claim count now (the message id: one per state). */
  crawl(id: bigint, run: number): Promise<void>;
  download(docs: readonly { id: bigint; run: number }[]): Promise<void>;
  publish(docs: readonly { id: bigint; run: number }[]): Promise<void>;
}

export const encodeJob = (id: bigint) => toBinary(SpiderJobRequestedSchema, create(SpiderJobRequestedSchema, { id }));

/** The row id a message names, or null for a message that is not a job (dropped, never retried). */
export function decodeJob(data: Uint8Array): bigint | null {
  try {
    const id = fromBinary(SpiderJobRequestedSchema, data).id;
    return id > 0n ? id : null;
  } catch {
    return null;
  }
}

export function createSpiderJobs(o: { bus: EventBus; channel: SpiderChannel; log: BusLogger }): SpiderJobs {
  let ready: Promise<void> | undefined;
  const ensure = () => {
    ready ??= o.bus.ensureStream(o.channel.stream).catch((err: unknown) => {
      ready = undefined;
      throw err;
    });
    return ready;
  };
  const send = async (kind: JobKind, rows: readonly { id: bigint; run: number }[]) => {
    if (!rows.length) return;
    try {
      await ensure();
      for (const r of rows) {
        // one id per row state: a sweep repeating a request within the dedupe window is dropped
        await o.bus.publish(o.channel.subject(kind), encodeJob(r.id), { msgId: `${kind}:${r.id}:${r.run}` });
      }
    } catch (err) {
      // the row keeps its status; the sweep asks again
      o.log.warn({ err, kind, ids: rows.map((r) => String(r.id)) }, "spider: job not published (the sweep repairs)");
    }
  };
  return {
    crawl: (id, run) => send("crawl", [{ id, run }]),
    download: (docs) => send("download", docs),
    publish: (docs) => send("publish", docs),
  };
}
