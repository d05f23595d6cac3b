import type { MessageKey } from "../../../i18n/zh-CN.js";

/** One /admin/config/<page>: the config categories it edits (a titled group each when several) and a note. */
export interface ConfigSection {
  categories: readonly string[];
  notice?: MessageKey;
  /**
   * A select whose value names one of the page's other categories (sms.sms_provider → smsAliyun …):
   * of the categories among its choices only the chosen one is shown; the others stay in the form,
   * hidden, so saving keeps their values.
   */
  chooser?: { category: string; name: string };
}

/**
 * The 16 config pages (router/adminPages.ts lists their routes) and the catalogue categories each
 * shows, under moredoc's category names (pay → wechatpay + alipay + xunhupay, oauth → one category per
 * provider, sms → sms + one category per SMS provider, search → fulltext_search, miniprogram → mp). Category release is kept by the release RPCs, not here.
 */
export const CONFIG_SECTIONS: Readonly<Record<string, ConfigSection>> = {
  system: { categories: ["system"] },
  display: { categories: ["display"] },
  security: { categories: ["security"] },
  footer: { categories: ["footer"] },
  captcha: { categories: ["captcha"] },
  converter: { categories: ["converter"] },
  download: { categories: ["download"] },
  email: { categories: ["email"], notice: "adm.cfg.notice.email" },
  sms: {
    categories: ["sms", "smsAliyun", "smsTencent", "smsBaidu", "smsHuawei", "smsHaomas"],
    chooser: { category: "sms", name: "sms_provider" },
  },
  oauth: {
    categories: [
      "oauthWechat",
      "oauthOfficialAccount",
      "oauthQQ",
      "oauthGithub",
      "oauthGitee",
      "oauthGoogle",
      "oauthCustom",
    ],
  },
  pay: { categories: ["wechatpay", "alipay", "xunhupay", "sandboxpay"], notice: "adm.cfg.notice.pay" },
  score: { categories: ["score"] },
  vip: { categories: ["vip"] },
  search: { categories: ["fulltext_search"] },
  miniprogram: { categories: ["mp"] },
  ssr: { categories: ["ssr", "sitemap"] },
};

/** Titles of the categories shown as groups on pages with several. */
export const CATEGORY_TITLES: Readonly<Record<string, MessageKey>> = {
  wechatpay: "adm.cfg.cat.wechatpay",
  alipay: "adm.cfg.cat.alipay",
  xunhupay: "adm.cfg.cat.xunhupay",
  sandboxpay: "adm.cfg.cat.sandboxpay",
  oauthWechat: "adm.cfg.cat.oauthWechat",
  oauthOfficialAccount: "adm.cfg.cat.oauthOfficialAccount",
  oauthQQ: "adm.cfg.cat.oauthQQ",
  oauthGithub: "adm.cfg.cat.oauthGithub",
  oauthGitee: "adm.cfg.cat.oauthGitee",
  oauthGoogle: "adm.cfg.cat.oauthGoogle",
  oauthCustom: "adm.cfg.cat.oauthCustom",
  sms: "adm.cfg.cat.sms",
  smsAliyun: "adm.cfg.cat.smsAliyun",
  smsTencent: "adm.cfg.cat.smsTencent",
  smsBaidu: "adm.cfg.cat.smsBaidu",
  smsHuawei: "adm.cfg.cat.smsHuawei",
  smsHaomas: "adm.cfg.cat.smsHaomas",
  ssr: "adm.cfg.cat.ssr",
  sitemap: "adm.cfg.cat.sitemap",
};

/** A note shown at the top of a category's group (xunhupay: stored, not offered at checkout). */
export const CATEGORY_NOTES: Readonly<Record<string, MessageKey>> = {
  xunhupay: "adm.cfg.note.xunhupay",
};

/** The section of an /admin/config/<page> path, if it is one. */
export function sectionOf(pathname: string): ConfigSection | undefined {
  const name = /^\/admin\/config\/([^/]+)\/?$/.exec(pathname)?.[1];
  return name === undefined ? undefined : CONFIG_SECTIONS[name];
}
