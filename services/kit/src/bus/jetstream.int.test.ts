// The bus contract against the real NATS server (JetStream). Every test gets its own stream and
// subject root (`kitbus_<run>_<n>`) so parallel runs never collide; all are deleted afterwards.
import { type JetStreamManager, jetstreamManager } from "@nats-io/jetstream";
import { connect, type NatsConnection } from "@nats-io/transport-node";
import { TEST_NATS_URL } from "../../../../jest/env.js";
import { busContract, testLogger } from "./contract.js";
import { createJetStreamBus } from "./jetstream.js";

const natsUrl = TEST_NATS_URL;
const run = `kitbus_${Date.now().toString(36)}_${process.pid}`;
let n = 0;
let admin: NatsConnection;
let jsm: JetStreamManager;

async function deleteStreams(prefix: string): Promise<void> {
  for await (const name of jsm.streams.names()) {
    if (name === prefix || name.startsWith(`${prefix}_`)) await jsm.streams.delete(name);
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
  const { log, errors } = testLogger();
  const bus = await createJetStreamBus({ natsUrl, log, name: `${prefix}_a` });
  const peer = await createJetStreamBus({ natsUrl, log, name: `${prefix}_b` });
  return {
    bus,
    peer,
    prefix,
    errors,
    dispose: async () => {
      await Promise.all([bus.close(), peer.close()]);
      await deleteStreams(prefix);
    },
  };
});
