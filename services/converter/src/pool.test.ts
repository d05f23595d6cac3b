// The render pools' shared bookkeeping: lease slots (a line of waiting callers) and the idle shelf.
import { describe, expect, it, jest } from "@jest/globals";
import { createIdleShelf, createLeaseSlots } from "./pool.js";
import type { RenderError } from "./render-host.js";

class FakeRenderer {
  alive = true;
  why: string | undefined;
  kill(e: RenderError): void {
    this.alive = false;
    this.why = e.message;
  }
}

describe("createLeaseSlots", () => {
  it("grants at most `size` at once, then the waiting callers in order as slots are given back", async () => {
    const slots = createLeaseSlots(1, "render thread");
    await slots.take();
    const order: string[] = [];
    const a = slots.take().then(() => order.push("a"));
    const b = slots.take().then(() => order.push("b"));
    expect([slots.leased, slots.waiting]).toEqual([1, 2]);
    slots.give();
    await a;
    expect([order, slots.leased, slots.waiting]).toEqual([["a"], 1, 1]);
    slots.give();
    await b;
    expect(order).toEqual(["a", "b"]);
  });

  it("takes an aborted caller out of the line, and fails every waiting one at close", async () => {
    const slots = createLeaseSlots(1, "render process");
    await slots.take();
    const stop = new AbortController();
    const aborted = slots.take(stop.signal);
    const closed = slots.take();
    stop.abort();
    await expect(aborted).rejects.toThrow("the conversion was aborted while waiting for a render process");
    expect(slots.waiting).toBe(1);
    slots.close();
    await expect(closed).rejects.toThrow("the render pool is closed");
    await expect(slots.take(AbortSignal.abort())).rejects.toThrow();
  });
});

describe("createIdleShelf", () => {
  it("hands back the renderer parked last that is still alive, and ends one idle too long", () => {
    jest.useFakeTimers();
    try {
      const shelf = createIdleShelf<FakeRenderer>(1_000);
      const [old, dead, fresh] = [new FakeRenderer(), new FakeRenderer(), new FakeRenderer()];
      shelf.park(old);
      shelf.park(dead);
      dead.alive = false;
      shelf.park(fresh);
      expect(shelf.take()).toBe(fresh);
      expect(shelf.take()).toBe(old); // the dead one was skipped
      expect(shelf.take()).toBeUndefined();
      const idle = new FakeRenderer();
      shelf.park(idle);
      jest.advanceTimersByTime(1_000);
      expect([idle.alive, idle.why, shelf.take()]).toEqual([false, "idle", undefined]);
    } finally {
      jest.useRealTimers();
    }
  });
});
