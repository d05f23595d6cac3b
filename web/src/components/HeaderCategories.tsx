import { RightOutlined } from "@ant-design/icons";
import type { Category } from "@wenku/proto/api/v1/category_pb.js";
import { CategoryType } from "@wenku/proto/api/v1/enums_pb.js";
import { theme } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { usePublicCategories } from "../hooks/usePublicCategories.js";
import { useI18n } from "../i18n/I18nProvider.js";
import { categoryTree, childrenOf } from "../pages/category/categoryTree.js";

/** Where a category's documents or articles are listed. */
export const categoryHref = (category: Pick<Category, "id" | "type">): string =>
  category.type === CategoryType.ARTICLE ? `/article?category_id=${category.id}` : `/category/${category.id}`;

/** At most this many cards: the popover is a shortcut, "all" leads to the full list. */
const MAX_CARDS = 12;

function Thumb({ category }: { category: Category }) {
  const { token } = theme.useToken();
  const [failed, setFailed] = useState(false);
  const src = category.cover || category.icon;
  const box = { width: 40, height: 40, borderRadius: token.borderRadiusSM, flexShrink: 0 } as const;
  if (src && !failed)
    return <img src={src} alt="" onError={() => setFailed(true)} style={{ ...box, objectFit: "cover" }} />;
  return (
    <span
      aria-hidden
      style={{
        ...box,
        display: "grid",
        placeItems: "center",
        background: token.colorPrimaryBg,
        color: token.colorPrimary,
        fontWeight: 600,
      }}
    >
      {category.title.slice(0, 1)}
    </span>
  );
}

/** The header's hover popover of 文档 / 文章: the top-level categories of that type as cards. */
export interface CategoryCardsProps {
  type: CategoryType;
  onNavigate?: () => void;
}

export function CategoryCards({ type, onNavigate }: CategoryCardsProps) {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const { categories, error } = usePublicCategories(type, t("cat.loadFailed"));
  if (error) return <div style={{ color: token.colorTextSecondary }}>{t("cat.loadFailed")}</div>;
  if (!categories) return <div style={{ color: token.colorTextSecondary }}>{t("common.loading")}</div>;
  const top = childrenOf(categories, 0n);
  if (top.length === 0) return <div style={{ color: token.colorTextSecondary }}>{t("cat.empty")}</div>;
  const allHref = type === CategoryType.ARTICLE ? "/article" : "/category";
  return (
    <nav
      data-testid="category-popover"
      aria-label={t(type === CategoryType.ARTICLE ? "nav.articles" : "nav.documents")}
    >
      <div style={{ display: "grid", gridTemplateColumns: "repeat(3, minmax(0, 1fr))", gap: 8 }}>
        {top.slice(0, MAX_CARDS).map((c) => (
          <Link
            key={String(c.id)}
            to={categoryHref(c)}
            onClick={onNavigate}
            className="wk-category-card"
            style={{ display: "flex", alignItems: "center", gap: 8, padding: 8, minWidth: 0, color: token.colorText }}
          >
            <Thumb category={c} />
            <span style={{ minWidth: 0 }}>
              <span style={{ display: "block", overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
                {c.title}
              </span>
              {type === CategoryType.DOCUMENT && (
                <span style={{ fontSize: 12, color: token.colorTextTertiary }}>
                  {t("cat.docCount", { count: c.docCount })}
                </span>
              )}
            </span>
          </Link>
        ))}
      </div>
      <div style={{ textAlign: "right", marginTop: 8 }}>
        <Link to={allHref} onClick={onNavigate}>
          {t("cat.all")} <RightOutlined style={{ fontSize: 10 }} />
        </Link>
      </div>
    </nav>
  );
}

/** The phone drawer's category lists: a collapsible section per type, sub-categories indented. */
export interface DrawerCategoriesProps {
  type: CategoryType;
  onNavigate: () => void;
}

export function DrawerCategories({ type, onNavigate }: DrawerCategoriesProps) {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const { categories } = usePublicCategories(type, t("cat.loadFailed"));
  const rows = categoryTree(categories ?? []);
  if (rows.length === 0) return null;
  const label = t(type === CategoryType.ARTICLE ? "nav.articleCategories" : "nav.documentCategories");
  return (
    <details className="wk-drawer-categories" data-testid={`drawer-categories-${type}`}>
      <summary style={{ cursor: "pointer", color: token.colorText }}>{label}</summary>
      <ul style={{ listStyle: "none", margin: "4px 0 0", padding: 0 }}>
        {rows.map((row) => (
          <li key={row.key}>
            <Link to={categoryHref(row.item)} onClick={onNavigate} className="wk-drawer-category">
              {row.item.title}
            </Link>
            {row.children && (
              <ul style={{ listStyle: "none", margin: 0, paddingLeft: 14 }}>
                {row.children.map((child) => (
                  <li key={child.key}>
                    <Link
                      to={categoryHref(child.item)}
                      onClick={onNavigate}
                      className="wk-drawer-category"
                      style={{ color: token.colorTextSecondary }}
                    >
                      {child.item.title}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}
