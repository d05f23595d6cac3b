// REST JSON as moredoc clients read it: snake_case, numbers for int64 and enums, zero values present.
import { create, createFileRegistry, type DescMessage, fromJson, type JsonObject } from "@bufbuild/protobuf";
import {
  FileDescriptorProtoSchema,
  file_google_protobuf_duration,
  file_google_protobuf_timestamp,
  file_google_protobuf_wrappers,
  FieldDescriptorProto_Label as Label,
  FieldDescriptorProto_Type as Type,
  timestampFromDate,
} from "@bufbuild/protobuf/wkt";
import { Status } from "@wenku/proto/api/v1/enums_pb.js";
import { ListUserReplySchema, LoginReplySchema, UserSchema } from "@wenku/proto/api/v1/user_pb.js";
import { toRestJson } from "./json.js";

describe("toRestJson over the contract's User", () => {
  test("an empty message: every implicit field present with its zero value, unset messages absent", () => {
    expect(toRestJson(UserSchema, create(UserSchema))).toEqual({
      id: 0,
      username: "",
      mobile: "",
      email: "",
      address: "",
      signature: "",
      status: 0,
      avatar: "",
      identity: "",
      realname: "",
      is_vip: false,
      credit_count: 0,
      doc_count: 0,
      follow_count: 0,
      fans_count: 0,
      favorite_count: 0,
      comment_count: 0,
      article_count: 0,
      group_id: [],
      last_login_ip: "",
      register_ip: "",
      remark: "",
    });
  });

  test("snake_case names, int64 and enums as JSON numbers, timestamps as RFC 3339 strings", () => {
    const user = create(UserSchema, {
      id: 9007199254740991n,
      username: "alice",
      status: Status.REVIEWING,
      isVip: true,
      creditCount: -3,
      groupId: [1n, 2n, 300n],
      createdAt: timestampFromDate(new Date("2024-05-06T07:08:09.5Z")),
      loginAt: { seconds: 0n, nanos: 0 },
    });
    const json = toRestJson(UserSchema, user) as JsonObject;
    expect(json).toMatchObject({
      id: 9007199254740991,
      username: "alice",
      status: 2,
      is_vip: true,
      credit_count: -3,
      group_id: [1, 2, 300],
      created_at: "2024-05-06T07:08:09.500Z",
      login_at: "1970-01-01T00:00:00Z",
    });
    expect(json).not.toHaveProperty("isVip");
    expect(json).not.toHaveProperty("groupId");
    expect(json).not.toHaveProperty("vip_expired_at");
    expect(JSON.stringify(json)).toContain('"id":9007199254740991,');
  });

  test("an int64 beyond 2^53 stays a string rather than silently changing value", () => {
    const json = toRestJson(
      UserSchema,
      create(UserSchema, { id: 9007199254740993n, groupId: [9007199254740993n, 5n] }),
    );
    expect(json).toMatchObject({ id: "9007199254740993", group_id: ["9007199254740993", 5] });
  });

  test("negative int64 becomes a negative number", () => {
    expect(toRestJson(UserSchema, create(UserSchema, { id: -42n }))).toMatchObject({ id: -42 });
  });

  test("an enum value the contract does not name is still its number", () => {
    expect(toRestJson(UserSchema, create(UserSchema, { status: 99 as Status }))).toMatchObject({ status: 99 });
  });

  test("the output is plain JSON: stringify → parse → fromJson gives the message back", () => {
    const user = create(UserSchema, { id: 7n, username: "bob", status: Status.DISABLED, groupId: [3n] });
    const back = fromJson(UserSchema, JSON.parse(JSON.stringify(toRestJson(UserSchema, user))));
    expect(back).toEqual(user);
  });
});

describe("toRestJson over nested messages", () => {
  test("a nested message field is converted too (LoginReply.user)", () => {
    const reply = create(LoginReplySchema, { token: "t", user: { id: 5n, groupId: [6n] } });
    expect(toRestJson(LoginReplySchema, reply)).toMatchObject({
      token: "t",
      user: { id: 5, group_id: [6], status: 0 },
    });
  });

  test("an unset nested message is absent, not null", () => {
    expect(toRestJson(LoginReplySchema, create(LoginReplySchema))).toEqual({ token: "" });
  });

  test("repeated messages are converted element by element (ListUserReply.user)", () => {
    const reply = create(ListUserReplySchema, {
      total: 2n,
      user: [{ id: 1n, status: Status.REJECTED }, { id: 2n }],
    });
    const json = toRestJson(ListUserReplySchema, reply) as { total: unknown; user: JsonObject[] };
    expect(json.total).toBe(2);
    expect(json.user.map((u) => [u.id, u.status, u.username])).toEqual([
      [1, 3, ""],
      [2, 0, ""],
    ]);
  });

  test("an empty repeated message field is []", () => {
    expect(toRestJson(ListUserReplySchema, create(ListUserReplySchema))).toEqual({ total: 0, user: [] });
  });
});

// The contract has no map, unsigned/fixed 64-bit, wrapper or Duration fields yet; a synthetic message
// built as a real descriptor covers the other branches of the converter.
const Kitchen: DescMessage = (() => {
  const scalar = (name: string, number: number, type: Type, label = Label.OPTIONAL) => ({ name, number, type, label });
  const file = create(FileDescriptorProtoSchema, {
    name: "fake/v1/kitchen.proto",
    package: "fake.v1",
    syntax: "proto3",
    dependency: ["google/protobuf/wrappers.proto", "google/protobuf/duration.proto", "google/protobuf/timestamp.proto"],
    messageType: [
      {
        name: "Kitchen",
        field: [
          scalar("u64", 1, Type.UINT64),
          scalar("s64", 2, Type.SINT64),
          scalar("f64", 3, Type.FIXED64),
          scalar("sf64", 4, Type.SFIXED64),
          scalar("i32", 5, Type.INT32),
          scalar("d", 6, Type.DOUBLE),
          { ...scalar("wrapped", 7, Type.MESSAGE), typeName: ".google.protobuf.Int64Value" },
          { ...scalar("took", 8, Type.MESSAGE), typeName: ".google.protobuf.Duration" },
          { ...scalar("counts", 9, Type.MESSAGE, Label.REPEATED), typeName: ".fake.v1.Kitchen.CountsEntry" },
          { ...scalar("children", 10, Type.MESSAGE, Label.REPEATED), typeName: ".fake.v1.Kitchen.ChildrenEntry" },
          { ...scalar("child", 11, Type.MESSAGE), typeName: ".fake.v1.Kitchen" },
          { ...scalar("stamps", 12, Type.MESSAGE, Label.REPEATED), typeName: ".google.protobuf.Timestamp" },
          { ...scalar("maybe", 13, Type.INT64), proto3Optional: true, oneofIndex: 0 },
          { ...scalar("pick_id", 14, Type.INT64), oneofIndex: 1 },
        ],
        oneofDecl: [{ name: "_maybe" }, { name: "pick" }],
        nestedType: [
          {
            name: "CountsEntry",
            options: { mapEntry: true },
            field: [scalar("key", 1, Type.STRING), scalar("value", 2, Type.INT64)],
          },
          {
            name: "ChildrenEntry",
            options: { mapEntry: true },
            field: [
              scalar("key", 1, Type.INT64),
              { ...scalar("value", 2, Type.MESSAGE), typeName: ".fake.v1.Kitchen" },
            ],
          },
        ],
      },
    ],
  });
  const wkt = [file_google_protobuf_wrappers, file_google_protobuf_duration, file_google_protobuf_timestamp];
  const msg = createFileRegistry(file, (name) => wkt.find((f) => f.name === name.replace(/\.proto$/, ""))).getMessage(
    "fake.v1.Kitchen",
  );
  if (!msg) throw new Error("Kitchen missing");
  return msg;
})();

describe("toRestJson over every 64-bit kind, maps, wrappers (synthetic message)", () => {
  const kitchen = (json: JsonObject) => fromJson(Kitchen, json);

  test("uint64, sint64, fixed64 and sfixed64 become numbers", () => {
    const json = toRestJson(Kitchen, kitchen({ u64: "18", s64: "-19", f64: "20", sf64: "-21", i32: 22, d: 1.5 }));
    expect(json).toMatchObject({ u64: 18, s64: -19, f64: 20, sf64: -21, i32: 22, d: 1.5 });
  });

  test("a uint64 beyond 2^53 stays a string", () => {
    expect(toRestJson(Kitchen, kitchen({ u64: "18446744073709551615" }))).toMatchObject({
      u64: "18446744073709551615",
    });
  });

  test("map values that are int64 become numbers; map keys stay JSON strings", () => {
    const json = toRestJson(Kitchen, kitchen({ counts: { a: "1", b: "-2" } }));
    expect(json).toMatchObject({ counts: { a: 1, b: -2 } });
  });

  test("map values that are messages are converted recursively", () => {
    const json = toRestJson(Kitchen, kitchen({ children: { "7": { u64: "3", counts: { x: "4" } } } }));
    expect(json).toMatchObject({ children: { "7": { u64: 3, counts: { x: 4 } } } });
  });

  test("a recursive child message is converted at every depth", () => {
    const json = toRestJson(Kitchen, kitchen({ child: { child: { s64: "-5" } } }));
    expect(json).toMatchObject({ child: { child: { s64: -5 } } });
  });

  test("well-known types keep their canonical JSON: Int64Value and Duration stay strings", () => {
    const json = toRestJson(Kitchen, kitchen({ wrapped: "12", took: "1.5s" }));
    expect(json).toMatchObject({ wrapped: "12", took: "1.500s" });
  });

  test("repeated timestamps are RFC 3339 strings", () => {
    const json = toRestJson(Kitchen, kitchen({ stamps: ["2024-01-02T03:04:05Z"] }));
    expect(json).toMatchObject({ stamps: ["2024-01-02T03:04:05Z"] });
  });

  test("explicit-presence fields: absent when unset, numbers when set (even 0)", () => {
    const unset = toRestJson(Kitchen, kitchen({})) as JsonObject;
    expect(unset).not.toHaveProperty("maybe");
    expect(unset).not.toHaveProperty("pick_id");
    expect(unset).toMatchObject({ counts: {}, children: {}, stamps: [] });
    expect(toRestJson(Kitchen, kitchen({ maybe: "0", pick_id: "8" }))).toMatchObject({ maybe: 0, pick_id: 8 });
  });
});
