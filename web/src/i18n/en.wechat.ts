import type { zhCNWechat } from "./zh-CN.wechat.js";

/** English texts of the WeChat official account's scan-to-login page (keys wx.*). */
export const enWechat: { readonly [K in keyof typeof zhCNWechat]: string } = {
  "wx.scanTitle": "Log in with WeChat",
  "wx.bindTitle": "Bind WeChat",
  "wx.scanHint": "Scan the code with WeChat to log in",
  "wx.bindHint": "Scan the QR code with WeChat to bind that WeChat account to this account",
  "wx.scanned": "Scanned, logging in…",
  "wx.expired": "The QR code has expired",
  "wx.refresh": "Refresh the QR code",
  "wx.expiresIn": "The QR code expires in {seconds} s",
  "wx.loadFailed": "Could not get the QR code",
  "wx.statusFailed": "Could not check the scan",
  "wx.bound": "WeChat bound",
  "wx.otherWays": "Log in with a password",
  "wx.toProfile": "Back to the profile",
  "wx.officialCaption": "Scan in WeChat and follow the official account",
  "wx.miniCaption": "Scan the mini-program code in WeChat",
  "wx.miniAlt": "Mini-program code",
};
