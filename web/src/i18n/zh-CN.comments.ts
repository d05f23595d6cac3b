/**
 * The default (Simplified Chinese) dictionary, part four: comments under documents and articles
 * (keys cmt.*, components/comment). Part of zhCN (zh-CN.ts).
 */
export const zhCNComments = {
  "cmt.title": "评论",
  "cmt.count": "评论（{count}）",
  "cmt.empty": "暂无评论，来发表第一条评论吧",
  "cmt.loadFailed": "评论加载失败",
  "cmt.placeholder": "写下你的评论…",
  "cmt.replyPlaceholder": "回复 {name}…",
  "cmt.submit": "发表评论",
  "cmt.submitReply": "回复",
  "cmt.reply": "回复",
  "cmt.cancel": "取消",
  "cmt.delete": "删除",
  "cmt.deleteConfirm": "删除这条评论？它的回复也会一并删除。",
  "cmt.deleted": "评论已删除",
  "cmt.posted": "评论已发表",
  "cmt.postedPending": "评论已提交，审核通过后将公开显示",
  "cmt.pending": "待审核",
  "cmt.pendingHint": "仅自己可见，审核通过后公开显示",
  "cmt.rejected": "未通过审核",
  "cmt.failed": "评论发表失败，请稍后再试",
  "cmt.required": "请输入评论内容",
  "cmt.tooLong": "评论内容不能超过 {max} 个字符",
  "cmt.loginPrompt": "登录后才能发表评论",
  "cmt.login": "登录",
  "cmt.replyTo": "回复 {name}",
  "cmt.interval": "两次评论之间需间隔 {seconds} 秒",
  "cmt.anonymous": "用户 {id}",
} as const;
