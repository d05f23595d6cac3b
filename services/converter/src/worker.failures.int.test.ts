// How the conversion worker fails: for good at once, retried with backoff, final after the attempts
// each kind of error allows. Testbed: worker.fixture.ts.
import { streamSettled, waitFor } from "@wenku/testkit";
import { makePdf } from "@wenku/testkit/documents";
import { hashOf, job, jsm, s, useWorkerTestbed } from "../test/worker.fixture.js";
import type { Converter } from "./converter.js";
import { ConversionError } from "./errors.js";

useWorkerTestbed();

test("a corrupt file: failed for good at once with a reason (no retries)", async () => {
  await s.start("a", { maxAttempts: 3 });
  await s.upload("originals/bad.pdf", Buffer.from("%PDF-1.7\nnot really\n"));
  await s.publish(job(7, hashOf(7), "originals/bad.pdf"));
  await waitFor(() => s.sink.final("7") !== undefined, 10_000, "final failure");
  expect(s.sink.of("7").map((e) => e.kind)).toEqual(["started", "failed"]);
  expect(s.sink.final("7")?.failure).toMatchObject({ reason: "corrupt", retryable: false });
  expect(s.sink.final("7")?.failure.message).toContain("损坏");
});

test("a retryable failure is retried with backoff, then reported final after maxAttempts", async () => {
  let attempts = 0;
  const crashing: Converter = {
    convert: async () => {
      attempts++;
      throw new Error("soffice crashed (simulated tool crash)");
    },
    close: async () => {},
  };
  await s.start("a", { maxAttempts: 3, backoffMs: [50, 100] }, crashing);
  await s.upload("originals/c.pdf", makePdf({ pages: 1 }));
  await s.publish(job(8, hashOf(8), "originals/c.pdf"));
  await waitFor(() => s.sink.final("8") !== undefined, 10_000, "final failure");
  expect(attempts).toBe(3);
  const failed = s.sink.of("8").filter((e) => e.kind === "failed");
  expect(failed.map((e) => (e.kind === "failed" ? [e.final, e.failure.reason] : []))).toEqual([
    [false, "internal"],
    [false, "internal"],
    [true, "internal"],
  ]);
  expect(
    s.sink
      .of("8")
      .filter((e) => e.kind === "started")
      .map((e) => (e.kind === "started" ? e.attempt : 0)),
  ).toEqual([1, 2, 3]);
  // The one error-level line this test expects.
  expect(s.errors.splice(0)).toEqual([
    expect.objectContaining({ msg: "conversion: attempts exhausted", document_id: "8" }),
  ]);
});

test.each([
  [
    "a timeout (LibreOffice or the job's)",
    new ConversionError("timeout", "LibreOffice did not finish within 120000 ms"),
    1,
  ],
  ["a page too complex for its budgets", new ConversionError("too_complex", "page 1: timeout"), 1],
  ["a missing soffice", new ConversionError("tool_missing", "spawn soffice ENOENT"), 1],
  ["a LibreOffice crash (SIGSEGV)", new ConversionError("tool_failed", "crashed (SIGSEGV)", { maxAttempts: 2 }), 2],
])("%s: final after its allowed attempts, not five", async (_, error, attempts) => {
  let runs = 0;
  const failing: Converter = {
    convert: async () => {
      runs++;
      throw error;
    },
    close: async () => {},
  };
  await s.start("a", { maxAttempts: 5, backoffMs: [50] }, failing);
  await s.upload("originals/f.pdf", makePdf({ pages: 1 }));
  await s.publish(job(11, hashOf(11), "originals/f.pdf"));
  await waitFor(() => s.sink.final("11") !== undefined, 10_000, "final failure");
  await waitFor(() => streamSettled(jsm, s.prefix), 5_000, "the job acked: no further delivery");
  expect(runs).toBe(attempts);
  expect(s.sink.final("11")?.failure).toMatchObject({ reason: error.reason, message: error.message });
  expect(s.sink.of("11").filter((e) => e.kind === "started")).toHaveLength(attempts);
});

test("a missing original: failed for good (source_missing)", async () => {
  await s.start("a");
  await s.publish(job(9, hashOf(9), "originals/nowhere.pdf"));
  await waitFor(() => s.sink.final("9") !== undefined, 10_000, "final failure");
  expect(s.sink.final("9")?.failure).toMatchObject({ reason: "source_missing", retryable: false });
});
