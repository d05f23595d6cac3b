import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { type Category, CategorySchema } from "@wenku/proto/api/v1/category_pb.js";
import type { CategoryType } from "@wenku/proto/api/v1/enums_pb.js";
import type { CategoryRow } from "./category.repository.js";

export function toCategory(row: CategoryRow): Category {
  return create(CategorySchema, {
    id: row.id,
    parentId: row.parentId ?? 0n,
    title: row.title,
    docCount: row.docCount,
    sort: row.sort,
    enable: row.enable,
    cover: row.cover,
    icon: row.icon,
    description: row.description,
    showDescription: row.showDescription,
    type: row.type as CategoryType,
    createdAt: timestampFromDate(row.createdAt),
    updatedAt: timestampFromDate(row.updatedAt),
  });
}
