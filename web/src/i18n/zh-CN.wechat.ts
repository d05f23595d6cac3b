/**
 * The default (Simplified Chinese) dictionary of the WeChat official account's scan-to-login and
 * binding page (keys wx.*, /oauth/wechatmp).
 */
export const zhCNWechat = {
  "wx.scanTitle": "微信扫码登录",
  "wx.bindTitle": "微信扫码绑定",
  "wx.scanHint": "请使用微信扫码登录",
  "wx.bindHint": "请使用微信扫描二维码，将该微信绑定到当前账号",
  "wx.scanned": "已扫码，正在登录…",
  "wx.expired": "二维码已过期",
  "wx.refresh": "刷新二维码",
  "wx.expiresIn": "二维码 {seconds} 秒后过期",
  "wx.loadFailed": "获取二维码失败",
  "wx.statusFailed": "查询扫码状态失败",
  "wx.bound": "绑定成功",
  "wx.otherWays": "使用账号密码登录",
  "wx.toProfile": "返回个人资料",
  "wx.officialCaption": "微信扫码，关注公众号登录",
  "wx.miniCaption": "微信扫一扫小程序码登录",
  "wx.miniAlt": "小程序码",
} as const;
