// The texts that only some pages show, by slice: each is loaded (in the language in use) with the
// lazy chunk of a page or component that shows it (router/routeTable.ts `page(…, texts)`,
// withTexts around a lazyComponent), never with the first load of the home page. The texts every
// page may show stay in zh-CN.ts / en.ts. language.ts keeps what is loaded.
import type { zhCNAdmin } from "./admin/zh-CN.js";
import type { zhCNArticles } from "./zh-CN.articles.js";
import type { zhCNComments } from "./zh-CN.comments.js";
import type { zhCNCredits } from "./zh-CN.credits.js";
import type { zhCNOrders } from "./zh-CN.orders.js";
import type { zhCNSearch } from "./zh-CN.search.js";
import type { zhCNSocial } from "./zh-CN.social.js";
import type { zhCNUpload } from "./zh-CN.upload.js";
import type { zhCNVip } from "./zh-CN.vip.js";
import type { zhCNWechat } from "./zh-CN.wechat.js";

/** Every slice's keys, its zh-CN dictionary the reference (each language's file has every key: see en.*.ts). */
interface SliceDictionaries {
  /** The back office (pages/admin, the admin layout and menu). */
  admin: typeof zhCNAdmin;
  /** Articles and their editor: art.*, post.* (the article pages, /post, /me/article). */
  articles: typeof zhCNArticles;
  /** Comments under documents and articles: cmt.*. */
  comments: typeof zhCNComments;
  /** Check-in and the credit log: credit.* (the signed-in header, /me). */
  credits: typeof zhCNCredits;
  /** Orders, payment and recharge: order.*, sandbox.*, recharge.* (/order, /joinvip, /me, the recharge dialog). */
  orders: typeof zhCNOrders;
  /** Searching: search.* (/search, the reader's search on the document page). */
  search: typeof zhCNSearch;
  /** Favourites, ratings, reports, reading history: soc.* (the document page, /me). */
  social: typeof zhCNSocial;
  /** Uploading documents: upload.* (/upload). */
  upload: typeof zhCNUpload;
  /** VIP cards, membership and the VIP mark: vip.* (/joinvip, /me/vip, the signed-in header). */
  vip: typeof zhCNVip;
  /** The WeChat official account's scan-to-login and binding: wx.* (/oauth/wechatmp). */
  wechat: typeof zhCNWechat;
}

export type TextSlice = keyof SliceDictionaries;
/** A key of a slice's texts. */
export type SliceMessageKey = { [S in TextSlice]: keyof SliceDictionaries[S] }[TextSlice];
/** A slice's texts in one language. */
export type SliceMessages = Readonly<Record<string, string>>;

type Loader = () => Promise<SliceMessages>;

/** Where each slice's texts come from, by language: one chunk each, fetched on first use. */
export const SLICE_LOADERS: { readonly [S in TextSlice]: { readonly "zh-CN": Loader; readonly en: Loader } } = {
  admin: {
    "zh-CN": async () => (await import("./admin/zh-CN.js")).zhCNAdmin,
    en: async () => (await import("./admin/en.js")).enAdmin,
  },
  articles: {
    "zh-CN": async () => (await import("./zh-CN.articles.js")).zhCNArticles,
    en: async () => (await import("./en.articles.js")).enArticles,
  },
  comments: {
    "zh-CN": async () => (await import("./zh-CN.comments.js")).zhCNComments,
    en: async () => (await import("./en.comments.js")).enComments,
  },
  credits: {
    "zh-CN": async () => (await import("./zh-CN.credits.js")).zhCNCredits,
    en: async () => (await import("./en.credits.js")).enCredits,
  },
  orders: {
    "zh-CN": async () => (await import("./zh-CN.orders.js")).zhCNOrders,
    en: async () => (await import("./en.orders.js")).enOrders,
  },
  search: {
    "zh-CN": async () => (await import("./zh-CN.search.js")).zhCNSearch,
    en: async () => (await import("./en.search.js")).enSearch,
  },
  social: {
    "zh-CN": async () => (await import("./zh-CN.social.js")).zhCNSocial,
    en: async () => (await import("./en.social.js")).enSocial,
  },
  upload: {
    "zh-CN": async () => (await import("./zh-CN.upload.js")).zhCNUpload,
    en: async () => (await import("./en.upload.js")).enUpload,
  },
  vip: {
    "zh-CN": async () => (await import("./zh-CN.vip.js")).zhCNVip,
    en: async () => (await import("./en.vip.js")).enVip,
  },
  wechat: {
    "zh-CN": async () => (await import("./zh-CN.wechat.js")).zhCNWechat,
    en: async () => (await import("./en.wechat.js")).enWechat,
  },
};

export const TEXT_SLICES = Object.keys(SLICE_LOADERS) as TextSlice[];
