// Query string → proto JSON, guided by the request message (GET and DELETE routes carry no body).
import { create, createFileRegistry, type DescMessage, fromJson } from "@bufbuild/protobuf";
import {
  FileDescriptorProtoSchema,
  FieldDescriptorProto_Label as Label,
  FieldDescriptorProto_Type as Type,
} from "@bufbuild/protobuf/wkt";
import { GetDocumentRequestSchema, ListDocumentRequestSchema } from "@wenku/proto/api/v1/document_pb.js";
import { DocumentStatus, Status } from "@wenku/proto/api/v1/enums_pb.js";
import { ListUserReplySchema, LoginReplySchema, UserSchema } from "@wenku/proto/api/v1/user_pb.js";
import { queryToJson, RequestShapeError } from "./query.js";

const q = (desc: DescMessage, query: string) => queryToJson(desc, new URLSearchParams(query));

function shapeError(fn: () => unknown): RequestShapeError {
  try {
    fn();
  } catch (err) {
    if (err instanceof RequestShapeError) return err;
    throw err;
  }
  throw new Error("expected a RequestShapeError");
}

describe("scalars", () => {
  test("numbers stay strings for fromJson to validate; snake_case and camelCase names both work", () => {
    expect(q(GetDocumentRequestSchema, "id=42&uuid=abc")).toEqual({ id: "42", uuid: "abc" });
    expect(q(GetDocumentRequestSchema, "withAuthor=true")).toEqual({ with_author: true });
    expect(fromJson(GetDocumentRequestSchema, q(GetDocumentRequestSchema, "id=42&with_author=1"))).toEqual(
      create(GetDocumentRequestSchema, { id: 42n, withAuthor: true }),
    );
  });

  test.each([
    ["true", true],
    ["1", true],
    ["false", false],
    ["0", false],
  ])("boolean %j → %j", (raw, value) => {
    expect(q(GetDocumentRequestSchema, `with_author=${raw}`)).toEqual({ with_author: value });
  });

  test.each(["yes", "TRUE", "2", "on"])("boolean %j → a clear 400 error naming the field", (raw) => {
    const err = shapeError(() => q(GetDocumentRequestSchema, `with_author=${raw}`));
    expect(err.message).toBe("参数 with_author 须为 true 或 false");
  });

  test("a bad number passes through here and fromJson rejects it naming the field (the handler's 400)", () => {
    const json = q(GetDocumentRequestSchema, "id=abc");
    expect(json).toEqual({ id: "abc" });
    expect(() => fromJson(GetDocumentRequestSchema, json)).toThrow(/api\.v1\.GetDocumentRequest\.id/);
    expect(() => fromJson(GetDocumentRequestSchema, q(GetDocumentRequestSchema, "id=1.5"))).toThrow(/\.id/);
    expect(() => fromJson(GetDocumentRequestSchema, q(GetDocumentRequestSchema, "id=99999999999999999999"))).toThrow(
      /\.id/,
    );
  });

  test("a scalar given twice is refused", () => {
    const err = shapeError(() => q(GetDocumentRequestSchema, "id=1&id=2"));
    expect(err.message).toBe("参数 id 只能出现一次");
  });

  test("empty values are dropped: `id=` is as if absent", () => {
    expect(q(GetDocumentRequestSchema, "id=&uuid=x")).toEqual({ uuid: "x" });
    expect(q(GetDocumentRequestSchema, "id=&id=7")).toEqual({ id: "7" });
  });

  test("unknown keys are ignored, like grpc-gateway", () => {
    expect(q(GetDocumentRequestSchema, "nope=1&_=123&id=3")).toEqual({ id: "3" });
  });

  test("__proto__ and constructor keys neither pollute prototypes nor appear in the output", () => {
    const json = q(GetDocumentRequestSchema, "__proto__.polluted=1&constructor.prototype.polluted=1&id=1");
    expect(json).toEqual({ id: "1" });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test("an enum takes its number or its name", () => {
    expect(q(UserSchema, "status=2")).toEqual({ status: 2 });
    expect(q(UserSchema, "status=-1")).toEqual({ status: -1 });
    expect(q(UserSchema, "status=STATUS_REVIEWING")).toEqual({ status: "STATUS_REVIEWING" });
    expect(fromJson(UserSchema, q(UserSchema, "status=STATUS_REVIEWING")).status).toBe(Status.REVIEWING);
  });
});

describe("repeated fields", () => {
  test("`id=1&id=2` fills a repeated int64 in order", () => {
    expect(q(ListDocumentRequestSchema, "user_id=1&user_id=2")).toEqual({ user_id: ["1", "2"] });
    expect(fromJson(ListDocumentRequestSchema, q(ListDocumentRequestSchema, "user_id=1&user_id=2")).userId).toEqual([
      1n,
      2n,
    ]);
  });

  test("a single value still makes an array", () => {
    expect(q(ListDocumentRequestSchema, "ext=.pdf")).toEqual({ ext: [".pdf"] });
  });

  test("`key[]` is the same field, and merges with the bare key", () => {
    expect(q(ListDocumentRequestSchema, "category_id[]=3&category_id[]=4")).toEqual({ category_id: ["3", "4"] });
    expect(q(ListDocumentRequestSchema, "category_id=3&category_id[]=4")).toEqual({ category_id: ["3", "4"] });
    expect(q(ListDocumentRequestSchema, "categoryId=3&category_id=4")).toEqual({ category_id: ["3", "4"] });
  });

  test("repeated booleans become booleans; empty entries are dropped", () => {
    expect(q(ListDocumentRequestSchema, "is_recommend=1&is_recommend=&is_recommend=false")).toEqual({
      is_recommend: [true, false],
    });
    expect(shapeError(() => q(ListDocumentRequestSchema, "is_recommend=maybe")).message).toBe(
      "参数 is_recommend 须为 true 或 false",
    );
  });

  test("repeated enums: numbers become numbers, names stay names", () => {
    const json = q(ListDocumentRequestSchema, "status=2&status=DOCUMENT_STATUS_FAILED");
    expect(json).toEqual({ status: [2, "DOCUMENT_STATUS_FAILED"] });
    expect(fromJson(ListDocumentRequestSchema, json).status).toEqual([DocumentStatus.CONVERTED, DocumentStatus.FAILED]);
  });

  test("an enum name that is not one of the enum's values is refused, not dropped", () => {
    expect(shapeError(() => q(ListDocumentRequestSchema, "status=abc")).message).toBe("参数 status 的值 abc 无效");
    expect(shapeError(() => q(ListDocumentRequestSchema, "status=2&status=CONVERTED")).message).toBe(
      "参数 status 的值 CONVERTED 无效",
    );
  });

  test("values are URL-decoded once by URLSearchParams (commas are not split)", () => {
    expect(q(ListDocumentRequestSchema, "ext=a%2Cb&wd=%E6%96%87%E5%BA%93+x")).toEqual({ ext: ["a,b"], wd: "文库 x" });
  });

  test("a repeated message field cannot be sent in a query string", () => {
    expect(shapeError(() => q(ListUserReplySchema, "user=1")).message).toBe("参数 user 不能通过查询字符串传递");
  });
});

describe("nested messages and timestamps", () => {
  test("`a.b=1` fills a nested message, by snake or camel name", () => {
    expect(q(LoginReplySchema, "user.id=5&user.is_vip=true&user.groupId=1&user.group_id=2")).toEqual({
      user: { id: "5", is_vip: true, group_id: ["1", "2"] },
    });
  });

  test("a timestamp takes its RFC 3339 string, which fromJson validates", () => {
    const json = q(UserSchema, "created_at=2024-01-02T03:04:05Z");
    expect(json).toEqual({ created_at: "2024-01-02T03:04:05Z" });
    expect(fromJson(UserSchema, json).createdAt?.seconds).toBe(1704164645n);
    expect(() => fromJson(UserSchema, q(UserSchema, "created_at=yesterday"))).toThrow(/invalid RFC 3339/);
  });

  test("a message given twice: the first value is used", () => {
    expect(q(UserSchema, "created_at=2024-01-02T03:04:05Z&created_at=2025-01-01T00:00:00Z")).toEqual({
      created_at: "2024-01-02T03:04:05Z",
    });
  });

  test("a dotted key through a scalar is refused", () => {
    expect(shapeError(() => q(GetDocumentRequestSchema, "id.x=1")).message).toBe("参数 id.x 无效");
  });

  // BUG (query.ts:30-32): when a message field was first set from its string form (`created_at=…`),
  // a later dotted key (`created_at.seconds=1`) reuses that string as the nested object and assigning
  // a property on it throws a TypeError in strict mode — not a RequestShapeError, so the gateway
  // answers 500 instead of 400 (today: TypeError "Cannot create property 'seconds' on string…").
  // Expected: a RequestShapeError (400).
  test("a message given both as a string and with dotted keys → RequestShapeError", () => {
    expect(() => q(UserSchema, "created_at=2024-01-02T03:04:05Z&created_at.seconds=1")).toThrow(RequestShapeError);
  });
});

describe("map fields (synthetic message: the contract has none)", () => {
  const WithMap: DescMessage = (() => {
    const file = create(FileDescriptorProtoSchema, {
      name: "fake/v1/withmap.proto",
      package: "fake.v1",
      syntax: "proto3",
      messageType: [
        {
          name: "WithMap",
          field: [
            {
              name: "labels",
              number: 1,
              type: Type.MESSAGE,
              label: Label.REPEATED,
              typeName: ".fake.v1.WithMap.LabelsEntry",
            },
          ],
          nestedType: [
            {
              name: "LabelsEntry",
              options: { mapEntry: true },
              field: [
                { name: "key", number: 1, type: Type.STRING, label: Label.OPTIONAL },
                { name: "value", number: 2, type: Type.STRING, label: Label.OPTIONAL },
              ],
            },
          ],
        },
      ],
    });
    const msg = createFileRegistry(file, () => undefined).getMessage("fake.v1.WithMap");
    if (!msg) throw new Error("WithMap missing");
    return msg;
  })();

  test("a map cannot be sent in a query string", () => {
    expect(shapeError(() => q(WithMap, "labels=a")).message).toBe("参数 labels 不能通过查询字符串传递");
  });
});
