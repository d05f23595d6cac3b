// The footer's single pages (settings footer.about … footer.copyright link to /article/<identifier>):
// articles with those identifiers, created on first start, approved, editable in the admin, published
// by the admin account (user 1: the user service creates it first, on the same first start) and
// marked single pages (not news: out of the public lists and related articles).
import type { NewArticle } from "./article.repository.js";
import { ArticleStatus } from "./article.rules.js";

const pages: ReadonlyArray<[identifier: string, title: string, content: string]> = [
  ["about", "关于我们", "<p>这里介绍本站。管理员可在后台「文章管理」中编辑本页。</p>"],
  ["agreement", "文库协议", "<p>这里是本站的用户协议。管理员可在后台「文章管理」中编辑本页。</p>"],
  ["contact", "联系我们", "<p>这里写本站的联系方式。管理员可在后台「文章管理」中编辑本页。</p>"],
  ["feedback", "意见反馈", "<p>这里说明如何向本站反馈意见。管理员可在后台「文章管理」中编辑本页。</p>"],
  ["copyright", "免责声明", "<p>这里是本站的免责声明。管理员可在后台「文章管理」中编辑本页。</p>"],
];

/** The admin account the user service seeds first (moredoc's root user, id 1). */
export const ADMIN_USER_ID = 1n;

/** The footer's pages of a new site, in footer order. */
export const footerPages: readonly (Omit<NewArticle, "categoryIds"> & { identifier: string })[] = pages.map(
  ([identifier, title, content]) => ({
    identifier,
    title,
    content,
    keywords: title,
    description: "",
    author: "",
    userId: ADMIN_USER_ID,
    source: "",
    sourceUrl: "",
    status: ArticleStatus.approved,
    singlePage: true,
  }),
);
