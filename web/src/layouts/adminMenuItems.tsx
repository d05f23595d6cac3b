import {
  AppstoreOutlined,
  BugOutlined,
  CommentOutlined,
  DashboardOutlined,
  FileTextOutlined,
  FlagOutlined,
  LinkOutlined,
  MenuOutlined,
  NotificationOutlined,
  PaperClipOutlined,
  PictureOutlined,
  ProfileOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  SolutionOutlined,
  TeamOutlined,
} from "@ant-design/icons";
import type { MenuProps } from "antd";
import type { ReactNode } from "react";
import type { Translate } from "../i18n/I18nProvider.js";
import { type AdminMenuEntry, isAdminGroup } from "../router/adminPages.js";

const ICONS: Record<string, ReactNode> = {
  "/admin/dashboard": <DashboardOutlined />,
  document: <FileTextOutlined />,
  article: <ProfileOutlined />,
  "/admin/comment": <CommentOutlined />,
  user: <TeamOutlined />,
  "/admin/order": <ShoppingCartOutlined />,
  "/admin/navigation": <MenuOutlined />,
  "/admin/banner": <PictureOutlined />,
  "/admin/friendlink": <LinkOutlined />,
  "/admin/advertisement": <NotificationOutlined />,
  "/admin/attachment": <PaperClipOutlined />,
  "/admin/report": <FlagOutlined />,
  "/admin/biz": <SolutionOutlined />,
  spider: <BugOutlined />,
  config: <SettingOutlined />,
};

type MenuItems = NonNullable<MenuProps["items"]>;

/** antd Menu items for the visible admin entries; item keys are paths, submenu keys group keys. */
export function adminMenuItems(entries: readonly AdminMenuEntry[], t: Translate): MenuItems {
  return entries.map((entry) =>
    isAdminGroup(entry)
      ? {
          key: entry.key,
          icon: ICONS[entry.key] ?? <AppstoreOutlined />,
          label: t(entry.title),
          children: entry.pages.map((page) => ({ key: page.path, label: t(page.title) })),
        }
      : { key: entry.path, icon: ICONS[entry.path] ?? <AppstoreOutlined />, label: t(entry.title) },
  );
}

/** The menu key to highlight for a pathname: /admin and /admin/index are the dashboard. */
export function selectedAdminKey(pathname: string): string {
  const path = pathname.replace(/\/+$/, "");
  return path === "/admin" || path === "/admin/index" ? "/admin/dashboard" : path;
}

/** The submenu holding a path, e.g. "config" for /admin/config/system. */
export function openAdminGroup(pathname: string): string | undefined {
  return /^\/admin\/([\w-]+)\/[\w-]+/.exec(pathname)?.[1];
}
