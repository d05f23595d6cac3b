import { create } from "@bufbuild/protobuf";
import { AttachmentSchema } from "@wenku/proto/api/v1/attachment_pb.js";
import { ListDocumentRequestSchema } from "@wenku/proto/api/v1/document_pb.js";
import { hasNul } from "./validate.js";

test("U+0000 is found in any string of a message, not in bytes", () => {
  expect(hasNul(create(ListDocumentRequestSchema, { wd: "年报" }))).toBe(false);
  expect(hasNul(create(ListDocumentRequestSchema, { wd: "a\u0000b" }))).toBe(true);
  expect(hasNul(create(ListDocumentRequestSchema, { createdAt: ["2024-01-01", "x\u0000"] }))).toBe(true);
  expect(hasNul(create(AttachmentSchema, { name: "ok", description: "" }))).toBe(false);
  expect(hasNul({ part: { case: "chunk", value: new Uint8Array([0, 0, 0]) } })).toBe(false);
  expect(hasNul({ part: { case: "header", value: { name: "a\u0000.pdf" } } })).toBe(true);
  expect(hasNul(new Map([["k\u0000", "v"]]))).toBe(true);
});
