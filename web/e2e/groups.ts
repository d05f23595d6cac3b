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
  "site-chrome.spec.ts",
  "order.spec.ts",
  "vip.spec.ts",
];
