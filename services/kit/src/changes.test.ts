import { testLogger } from "@wenku/testkit";
import { createMemoryBus } from "./bus/memory.js";
import { createChangeSignal } from "./changes.js";

const SUBJECT = "wenku.test.changed";
const tick = () => new Promise((r) => setImmediate(r));

describe("change signal", () => {
  test("the writer's listeners run before changed() returns; another replica's right after", async () => {
    const { log } = testLogger();
    const bus = createMemoryBus({ log });
    const here = await createChangeSignal(bus, SUBJECT, log);
    const there = await createChangeSignal(bus, SUBJECT, log);
    const heard: string[] = [];
    here.onChange(() => heard.push("here"));
    there.onChange(() => heard.push("there"));
    const done = here.changed();
    expect(heard).toEqual(["here"]); // synchronous in the writer's process
    await done;
    await tick();
    expect(heard).toContain("there");
    here.close();
    there.close();
    await bus.close();
  });

  test("a failing listener neither stops the others nor fails the writer; a removed one is not called", async () => {
    const { log } = testLogger();
    const bus = createMemoryBus({ log });
    const errors: unknown[] = [];
    const signal = await createChangeSignal(bus, SUBJECT, { error: (o: unknown) => errors.push(o) });
    let calls = 0;
    signal.onChange(() => {
      throw new Error("boom");
    });
    signal.onChange(() => calls++);
    const off = signal.onChange(() => calls++);
    off();
    await expect(signal.changed()).resolves.toBeUndefined();
    expect(calls).toBe(1);
    expect(errors).toHaveLength(1);
    signal.close();
    await bus.close();
  });

  test("a broadcast that fails is logged, not thrown: the change is committed already", async () => {
    const errors: unknown[] = [];
    const signal = await createChangeSignal(
      {
        broadcast: async () => {
          throw new Error("bus down");
        },
        onBroadcast: async () => () => {},
      },
      SUBJECT,
      { error: (o: unknown) => errors.push(o) },
    );
    let calls = 0;
    signal.onChange(() => calls++);
    await expect(signal.changed()).resolves.toBeUndefined();
    expect(calls).toBe(1);
    expect(errors).toHaveLength(1);
  });
});
