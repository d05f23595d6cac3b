import type { MessageInitShape } from "@bufbuild/protobuf";
import type { Comment, ListCommentRequestSchema } from "@wenku/proto/api/v1/comment_pb.js";
import { ContentKind } from "@wenku/proto/api/v1/enums_pb.js";
import type { ListQuery } from "../../../components/admin/list/useAdminList.js";
import { statusesOf } from "../article/articleListQuery.js";

export const COMMENT_API = "/api.v1.CommentAPI";

const KINDS: Readonly<Record<string, ContentKind>> = { document: ContentKind.DOCUMENT, article: ContentKind.ARTICLE };

/**
 * The URL's list query as ListComment's staff request (`?status=0&type=article&userId=7&wd=…`): every
 * comment matching, newest first, with its target's title.
 */
export function commentListRequest({
  page,
  size,
  wd,
  filters,
}: ListQuery): MessageInitShape<typeof ListCommentRequestSchema> {
  const kind = filters.type ? KINDS[filters.type] : undefined;
  const userId = filters.userId && /^\d{1,18}$/.test(filters.userId) ? BigInt(filters.userId) : 0n;
  return {
    page: BigInt(page),
    size: BigInt(size),
    wd: wd.trim(),
    status: statusesOf(filters.status),
    type: kind === undefined ? [] : [kind],
    userId,
    withDocumentTitle: true,
  };
}

/** The public page the comment is on: /document/{uuid} or /article/{identifier} (ids when those are unknown). */
export function targetPath(c: Pick<Comment, "type" | "documentUuid" | "documentId">): string {
  const ref = encodeURIComponent(c.documentUuid || String(c.documentId));
  return c.type === ContentKind.ARTICLE ? `/article/${ref}` : `/document/${ref}`;
}
