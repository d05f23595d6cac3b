// The semantics every EventBus implementation must share. Run by src/bus/memory.test.ts and
// src/bus/jetstream.int.test.ts. Timings are short (hundreds of ms) so the suite runs in seconds.
import type { BusMessage, EventBus } from "@wenku/kit/bus";
import { sleep, waitFor } from "@wenku/testkit";
import type { BusError } from "../src/bus/types.js";

export interface BusHarness {
  /** The bus of one "process". */
  bus: EventBus;
  /** Another process sharing the broker (the memory bus is one process: the same instance). */
  peer: EventBus;
  /** Unique per test: use it as the stream name and the first subject token. */
  prefix: string;
  /** What the buses logged at level error: a correct run logs none. */
  errors: unknown[];
  dispose(): Promise<void>;
}

const enc = new TextEncoder();
const dec = new TextDecoder();
const text = (m: BusMessage) => dec.decode(m.data);

export function busContract(name: string, factory: () => Promise<BusHarness>): void {
  describe(`EventBus contract: ${name}`, () => {
    let h: BusHarness;
    let p: string;
    const gates: (() => void)[] = [];
    /** A promise the test opens when it wants: a handler awaiting it simulates a hung or killed worker. */
    const gate = () => {
      let open = () => {};
      const wait = new Promise<void>((r) => {
        open = r;
      });
      gates.push(open);
      return { wait, open };
    };
    beforeEach(async () => {
      h = await factory();
      p = h.prefix;
      await h.bus.ensureStream({ name: p, subjects: [`${p}.>`], duplicateWindowMs: 300 });
    });
    afterEach(async () => {
      for (const open of gates.splice(0)) open(); // a failed test must not leave handlers hanging
      await h.dispose();
      expect(h.errors).toEqual([]);
    });

    test("work queue: each message goes to exactly one of the workers sharing a durable", async () => {
      const seen: Record<string, string[]> = { a: [], b: [] };
      const worker = (w: string) => async (m: BusMessage) => {
        await sleep(10);
        seen[w]?.push(text(m));
      };
      const opts = { stream: p, durable: "work" };
      await h.bus.consume(opts, worker("a"));
      await h.peer.consume(opts, worker("b"));
      const sent = Array.from({ length: 20 }, (_, i) => `m${i}`);
      for (const s of sent) await h.bus.publish(`${p}.job`, enc.encode(s));
      const all = () => [...(seen.a ?? []), ...(seen.b ?? [])];
      await waitFor(() => all().length >= sent.length, 5_000, "20 deliveries");
      await sleep(300);
      expect(all().sort()).toEqual([...sent].sort());
      expect(seen.a?.length).toBeGreaterThan(0);
      expect(seen.b?.length).toBeGreaterThan(0);
    });

    test("fan-out: two durables each get every message, including those published before they existed", async () => {
      await h.bus.publish(`${p}.x`, enc.encode("early"));
      const a: string[] = [];
      const b: string[] = [];
      await h.bus.consume({ stream: p, durable: "a" }, async (m) => void a.push(text(m)));
      await h.peer.consume({ stream: p, durable: "b" }, async (m) => void b.push(text(m)));
      await h.bus.publish(`${p}.y`, enc.encode("late"));
      await waitFor(() => a.length === 2 && b.length === 2, 5_000, "both durables");
      expect(a.sort()).toEqual(["early", "late"]);
      expect(b.sort()).toEqual(["early", "late"]);
    });

    test("filterSubject: a durable only sees matching subjects", async () => {
      const got: string[] = [];
      await h.bus.consume(
        { stream: p, durable: "f", filterSubject: `${p}.pdf.*` },
        async (m) => void got.push(m.subject),
      );
      await h.bus.publish(`${p}.doc.1`, enc.encode("no"));
      await h.bus.publish(`${p}.pdf.1`, enc.encode("yes"));
      await waitFor(() => got.length === 1);
      await sleep(200);
      expect(got).toEqual([`${p}.pdf.1`]);
    });

    test("dedupe: the same msgId inside the window is delivered once; after the window, again", async () => {
      const got: string[] = [];
      await h.bus.consume({ stream: p, durable: "d" }, async (m) => void got.push(`${m.id}=${text(m)}`));
      await h.bus.publish(`${p}.e`, enc.encode("first"), { msgId: "evt-1" });
      await h.bus.publish(`${p}.e`, enc.encode("second"), { msgId: "evt-1" });
      await h.bus.publish(`${p}.e`, enc.encode("other"), { msgId: "evt-2" });
      await waitFor(() => got.length >= 2);
      await sleep(200);
      expect(got.sort()).toEqual(["evt-1=first", "evt-2=other"]);
      await sleep(1_000); // window is 300 ms; nats-server purges ids on a timer of the window length
      await h.bus.publish(`${p}.e`, enc.encode("third"), { msgId: "evt-1" });
      await waitFor(() => got.length === 3);
      expect(got).toContain("evt-1=third");
    });

    test("a throwing handler is retried with backoff and deliveryCount increases", async () => {
      const attempts: { n: number; at: number }[] = [];
      await h.bus.consume({ stream: p, durable: "r", backoffMs: [150, 400], ackWaitMs: 2_000 }, async (m) => {
        attempts.push({ n: m.deliveryCount, at: Date.now() });
        if (m.deliveryCount < 3) throw new Error(`fail ${m.deliveryCount}`);
      });
      await h.bus.publish(`${p}.r`, enc.encode("x"));
      await waitFor(() => attempts.length === 3, 5_000, "3 attempts");
      await sleep(300);
      expect(attempts.map((a) => a.n)).toEqual([1, 2, 3]);
      const [a1, a2, a3] = attempts.map((a) => a.at) as [number, number, number];
      expect(a2 - a1).toBeGreaterThanOrEqual(130);
      expect(a3 - a2).toBeGreaterThanOrEqual(370);
    });

    test("after maxDeliver failures onDead is called exactly once and the message is not delivered again", async () => {
      const calls: number[] = [];
      const dead: { n: number; err: string }[] = [];
      await h.bus.consume(
        {
          stream: p,
          durable: "dl",
          maxDeliver: 3,
          backoffMs: [50],
          ackWaitMs: 300,
          onDead: async (m, err) => void dead.push({ n: m.deliveryCount, err: (err as Error).message }),
        },
        async (m) => {
          calls.push(m.deliveryCount);
          throw new Error(`boom ${m.deliveryCount}`);
        },
      );
      await h.bus.publish(`${p}.dl`, enc.encode("poison"));
      await waitFor(() => dead.length > 0, 5_000, "onDead");
      await sleep(800); // > ackWait: nothing may come back
      expect(calls).toEqual([1, 2, 3]);
      expect(dead).toEqual([{ n: 3, err: "boom 3" }]);
    });

    test("a worker that dies without acking: the message goes to another worker after ackWait", async () => {
      const hung = gate();
      const first: number[] = [];
      const second: { n: number; at: number }[] = [];
      const opts = { stream: p, durable: "k", ackWaitMs: 400 };
      const dying = await h.bus.consume(opts, async (m) => {
        first.push(m.deliveryCount);
        await hung.wait; // never answers while the test runs
      });
      await h.bus.publish(`${p}.k`, enc.encode("job"));
      await waitFor(() => first.length === 1);
      const t0 = Date.now();
      await h.peer.consume(opts, async (m) => void second.push({ n: m.deliveryCount, at: Date.now() }));
      await waitFor(() => second.length === 1, 5_000, "redelivery");
      expect(second[0]?.n).toBe(2);
      expect((second[0]?.at ?? 0) - t0).toBeGreaterThanOrEqual(250);
      hung.open();
      await dying.stop();
      expect(first).toEqual([1]);
    });

    test("deliveries that all time out still end in onDead (delivery maxDeliver + 1 goes to onDead)", async () => {
      const hung = gate();
      const calls: number[] = [];
      const dead: { n: number; code: string | undefined }[] = [];
      const c = await h.bus.consume(
        {
          stream: p,
          durable: "to",
          maxDeliver: 2,
          ackWaitMs: 250,
          concurrency: 3,
          onDead: async (m, err) => void dead.push({ n: m.deliveryCount, code: (err as BusError).code }),
        },
        async (m) => {
          calls.push(m.deliveryCount);
          await hung.wait;
        },
      );
      await h.bus.publish(`${p}.to`, enc.encode("slowpoke"));
      await waitFor(() => dead.length === 1, 5_000, "onDead");
      expect(calls).toEqual([1, 2]);
      expect(dead).toEqual([{ n: 3, code: "ack_timeout" }]);
      hung.open();
      await c.stop();
    });

    test("working() keeps a slow but alive handler's message from being redelivered", async () => {
      const got: { who: string; n: number }[] = [];
      const opts = { stream: p, durable: "w", ackWaitMs: 300 };
      await h.bus.consume(opts, async (m) => {
        got.push({ who: "slow", n: m.deliveryCount });
        for (let i = 0; i < 6; i++) {
          await sleep(150);
          m.working();
        }
      });
      await h.bus.publish(`${p}.w`, enc.encode("long job"));
      await waitFor(() => got.length === 1);
      await h.peer.consume(opts, async (m) => void got.push({ who: "other", n: m.deliveryCount }));
      await sleep(1_400); // 900 ms of work + more than one ackWait afterwards
      expect(got).toEqual([{ who: "slow", n: 1 }]);
    });

    test("stop() waits for in-flight handlers; the acked message is not redelivered", async () => {
      let finished = false;
      const opts = { stream: p, durable: "s", ackWaitMs: 300 };
      const started: number[] = [];
      const c = await h.bus.consume(opts, async (m) => {
        started.push(m.deliveryCount);
        await sleep(300);
        finished = true;
      });
      await h.bus.publish(`${p}.s`, enc.encode("x"));
      await waitFor(() => started.length === 1);
      await c.stop();
      expect(finished).toBe(true);
      const after: number[] = [];
      await h.peer.consume(opts, async (m) => void after.push(m.deliveryCount));
      await h.bus.publish(`${p}.s`, enc.encode("y"));
      await waitFor(() => after.length === 1);
      await sleep(700);
      expect(after).toEqual([1]); // only "y"
    });

    test("concurrency: a consumer handles up to `concurrency` messages at once", async () => {
      for (let i = 0; i < 9; i++) await h.bus.publish(`${p}.c`, enc.encode(`${i}`));
      let now = 0;
      let max = 0;
      let done = 0;
      await h.bus.consume({ stream: p, durable: "cc", concurrency: 3 }, async () => {
        now++;
        max = Math.max(max, now);
        await sleep(100);
        now--;
        done++;
      });
      await waitFor(() => done === 9, 5_000, "9 handled");
      expect(max).toBe(3);
    });

    test("broadcast reaches every subscriber of the subject, and stops after unsubscribe", async () => {
      const a: string[] = [];
      const b: string[] = [];
      const other: string[] = [];
      const unsubA = await h.bus.onBroadcast(`${p}.cache`, (d) => void a.push(dec.decode(d)));
      await h.peer.onBroadcast(`${p}.cache`, (d) => void b.push(dec.decode(d)));
      await h.peer.onBroadcast(`${p}.other`, (d) => void other.push(dec.decode(d)));
      await h.bus.broadcast(`${p}.cache`, enc.encode("v1"));
      await waitFor(() => a.length === 1 && b.length === 1, 5_000, "both subscribers");
      unsubA();
      await h.peer.broadcast(`${p}.cache`, enc.encode("v2"));
      await waitFor(() => b.length === 2);
      await sleep(100);
      expect(a).toEqual(["v1"]);
      expect(b).toEqual(["v1", "v2"]);
      expect(other).toEqual([]);
    });

    test("publishing to a subject no stream captures, or consuming a missing stream, is refused", async () => {
      await expect(h.bus.publish(`${p}_nostream.x`, enc.encode("x"))).rejects.toMatchObject({ code: "no_stream" });
      await expect(h.bus.consume({ stream: `${p}_missing`, durable: "x" }, async () => {})).rejects.toMatchObject({
        code: "no_stream",
      });
    });

    test("a closed bus refuses work", async () => {
      const other = h.peer; // the memory harness's peer is its bus: closing twice is fine
      await other.close();
      await expect(other.publish(`${p}.x`, enc.encode("x"))).rejects.toMatchObject({ code: "closed" });
      await expect(other.consume({ stream: p, durable: "z" }, async () => {})).rejects.toMatchObject({
        code: "closed",
      });
    });
  });
}
