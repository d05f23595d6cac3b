import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { keepFields } from "@wenku/kit";
import { type Friendlink, FriendlinkSchema } from "@wenku/proto/api/v1/friendlink_pb.js";
import type { FriendlinkRow } from "./friendlink.repository.js";

/** What visitors get of a friend link (moredoc's public fields, and the description for a tooltip). */
const PUBLIC_FIELDS = ["id", "title", "link", "description"];

export function toFriendlink(row: FriendlinkRow): Friendlink {
  return create(FriendlinkSchema, {
    id: row.id,
    title: row.title,
    link: row.link,
    description: row.description,
    sort: row.sort,
    enable: row.enable,
    createdAt: timestampFromDate(row.createdAt),
    updatedAt: timestampFromDate(row.updatedAt),
  });
}

/** A list's link: the public fields only unless `staff`, then only the `field`s asked for (e.g. id, title, link). */
export function toListedFriendlink(row: FriendlinkRow, staff: boolean, field: readonly string[]): Friendlink {
  const link = staff ? toFriendlink(row) : keepFields(FriendlinkSchema, toFriendlink(row), PUBLIC_FIELDS);
  return keepFields(FriendlinkSchema, link, field);
}
