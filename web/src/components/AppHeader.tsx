import { DownOutlined, MenuOutlined } from "@ant-design/icons";
import { CategoryType } from "@wenku/proto/api/v1/enums_pb.js";
import type { Navigation } from "@wenku/proto/api/v1/navigation_pb.js";
import { Button, theme } from "antd";
import { type CSSProperties, Suspense, useState } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { useNavigationItems } from "../hooks/useNavigationItems.js";
import { useSizeClass } from "../hooks/useSizeClass.js";
import { useI18n } from "../i18n/I18nProvider.js";
import { withTexts } from "../i18n/language.js";
import { lazyComponent } from "../router/lazyPage.js";
import { searchPath, searchTypeFor } from "../router/paths.js";
import { useSettings } from "../settings/SettingsProvider.js";
import { useSiteName } from "../settings/useSiteName.js";
import { useSession } from "../store/SessionProvider.js";
import { SearchInput } from "./common/SearchInput.js";
import type { CategoryCardsProps, DrawerCategoriesProps } from "./HeaderCategories.js";
import { LanguageSwitch } from "./LanguageSwitch.js";
import { LazyDropdown } from "./LazyDropdown.js";
import { LazyHoverPopover } from "./LazyPopover.js";
import { NavItemLink } from "./NavItemLink.js";
import { UserMenu } from "./UserMenu.js";

/** The phone menu's drawer, loaded when it is first opened. */
const Drawer = lazyComponent(() => import("./MobileMenuDrawer.js"));
/** The category lists of the popover and the drawer come with them, on first use. */
const CategoryCards = lazyComponent<CategoryCardsProps>(() =>
  import("./HeaderCategories.js").then((m) => ({ default: m.CategoryCards })),
);
/** The daily check-in in the phone menu (the header row has no room), with the drawer. */
const CheckInButton = lazyComponent(() => withTexts(import("./credits/CheckInButton.js"), ["credits"]));
/** Recharge (when the site has it on) beside the check-in, with the drawer. */
const RechargeButton = lazyComponent(() => withTexts(import("./orders/RechargeButton.js"), ["orders"]));
const DrawerCategories = lazyComponent<DrawerCategoriesProps>(() =>
  import("./HeaderCategories.js").then((m) => ({ default: m.DrawerCategories })),
);
/** The header popover's width (spec §2: category cards, 520 px). */
const CATEGORY_POPOVER_WIDTH = 520;
/** The pointer rests this long on 文档 / 文章 before their category cards open (seconds). */
const CATEGORY_POPOVER_DELAY = 0.6;

/** Spec §2: on the home page the header search shows only with at most 3 navigation items. */
const HOME_SEARCH_MAX_ITEMS = 3;

function HeaderSearch({ onDone }: { onDone?: () => void }) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [value, setValue] = useState("");
  const type = searchTypeFor(pathname);
  const placeholder = t(type === 1 ? "header.searchArticle" : "header.searchDocument");
  return (
    <SearchInput
      value={value}
      onChange={(event) => setValue(event.target.value)}
      placeholder={placeholder}
      aria-label={placeholder}
      allowClear
      style={{ maxWidth: 280 }}
      onSearch={(keyword) => {
        const path = searchPath(keyword, type);
        if (!path) return;
        setValue("");
        onDone?.();
        void navigate(path);
      }}
    />
  );
}

function CustomItem({ item }: { item: Navigation }) {
  if (item.children.length === 0) {
    return <NavItemLink item={item}>{item.title}</NavItemLink>;
  }
  const items = item.children.map((child) => ({
    key: String(child.id),
    label: <NavItemLink item={child}>{child.title}</NavItemLink>,
  }));
  return (
    <LazyDropdown menu={{ items }}>
      <span style={{ cursor: "pointer", color: item.color || undefined }}>
        {item.title} <DownOutlined style={{ fontSize: 10 }} />
      </span>
    </LazyDropdown>
  );
}

export function AppHeader() {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const size = useSizeClass();
  const { pathname } = useLocation();
  const { settings } = useSettings();
  const { name } = useSiteName();
  const custom = useNavigationItems();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const signedIn = !!useSession().user;

  const fixed = [
    { to: "/", label: t("nav.home"), end: true, categories: undefined },
    { to: "/category", label: t("nav.documents"), end: false, categories: CategoryType.DOCUMENT },
    { to: "/article", label: t("nav.articles"), end: false, categories: CategoryType.ARTICLE },
  ];
  const showSearch = pathname !== "/" || fixed.length + custom.length <= HOME_SEARCH_MAX_ITEMS;
  const linkStyle = ({ isActive }: { isActive: boolean }): CSSProperties => ({
    color: isActive ? token.colorPrimary : token.colorText,
    fontWeight: isActive ? 600 : 400,
    whiteSpace: "nowrap",
  });
  const links = (vertical: boolean) => (
    <nav
      aria-label={t("nav.menu")}
      style={{
        display: "flex",
        flexDirection: vertical ? "column" : "row",
        gap: vertical ? 16 : 24,
        alignItems: vertical ? "flex-start" : "center",
      }}
    >
      {fixed.map((link) => {
        const nav = (
          <NavLink key={link.to} to={link.to} end={link.end} style={linkStyle} onClick={() => setDrawerOpen(false)}>
            {link.label}
          </NavLink>
        );
        // Spec §2: a hover popover of category cards on 文档 and 文章 (not in the phone drawer).
        if (vertical || link.categories === undefined) return nav;
        return (
          <LazyHoverPopover
            key={link.to}
            content={
              <Suspense fallback={t("common.loading")}>
                <CategoryCards type={link.categories} />
              </Suspense>
            }
            mouseEnterDelay={CATEGORY_POPOVER_DELAY}
            placement="bottom"
            styles={{ root: { width: CATEGORY_POPOVER_WIDTH, maxWidth: "calc(100vw - 32px)" } }}
          >
            {nav}
          </LazyHoverPopover>
        );
      })}
      {custom.map((item) => (
        <CustomItem key={String(item.id)} item={item} />
      ))}
    </nav>
  );

  return (
    <header
      style={{
        position: "sticky",
        top: 0,
        zIndex: 100,
        background: token.colorBgContainer,
        boxShadow: "0 1px 4px rgba(0, 21, 41, 0.08)",
      }}
    >
      <div
        style={{
          maxWidth: 1200,
          margin: "0 auto",
          height: 64,
          padding: "0 16px",
          display: "flex",
          alignItems: "center",
          gap: size === "mobile" ? 8 : 24,
        }}
      >
        {size === "mobile" && (
          <Button
            type="text"
            icon={<MenuOutlined />}
            aria-label={t("nav.menu")}
            onClick={() => {
              setDrawerUsed(true);
              setDrawerOpen(true);
            }}
          />
        )}
        <Link
          to="/"
          data-testid="site-logo"
          style={{ fontSize: 22, fontWeight: 700, color: token.colorPrimary, whiteSpace: "nowrap" }}
        >
          {settings.system.logo ? (
            <img src={settings.system.logo} alt={name} style={{ height: 36, verticalAlign: "middle" }} />
          ) : (
            name
          )}
        </Link>
        {size !== "mobile" && links(false)}
        <div style={{ flex: 1 }} />
        {size === "desktop" && showSearch && <HeaderSearch />}
        <LanguageSwitch />
        <UserMenu compact={size === "mobile"} />
      </div>
      {drawerUsed && (
        <Suspense fallback={null}>
          <Drawer
            title={name}
            placement="left"
            size="60%"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            destroyOnHidden
          >
            <div style={{ display: "flex", flexDirection: "column", gap: 24 }}>
              {signedIn && (
                <Suspense fallback={null}>
                  <CheckInButton block />
                  <RechargeButton block onOrdered={() => setDrawerOpen(false)} />
                </Suspense>
              )}
              <HeaderSearch onDone={() => setDrawerOpen(false)} />
              {links(true)}
              <Suspense fallback={null}>
                <DrawerCategories type={CategoryType.DOCUMENT} onNavigate={() => setDrawerOpen(false)} />
                <DrawerCategories type={CategoryType.ARTICLE} onNavigate={() => setDrawerOpen(false)} />
              </Suspense>
            </div>
          </Drawer>
        </Suspense>
      )}
    </header>
  );
}
