// The in-process model of a JetStream stream (limits retention, max age, dedupe window) and of a
// durable pull consumer (explicit ack, ack wait, nak delay, max deliver, FIFO pull requests).
// It follows nats-server's behaviour, including that an ack from an earlier delivery of a message
// that has since been redelivered still acks it.
import { type Delivery, duplicateWindowOf } from "./dispatch.js";
import { subjectMatches } from "./subject.js";
import type { BusMessage, StreamSpec } from "./types.js";

/**
 * Tracks every timer so close() clears them all. While the bus is open a pending redelivery keeps the
 * process alive, as a NATS connection would; after close() nothing does.
 */
export class TimerSet {
  private readonly live = new Set<NodeJS.Timeout>();

  after(ms: number, fn: () => void): NodeJS.Timeout {
    const t = setTimeout(() => {
      this.live.delete(t);
      fn();
    }, ms);
    this.live.add(t);
    return t;
  }

  clear(t: NodeJS.Timeout | undefined): void {
    if (!t) return;
    clearTimeout(t);
    this.live.delete(t);
  }

  clearAll(): void {
    for (const t of this.live) clearTimeout(t);
    this.live.clear();
  }
}

interface StoredMsg {
  subject: string;
  data: Uint8Array;
  msgId: string | undefined;
  at: number;
}

export class MemStream {
  private msgs: StoredMsg[] = [];
  private firstSeq = 1;
  private dedupe = new Map<string, number>();
  readonly durables = new Map<string, MemDurable>();

  constructor(public spec: StreamSpec) {}

  get name(): string {
    return this.spec.name;
  }

  get lastSeq(): number {
    return this.firstSeq + this.msgs.length - 1;
  }

  get(seq: number): StoredMsg | undefined {
    return seq >= this.firstSeq ? this.msgs[seq - this.firstSeq] : undefined;
  }

  /** Appends unless `msgId` was seen inside the window; returns false for a duplicate. */
  append(subject: string, data: Uint8Array, msgId: string | undefined): boolean {
    const now = Date.now();
    this.prune(now);
    if (msgId !== undefined) {
      const expires = this.dedupe.get(msgId);
      if (expires !== undefined && expires > now) return false;
      this.dedupe.delete(msgId);
      this.dedupe.set(msgId, now + duplicateWindowOf(this.spec));
    }
    this.msgs.push({ subject, data: data.slice(), msgId, at: now });
    for (const d of this.durables.values()) d.kick();
    return true;
  }

  /** Drops messages older than maxAge and expired dedupe entries. */
  prune(now = Date.now()): void {
    const maxAge = this.spec.maxAgeMs;
    if (maxAge) {
      let n = 0;
      while (n < this.msgs.length && now - (this.msgs[n]?.at ?? now) > maxAge) n++;
      if (n > 0) {
        this.msgs.splice(0, n);
        this.firstSeq += n;
      }
    }
    for (const [id, expires] of this.dedupe) {
      if (expires > now) break; // insertion order ≈ expiry order
      this.dedupe.delete(id);
    }
  }

  firstAvailable(): number {
    return this.firstSeq;
  }
}

/** One free slot of a consumer: a pull request for one message. */
export interface Puller {
  deliver(d: Delivery): void;
}

export interface DurableConfig {
  ackWaitMs: number;
  /** The broker-side limit: maxDeliver + 1 (see dispatch.ts). */
  serverMaxDeliver: number;
  filterSubject: string | undefined;
}

interface Pending {
  count: number;
  token: number;
  state: "inflight" | "backoff" | "ready";
  timer: NodeJS.Timeout | undefined;
}

export class MemDurable {
  private cursor = 0;
  private readonly pending = new Map<number, Pending>();
  private ready: number[] = [];
  private waiting: Puller[] = [];
  private nextToken = 1;
  private kickScheduled = false;

  constructor(
    private readonly stream: MemStream,
    public config: DurableConfig,
    private readonly timers: TimerSet,
  ) {}

  request(p: Puller): void {
    this.waiting.push(p);
    this.kick();
  }

  cancel(p: Puller): void {
    this.waiting = this.waiting.filter((w) => w !== p);
  }

  /** Serves waiting pull requests soon (never synchronously inside publish/ack). */
  kick(): void {
    if (this.kickScheduled) return;
    this.kickScheduled = true;
    setImmediate(() => {
      this.kickScheduled = false;
      this.serve();
    });
  }

  private serve(): void {
    while (this.waiting.length > 0) {
      const seq = this.next();
      if (seq === undefined) return;
      const puller = this.waiting.shift();
      if (puller) this.deliverTo(puller, seq);
    }
  }

  /** Redeliveries first, then new messages matching the filter. */
  private next(): number | undefined {
    while (this.ready.length > 0) {
      const seq = this.ready.shift() as number;
      const p = this.pending.get(seq);
      if (p?.state !== "ready") continue;
      if (this.stream.get(seq)) return seq;
      this.pending.delete(seq); // aged out of the stream
    }
    this.stream.prune();
    for (let seq = Math.max(this.cursor + 1, this.stream.firstAvailable()); seq <= this.stream.lastSeq; seq++) {
      this.cursor = seq;
      const m = this.stream.get(seq);
      const filter = this.config.filterSubject;
      if (m && (!filter || subjectMatches(filter, m.subject))) return seq;
    }
    return undefined;
  }

  private deliverTo(puller: Puller, seq: number): void {
    const m = this.stream.get(seq) as StoredMsg;
    const count = (this.pending.get(seq)?.count ?? 0) + 1;
    const token = this.nextToken++;
    const entry: Pending = { count, token, state: "inflight", timer: undefined };
    entry.timer = this.timers.after(this.config.ackWaitMs, () => this.expire(seq, token));
    this.pending.set(seq, entry);
    const msg: BusMessage = {
      id: m.msgId ?? `${this.stream.name}:${seq}`,
      subject: m.subject,
      data: m.data.slice(),
      deliveryCount: count,
      working: () => this.working(seq, token),
    };
    puller.deliver({
      msg,
      ack: async () => this.settle(seq),
      nak: (delayMs) => this.nak(seq, token, delayMs),
      term: () => this.settle(seq),
    });
  }

  private current(seq: number, token: number): Pending | undefined {
    const e = this.pending.get(seq);
    return e && e.token === token && e.state === "inflight" ? e : undefined;
  }

  private expire(seq: number, token: number): void {
    const e = this.current(seq, token);
    if (e) this.retry(seq, e, 0);
  }

  private nak(seq: number, token: number, delayMs: number): void {
    const e = this.current(seq, token);
    if (!e) return;
    this.timers.clear(e.timer);
    this.retry(seq, e, delayMs);
  }

  private retry(seq: number, e: Pending, delayMs: number): void {
    if (e.count >= this.config.serverMaxDeliver) {
      this.pending.delete(seq); // max deliveries reached: the broker stops delivering it
      return;
    }
    const makeReady = () => {
      e.state = "ready";
      e.timer = undefined;
      this.ready.push(seq);
      this.kick();
    };
    if (delayMs > 0) {
      e.state = "backoff";
      e.timer = this.timers.after(delayMs, makeReady);
    } else {
      makeReady();
    }
  }

  private working(seq: number, token: number): void {
    const e = this.current(seq, token);
    if (!e) return;
    this.timers.clear(e.timer);
    e.timer = this.timers.after(this.config.ackWaitMs, () => this.expire(seq, token));
  }

  /** ack or term: the message is done for this durable, whichever delivery answers. */
  private settle(seq: number): void {
    const e = this.pending.get(seq);
    if (!e) return;
    this.timers.clear(e.timer);
    this.pending.delete(seq);
  }
}
