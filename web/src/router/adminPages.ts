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

/** Spec §2: the dashboard always shows; other items only when allowed or flagged public. */
export function visibleAdminMenu(allowedPages: readonly string[]): AdminMenuEntry[] {
  const visible = (p: AdminPage) => p === ADMIN_DASHBOARD || p.public === true || allowedPages.includes(p.path);
  return ADMIN_MENU.flatMap((entry): AdminMenuEntry[] => {
    if (!isAdminGroup(entry)) return visible(entry) ? [entry] : [];
    const pages = entry.pages.filter(visible);
    return pages.length > 0 ? [{ ...entry, pages }] : [];
  });
}
