/** @jest-environment node */
import { clone, fromBinary, hasExtension, toBinary } from "@bufbuild/protobuf";
import { FileDescriptorProtoSchema, MethodOptions_IdempotencyLevel } from "@bufbuild/protobuf/wkt";
import { describe, expect, it } from "@jest/globals";
import { file_api_v1_document } from "@wenku/proto/api/v1/document_pb.js";
import { http } from "@wenku/proto/google/api/annotations_pb.js";
import { stripServerOptions } from "./descriptors.js";

const source = file_api_v1_document.proto;
const strip = (file: typeof source) =>
  fromBinary(FileDescriptorProtoSchema, stripServerOptions(toBinary(FileDescriptorProtoSchema, file)));

describe("stripServerOptions (the browser build's descriptors)", () => {
  it("drops every method's REST route and access policy, keeping the methods and their types", () => {
    const before = source.service[0]?.method.find((m) => m.name === "ListDocument");
    expect(before?.options && hasExtension(before.options, http)).toBe(true);

    const stripped = strip(source);
    const list = stripped.service.find((s) => s.name === "DocumentAPI")?.method.find((m) => m.name === "ListDocument");
    expect(list?.inputType).toBe(".api.v1.ListDocumentRequest");
    expect(list?.outputType).toBe(".api.v1.ListDocumentReply");
    expect(stripped.service.flatMap((s) => s.method).every((m) => m.options === undefined)).toBe(true);
    expect(stripped.service.every((s) => s.options === undefined)).toBe(true);
    expect(stripped.messageType.map((m) => m.name)).toEqual(source.messageType.map((m) => m.name));
  });

  it("keeps a method's idempotency level (Connect sends such calls as GET)", () => {
    const file = clone(FileDescriptorProtoSchema, source);
    const method = file.service[0]?.method[0];
    if (!method?.options) throw new Error("expected a method with options");
    method.options.idempotencyLevel = MethodOptions_IdempotencyLevel.NO_SIDE_EFFECTS;
    const kept = strip(file).service[0]?.method[0];
    expect(kept?.options?.idempotencyLevel).toBe(MethodOptions_IdempotencyLevel.NO_SIDE_EFFECTS);
    expect(kept?.options && hasExtension(kept.options, http)).toBe(false);
  });
});
