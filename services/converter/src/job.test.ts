// The bus message (api.v1.ConversionRequested) and the preview limit it carries.
import { decodeJob, encodeJob, previewPages } from "./job.js";

const valid = {
  documentId: 42n,
  attachmentHash: "0123456789abcdef0123456789abcdef",
  storageKey: "attachments/x.pdf",
  ext: ".pdf",
  force: true,
  maxPreview: 3,
  maxPreviewPercent: 50,
  timeoutMinutes: 30,
};

test("a request survives the round trip through protobuf", () => {
  expect(decodeJob(encodeJob(valid))).toMatchObject(valid);
});

test.each([
  ["garbage bytes", Uint8Array.from([0xff, 0xff, 0xff, 0xff]), "not an api.v1.ConversionRequested message"],
  ["no document id", encodeJob({ ...valid, documentId: 0n }), "document_id must be a positive integer"],
  ["a hash that could escape its prefix", encodeJob({ ...valid, attachmentHash: "../../etc" }), "attachment_hash"],
  [
    "an upper-case hash",
    encodeJob({ ...valid, attachmentHash: valid.attachmentHash.toUpperCase() }),
    "attachment_hash",
  ],
  ["no storage key", encodeJob({ ...valid, storageKey: "" }), "storage_key is required"],
  ["no extension", encodeJob({ ...valid, ext: "" }), "ext is required"],
  ["a negative preview", encodeJob({ ...valid, maxPreview: -1 }), "max_preview must not be negative"],
  ["a percent above 100", encodeJob({ ...valid, maxPreviewPercent: 101 }), "max_preview_percent"],
  ["a negative timeout", encodeJob({ ...valid, timeoutMinutes: -5 }), "timeout_minutes"],
  ["a title no document has", encodeJob({ ...valid, title: "题".repeat(1001) }), "title is longer"],
])("a poison message (%s) is described, not decoded", (_, data, problem) => {
  const r = decodeJob(data);
  expect(typeof r).toBe("string");
  expect(r).toContain(problem);
});

test("a SHA-256 hash is accepted too", () => {
  expect(typeof decodeJob(encodeJob({ ...valid, attachmentHash: "ab".repeat(32) }))).toBe("object");
});

test.each([
  // pages, max_preview, percent → rendered
  [10, 0, 0, 10],
  [10, 0, 100, 10],
  [10, -1, 0, 10],
  [10, 3, 0, 3],
  [10, 30, 0, 10],
  [10, 0, 25, 3],
  [10, 0, 1, 1],
  [10, 2, 50, 2],
  [10, 8, 50, 5],
  [1, 0, 10, 1],
  [0, 3, 0, 0],
])("preview of %i pages with max_preview %i and %i %% → %i pages", (pages, max, pct, expected) => {
  expect(previewPages(pages, max, pct)).toBe(expected);
});
