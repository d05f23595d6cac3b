// The conversion queue on the in-process bus: what a request carries, and a failed publish.
import { create } from "@bufbuild/protobuf";
import { type ConversionJob, decodeJob } from "@wenku/converter/contract";
import type { BusMessage } from "@wenku/kit/bus";
import { createBus } from "@wenku/kit/bus";
import { SettingsSchema } from "@wenku/proto/api/v1/config_pb.js";
import { testLogger, waitFor } from "@wenku/testkit";
import { createConversionQueue } from "./queue.js";

const stream = { name: "QUEUE_TEST", subjects: ["qt.>"] };
const subject = "qt.requested";
const doc = (id: number) => ({
  documentId: BigInt(id),
  attachmentHash: "a".repeat(32),
  storageKey: `attachments/${id}.pdf`,
  ext: ".pdf",
  title: `文档 ${id}`,
});

test("each request carries the converter settings of the moment, force from the caller or the repeat setting, and the language", async () => {
  const { log, errors } = testLogger();
  const bus = await createBus({ log });
  const settings = create(SettingsSchema, {
    converter: { maxPreview: 12, maxPreviewPercent: 30, timeout: 45, enableConvertRepeatedDocument: false },
  });
  const queue = createConversionQueue({
    bus,
    settings: { current: async () => settings },
    log,
    stream,
    subject,
    languages: async (ids) => new Map(ids.filter((id) => id === 2n).map((id) => [id, "en"])),
  });
  await queue.request([doc(1), doc(2)]);
  await queue.request([doc(3)], { force: true });
  settings.converter = create(SettingsSchema, {
    converter: { maxPreview: 0, maxPreviewPercent: 100, timeout: 0, enableConvertRepeatedDocument: true },
  }).converter;
  await queue.request([doc(4)]);
  const got: ConversionJob[] = [];
  await bus.consume({ stream: stream.name, durable: "t", filterSubject: subject }, async (m: BusMessage) => {
    const j = decodeJob(m.data);
    if (typeof j !== "string") got.push(j);
  });
  await waitFor(() => got.length === 4, 5_000, "four requests");
  expect(got.map((j) => [j.documentId, j.force, j.maxPreview, j.maxPreviewPercent, j.timeoutMinutes])).toEqual([
    [1n, false, 12, 30, 45],
    [2n, false, 12, 30, 45],
    [3n, true, 12, 30, 45],
    [4n, true, 0, 100, 0],
  ]);
  expect(got[0]).toMatchObject({
    attachmentHash: "a".repeat(32),
    storageKey: "attachments/1.pdf",
    ext: ".pdf",
    title: "文档 1", // drawn on a placeholder cover
  });
  // The document's language when it has one (OCR reads its scans in it).
  expect(got.map((j) => j.language)).toEqual(["", "en", "", ""]);
  await bus.close();
  expect(errors).toEqual([]);
});

test("when the request cannot be published it is logged and thrown to the caller", async () => {
  const { log, errors } = testLogger();
  const bus = await createBus({ log });
  const unavailable = new Error("config service unreachable");
  const queue = createConversionQueue({
    bus,
    settings: { current: async () => Promise.reject(unavailable) },
    log,
    stream,
    subject,
  });
  await expect(queue.request([doc(9)])).rejects.toBe(unavailable);
  expect(errors).toEqual([
    expect.objectContaining({ msg: expect.stringContaining("not published"), document_ids: ["9"], err: unavailable }),
  ]);
  await expect(queue.request([])).resolves.toBeUndefined();
  await bus.close();
});
