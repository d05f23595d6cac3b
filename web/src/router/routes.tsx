import type { RouteObject } from "react-router";
import type { MessageKey } from "../i18n/zh-CN.js";
import { RootLayout, type RouteHandle } from "../layouts/RootLayout.js";
import { ADMIN_SCREENS } from "../pages/admin/screens.js";
import { RouteErrorPage } from "../pages/ErrorPage.js";
import { ADMIN_PAGES } from "./adminPages.js";
import { lazyPage, type PageModule } from "./lazyPage.js";

/** A page route: path (or index), its lazily loaded module and its title key. */
function page(path: string | null, load: () => Promise<PageModule>, title: MessageKey): RouteObject {
  const handle: RouteHandle = { title };
  return path === null ? { index: true, lazy: lazyPage(load), handle } : { path, lazy: lazyPage(load), handle };
}

const notFound = () => import("../pages/NotFoundPage.js");

/** Layout route whose pages render errors inside the layout, keeping header and menu usable. */
function layout(load: () => Promise<PageModule>, children: RouteObject[], path?: string): RouteObject {
  return {
    ...(path ? { path } : {}),
    lazy: lazyPage(load),
    children: [{ errorElement: <RouteErrorPage />, children }],
  };
}

const frontRoutes: RouteObject[] = [
  page(null, () => import("../pages/HomePage.js"), "page.home"),
  page("404", notFound, "page.notFound"),
  page("category", () => import("../pages/category/CategoryListPage.js"), "page.categoryList"),
  page("category/:id", () => import("../pages/category/CategoryPage.js"), "page.category"),
  page("document/:id?", () => import("../pages/document/DocumentPage.js"), "page.document"),
  page("login", () => import("../pages/auth/LoginPage.js"), "page.login"),
  page("register", () => import("../pages/auth/RegisterPage.js"), "page.register"),
  page("findpassword", () => import("../pages/auth/FindPasswordPage.js"), "page.findPassword"),
  page("findpassword-mobile", () => import("../pages/auth/FindPasswordMobilePage.js"), "page.findPasswordMobile"),
  page("oauth/wechatmp", () => import("../pages/oauth/WechatMpPage.js"), "page.wechatMp"),
  page("oauth/:type?", () => import("../pages/oauth/OAuthPage.js"), "page.oauth"),
  page("joinvip", () => import("../pages/JoinVipPage.js"), "page.joinVip"),
  page("order", () => import("../pages/OrderPage.js"), "page.order"),
  page("post", () => import("../pages/PostPage.js"), "page.post"),
  page("upload", () => import("../pages/UploadPage.js"), "page.upload"),
  page("search", () => import("../pages/SearchPage.js"), "page.search"),
  {
    path: "me",
    children: [
      page(null, () => import("../pages/me/MeIndexPage.js"), "page.me.index"),
      page("index", () => import("../pages/me/MeIndexPage.js"), "page.me.index"),
      page("article", () => import("../pages/me/MeArticlePage.js"), "page.me.article"),
      page("document", () => import("../pages/me/MeDocumentPage.js"), "page.me.document"),
      page("download", () => import("../pages/me/MeDownloadPage.js"), "page.me.download"),
      page("favorite", () => import("../pages/me/MeFavoritePage.js"), "page.me.favorite"),
      page("order", () => import("../pages/me/MeOrderPage.js"), "page.me.order"),
      page("password", () => import("../pages/me/MePasswordPage.js"), "page.me.password"),
      page("profile", () => import("../pages/me/MeProfilePage.js"), "page.me.profile"),
      page("vip", () => import("../pages/me/MeVipPage.js"), "page.me.vip"),
    ],
  },
  {
    path: "user/:id?",
    children: [
      page(null, () => import("../pages/user/UserIndexPage.js"), "page.user.index"),
      page("index", () => import("../pages/user/UserIndexPage.js"), "page.user.index"),
      page("article", () => import("../pages/user/UserArticlePage.js"), "page.user.article"),
      page("document", () => import("../pages/user/UserDocumentPage.js"), "page.user.document"),
    ],
  },
  page("*", notFound, "page.notFound"),
];

const articleRoutes: RouteObject[] = [
  page("article", () => import("../pages/article/ArticleListPage.js"), "page.articleList"),
  page("article/:id", () => import("../pages/article/ArticlePage.js"), "page.article"),
];

const dashboard = () => import("../pages/admin/DashboardPage.js");
const adminSection = () => import("../pages/admin/AdminSectionPage.js");

const adminRoutes: RouteObject[] = [
  page(null, dashboard, "admin.dashboard"),
  page("index", dashboard, "admin.dashboard"),
  page("dashboard", dashboard, "admin.dashboard"),
  ...ADMIN_PAGES.map((p) => page(p.path.replace(/^\/admin\//, ""), ADMIN_SCREENS[p.path] ?? adminSection, p.title)),
  page("*", notFound, "page.notFound"),
];

/** The whole route tree (spec §2): one root for shared behaviour, then the three layouts. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <div aria-busy="true" style={{ minHeight: "100vh" }} />,
    children: [
      layout(() => import("../layouts/ArticleLayout.js"), articleRoutes),
      layout(() => import("../layouts/AdminLayout.js"), adminRoutes, "admin"),
      layout(() => import("../layouts/DefaultLayout.js"), frontRoutes),
    ],
  },
];
