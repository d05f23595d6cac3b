import { FolderOpenOutlined } from "@ant-design/icons";
import type { Category } from "@wenku/proto/api/v1/category_pb.js";
import { CategoryType } from "@wenku/proto/api/v1/enums_pb.js";
import { Empty, Skeleton, theme } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { Title } from "../../components/common/Text.js";
import { usePublicCategories } from "../../hooks/usePublicCategories.js";
import { useSizeClass } from "../../hooks/useSizeClass.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { CategoriesLoadError } from "./CategoriesLoadError.js";
import { type CategoryRow, categoryTree } from "./categoryTree.js";

/** The category's cover (or icon) filling the card's top, a folder when it has none or it fails. */
function Cover({ category }: { category: Category }) {
  const { token } = theme.useToken();
  const [failed, setFailed] = useState(false);
  const src = category.cover || category.icon;
  const box = {
    aspectRatio: "16 / 9",
    width: "100%",
    borderRadius: `${token.borderRadiusLG}px ${token.borderRadiusLG}px 0 0`,
    background: token.colorFillQuaternary,
  };
  if (src && !failed) {
    return (
      <img src={src} alt="" loading="lazy" onError={() => setFailed(true)} style={{ ...box, objectFit: "cover" }} />
    );
  }
  return (
    <div style={{ ...box, display: "grid", placeItems: "center", fontSize: 40, color: token.colorTextQuaternary }}>
      <FolderOpenOutlined />
    </div>
  );
}

/** One top-level category: cover, title, document count, then its sub-categories as links. */
function CategoryCard({ row }: { row: CategoryRow<Category> }) {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const { item, children = [] } = row;
  return (
    <article
      data-testid="category-card"
      style={{
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        background: token.colorBgContainer,
        display: "flex",
        flexDirection: "column",
        minWidth: 0,
      }}
    >
      <Link to={`/category/${item.id}`} aria-label={item.title}>
        <Cover category={item} />
      </Link>
      <div style={{ padding: "12px 16px 16px" }}>
        <Link to={`/category/${item.id}`} style={{ color: token.colorText, fontSize: 16, fontWeight: 600 }}>
          {item.title}
        </Link>
        <div style={{ color: token.colorTextSecondary, fontSize: 13 }}>
          {t("cat.docCount", { count: item.docCount })}
        </div>
        {item.showDescription && item.description && (
          <p style={{ margin: "8px 0 0", color: token.colorTextSecondary, fontSize: 13, whiteSpace: "pre-line" }}>
            {item.description}
          </p>
        )}
        {children.length > 0 && (
          <nav
            aria-label={t("cat.subCategoriesOf", { title: item.title })}
            style={{ display: "flex", flexWrap: "wrap", gap: "4px 12px", marginTop: 10 }}
          >
            {children.map((child) => (
              <Link key={child.key} to={`/category/${child.item.id}`} style={{ fontSize: 13 }}>
                {child.item.title}
                <span style={{ color: token.colorTextTertiary }}> ({child.item.docCount})</span>
              </Link>
            ))}
          </nav>
        )}
      </div>
    </article>
  );
}

/**
 * /category: every enabled document category (spec §2 "category list"), a card per top-level
 * category with its cover, document count and sub-categories. The site's "hide categories
 * without documents" switch is applied by the server.
 */
export default function CategoryListPage() {
  const { t } = useI18n();
  const mobile = useSizeClass() === "mobile";
  const list = usePublicCategories(CategoryType.DOCUMENT, t("cat.loadFailed"));
  const pad = { maxWidth: 1200, margin: "0 auto", padding: mobile ? 12 : 24 };
  if (list.error) return <CategoriesLoadError error={list.error} onRetry={list.reload} />;
  const rows = list.categories ? categoryTree(list.categories) : undefined;
  return (
    <div style={pad} data-testid="category-list">
      <Title level={2} style={{ marginTop: 0 }}>
        {t("cat.all")}
      </Title>
      {!rows ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : rows.length === 0 ? (
        <Empty description={t("cat.empty")} />
      ) : (
        <div
          style={{
            display: "grid",
            gridTemplateColumns: `repeat(auto-fill, minmax(${mobile ? 150 : 260}px, 1fr))`,
            gap: mobile ? 12 : 20,
          }}
        >
          {rows.map((row) => (
            <CategoryCard key={row.key} row={row} />
          ))}
        </div>
      )}
    </div>
  );
}
