/**
 * The default (Simplified Chinese) dictionary, part six: the daily check-in and the credit log (keys
 * credit.*; components/credits, the header, the phone menu and /me). Part of zhCN (zh-CN.ts).
 * `{name}` is the site's name for credits (system.credit_name).
 */
export const zhCNCredits = {
  "credit.checkIn": "签到",
  "credit.checkInTitle": "每日签到",
  "credit.checkedIn": "今日已签到",
  "credit.checkInAward": "签到成功，获得 {award} {name}奖励",
  "credit.checkInDone": "签到成功",
  "credit.checkInFailed": "签到失败",
  "credit.balance": "{name}余额",
  "credit.logTitle": "{name}明细",
  "credit.logEmpty": "暂无{name}变动记录",
  "credit.logFailed": "{name}明细加载失败",
  "credit.logAfter": "余额 {balance}",
  // The content service's rewards and penalty in the log (ref_type), with the document's title.
  "credit.reason.upload_document": "上传文档《{title}》获得 {amount} {name}",
  "credit.reason.delete_document": "删除文档《{title}》扣除 {amount} {name}",
  "credit.reason.document_collected": "文档《{title}》被收藏获得 {amount} {name}",
  "credit.reason.document_commented": "文档《{title}》被评论获得 {amount} {name}",
  // The other services' entries, worded from ref_type, params and the amount (credits/creditReason.ts).
  "credit.reason.register": "注册获得 {amount} {name}",
  "credit.reason.sign": "签到获得 {amount} {name}",
  "credit.reason.sale": "文档《{title}》被购买",
  "credit.reason.order": "支付订单：{product}",
  "credit.reason.refund": "订单未成交，退回：{product}",
  "credit.reason.recharge": "充值订单 {order_no}",
  "credit.reason.system_recharge": "系统充值",
} as const;
