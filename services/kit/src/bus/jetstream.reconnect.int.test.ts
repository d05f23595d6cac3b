// The consume loop survives what happens to a long-running worker: a NATS restart and a deleted
// durable. Runs its own nats-server (the Debian binary) on a free loopback port with a temporary
// store, so it can kill it; checks that consuming resumes by itself with nothing logged at level error.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { jetstreamManager } from "@nats-io/jetstream";
import { connect } from "@nats-io/transport-node";
import { sleep, testLogger, waitFor } from "@wenku/testkit";
import { createJetStreamBus } from "./jetstream.js";
import type { EventBus } from "./types.js";

const natsServerBin = process.env.NATS_SERVER_BIN || "/usr/sbin/nats-server";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === "object" && addr ? resolve(addr.port) : reject(new Error("no port"))));
    });
  });
}

async function startServer(port: number, storeDir: string): Promise<ChildProcess> {
  const child = spawn(natsServerBin, ["-a", "127.0.0.1", "-p", String(port), "-js", "-sd", storeDir], {
    stdio: "ignore",
  });
  const until = Date.now() + 10_000;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const s = createServer();
      s.once("error", () => resolve(true)); // port taken → the server is listening
      s.listen(port, "127.0.0.1", () => s.close(() => resolve(false)));
    });
    if (up) return child;
    if (child.exitCode !== null || Date.now() > until) throw new Error(`nats-server did not start (${child.exitCode})`);
    await sleep(50);
  }
}

function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

describe("JetStream bus resilience (own nats-server process)", () => {
  let dir: string;
  let port: number;
  let server: ChildProcess | undefined;
  let bus: EventBus | undefined;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "kit-bus-nats-"));
    port = await freePort();
    server = await startServer(port, dir);
  });

  afterEach(async () => {
    await bus?.close();
    if (server) await stopServer(server);
    await rm(dir, { recursive: true, force: true });
  });

  test("consuming resumes after the server is killed and restarted", async () => {
    const { log, errors } = testLogger();
    bus = await createJetStreamBus({ natsUrl: `nats://127.0.0.1:${port}`, log });
    await bus.ensureStream({ name: "R", subjects: ["r.>"] });
    const got: string[] = [];
    await bus.consume({ stream: "R", durable: "w", ackWaitMs: 1_000 }, async (m) => {
      got.push(new TextDecoder().decode(m.data));
    });
    await bus.publish("r.1", new TextEncoder().encode("before"));
    await waitFor(() => got.length === 1, 5_000, "first message");

    if (server) await stopServer(server);
    await sleep(1_500);
    server = await startServer(port, dir);

    // The client reconnects by itself; publish as soon as it accepts again.
    const until = Date.now() + 15_000;
    for (;;) {
      try {
        await bus.publish("r.2", new TextEncoder().encode("after"), { msgId: "after-1" });
        break;
      } catch (err) {
        if (Date.now() > until) throw err;
        await sleep(200);
      }
    }
    await waitFor(() => got.includes("after"), 15_000, "message after restart");
    // The ack of "before" may die with the server (SIGKILL right after the handler): then it comes
    // again — at-least-once, which is why consumers are idempotent.
    expect(new Set(got)).toEqual(new Set(["before", "after"]));
    expect(got.filter((g) => g === "after")).toHaveLength(1);
    expect(errors).toEqual([]);
  }, 40_000);

  test("a durable deleted under a running consumer is recreated and consuming goes on", async () => {
    const { log, errors } = testLogger();
    bus = await createJetStreamBus({ natsUrl: `nats://127.0.0.1:${port}`, log });
    await bus.ensureStream({ name: "D", subjects: ["d.>"] });
    const got: string[] = [];
    await bus.consume({ stream: "D", durable: "w" }, async (m) => void got.push(new TextDecoder().decode(m.data)));
    await bus.publish("d.1", new TextEncoder().encode("one"));
    await waitFor(() => got.length === 1, 5_000, "first message");

    const admin = await connect({ servers: `127.0.0.1:${port}` });
    try {
      await (await jetstreamManager(admin)).consumers.delete("D", "w");
    } finally {
      await admin.close();
    }
    await bus.publish("d.2", new TextEncoder().encode("two"));
    await waitFor(() => got.includes("two"), 10_000, "message after the durable was deleted");
    // The recreated durable starts from the stream's beginning: "one" comes again (at-least-once).
    expect(got).toEqual(["one", "one", "two"]);
    expect(errors).toEqual([]);
  });

  test("while the server is away a publish is refused at once (disconnected), and works again after", async () => {
    const { log } = testLogger();
    bus = await createJetStreamBus({ natsUrl: `nats://127.0.0.1:${port}`, log });
    await bus.ensureStream({ name: "P", subjects: ["p.>"] });
    if (server) await stopServer(server);
    const b = bus;
    await waitFor(
      () =>
        b.publish("p.1", new Uint8Array([1])).then(
          () => false,
          (err: { code?: string }) => err.code === "disconnected",
        ),
      10_000,
      "a publish refused as disconnected",
    );
    server = await startServer(port, dir);
    await waitFor(
      () =>
        b.publish("p.2", new Uint8Array([2])).then(
          () => true,
          () => false,
        ),
      15_000,
      "a publish accepted after the restart",
    );
  }, 40_000);
});
