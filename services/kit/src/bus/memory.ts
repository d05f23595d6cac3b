// In-process event bus for one-process mode (NATS_URL unset). A faithful model of the JetStream
// bus, checked by the same contract suite: see memory-stream.ts for the stream/durable model.
// Nothing is persisted: messages not yet handled when the process exits are lost.
import {
  callBroadcastHandler,
  checkStreamName,
  type Delivery,
  handleDelivery,
  type ResolvedConsumeOptions,
  resolveConsumeOptions,
} from "./dispatch.js";
import { MemDurable, MemStream, type Puller, TimerSet } from "./memory-stream.js";
import { checkSubject, subjectMatches, subjectsOverlap } from "./subject.js";
import {
  BusError,
  type BusLogger,
  type ConsumeOptions,
  type Consumer,
  type EventBus,
  type Handler,
  type StreamSpec,
} from "./types.js";

class MemConsumer implements Consumer, Puller {
  private readonly inflight = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly durable: MemDurable,
    private readonly o: ResolvedConsumeOptions,
    private readonly handler: Handler,
    private readonly log: BusLogger,
    private readonly onStopped: (c: MemConsumer) => void,
  ) {
    for (let i = 0; i < o.concurrency; i++) durable.request(this);
  }

  deliver(d: Delivery): void {
    if (this.stopped) {
      d.nak(0);
      return;
    }
    const p: Promise<void> = handleDelivery(d, this.o, this.handler, this.log).then(() => {
      this.inflight.delete(p);
      if (!this.stopped) this.durable.request(this);
    });
    this.inflight.add(p);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.durable.cancel(this);
    while (this.inflight.size > 0) await Promise.all(this.inflight);
    this.onStopped(this);
  }
}

interface Subscription {
  subject: string;
  handler: (data: Uint8Array) => void;
}

class MemoryBus implements EventBus {
  private readonly streams = new Map<string, MemStream>();
  private readonly consumers = new Set<MemConsumer>();
  private readonly subs = new Set<Subscription>();
  private readonly timers = new TimerSet();
  private closed = false;

  constructor(private readonly log: BusLogger) {}

  private checkOpen(): void {
    if (this.closed) throw new BusError("closed", "the event bus is closed");
  }

  async ensureStream(spec: StreamSpec): Promise<void> {
    this.checkOpen();
    checkStreamName(spec.name);
    if (spec.subjects.length === 0) throw new BusError("invalid_argument", `stream ${spec.name} needs subjects`);
    for (const s of spec.subjects) checkSubject(s, true);
    if (spec.maxAgeMs && spec.duplicateWindowMs && spec.duplicateWindowMs > spec.maxAgeMs) {
      throw new BusError("invalid_argument", "duplicateWindowMs cannot exceed maxAgeMs");
    }
    for (const other of this.streams.values()) {
      if (other.name === spec.name) continue;
      const clash = spec.subjects.some((a) => other.spec.subjects.some((b) => subjectsOverlap(a, b)));
      if (clash) throw new BusError("invalid_argument", `subjects of ${spec.name} overlap stream ${other.name}`);
    }
    const existing = this.streams.get(spec.name);
    if (existing) existing.spec = { ...spec, subjects: [...spec.subjects] };
    else this.streams.set(spec.name, new MemStream({ ...spec, subjects: [...spec.subjects] }));
  }

  async publish(subject: string, data: Uint8Array, opts?: { msgId?: string }): Promise<void> {
    this.checkOpen();
    checkSubject(subject, false);
    for (const stream of this.streams.values()) {
      if (stream.spec.subjects.some((p) => subjectMatches(p, subject))) {
        stream.append(subject, data, opts?.msgId);
        return;
      }
    }
    throw new BusError("no_stream", `no stream captures subject ${subject}`);
  }

  async consume(opts: ConsumeOptions, handler: Handler): Promise<Consumer> {
    this.checkOpen();
    const o = resolveConsumeOptions(opts);
    if (o.filterSubject !== undefined) checkSubject(o.filterSubject, true);
    const stream = this.streams.get(o.stream);
    if (!stream) throw new BusError("no_stream", `stream ${o.stream} not found`);
    const config = { ackWaitMs: o.ackWaitMs, serverMaxDeliver: o.maxDeliver + 1, filterSubject: o.filterSubject };
    let durable = stream.durables.get(o.durable);
    if (durable)
      durable.config = config; // like a consumer update on the server
    else {
      durable = new MemDurable(stream, config, this.timers);
      stream.durables.set(o.durable, durable);
    }
    const consumer = new MemConsumer(durable, o, handler, this.log, (c) => this.consumers.delete(c));
    this.consumers.add(consumer);
    return consumer;
  }

  async broadcast(subject: string, data: Uint8Array): Promise<void> {
    this.checkOpen();
    checkSubject(subject, false);
    for (const sub of this.subs) {
      if (!subjectMatches(sub.subject, subject)) continue;
      const copy = data.slice();
      // Delivered asynchronously, as over the network; skipped if unsubscribed meanwhile.
      setImmediate(() => {
        if (this.subs.has(sub)) callBroadcastHandler(sub.handler, copy, subject, this.log);
      });
    }
  }

  async onBroadcast(subject: string, handler: (data: Uint8Array) => void): Promise<() => void> {
    this.checkOpen();
    checkSubject(subject, true);
    const sub = { subject, handler };
    this.subs.add(sub);
    return () => {
      this.subs.delete(sub);
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.subs.clear();
    await Promise.all([...this.consumers].map((c) => c.stop()));
    this.timers.clearAll();
  }
}

/** The in-process bus. One instance per process: every "worker" of a durable consumes from it. */
export function createMemoryBus(opts: { log: BusLogger }): EventBus {
  return new MemoryBus(opts.log);
}
