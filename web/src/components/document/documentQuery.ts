import type { MessageInitShape } from "@bufbuild/protobuf";
import type { ListDocumentRequestSchema } from "@wenku/proto/api/v1/document_pb.js";
import type { DocumentStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { TYPE_FILTERS, type TypeFilter } from "../../pages/category/categoryFilters.js";
import { type CategoryNode, categoryPath } from "../../pages/category/categoryTree.js";

export type ListDocumentInit = MessageInitShape<typeof ListDocumentRequestSchema>;

/** The filters of the admin document list and the recycle bin (ids as form strings). */
export interface DocumentQuery {
  page: number;
  size: number;
  wd: string;
  status: DocumentStatus[];
  categoryId: string | undefined;
  type: TypeFilter | undefined;
  languageId: string | undefined;
}

export const EMPTY_DOCUMENT_QUERY: DocumentQuery = {
  page: 1,
  size: 10,
  wd: "",
  status: [],
  categoryId: undefined,
  type: undefined,
  languageId: undefined,
};

/** `?status=6,3` (the dashboard's queue links) → the status filter; anything else is ignored. */
export function statusFromSearch(value: string | null): DocumentStatus[] {
  if (!value) return [];
  const statuses = value
    .split(",")
    .filter((v) => /^\s*\d+\s*$/.test(v))
    .map(Number);
  return [...new Set(statuses.filter((n) => Number.isInteger(n) && n >= 0 && n <= 7))] as DocumentStatus[];
}

/** Newest first: what a reviewer looks at first. */
export const NEWEST_FIRST = "id desc";

/** ListDocument (and ListRecycleDocument) request for the admin filters; unset filters send nothing. */
export function adminListRequest(query: DocumentQuery): ListDocumentInit {
  return {
    page: BigInt(query.page),
    size: BigInt(query.size),
    wd: query.wd.trim(),
    order: NEWEST_FIRST,
    status: [...query.status],
    categoryId: query.categoryId ? [BigInt(query.categoryId)] : [],
    ext: query.type ? [...TYPE_FILTERS[query.type]] : [],
    languageId: query.languageId ? [BigInt(query.languageId)] : [],
  };
}

/** /me/document: the caller's own documents, every status (the server allows it for user_id = self). */
export function ownListRequest(userId: bigint, page: number, size: number): ListDocumentInit {
  return { userId: [userId], page: BigInt(page), size: BigInt(size), order: NEWEST_FIRST };
}

/**
 * The cascader value for a document's categories. Documents store the whole path (moredoc), but
 * not always in order, and a stale id may linger: the deepest known id decides, from the top down.
 */
export function cascaderPath<C extends CategoryNode>(categories: readonly C[], ids: readonly bigint[]): string[] {
  let best: C[] = [];
  for (const id of ids) {
    const path = categoryPath(categories, id);
    if (path.length > best.length) best = path;
  }
  return best.map((c) => String(c.id));
}

/** The category ids to store for a cascader value: the whole path, top first. */
export const categoryIdsOf = (path: readonly string[] | undefined): bigint[] => (path ?? []).map((id) => BigInt(id));
