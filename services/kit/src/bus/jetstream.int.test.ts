// The bus contract against the real NATS server (JetStream). Every test gets its own stream and
// subject root (`kitbus_<run>_<n>`) so parallel runs never collide; all are deleted afterwards.
import { type JetStreamManager, jetstreamManager } from "@nats-io/jetstream";
import { connect, type NatsConnection } from "@nats-io/transport-node";
import { busContract } from "./contract.js";
import { createJetStreamBus } from "./jetstream.js";
import type { BusLogger } from "./types.js";

const natsUrl = process.env.NATS_URL || "nats://127.0.0.1:4222";
const run = `kitbus_${Date.now().toString(36)}_${process.pid}`;
const quiet: BusLogger = { info: (o, m) => console.log("INFO", m, o), warn: (o, m) => console.log("WARN", m, Object.keys(o)), error: (o, m) => console.log("ERROR", m, o) };
let n = 0;
let admin: NatsConnection;
let jsm: JetStreamManager;

async function deleteStreams(prefix: string): Promise<void> {
  for await (const name of jsm.streams.names()) {
    if (name.startsWith(prefix)) await jsm.streams.delete(name);
  }
}

beforeAll(async () => {
  admin = await connect({ servers: natsUrl });
  jsm = await jetstreamManager(admin);
});

afterAll(async () => {
  await deleteStreams(run);
  await admin.close();
});

busContract("NATS JetStream (real server)", async () => {
  const prefix = `${run}_${++n}`;
  const bus = await createJetStreamBus({ natsUrl, log: quiet, name: `${prefix}_a` });
  const peer = await createJetStreamBus({ natsUrl, log: quiet, name: `${prefix}_b` });
  return {
    bus,
    peer,
    prefix,
    dispose: async () => {
      await Promise.all([bus.close(), peer.close()]);
      await deleteStreams(prefix);
    },
  };
});
