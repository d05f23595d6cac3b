import type { MessageKey } from "../../../i18n/zh-CN.js";

/** One /admin/config/<page>: the config categories it edits (a titled group each when several) and a note. */
export interface ConfigSection {
  categories: readonly string[];
  notice?: MessageKey;
}

/**
 * The 16 config pages (router/adminPages.ts lists their routes) and the catalogue categories each
 * shows, under moredoc's category names (pay → wechatpay + alipay, oauth → one category per provider,
 * search → fulltext_search, miniprogram → mp). Category release is kept by the release RPCs, not here.
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
  sms: { categories: ["sms"] },
  oauth: { categories: ["oauthWechat", "oauthQQ", "oauthGithub", "oauthGitee", "oauthGoogle", "oauthCustom"] },
  pay: { categories: ["wechatpay", "alipay", "sandboxpay"], notice: "adm.cfg.notice.pay" },
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
  sandboxpay: "adm.cfg.cat.sandboxpay",
  oauthWechat: "adm.cfg.cat.oauthWechat",
  oauthQQ: "adm.cfg.cat.oauthQQ",
  oauthGithub: "adm.cfg.cat.oauthGithub",
  oauthGitee: "adm.cfg.cat.oauthGitee",
  oauthGoogle: "adm.cfg.cat.oauthGoogle",
  oauthCustom: "adm.cfg.cat.oauthCustom",
  ssr: "adm.cfg.cat.ssr",
  sitemap: "adm.cfg.cat.sitemap",
};

/** The section of an /admin/config/<page> path, if it is one. */
export function sectionOf(pathname: string): ConfigSection | undefined {
  const name = /^\/admin\/config\/([^/]+)\/?$/.exec(pathname)?.[1];
  return name === undefined ? undefined : CONFIG_SECTIONS[name];
}
