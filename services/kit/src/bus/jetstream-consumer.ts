// The pull loop of one JetStream consumer. It fetches exactly as many messages as it has free
// handler slots (so nothing waits in a client buffer while its ack_wait runs), hands each to
// handleDelivery, and survives everything: fetch errors, missed heartbeats, reconnects, a deleted
// consumer (recreated) — logged, retried with a capped backoff, never an unhandled rejection.
import {
  type ConsumerMessages,
  JetStreamApiCodes,
  JetStreamApiError,
  type JetStreamClient,
  type Consumer as JsConsumer,
  type JsMsg,
} from "@nats-io/jetstream";
import { type Delivery, handleDelivery, type ResolvedConsumeOptions } from "./dispatch.js";
import type { BusLogger, BusMessage, Consumer, Handler } from "./types.js";

/** How long one pull request waits on the server (the client requires ≥ 1 s; heartbeats every half). */
const fetchExpiresMs = 5_000;
const fetchWatchdogMs = fetchExpiresMs + 5_000;
const maxRetryDelayMs = 5_000;

export interface JetStreamConsumerDeps {
  js: JetStreamClient;
  o: ResolvedConsumeOptions;
  handler: Handler;
  log: BusLogger;
  /** (Re)creates the durable on the server, e.g. after it was deleted. */
  ensure: () => Promise<void>;
  onStopped: (c: JetStreamConsumer) => void;
}

export class JetStreamConsumer implements Consumer {
  private stopped = false;
  private readonly inflight = new Set<Promise<void>>();
  private batch: ConsumerMessages | undefined;
  private wake: (() => void) | undefined;
  private loopDone: Promise<void> = Promise.resolve();

  constructor(private readonly deps: JetStreamConsumerDeps) {}

  start(): void {
    this.loopDone = this.loop().catch((err: unknown) => {
      this.deps.log.error({ err, stream: this.deps.o.stream, durable: this.deps.o.durable }, "bus: consume loop died");
    });
  }

  private async loop(): Promise<void> {
    const { js, o, log } = this.deps;
    const ctx = { stream: o.stream, durable: o.durable };
    let consumer: JsConsumer | undefined;
    let failures = 0;
    while (!this.stopped) {
      const free = o.concurrency - this.inflight.size;
      if (free <= 0) {
        await this.pause();
        continue;
      }
      try {
        consumer ??= await js.consumers.get(o.stream, o.durable);
        const batch = await consumer.fetch({ max_messages: free, expires: fetchExpiresMs });
        this.batch = batch;
        if (this.stopped) batch.stop();
        // Belt and braces: a pull request lost with a restarted server must not stall us for good.
        const watchdog = setTimeout(() => batch.stop(new Error("fetch overran its expiry")), fetchWatchdogMs);
        try {
          for await (const m of batch) this.spawn(m);
        } finally {
          clearTimeout(watchdog);
        }
        if (failures > 0) log.info({ ...ctx, failures }, "bus: consuming again");
        failures = 0;
      } catch (err) {
        if (this.stopped) break;
        failures++;
        log.warn({ ...ctx, err, failures }, "bus: fetch failed; retrying");
        consumer = undefined; // the next round checks that the durable still exists
        const missing: number[] = [JetStreamApiCodes.ConsumerNotFound, JetStreamApiCodes.StreamNotFound];
        if (err instanceof JetStreamApiError && missing.includes(err.code)) {
          await this.deps
            .ensure()
            .catch((e: unknown) => log.error({ ...ctx, err: e }, "bus: cannot recreate consumer"));
        }
        await this.pause(Math.min(100 * 2 ** failures, maxRetryDelayMs));
      } finally {
        this.batch = undefined;
      }
    }
  }

  /** Waits until a handler finishes, stop() is called, or `ms` passes. */
  private pause(ms?: number): Promise<void> {
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const done = (): void => {
        clearTimeout(timer);
        if (this.wake === done) this.wake = undefined;
        resolve();
      };
      if (ms !== undefined) timer = setTimeout(done, ms);
      this.wake = done;
    });
  }

  private spawn(m: JsMsg): void {
    if (this.stopped) {
      m.nak(); // arrived after stop(): give it straight back instead of waiting for ack_wait
      return;
    }
    const { o, handler, log } = this.deps;
    const msg: BusMessage = {
      id: m.headers?.get("Nats-Msg-Id") || `${m.info.stream}:${m.seq}`,
      subject: m.subject,
      data: m.data,
      deliveryCount: m.info.deliveryCount,
      working: () => {
        try {
          m.working();
        } catch (err) {
          log.warn({ err, stream: o.stream, durable: o.durable }, "bus: working() not sent");
        }
      },
    };
    const d: Delivery = {
      msg,
      ack: async () => {
        // ackAck waits for the server: once stop() returns, acked work is really acked.
        if (!(await m.ackAck())) log.warn({ stream: o.stream, id: msg.id }, "bus: ack not confirmed");
      },
      nak: (delayMs) => m.nak(delayMs),
      // No reason string: `term(reason)` needs nats-server ≥ 2.11.
      term: () => m.term(),
    };
    const p: Promise<void> = handleDelivery(d, o, handler, log).then(() => {
      this.inflight.delete(p);
      this.wake?.();
    });
    this.inflight.add(p);
  }

  async stop(): Promise<void> {
    if (!this.stopped) {
      this.stopped = true;
      this.batch?.stop();
      this.wake?.();
    }
    await this.loopDone;
    while (this.inflight.size > 0) await Promise.all(this.inflight);
    this.deps.onStopped(this);
  }
}
