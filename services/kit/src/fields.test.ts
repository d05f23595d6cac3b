import { create } from "@bufbuild/protobuf";
import { FriendlinkSchema } from "@wenku/proto/api/v1/friendlink_pb.js";
import { keepFields } from "./fields.js";

const link = () =>
  create(FriendlinkSchema, {
    id: 3n,
    title: "Wenku",
    link: "https://example.com",
    description: "d",
    sort: 5,
    enable: true,
  });

test("keeps the named fields (proto or JSON names) and the always-kept ones, clears the rest", () => {
  const out = keepFields(FriendlinkSchema, link(), ["title", " link "], new Set(["id"]));
  expect([out.id, out.title, out.link, out.description, out.sort, out.enable]).toEqual([
    3n,
    "Wenku",
    "https://example.com",
    "",
    0,
    false,
  ]);
  expect(keepFields(FriendlinkSchema, link(), ["createdAt", "sort"]).sort).toBe(5);
});

test("no names, or only unknown ones, leave the message whole", () => {
  expect(keepFields(FriendlinkSchema, link(), [])).toEqual(link());
  expect(keepFields(FriendlinkSchema, link(), ["password", ""])).toEqual(link());
});
