// The conversion worker's queue: work shared by workers, redelivery from a worker that hangs, poison
// messages dropped. Testbed: worker.fixture.ts.
import { gunzipSync } from "node:zlib";
import { waitFor } from "@wenku/testkit";
import { makePdf } from "@wenku/testkit/documents";
import { counting, hashOf, job, read, s, total, useWorkerTestbed } from "../test/worker.fixture.js";
import { outputKeys } from "./job.js";

useWorkerTestbed();

test("two workers share the queue: every document converted exactly once, outputs in storage", async () => {
  const { converter, counts } = counting();
  await s.start("a", {}, converter);
  await s.start("b", {}, converter);
  const docs = [1, 2, 3, 4, 5, 6];
  for (const d of docs) {
    await s.upload(`originals/${d}.pdf`, makePdf({ pages: 2, lines: (p) => [`文档${d} 第${p}页`] }));
    await s.publish(job(d, hashOf(d), `originals/${d}.pdf`));
  }
  await waitFor(() => docs.every((d) => s.sink.converted(String(d))), 60_000, "all converted");
  expect(total(counts)).toBe(docs.length);
  const workersUsed = new Set(s.sink.events.filter((e) => e.kind === "converted").map((e) => e.worker));
  expect(workersUsed).toEqual(new Set(["a", "b"]));
  for (const d of docs) {
    const r = s.sink.converted(String(d))?.result;
    expect(r).toMatchObject({ pages: 2, rendered: 2, reused: false, hash: hashOf(d) });
    expect(r?.text).toContain(`文档${d} 第2页`);
    expect(s.sink.of(String(d)).map((e) => e.kind)).toEqual(["started", "converted"]);
    const keys = outputKeys(hashOf(d));
    const svg = await read(s.storage, keys.page(2, false));
    expect(svg.subarray(0, 4).toString()).toBe("<svg");
    expect(gunzipSync(await read(s.storage, keys.page(2, true)))).toEqual(svg);
    expect((await read(s.storage, keys.cover)).subarray(1, 4).toString()).toBe("PNG");
    expect(JSON.parse((await read(s.storage, keys.manifest)).toString())).toMatchObject({ pages: 2, rendered: 2 });
  }
});

test("a worker that stops answering mid-job: the other worker converts it after redelivery", async () => {
  const { converter, counts } = counting();
  let blocked = 0;
  let release = () => {};
  const released = new Promise<void>((r) => {
    release = r;
  });
  // Worker "dying" never converts: it blocks after fetching the original, sending no in-progress acks.
  const dying = await s.start(
    "dying",
    {
      ackWaitMs: 1_000,
      hooks: {
        beforeConvert: async () => {
          blocked++;
          await released;
        },
      },
    },
    converter,
  );
  await s.upload("originals/k.pdf", makePdf({ pages: 1 }));
  await s.publish(job(42, hashOf(42), "originals/k.pdf"));
  await waitFor(() => blocked === 1, 10_000, "the job reached the dying worker");
  await s.start("rescuer", { ackWaitMs: 1_000 }, converter);
  await waitFor(() => s.sink.converted("42") !== undefined, 20_000, "redelivery to the rescuer");
  expect(s.sink.converted("42")?.worker).toBe("rescuer");
  expect(s.sink.of("42").filter((e) => e.kind === "started")).toEqual([
    { kind: "started", doc: "42", attempt: 1, worker: "dying" },
    { kind: "started", doc: "42", attempt: 2, worker: "rescuer" },
  ]);
  // The dying worker is stopped: its job is aborted, reported to nobody, and converted by no one else.
  const stopping = dying.stop();
  release();
  await stopping;
  expect(total(counts)).toBe(1);
  expect(s.sink.of("42").map((e) => e.kind)).toEqual(["started", "started", "converted"]);
});

test("a poison message is dropped with a log, never retried", async () => {
  await s.start("a");
  await s.buses[0]?.publish(`${s.prefix}.requested`, Uint8Array.from([0xff, 0xff, 0xff]));
  await s.publish(job(0, hashOf(1), "originals/none.pdf"));
  await waitFor(() => s.errors.length === 2, 10_000, "both dropped");
  expect(s.errors.splice(0)).toEqual([
    expect.objectContaining({
      msg: "conversion: malformed request dropped",
      problem: expect.stringContaining("not an"),
    }),
    expect.objectContaining({
      msg: "conversion: malformed request dropped",
      problem: expect.stringContaining("document_id"),
    }),
  ]);
  expect(s.sink.events).toEqual([]);
});
