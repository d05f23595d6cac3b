import type { Comment } from "@wenku/proto/api/v1/comment_pb.js";

/** A reply as shown under its top-level comment; `to` is the comment it answers when that is itself a reply. */
export interface ThreadReply {
  comment: Comment;
  to?: Comment;
}

export interface ThreadItem {
  comment: Comment;
  replies: ThreadReply[];
}

/**
 * ListComment's thread answer (a page of top-level comments, newest first, then their replies at any
 * depth, oldest first) as the page shows it: each top-level comment with its replies in one flat list
 * under it, a reply to a reply saying whom it answers. Replies whose top-level comment is not on the
 * page are left out.
 */
export function buildThread(rows: readonly Comment[]): ThreadItem[] {
  const byId = new Map(rows.map((c) => [c.id, c]));
  const items = rows.filter((c) => c.parentId === 0n).map((comment) => ({ comment, replies: [] as ThreadReply[] }));
  const byRoot = new Map(items.map((item) => [item.comment.id, item]));
  const rootOf = (c: Comment): bigint | undefined => {
    let at: Comment | undefined = c;
    for (let hops = 0; at && at.parentId !== 0n && hops < 64; hops++) at = byId.get(at.parentId);
    return at && at.parentId === 0n ? at.id : undefined;
  };
  for (const c of rows) {
    if (c.parentId === 0n) continue;
    const root = rootOf(c);
    const item = root === undefined ? undefined : byRoot.get(root);
    if (!item) continue;
    const parent = byId.get(c.parentId);
    item.replies.push(parent && parent.parentId !== 0n ? { comment: c, to: parent } : { comment: c });
  }
  return items;
}

/** The name a comment is signed with. */
export const authorName = (c: Comment): string => c.user?.username || c.username;
