// The client routes as data (no JSX, no React): each page's path, lazily loaded module and title
// key, grouped under the three layouts. routes.tsx turns it into react-router's tree; the build
// evaluates it (web/vite.config.ts) and writes routePatterns() to dist/routes.json, so the gateway
// answers 404 for a path no page serves. One table, two readers: they cannot drift apart.
// The back office's layout and routes (adminRoutes.ts) are a module of their own, loaded when a
// navigation reaches /admin: a visitor of the public pages does not download the admin route table.
import { withTexts } from "../i18n/language.js";
import type { TextSlice } from "../i18n/slices.js";
import type { MessageKey } from "../i18n/zh-CN.js";
import type { PageModule } from "./lazyPage.js";

export type LoadPage = () => Promise<PageModule>;

/** A page: its path (null: the index of its parent), its module (with the slices of texts it shows) and its title key. */
export interface PageEntry {
  path: string | null;
  load: LoadPage;
  title: MessageKey;
}

/** A path prefix grouping pages, without a component of its own. */
export interface SectionEntry {
  path: string;
  children: RouteEntry[];
}

export type RouteEntry = PageEntry | SectionEntry;

/** A layout route (lazily loaded) and the pages rendered inside it. */
export interface LayoutEntry {
  path?: string;
  load: LoadPage;
  children: RouteEntry[];
}

export const isSection = (entry: RouteEntry): entry is SectionEntry => "children" in entry;

export const page = (
  path: string | null,
  load: LoadPage,
  title: MessageKey,
  /** The slices of texts (i18n/slices.ts) the page shows, loaded with its module. */
  texts: readonly TextSlice[] = [],
): PageEntry => ({ path, load: texts.length ? () => withTexts(load(), texts) : load, title });

/** The not-found page: where it is routed the path is unknown, so it is no pattern of routes.json. */
export const loadNotFound: LoadPage = () => import("../pages/NotFoundPage.js");

/** /me: its frame shows the VIP mark; the index has the check-in, credit log, recharge and recent reading. */
const ME_INDEX_TEXTS: readonly TextSlice[] = ["vip", "credits", "orders", "social"];

const frontRoutes: RouteEntry[] = [
  page(null, () => import("../pages/HomePage.js"), "page.home"),
  page("404", loadNotFound, "page.notFound"),
  page("category", () => import("../pages/category/CategoryListPage.js"), "page.categoryList"),
  page("category/:id", () => import("../pages/category/CategoryPage.js"), "page.category"),
  page("document/:id?", () => import("../pages/document/DocumentPage.js"), "page.document", ["social", "search"]),
  page("login", () => import("../pages/auth/LoginPage.js"), "page.login"),
  page("register", () => import("../pages/auth/RegisterPage.js"), "page.register"),
  page("findpassword", () => import("../pages/auth/FindPasswordPage.js"), "page.findPassword"),
  page("findpassword-mobile", () => import("../pages/auth/FindPasswordMobilePage.js"), "page.findPasswordMobile"),
  page("oauth/wechatmp", () => import("../pages/oauth/WechatMpPage.js"), "page.wechatMp", ["wechat"]),
  page("oauth/:type?", () => import("../pages/oauth/OAuthPage.js"), "page.oauth"),
  page("joinvip", () => import("../pages/JoinVipPage.js"), "page.joinVip", ["vip", "orders"]),
  page("about-wenku", () => import("../pages/AboutWenkuPage.js"), "page.aboutWenku"),
  page("order", () => import("../pages/OrderPage.js"), "page.order", ["orders"]),
  page("pay/sandbox", () => import("../pages/order/PaySandboxPage.js"), "page.paySandbox", ["orders"]),
  page("post", () => import("../pages/PostPage.js"), "page.post", ["articles"]),
  page("upload", () => import("../pages/UploadPage.js"), "page.upload", ["upload"]),
  page("search", () => import("../pages/search/SearchPage.js"), "page.search", ["search"]),
  {
    path: "me",
    children: [
      page(null, () => import("../pages/me/MeIndexPage.js"), "page.me.index", ME_INDEX_TEXTS),
      page("index", () => import("../pages/me/MeIndexPage.js"), "page.me.index", ME_INDEX_TEXTS),
      page("article", () => import("../pages/me/MeArticlePage.js"), "page.me.article", ["vip", "articles"]),
      page("document", () => import("../pages/me/MeDocumentPage.js"), "page.me.document", ["vip"]),
      page("download", () => import("../pages/me/MeDownloadPage.js"), "page.me.download", ["vip"]),
      page("favorite", () => import("../pages/me/MeFavoritePage.js"), "page.me.favorite", ["vip", "social"]),
      page("order", () => import("../pages/me/MeOrderPage.js"), "page.me.order", ["vip", "orders"]),
      page("password", () => import("../pages/me/MePasswordPage.js"), "page.me.password", ["vip"]),
      page("profile", () => import("../pages/me/MeProfilePage.js"), "page.me.profile", ["vip"]),
      page("vip", () => import("../pages/me/MeVipPage.js"), "page.me.vip", ["vip", "orders"]),
    ],
  },
  {
    path: "user/:id?",
    children: [
      page(null, () => import("../pages/user/UserIndexPage.js"), "page.user.index", ["vip", "social"]),
      page("index", () => import("../pages/user/UserIndexPage.js"), "page.user.index", ["vip", "social"]),
      page("article", () => import("../pages/user/UserArticlePage.js"), "page.user.article", ["vip", "articles"]),
      page("document", () => import("../pages/user/UserDocumentPage.js"), "page.user.document", ["vip"]),
    ],
  },
  page("*", loadNotFound, "page.notFound"),
];

const articleRoutes: RouteEntry[] = [
  page("article", () => import("../pages/article/ArticleListPage.js"), "page.articleList", ["articles"]),
  page("article/:id", () => import("../pages/article/ArticlePage.js"), "page.article", ["articles", "social"]),
];

/** The public layouts, in matching order (spec §2); every layout and page module loads lazily. */
export const LAYOUTS: readonly LayoutEntry[] = [
  { load: () => import("../layouts/ArticleLayout.js"), children: articleRoutes },
  { load: () => import("../layouts/DefaultLayout.js"), children: frontRoutes },
];

/** Where the back office lives; its layout (adminRoutes.ts ADMIN_LAYOUT) joins the tree on the way there. */
export const ADMIN_BASE = "/admin";

const join = (base: string, path: string | null | undefined) => (path ? `${base.replace(/\/$/, "")}/${path}` : base);

/** Every URL pattern a page serves ("/", "/document/:id?", "/admin/user/list" …); not-found routes excluded. */
export function routePatterns(layouts: readonly LayoutEntry[]): string[] {
  const out = new Set<string>();
  const walk = (base: string, entries: readonly RouteEntry[]) => {
    for (const e of entries) {
      if (isSection(e)) walk(join(base, e.path), e.children);
      else if (e.load !== loadNotFound) out.add(join(base, e.path));
    }
  };
  for (const l of layouts) walk(join("/", l.path), l.children);
  return [...out];
}
