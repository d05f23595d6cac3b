/**
 * The default (Simplified Chinese) dictionary, part eight: VIP (keys vip.*; /joinvip, /me/vip and the
 * VIP mark beside avatars). Part of zhCN (zh-CN.ts).
 */
export const zhCNVip = {
  "vip.mark": "VIP会员",
  "vip.disabled": "本站暂未开启VIP会员",
  "vip.intro": "开通VIP会员，浏览全站无广告，畅享VIP专属文档",
  "vip.loadFailed": "获取VIP卡失败",
  "vip.noCards": "暂无在售的VIP卡",
  "vip.days": "{days}天",
  "vip.original": "原价 ¥{price}",
  "vip.credits": "或 {credits} {name}",
  "vip.buy": "立即开通",
  "vip.renew": "立即续费",
  "vip.buyFailed": "创建订单失败",
  "vip.loginToBuy": "登录后开通",
  "vip.cardType.0": "年卡",
  "vip.cardType.1": "季卡",
  "vip.cardType.2": "月卡",
  "vip.status": "会员状态",
  "vip.active": "VIP会员",
  "vip.lapsed": "已过期",
  "vip.never": "您还不是VIP会员",
  "vip.expiresAt": "到期时间",
  "vip.expiredAt": "已于 {date} 到期",
  "vip.totalDays": "累计天数",
  "vip.lastCard": "最近开通",
  "vip.join": "开通VIP",
  "vip.orders": "VIP订单",
  "vip.ordersFailed": "获取VIP订单失败",
  "vip.noOrders": "暂无VIP订单",
  "vip.mineFailed": "获取VIP会员信息失败",
} as const;
