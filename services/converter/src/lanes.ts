// The conversion lanes of one converter process: two consumers of the work queue, each its own
// durable — office documents (LibreOffice, slow) and the rest — so a slow office document never holds
// up a PDF. Every converter process shares the durables: each job goes to one of them.
import type { BusLogger, EventBus, StreamSpec } from "@wenku/kit/bus";
import type { Storage } from "@wenku/kit/storage";
import { type Converter, createConverter } from "./converter.js";
import { conversionOfficeSubject } from "./job.js";
import {
  type ConversionSink,
  type ConversionWorker,
  type ConversionWorkerOptions,
  startConversionWorker,
} from "./worker.js";

export interface ConversionLanesOptions {
  bus: EventBus;
  storage: Storage;
  sink: ConversionSink;
  log: BusLogger;
  /** Documents other than office ones (PDF, EPUB …) converted at once (the main lane). */
  concurrency: number;
  /**
   * Office documents converted at once (the office lane, default 1); 0: this process takes none.
   * Without an office subject (a custom `subject` alone) office documents share the main lane.
   */
  officeConcurrency?: number;
  /** Default a converter with default options, closed on stop. */
  converter?: Converter;
  /** Close `converter` on stop (it was made for these lanes). */
  ownsConverter?: boolean;
  stream?: StreamSpec;
  subject?: string;
  officeSubject?: string;
  worker?: Partial<
    Pick<
      ConversionWorkerOptions,
      "maxAttempts" | "backoffMs" | "ackWaitMs" | "durable" | "workDir" | "hooks" | "afterConverted"
    >
  >;
}

export interface ConversionLanes {
  /** Jobs in flight are handed back to the queue, then the converter closes. */
  stop(): Promise<void>;
}

export async function startConversionLanes(o: ConversionLanesOptions): Promise<ConversionLanes> {
  const converter = o.converter ?? createConverter();
  const owned = !o.converter || Boolean(o.ownsConverter);
  const durable = o.worker?.durable ?? "conversion";
  const officeSubject = o.officeSubject ?? (o.subject ? undefined : conversionOfficeSubject);
  const officeConcurrency = o.officeConcurrency ?? 1;
  const lanes = [{ subject: o.subject, durable, concurrency: o.concurrency }];
  if (officeSubject && officeConcurrency > 0) {
    lanes.push({ subject: officeSubject, durable: `${durable}_office`, concurrency: officeConcurrency });
  }
  const workers: ConversionWorker[] = [];
  try {
    for (const lane of lanes) {
      workers.push(
        await startConversionWorker({
          bus: o.bus,
          storage: o.storage,
          sink: o.sink,
          converter,
          log: o.log,
          ...(o.stream ? { stream: o.stream } : {}),
          ...o.worker,
          ...(lane.subject ? { subject: lane.subject } : {}),
          durable: lane.durable,
          concurrency: lane.concurrency,
        }),
      );
    }
  } catch (err) {
    await Promise.all(workers.map((w) => w.stop()));
    if (owned) await converter.close();
    throw err;
  }
  return {
    async stop() {
      await Promise.all(workers.map((w) => w.stop()));
      if (owned) await converter.close();
    },
  };
}
