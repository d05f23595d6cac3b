/** The back office's texts in Simplified Chinese: comments (/admin/comment, adm.comment.*). Part of zhCNAdmin (zh-CN.ts). */
export const zhCNAdminComments = {
  "adm.comment.content": "评论内容",
  "adm.comment.target": "评论对象",
  "adm.comment.user": "评论人",
  "adm.comment.userFilter": "用户ID",
  "adm.comment.searchPlaceholder": "搜索评论内容",
  "adm.comment.allTypes": "全部对象",
  "adm.comment.document": "文档",
  "adm.comment.article": "文章",
  "adm.comment.reply": "回复",
  "adm.comment.replies": "{count} 条回复",
  "adm.comment.deleteHint": "评论的回复也会一并删除",
  "adm.comment.batchConfirm": "确定{action}选中的 {count} 条评论？",
  "adm.comment.deleteConfirm": "确定删除选中的 {count} 条评论？",
  "adm.comment.checked": "审核结果已保存",
} as const;
