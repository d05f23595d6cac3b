// Names an admin stores in Chinese and every reader sees: the site's name for credits
// (system.credit_name) and the user groups' titles. In English they read as the English name of a
// built-in or common value; a name an admin made up (a group they created, a credit name of their
// own) is shown as stored, since no English for it exists.
import type { Lang } from "../i18n/language.js";

/** English for the built-in groups (the seed's 超级管理员 and 普通用户) and moredoc's usual group titles. */
const GROUP_EN: Readonly<Record<string, string>> = {
  超级管理员: "Administrators",
  管理员: "Administrators",
  普通用户: "Members",
  注册用户: "Members",
  游客: "Guests",
  VIP: "VIP",
  VIP用户: "VIP members",
  VIP会员: "VIP members",
  会员: "Members",
  编辑: "Editors",
  审核员: "Reviewers",
};

/** English for the usual credit names (the setting's default 积分, and moredoc sites' own). */
const CREDIT_EN: Readonly<Record<string, string>> = {
  积分: "Points",
  金币: "Coins",
  魔豆: "Beans",
  文库币: "Coins",
  下载券: "Download vouchers",
  财富值: "Wealth points",
};

function storedNameIn(table: Readonly<Record<string, string>>, lang: Lang, stored: string): string {
  const key = stored.trim();
  return lang === "en" && Object.hasOwn(table, key) ? (table[key] as string) : stored;
}

/** A group's title in the reader's language. */
export const groupTitleIn = (lang: Lang, title: string) => storedNameIn(GROUP_EN, lang, title);

/** The site's credit name in the reader's language. */
export const creditNameIn = (lang: Lang, stored: string) => storedNameIn(CREDIT_EN, lang, stored);
