import type { PageModule } from "../../router/lazyPage.js";
import { CONFIG_SECTIONS } from "./config/sections.js";

/** One generic page serves every /admin/config/<page> (config/sections.ts says which categories). */
const configPage = () => import("./config/ConfigPage.js");

/** The back-office screens built so far, by route path; the rest show the placeholder page. */
export const ADMIN_SCREENS: Readonly<Record<string, () => Promise<PageModule>>> = {
  "/admin/user/list": () => import("./user/UserListPage.js"),
  "/admin/user/group": () => import("./user/GroupPage.js"),
  "/admin/user/permission": () => import("./user/PermissionPage.js"),
  "/admin/user/punishment": () => import("./user/PunishmentPage.js"),
  "/admin/user/vip": () => import("./user/VipPage.js"),
  "/admin/user/sms": () => import("./user/SmsPage.js"),
  "/admin/navigation": () => import("./navigation/NavigationPage.js"),
  "/admin/banner": () => import("./banner/BannerPage.js"),
  "/admin/friendlink": () => import("./friendlink/FriendlinkPage.js"),
  "/admin/advertisement": () => import("./advertisement/AdvertisementPage.js"),
  "/admin/document/list": () => import("./document/DocumentListPage.js"),
  "/admin/document/recycle": () => import("./document/DocumentRecyclePage.js"),
  "/admin/document/category": () => import("./document/CategoryPage.js"),
  "/admin/document/language": () => import("./document/LanguagePage.js"),
  "/admin/document/searchrecord": () => import("./document/SearchRecordPage.js"),
  "/admin/article/list": () => import("./article/ArticleListPage.js"),
  "/admin/article/recycle": () => import("./article/ArticleRecyclePage.js"),
  "/admin/article/set": () => import("./article/ArticleSetPage.js"),
  "/admin/article/category": () => import("./article/category/ArticleCategoryPage.js"),
  "/admin/report": () => import("./report/ReportPage.js"),
  "/admin/comment": () => import("./comment/CommentListPage.js"),
  "/admin/order": () => import("./order/OrderListPage.js"),
  "/admin/attachment": () => import("./attachment/AttachmentPage.js"),
  "/admin/spider/url": () => import("./spider/SpiderUrlPage.js"),
  "/admin/spider/document": () => import("./spider/SpiderDocumentPage.js"),
  ...Object.fromEntries(Object.keys(CONFIG_SECTIONS).map((name) => [`/admin/config/${name}`, configPage])),
};
