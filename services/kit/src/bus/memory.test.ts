import { testLogger } from "@wenku/testkit";
import { busContract } from "../../test/bus.contract.js";
import { createMemoryBus } from "./memory.js";

busContract("in-process memory bus", async () => {
  const { log, errors } = testLogger();
  const bus = createMemoryBus({ log });
  return { bus, peer: bus, prefix: "mem", errors, dispose: () => bus.close() };
});

describe("memory bus specifics", () => {
  const timers = () => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;

  test("close() clears pending ack-wait and backoff timers: nothing keeps the process alive", async () => {
    const before = timers();
    const bus = createMemoryBus({ log: testLogger().log });
    await bus.ensureStream({ name: "T", subjects: ["t.>"] });
    let calls = 0;
    await bus.consume({ stream: "T", durable: "d", backoffMs: [60_000], ackWaitMs: 60_000 }, async () => {
      calls++;
      throw new Error("retry in a minute");
    });
    await bus.consume({ stream: "T", durable: "hang", ackWaitMs: 60_000, concurrency: 2 }, async (m) => {
      if (m.subject === "t.slow") await new Promise((r) => setTimeout(r, 50));
    });
    await bus.publish("t.a", new Uint8Array([1]));
    await bus.publish("t.slow", new Uint8Array([2]));
    while (calls < 2) await new Promise((r) => setTimeout(r, 5));
    expect(timers()).toBeGreaterThan(before);
    await bus.close();
    expect(timers()).toBe(before);
  });

  test("stream subjects may not overlap, like on a NATS server", async () => {
    const bus = createMemoryBus({ log: testLogger().log });
    await bus.ensureStream({ name: "A", subjects: ["docs.*.created"] });
    await expect(bus.ensureStream({ name: "B", subjects: ["docs.>"] })).rejects.toMatchObject({
      code: "invalid_argument",
    });
    await bus.ensureStream({ name: "C", subjects: ["users.>"] });
    await bus.ensureStream({ name: "A", subjects: ["docs.*.created", "docs.*.deleted"] }); // update
    await bus.close();
  });
});
