// The event bus on NATS JetStream (cluster mode).
//
// Streams use retention "limits" so every durable sees every message (fan-out) while the workers of
// one durable share its messages (work queue). Durable pull consumers, explicit ack.
//
// Written against nats-server 2.9 (Debian 12). What 2.9 lacks and how this file copes:
// - The consumer `backoff` list only spaces out redeliveries after ack_wait timeouts, not after a nak,
//   so retries use `nak(delay)` with our own backoff (2.7.1+).
// - `filter_subjects` (several filters) needs 2.10: one `filter_subject` per durable.
// - `term(reason)` needs 2.11: we term without a reason and log the reason instead.
// - 2.9 answers "create" for an existing durable with a changed config by updating it; newer servers
//   refuse, so a failed create falls back to an explicit update.
import {
  AckPolicy,
  DeliverPolicy,
  DiscardPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  type JetStreamClient,
  type JetStreamManager,
  jetstream,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
} from "@nats-io/jetstream";
import { connect, type NatsConnection, nanos, type Subscription } from "@nats-io/transport-node";
import {
  callBroadcastHandler,
  checkStreamName,
  duplicateWindowOf,
  type ResolvedConsumeOptions,
  resolveConsumeOptions,
} from "./dispatch.js";
import { JetStreamConsumer } from "./jetstream-consumer.js";
import {
  BusError,
  type BusLogger,
  type ConsumeOptions,
  type Consumer,
  type EventBus,
  type Handler,
  type StreamSpec,
} from "./types.js";

/** JetStream API error: "stream name already in use with a different configuration". */
const streamNameInUse = 10058;

class JetStreamBus implements EventBus {
  private readonly js: JetStreamClient;
  private readonly consumers = new Set<JetStreamConsumer>();
  private readonly subs = new Set<Subscription>();
  private closed = false;
  /** Between a disconnect and the reconnect: publishing then fails at once instead of after its timeout. */
  private disconnected = false;

  constructor(
    private readonly nc: NatsConnection,
    private readonly jsm: JetStreamManager,
    private readonly log: BusLogger,
    private readonly broadcastPrefix = "",
  ) {
    this.js = jetstream(nc);
    void this.watchConnection();
  }

  private async watchConnection(): Promise<void> {
    try {
      for await (const s of this.nc.status()) {
        if (s.type === "disconnect") {
          this.disconnected = true;
          this.log.warn({ server: s.server }, "bus: NATS disconnected; reconnecting");
        } else if (s.type === "reconnect") {
          this.disconnected = false;
          this.log.info({ server: s.server }, "bus: NATS reconnected");
        } else if (s.type === "error") this.log.error({ err: s.error }, "bus: NATS error");
        else if (s.type === "slowConsumer") this.log.warn({ sub: s.sub }, "bus: NATS slow consumer");
      }
    } catch (err) {
      this.log.error({ err }, "bus: NATS status watcher failed");
    }
  }

  private checkOpen(): void {
    if (this.closed) throw new BusError("closed", "the event bus is closed");
  }

  async ensureStream(spec: StreamSpec): Promise<void> {
    this.checkOpen();
    checkStreamName(spec.name);
    const changes = {
      subjects: spec.subjects,
      max_age: nanos(spec.maxAgeMs ?? 0),
      duplicate_window: nanos(duplicateWindowOf(spec)),
    };
    try {
      await this.jsm.streams.add({
        name: spec.name,
        retention: RetentionPolicy.Limits,
        storage: StorageType.File,
        discard: DiscardPolicy.Old,
        ...changes,
      });
    } catch (err) {
      if (!(err instanceof JetStreamApiError && err.code === streamNameInUse)) throw err;
      await this.jsm.streams.update(spec.name, changes);
    }
  }

  async publish(subject: string, data: Uint8Array, opts?: { msgId?: string }): Promise<void> {
    this.checkOpen();
    // A request that cannot be answered would hold its caller for the client's whole timeout.
    if (this.disconnected) throw new BusError("disconnected", `NATS is unreachable; not published on ${subject}`);
    try {
      await this.js.publish(subject, data, opts?.msgId ? { msgID: opts.msgId } : undefined);
    } catch (err) {
      // No stream listens on the subject → "no responders", reported by the client as "not enabled".
      if (err instanceof Error && err.name === "JetStreamNotEnabled") {
        throw new BusError("no_stream", `no stream captures subject ${subject}`, { cause: err });
      }
      throw err;
    }
  }

  private async ensureConsumer(o: ResolvedConsumeOptions): Promise<void> {
    const changes = {
      ack_wait: nanos(o.ackWaitMs),
      max_deliver: o.maxDeliver + 1, // see dispatch.ts: the extra delivery reports a dead worker to onDead
      ...(o.filterSubject ? { filter_subject: o.filterSubject } : {}),
    };
    try {
      await this.jsm.consumers.add(o.stream, {
        durable_name: o.durable,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        ...changes,
      });
    } catch (err) {
      if (err instanceof JetStreamApiError && err.code === JetStreamApiCodes.StreamNotFound) {
        throw new BusError("no_stream", `stream ${o.stream} not found`, { cause: err });
      }
      try {
        await this.jsm.consumers.update(o.stream, o.durable, changes);
      } catch {
        throw err;
      }
    }
  }

  async consume(opts: ConsumeOptions, handler: Handler): Promise<Consumer> {
    this.checkOpen();
    const o = resolveConsumeOptions(opts);
    await this.ensureConsumer(o);
    const consumer = new JetStreamConsumer({
      js: this.js,
      o,
      handler,
      log: this.log,
      ensure: () => this.ensureConsumer(o),
      onStopped: (c) => this.consumers.delete(c),
    });
    this.consumers.add(consumer);
    consumer.start();
    return consumer;
  }

  async broadcast(subject: string, data: Uint8Array): Promise<void> {
    this.checkOpen();
    this.nc.publish(this.broadcastPrefix + subject, data);
    // Resolves once the server has it (and has handed it to every subscriber's connection): a caller
    // answering "saved" after this is not overtaken by its own broadcast (config.settings test).
    await this.nc.flush();
  }

  async onBroadcast(subject: string, handler: (data: Uint8Array) => void): Promise<() => void> {
    this.checkOpen();
    const sub = this.nc.subscribe(this.broadcastPrefix + subject, {
      callback: (err, msg) => {
        if (err) this.log.error({ err, subject }, "bus: broadcast subscription failed");
        else callBroadcastHandler(handler, msg.data, subject, this.log);
      },
    });
    this.subs.add(sub);
    await this.nc.flush(); // the server knows the subscription before we return
    return () => {
      if (!this.subs.delete(sub)) return;
      try {
        sub.unsubscribe();
      } catch (err) {
        this.log.warn({ err, subject }, "bus: unsubscribe failed");
      }
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.consumers].map((c) => c.stop()));
    this.subs.clear();
    try {
      await this.nc.drain(); // flushes pending acks and publishes, then closes
    } catch (err) {
      this.log.warn({ err }, "bus: NATS drain failed; closing");
      await this.nc.close().catch(() => undefined);
    }
  }
}

export interface JetStreamBusOptions {
  natsUrl: string;
  log: BusLogger;
  /** Connection name shown by the NATS server (e.g. the service name). */
  name?: string;
  /**
   * Broadcasts go out and are heard under `<prefix>.<subject>`: sites (or test stacks) sharing one NATS
   * server never hear each other's cache drops. Unset: the subjects as given.
   */
  broadcastPrefix?: string;
}

/** Connects (fails fast when NATS is unreachable at boot) and reconnects forever afterwards. */
export async function createJetStreamBus(opts: JetStreamBusOptions): Promise<EventBus> {
  const nc = await connect({
    servers: opts.natsUrl.split(","),
    name: opts.name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1_000,
  });
  try {
    const jsm = await jetstreamManager(nc);
    return new JetStreamBus(nc, jsm, opts.log, opts.broadcastPrefix ? `${opts.broadcastPrefix}.` : "");
  } catch (err) {
    await nc.close().catch(() => undefined);
    throw err;
  }
}
