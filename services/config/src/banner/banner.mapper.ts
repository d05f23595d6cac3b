import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { keepFields } from "@wenku/kit";
import { type Banner, BannerSchema } from "@wenku/proto/api/v1/banner_pb.js";
import type { BannerRow } from "./banner.repository.js";

/** What visitors get of a banner (the carousel's needs); staff get every field. */
const PUBLIC_FIELDS = ["id", "title", "path", "url", "type", "description"];

export function toBanner(row: BannerRow): Banner {
  return create(BannerSchema, {
    id: row.id,
    title: row.title,
    path: row.path,
    url: row.url,
    sort: row.sort,
    enable: row.enable,
    type: row.type,
    description: row.description,
    createdAt: timestampFromDate(row.createdAt),
    updatedAt: timestampFromDate(row.updatedAt),
  });
}

/** A list's banner: the public fields only unless `staff`, then only the `field`s asked for. */
export function toListedBanner(row: BannerRow, staff: boolean, field: readonly string[]): Banner {
  const banner = staff ? toBanner(row) : keepFields(BannerSchema, toBanner(row), PUBLIC_FIELDS);
  return keepFields(BannerSchema, banner, field);
}
