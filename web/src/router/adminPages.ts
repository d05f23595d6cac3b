import type { MessageKey } from "../i18n/zh-CN.js";

/** One back-office screen (spec §2 admin routes). `public` pages show in the menu for everyone. */
export interface AdminPage {
  path: string;
  title: MessageKey;
  public?: boolean;
}

export interface AdminGroup {
  key: string;
  title: MessageKey;
  pages: readonly AdminPage[];
}

export type AdminMenuEntry = AdminPage | AdminGroup;

export const isAdminGroup = (entry: AdminMenuEntry): entry is AdminGroup => "pages" in entry;

type GroupName = MessageKey extends infer K ? (K extends `admin.${infer G}.${string}` ? G : never) : never;
type ChildName<G extends string> = MessageKey extends infer K ? (K extends `admin.${G}.${infer C}` ? C : never) : never;
type SingleName = MessageKey extends infer K
  ? K extends `admin.${infer P}`
    ? P extends `${string}.${string}`
      ? never
      : P
    : never
  : never;

const page = (name: SingleName): AdminPage => ({ path: `/admin/${name}`, title: `admin.${name}` as MessageKey });

function group<G extends GroupName>(key: G, children: readonly ChildName<G>[]): AdminGroup {
  return {
    key,
    title: `admin.${key}` as MessageKey,
    pages: children.map((child) => ({ path: `/admin/${key}/${child}`, title: `admin.${key}.${child}` as MessageKey })),
  };
}

export const ADMIN_DASHBOARD: AdminPage = { path: "/admin/dashboard", title: "admin.dashboard", public: true };

/** The back-office menu, in display order. Routes and the page guard derive from it too. */
export const ADMIN_MENU: readonly AdminMenuEntry[] = [
  ADMIN_DASHBOARD,
  group("document", ["list", "category", "recycle", "language", "searchrecord"]),
  group("article", ["list", "category", "recycle", "set"]),
  page("comment"),
  group("user", ["list", "group", "permission", "punishment", "vip", "sms"]),
  page("order"),
  page("navigation"),
  page("banner"),
  page("friendlink"),
  page("advertisement"),
  page("attachment"),
  page("report"),
  page("biz"),
  group("spider", ["url", "document"]),
  group("config", [
    "system",
    "display",
    "security",
    "footer",
    "captcha",
    "converter",
    "download",
    "email",
    "sms",
    "oauth",
    "pay",
    "score",
    "vip",
    "search",
    "miniprogram",
    "ssr",
  ]),
];

/** Every admin screen except the dashboard, flattened. */
export const ADMIN_PAGES: readonly AdminPage[] = ADMIN_MENU.flatMap((entry) =>
  isAdminGroup(entry) ? entry.pages : entry === ADMIN_DASHBOARD ? [] : [entry],
);

const api = (service: string, rpc: string) => `/api.v1.${service}/${rpc}`;
const CONFIG = [api("ConfigAPI", "ListConfig")];
const CATEGORY = [api("CategoryAPI", "ListCategory")];

/**
 * The permission paths each admin page needs (all of them) to be allowed: the "anchor" RPC the
 * page lists with (spec §6: pages derive from permissions, per api area). Pages missing here are
 * never allowed, which the unit test forbids.
 */
export const PAGE_PERMISSIONS: Readonly<Record<string, readonly string[]>> = {
  "/admin/document/list": [api("DocumentAPI", "ListDocument")],
  "/admin/document/category": CATEGORY,
  "/admin/document/recycle": [api("RecycleAPI", "ListRecycleDocument")],
  "/admin/document/language": [api("LanguageAPI", "ListLanguage")],
  "/admin/document/searchrecord": [api("SearchRecordAPI", "ListSearchRecord")],
  "/admin/article/list": [api("ArticleAPI", "ListArticle")],
  "/admin/article/category": CATEGORY,
  "/admin/article/recycle": [api("ArticleAPI", "ListRecycleArticle")],
  // the editor of /post for staff: new articles and the footer's pages (identifier, author)
  "/admin/article/set": [api("ArticleAPI", "UpdateArticle")],
  "/admin/comment": [api("CommentAPI", "ListComment")],
  "/admin/user/list": [api("UserAPI", "ListUser")],
  "/admin/user/group": [api("GroupAPI", "ListGroup")],
  "/admin/user/permission": [api("PermissionAPI", "ListPermission")],
  "/admin/user/punishment": [api("PunishmentAPI", "ListPunishment")],
  "/admin/user/vip": [api("UserVipAPI", "ListUserVip")],
  "/admin/user/sms": [api("SmsAPI", "ListSms")],
  "/admin/order": [api("OrderAPI", "ListOrder")],
  "/admin/navigation": [api("NavigationAPI", "ListNavigation")],
  "/admin/banner": [api("BannerAPI", "ListBanner")],
  "/admin/friendlink": [api("FriendlinkAPI", "ListFriendlink")],
  "/admin/advertisement": [api("AdvertisementAPI", "ListAdvertisement")],
  "/admin/attachment": [api("AttachmentAPI", "ListAttachment")],
  "/admin/report": [api("ReportAPI", "ListReport")],
  "/admin/biz": CONFIG,
  "/admin/spider/url": [api("SpiderUrlAPI", "ListSpiderUrl")],
  "/admin/spider/document": [api("SpiderDocumentAPI", "ListSpiderDocument")],
  ...Object.fromEntries(ADMIN_PAGES.filter((p) => p.path.startsWith("/admin/config/")).map((p) => [p.path, CONFIG])),
};

/** The paths of the permissions a user really holds (spec §6: only rows with a positive id count). */
export function heldPermissionPaths(
  permissions: readonly { id: number | string | bigint; path: string }[],
): Set<string> {
  return new Set(permissions.filter((p) => Number(p.id) > 0).map((p) => p.path));
}

/** Spec §6: the admin pages a user may open, in menu order, derived from their permissions. */
export function allowedPagesFor(permissions: readonly { id: number | string | bigint; path: string }[]): string[] {
  const held = heldPermissionPaths(permissions);
  return ADMIN_PAGES.filter((page) => {
    const needs = PAGE_PERMISSIONS[page.path];
    return needs !== undefined && needs.length > 0 && needs.every((path) => held.has(path));
  }).map((page) => page.path);
}

/** Spec §2: the dashboard always shows; other items only when allowed or flagged public. */
export function visibleAdminMenu(allowedPages: readonly string[]): AdminMenuEntry[] {
  const visible = (p: AdminPage) => p === ADMIN_DASHBOARD || p.public === true || allowedPages.includes(p.path);
  return ADMIN_MENU.flatMap((entry): AdminMenuEntry[] => {
    if (!isAdminGroup(entry)) return visible(entry) ? [entry] : [];
    const pages = entry.pages.filter(visible);
    return pages.length > 0 ? [{ ...entry, pages }] : [];
  });
}
