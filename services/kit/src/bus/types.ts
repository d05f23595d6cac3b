/**
 * The event bus every service talks to: durable work queues (JetStream semantics) plus a
 * fire-and-forget broadcast. Two implementations share these semantics and one contract suite:
 * `memory.ts` (one process, NATS_URL unset) and `jetstream.ts` (NATS JetStream).
 */

export interface StreamSpec {
  name: string;
  subjects: string[];
  /** Drop messages older than this (0 / unset: keep forever). */
  maxAgeMs?: number;
  /** Dedupe window for `msgId` (default 2 min, capped at `maxAgeMs` as the NATS server does). */
  duplicateWindowMs?: number;
}

export interface ConsumeOptions {
  stream: string;
  durable: string;
  filterSubject?: string;
  /** Redeliver when not acked within this (default 30 s). */
  ackWaitMs?: number;
  /** Give up after this many deliveries (default 5) → onDead. */
  maxDeliver?: number;
  /** Delay before redelivery after a failed attempt, by attempt number (default [1000, 5000, 15000, 60000]). */
  backoffMs?: number[];
  /** Messages handled at once by this consumer (default 1). */
  concurrency?: number;
  /**
   * Called once when maxDeliver is exhausted (the message is then terminated). `err` is what the
   * last attempt threw, or a `BusError` "ack_timeout" when the last attempt never answered.
   */
  onDead?: (msg: BusMessage, err: unknown) => Promise<void>;
}

export interface BusMessage {
  /** The publisher's msgId when given (the event id), otherwise `<stream>:<sequence>`. */
  id: string;
  subject: string;
  data: Uint8Array;
  /** 1 on the first delivery. */
  deliveryCount: number;
  /** Extend the ack deadline while working on a long job. */
  working(): void;
}

/** Resolve → ack; throw → nak with backoff; after maxDeliver → onDead + term. */
export type Handler = (msg: BusMessage) => Promise<void>;

export interface Consumer {
  /** Stops fetching and waits for in-flight handlers; unacked messages get redelivered to others. */
  stop(): Promise<void>;
}

export interface EventBus {
  /** Creates the stream, or updates it to `spec`. Retention is "limits": every durable sees every message. */
  ensureStream(spec: StreamSpec): Promise<void>;
  /** Persists a message. `msgId` → dedupe inside the stream's window (JetStream Nats-Msg-Id). */
  publish(subject: string, data: Uint8Array, opts?: { msgId?: string }): Promise<void>;
  /** Creates (or updates) the durable and starts handling its messages. */
  consume(opts: ConsumeOptions, handler: Handler): Promise<Consumer>;
  /**
   * Fire-and-forget broadcast to every process (core NATS pub/sub; not persisted), e.g. cache
   * invalidation. Resolves once the message left this process (NATS: publish + flush, so the server
   * holds it and has queued it to every subscriber).
   */
  broadcast(subject: string, data: Uint8Array): Promise<void>;
  /** Resolves once the subscription is live; returns the unsubscribe function. */
  onBroadcast(subject: string, handler: (data: Uint8Array) => void): Promise<() => void>;
  /** Stops every consumer (waiting for in-flight handlers), then releases connections and timers. */
  close(): Promise<void>;
}

type LogFn = (obj: Record<string, unknown>, msg?: string) => void;

/** The part of a pino logger the bus uses. */
export interface BusLogger {
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}

/** disconnected: NATS is unreachable for now (the client reconnects by itself); nothing was published. */
export type BusErrorCode = "no_stream" | "invalid_argument" | "ack_timeout" | "closed" | "disconnected";

export class BusError extends Error {
  override readonly name = "BusError";
  constructor(
    readonly code: BusErrorCode,
    message: string,
    opts?: ErrorOptions,
  ) {
    super(message, opts);
  }
}
