import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { type Navigation, NavigationSchema } from "@wenku/proto/api/v1/navigation_pb.js";
import type { NavigationRow } from "./navigation.repository.js";
import type { NavigationNode } from "./navigation.service.js";

export function toNavigation(row: NavigationRow | NavigationNode): Navigation {
  return create(NavigationSchema, {
    id: row.id,
    title: row.title,
    href: row.href,
    target: row.target,
    color: row.color,
    sort: row.sort,
    enable: row.enable,
    parentId: row.parentId ?? 0n,
    description: row.description,
    createdAt: timestampFromDate(row.createdAt),
    updatedAt: timestampFromDate(row.updatedAt),
    children: "children" in row ? row.children.map(toNavigation) : [],
  });
}
