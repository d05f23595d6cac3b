import { createJetStreamBus } from "./jetstream.js";
import { createMemoryBus } from "./memory.js";
import type { BusLogger, EventBus } from "./types.js";

export type { BusLogger, BusMessage, Consumer, EventBus, StreamSpec } from "./types.js";

interface CreateBusOptions {
  /** nats://… (comma-separated for several servers); unset → the in-process bus (one-process mode only). */
  natsUrl?: string;
  log: BusLogger;
  /** Connection name shown by the NATS server, e.g. the service name. */
  name?: string;
  /** JetStream only: broadcasts go to `<prefix>.<subject>`, so several sites can share one NATS server. */
  broadcastPrefix?: string;
}

/** JetStream when `natsUrl` is set, otherwise the in-process bus. */
export async function createBus(opts: CreateBusOptions): Promise<EventBus> {
  if (!opts.natsUrl) {
    opts.log.info({}, "bus: NATS_URL unset; using the in-process event bus");
    return createMemoryBus({ log: opts.log });
  }
  return createJetStreamBus({
    natsUrl: opts.natsUrl,
    log: opts.log,
    name: opts.name,
    broadcastPrefix: opts.broadcastPrefix,
  });
}
