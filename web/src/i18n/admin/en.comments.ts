import type { zhCNAdminComments } from "./zh-CN.comments.js";

/** The back office's comment texts in English (every key of zhCNAdminComments, checked by the type). */
export const enAdminComments: { readonly [K in keyof typeof zhCNAdminComments]: string } = {
  "adm.comment.content": "Comment",
  "adm.comment.target": "On",
  "adm.comment.user": "By",
  "adm.comment.userFilter": "User ID",
  "adm.comment.searchPlaceholder": "Search comments",
  "adm.comment.allTypes": "Documents and articles",
  "adm.comment.document": "Document",
  "adm.comment.article": "Article",
  "adm.comment.reply": "Reply",
  "adm.comment.replies": "{count} replies",
  "adm.comment.deleteHint": "Its replies are deleted too",
  "adm.comment.batchConfirm": "{action} the {count} selected comments?",
  "adm.comment.deleteConfirm": "Delete the {count} selected comments?",
  "adm.comment.checked": "Review saved",
};
