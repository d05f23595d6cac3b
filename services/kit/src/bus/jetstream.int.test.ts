// The bus contract against the real NATS server (JetStream). Every test gets its own stream and
// subject root (`kitbus_<run>_<n>`) so parallel runs never collide; all are deleted afterwards.
import { type JetStreamManager, jetstreamManager } from "@nats-io/jetstream";
import { connect, type NatsConnection } from "@nats-io/transport-node";
import { testLogger } from "@wenku/testkit";
import { TEST_NATS_URL } from "../../../../jest/env.js";
import { busContract } from "../../test/bus.contract.js";
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

// Issue #22 item 12: a config save answers after its change broadcast; by then the broadcast must be at
// the other connections (publish + flush: the server queued it to every subscriber before its PONG), so
// the saver's next request finds the other processes' caches dropped.
test("broadcast() resolves once the server has the message: other connections often have it already", async () => {
  const prefix = `${run}_${++n}`;
  const { log } = testLogger();
  const a = await createJetStreamBus({ natsUrl, log, name: `${prefix}_a` });
  const b = await createJetStreamBus({ natsUrl, log, name: `${prefix}_b` });
  try {
    let got: (() => void) | undefined;
    let arrived = 0;
    await b.onBroadcast(`${prefix}.changed`, () => {
      arrived = performance.now();
      got?.();
    });
    const lags: number[] = [];
    let before = 0;
    const rounds = 20;
    for (let i = 0; i < rounds; i++) {
      arrived = 0;
      const seen = new Promise<void>((res) => {
        got = res;
      });
      await a.broadcast(`${prefix}.changed`, new Uint8Array());
      const resolved = performance.now();
      if (arrived) before++;
      await seen;
      lags.push(Math.max(0, arrived - resolved));
    }
    lags.sort((x, y) => x - y);
    process.stdout.write(
      `broadcast: ${before}/${rounds} at the other connection before broadcast() resolved; after it: p50 ${(lags[rounds / 2] ?? 0).toFixed(2)} ms, max ${(lags[rounds - 1] ?? 0).toFixed(2)} ms\n`,
    );
    // How many beat the resolve is a figure of a loaded machine (20/20 quiet, 5/20 seen in CI), printed
    // above, not asserted. Without the flush none ever does: that much is asserted.
    expect(before).toBeGreaterThan(0);
  } finally {
    await Promise.all([a.close(), b.close()]);
  }
});

test("broadcastPrefix: buses sharing a prefix hear each other; another prefix (another site on the server) does not", async () => {
  const prefix = `${run}_${++n}`;
  const { log } = testLogger();
  const [a, b, other] = await Promise.all(
    [`${prefix}_one`, `${prefix}_one`, `${prefix}_two`].map((p, i) =>
      createJetStreamBus({ natsUrl, log, name: `${prefix}_${i}`, broadcastPrefix: p }),
    ),
  );
  try {
    const heard: string[] = [];
    await b!.onBroadcast("wenku.config.changed", () => heard.push("same site"));
    await other!.onBroadcast("wenku.config.changed", () => heard.push("other site"));
    await a!.broadcast("wenku.config.changed", new Uint8Array(0));
    const deadline = Date.now() + 2_000;
    while (!heard.includes("same site") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 50)); // time for a stray delivery to show
    expect(heard).toEqual(["same site"]);
  } finally {
    await Promise.all([a, b, other].map((x) => x?.close()));
  }
});
