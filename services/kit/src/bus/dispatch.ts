// What happens to one delivery, shared by both implementations so they cannot drift apart:
// resolve → ack; throw → nak after the backoff for this attempt; the maxDeliver-th failure → onDead + term.
// The durable is created with max_deliver = maxDeliver + 1: that extra delivery only happens when the
// maxDeliver-th attempt never answered (killed worker, ack_wait expired) and goes straight to onDead,
// so a message whose last worker died still reaches onDead instead of vanishing silently.
import {
  BusError,
  type BusLogger,
  type BusMessage,
  type ConsumeOptions,
  type Handler,
  type StreamSpec,
} from "./types.js";

export interface ResolvedConsumeOptions {
  stream: string;
  durable: string;
  filterSubject: string | undefined;
  ackWaitMs: number;
  maxDeliver: number;
  backoffMs: number[];
  concurrency: number;
  onDead: ConsumeOptions["onDead"];
}

export const defaultBackoffMs = [1000, 5000, 15000, 60000];

const namePattern = /^[A-Za-z0-9_-]+$/;

export function resolveConsumeOptions(o: ConsumeOptions): ResolvedConsumeOptions {
  const r: ResolvedConsumeOptions = {
    stream: o.stream,
    durable: o.durable,
    filterSubject: o.filterSubject,
    ackWaitMs: o.ackWaitMs ?? 30_000,
    maxDeliver: o.maxDeliver ?? 5,
    backoffMs: o.backoffMs ?? defaultBackoffMs,
    concurrency: o.concurrency ?? 1,
    onDead: o.onDead,
  };
  const problems: string[] = [];
  if (!namePattern.test(r.stream)) problems.push(`stream name "${r.stream}" must match ${namePattern}`);
  if (!namePattern.test(r.durable)) problems.push(`durable name "${r.durable}" must match ${namePattern}`);
  if (!(r.ackWaitMs > 0)) problems.push("ackWaitMs must be > 0");
  if (!Number.isInteger(r.maxDeliver) || r.maxDeliver < 1) problems.push("maxDeliver must be an integer ≥ 1");
  if (!Number.isInteger(r.concurrency) || r.concurrency < 1) problems.push("concurrency must be an integer ≥ 1");
  if (r.backoffMs.some((ms) => !(ms >= 0))) problems.push("backoffMs must be ≥ 0");
  if (problems.length > 0) throw new BusError("invalid_argument", problems.join("; "));
  return r;
}

export function checkStreamName(name: string): void {
  if (!namePattern.test(name))
    throw new BusError("invalid_argument", `stream name "${name}" must match ${namePattern}`);
}

/** NATS: the duplicate window defaults to 2 min, and to max age when that is shorter. */
export function duplicateWindowOf(spec: StreamSpec): number {
  if (spec.duplicateWindowMs) return spec.duplicateWindowMs;
  const def = 120_000;
  return spec.maxAgeMs && spec.maxAgeMs < def ? spec.maxAgeMs : def;
}

/** Delay before redelivering after the `deliveryCount`-th attempt failed. */
export function backoffFor(backoffMs: number[], deliveryCount: number): number {
  if (backoffMs.length === 0) return 0;
  return backoffMs[Math.min(deliveryCount, backoffMs.length) - 1] ?? 0;
}

/** One delivery as the transport sees it. */
export interface Delivery {
  msg: BusMessage;
  ack(): Promise<void>;
  nak(delayMs: number): void;
  term(): void;
}

/** Runs the handler for one delivery and answers the broker. Never rejects. */
export async function handleDelivery(
  d: Delivery,
  o: ResolvedConsumeOptions,
  handler: Handler,
  log: BusLogger,
): Promise<void> {
  const { msg } = d;
  const ctx = { stream: o.stream, durable: o.durable, subject: msg.subject, id: msg.id, delivery: msg.deliveryCount };
  try {
    if (msg.deliveryCount > o.maxDeliver) {
      const err = new BusError("ack_timeout", `not acknowledged within ${o.ackWaitMs} ms on delivery ${o.maxDeliver}`);
      await dead(d, o, err, log, ctx);
      return;
    }
    let failure: { err: unknown } | undefined;
    try {
      await handler(msg);
    } catch (err) {
      failure = { err };
    }
    if (!failure) {
      await d.ack();
      return;
    }
    if (msg.deliveryCount >= o.maxDeliver) {
      await dead(d, o, failure.err, log, ctx);
      return;
    }
    const delayMs = backoffFor(o.backoffMs, msg.deliveryCount);
    log.warn({ ...ctx, err: failure.err, retryInMs: delayMs }, "bus: handler failed; will retry");
    d.nak(delayMs);
  } catch (err) {
    // Only reachable when the broker call itself fails (e.g. it restarts under us): the message is then
    // redelivered after ackWait, so this is a warning, not a lost message.
    log.warn({ ...ctx, err }, "bus: could not answer the broker; it will redeliver");
  }
}

async function dead(
  d: Delivery,
  o: ResolvedConsumeOptions,
  err: unknown,
  log: BusLogger,
  ctx: Record<string, unknown>,
): Promise<void> {
  if (!o.onDead) {
    log.error({ ...ctx, err }, "bus: message dropped after maxDeliver attempts (no onDead)");
    d.term();
    return;
  }
  try {
    await o.onDead(d.msg, err);
  } catch (deadErr) {
    if (d.msg.deliveryCount <= o.maxDeliver) {
      // One more (final) delivery is left: it goes straight to onDead again.
      log.error({ ...ctx, err: deadErr }, "bus: onDead failed; retrying it once");
      d.nak(backoffFor(o.backoffMs, d.msg.deliveryCount));
      return;
    }
    log.error({ ...ctx, err: deadErr, cause: err }, "bus: onDead failed again; message dropped");
  }
  d.term();
}

/** Calls a broadcast handler; a throw or a rejected promise is logged, never unhandled. */
export function callBroadcastHandler(
  handler: (data: Uint8Array) => void,
  data: Uint8Array,
  subject: string,
  log: BusLogger,
): void {
  try {
    const r: unknown = handler(data);
    if (r instanceof Promise) r.catch((err: unknown) => log.error({ err, subject }, "bus: broadcast handler failed"));
  } catch (err) {
    log.error({ err, subject }, "bus: broadcast handler failed");
  }
}
