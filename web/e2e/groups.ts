/**
 * Specs that change site-wide settings (config keys every visitor sees: site name, captcha, upload
 * limits, payment and VIP switches) while they run. They run after the others, one at a time
 * (scripts/test.mjs), so a test running beside them never meets a setting it did not expect. Every
 * other spec makes its own users and data and may run beside any other.
 */
export const SERIAL_SPECS = [
  "admin-config.spec.ts",
  "admin-config-pay.spec.ts",
  "comment.spec.ts",
  "document.spec.ts",
  "findpassword.spec.ts",
  "site-chrome.spec.ts",
  "order.spec.ts",
  "vip.spec.ts",
  "wechatmp.spec.ts",
  "wechat-inapp.spec.ts",
  "sms.spec.ts",
  "oauth.spec.ts",
  "text-layer.spec.ts",
  "read-past-preview.spec.ts",
  // not a setting: its page server listens on the one port the site may reach (E2E_PAGES_PORT)
  "article-crawl.spec.ts",
  "spider.spec.ts",
];

/**
 * The tag of a test the 375 px project leaves out (playwright.config.ts): it walks screens that other
 * tests already open at 375 px again, to check a rule (a setting, a payment path, an order's state)
 * that does not depend on the screen's width. The phone project runs every test that checks a layout,
 * takes a phone-only path (the menu drawer) or is the only one to open its screen on a phone.
 * So do the data flows whose cost is conversion, not the screen: every type's cover (covers), OCR
 * (search-scan), crawler pages (seo) and the upload of each type (document) convert the same at any
 * width and run on desktop only; the comment on each says which test opens its screens at 375 px.
 * The issue #27 flows stay at 375 px: search → a hit past the preview → the call to action → buy →
 * the page readable with the word marked (read-past-preview), select and copy page 1 (text-layer).
 */
export const DESKTOP_ONLY = "@desktop-only";
