import { create } from "@bufbuild/protobuf";
import { AttachmentSchema, UploadImageRequestSchema } from "@wenku/proto/api/v1/attachment_pb.js";
import { DocumentSchema, ListDocumentRequestSchema } from "@wenku/proto/api/v1/document_pb.js";
import { NavigationSchema } from "@wenku/proto/api/v1/navigation_pb.js";
import { ListUserRequestSchema } from "@wenku/proto/api/v1/user_pb.js";
import { hasNul, undeclaredEnum } from "./validate.js";

test("U+0000 is found in any string of a message, not in bytes", () => {
  expect(hasNul(create(ListDocumentRequestSchema, { wd: "年报" }))).toBe(false);
  expect(hasNul(create(ListDocumentRequestSchema, { wd: "a\u0000b" }))).toBe(true);
  expect(hasNul(create(ListDocumentRequestSchema, { createdAt: ["2024-01-01", "x\u0000"] }))).toBe(true);
  expect(hasNul(create(AttachmentSchema, { name: "ok", description: "" }))).toBe(false);
  expect(hasNul({ part: { case: "chunk", value: new Uint8Array([0, 0, 0]) } })).toBe(false);
  expect(hasNul({ part: { case: "header", value: { name: "a\u0000.pdf" } } })).toBe(true);
  expect(hasNul(new Map([["k\u0000", "v"]]))).toBe(true);
});

/** A number the enum type does not declare, as a client may send it (proto3 enums are open). */
const undeclared = (n: number) => n as never;

test("an enum number the proto does not declare is found in fields, lists, nested messages and oneofs", () => {
  expect(undeclaredEnum(ListUserRequestSchema, create(ListUserRequestSchema, { status: [0, 1, 4] }))).toBeUndefined();
  expect(
    undeclaredEnum(ListUserRequestSchema, create(ListUserRequestSchema, { status: [1, undeclared(32768)] })),
  ).toEqual({
    field: "status",
    value: 32768,
    allowed: [0, 1, 2, 3, 4],
  });
  expect(undeclaredEnum(ListUserRequestSchema, create(ListUserRequestSchema, { status: [undeclared(-1)] }))).toEqual({
    field: "status",
    value: -1,
    allowed: [0, 1, 2, 3, 4],
  });
  const doc = create(DocumentSchema, { status: 2, attachment: { type: 2 } });
  expect(undeclaredEnum(DocumentSchema, doc)).toBeUndefined();
  doc.attachment = create(AttachmentSchema, { type: undeclared(99) });
  expect(undeclaredEnum(DocumentSchema, doc)).toMatchObject({ field: "attachment.type", value: 99 });
  const upload = create(UploadImageRequestSchema, {
    part: { case: "header", value: { type: undeclared(2147483647) } },
  });
  expect(undeclaredEnum(UploadImageRequestSchema, upload)).toMatchObject({ field: "header.type", value: 2147483647 });
  // a recursive message without enums is not walked at all
  const nav = create(NavigationSchema, { children: [{ children: [{ sort: 32768 }] }] });
  expect(undeclaredEnum(NavigationSchema, nav)).toBeUndefined();
});
