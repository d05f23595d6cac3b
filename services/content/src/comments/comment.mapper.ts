import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { type Comment, CommentSchema, CommentUserSchema } from "@wenku/proto/api/v1/comment_pb.js";
import { ContentKind, type ReviewStatus } from "@wenku/proto/api/v1/enums_pb.js";
import type { UserBrief } from "../ports.js";
import { type CommentRow, type Target, targetKey, targetOf } from "./comment.repository.js";

export interface CommentExtras {
  users?: ReadonlyMap<bigint, UserBrief>;
  targets?: ReadonlyMap<string, Target>;
  /** with_document_title: the target's title (its uuid or identifier is there whenever the target is known). */
  withTitle?: boolean;
}

/** content is the stored plain text: clients escape it (no HTML is ever produced from it). */
export function toComment(row: CommentRow, extras: CommentExtras = {}): Comment {
  const author = extras.users?.get(row.userId);
  const on = targetOf(row);
  const t = extras.targets?.get(targetKey(on.kind, on.id));
  return create(CommentSchema, {
    id: row.id,
    parentId: row.parentId ?? 0n,
    content: row.content,
    documentId: on.id,
    status: row.status as ReviewStatus,
    commentCount: row.commentCount,
    userId: row.userId,
    user: author
      ? create(CommentUserSchema, { id: author.id, username: author.username, avatar: author.avatar })
      : undefined,
    documentTitle: extras.withTitle ? (t?.title ?? "") : "",
    type: on.kind === "article" ? ContentKind.ARTICLE : ContentKind.DOCUMENT,
    documentUuid: t?.ref ?? "",
    username: author?.username ?? "",
    createdAt: timestampFromDate(row.createdAt),
    updatedAt: timestampFromDate(row.updatedAt),
  });
}
