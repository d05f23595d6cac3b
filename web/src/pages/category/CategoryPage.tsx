import { FolderOpenOutlined } from "@ant-design/icons";
import type { Category } from "@wenku/proto/api/v1/category_pb.js";
import { CategoryType } from "@wenku/proto/api/v1/enums_pb.js";
import { Avatar, Breadcrumb, Button, Card, Flex, Result, Skeleton, Tag, Typography, theme } from "antd";
import type { CSSProperties } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { AdSlot } from "../../components/AdSlot.js";
import { usePageTitle } from "../../hooks/usePageTitle.js";
import { usePublicCategories } from "../../hooks/usePublicCategories.js";
import { useSizeClass } from "../../hooks/useSizeClass.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { CategoriesLoadError } from "./CategoriesLoadError.js";
import { CategoryDocuments } from "./CategoryDocuments.js";
import { type CategoryFilters, readFilters, SORT_ORDERS, TYPE_FILTERS, writeFilters } from "./categoryFilters.js";
import { categoryPath, childrenOf } from "./categoryTree.js";
import { FilterRow } from "./FilterRow.js";

/**
 * /category/{id}: the category's header (cover or icon, title, description when the category says
 * so), its sub-categories, type and sort filters, and its documents. Disabled categories are not
 * listed for visitors, so they (and their sub-trees) read as not found.
 */
export default function CategoryPage() {
  const { t } = useI18n();
  const { id = "" } = useParams();
  // The whole enabled tree at once: the page needs it for the breadcrumb and the chips.
  const list = usePublicCategories(CategoryType.DOCUMENT, t("cat.loadFailed"));
  const mobile = useSizeClass() === "mobile";
  const pad = { maxWidth: 1200, margin: "0 auto", padding: mobile ? 12 : 24 };
  const categories = list.categories ?? [];
  const path = /^\d+$/.test(id) ? categoryPath(categories, BigInt(id)) : [];
  // A category below a disabled (unlisted) parent is hidden with it.
  const current = path[0]?.parentId === 0n ? path.at(-1) : undefined;
  usePageTitle(list.categories && !current ? t("cat.notFound") : current?.title);

  if (list.error) return <CategoriesLoadError error={list.error} onRetry={list.reload} />;
  if (!list.categories) {
    return (
      <div style={pad}>
        <Skeleton active avatar paragraph={{ rows: 3 }} />
      </div>
    );
  }
  if (!current) {
    return (
      <Result
        status="404"
        data-testid="category-not-found"
        title={t("cat.notFound")}
        extra={
          <Link to="/category">
            <Button type="primary">{t("cat.all")}</Button>
          </Link>
        }
      />
    );
  }
  return <CategoryView key={String(current.id)} categories={categories} path={path} current={current} pad={pad} />;
}

function CategoryView({
  categories,
  path,
  current,
  pad,
}: {
  categories: Category[];
  path: Category[];
  current: Category;
  pad: CSSProperties;
}) {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const setFilters = (next: Partial<CategoryFilters>) =>
    setParams(writeFilters({ ...filters, page: 1, ...next }), { preventScrollReset: true });

  const children = childrenOf(categories, current.id);
  const siblings = children.length === 0 ? childrenOf(categories, current.parentId) : [];
  // Siblings only help when there is somewhere else to go.
  if (siblings.length === 1) siblings.length = 0;
  const chips = children.length > 0 ? children : siblings;
  const image = current.cover || current.icon;

  return (
    <div style={pad} data-testid="category-page">
      <Breadcrumb
        style={{ marginBottom: 12 }}
        items={[
          { key: "home", title: <Link to="/">{t("nav.home")}</Link> },
          { key: "all", title: <Link to="/category">{t("cat.all")}</Link> },
          ...path.map((c) =>
            c === current
              ? { key: String(c.id), title: c.title }
              : { key: String(c.id), title: <Link to={`/category/${c.id}`}>{c.title}</Link> },
          ),
        ]}
      />
      <Card styles={{ body: { padding: 16 } }} style={{ marginBottom: 16 }}>
        <Flex gap={16} align="flex-start">
          {image ? (
            <img
              src={image}
              alt=""
              style={{
                width: current.cover ? 120 : 56,
                maxWidth: "30%",
                aspectRatio: current.cover ? "4 / 3" : "1",
                objectFit: "cover",
                borderRadius: token.borderRadius,
                flexShrink: 0,
              }}
            />
          ) : (
            <Avatar shape="square" size={56} icon={<FolderOpenOutlined />} style={{ flexShrink: 0 }} />
          )}
          <div style={{ minWidth: 0, flex: 1 }}>
            <Typography.Title level={3} style={{ margin: 0 }} data-testid="category-title">
              {current.title}
            </Typography.Title>
            <Typography.Text type="secondary">{t("cat.docCount", { count: current.docCount })}</Typography.Text>
            {current.showDescription && current.description && (
              <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0, whiteSpace: "pre-line" }}>
                {current.description}
              </Typography.Paragraph>
            )}
          </div>
        </Flex>
        {chips.length > 0 && (
          <nav
            aria-label={t(children.length > 0 ? "cat.subCategories" : "cat.siblings")}
            data-testid="category-children"
            style={{ marginTop: 16, paddingTop: 12, borderTop: `1px solid ${token.colorBorderSecondary}` }}
          >
            <Typography.Text type="secondary" style={{ display: "block", marginBottom: 8 }}>
              {t(children.length > 0 ? "cat.subCategories" : "cat.siblings")}
            </Typography.Text>
            <Flex wrap gap={8}>
              {chips.map((c) => (
                <Link key={String(c.id)} to={`/category/${c.id}`}>
                  <Tag
                    color={c.id === current.id ? "blue" : undefined}
                    style={{ marginInlineEnd: 0, padding: "2px 10px", fontSize: 14, cursor: "pointer" }}
                  >
                    {c.title}
                  </Tag>
                </Link>
              ))}
            </Flex>
          </nav>
        )}
      </Card>
      <AdSlot position="list_nav_bottom" />
      <Card styles={{ body: { padding: 16 } }}>
        <Flex vertical gap={8} style={{ marginBottom: 8 }}>
          <FilterRow
            label={t("cat.type")}
            value={filters.type ?? "all"}
            options={[
              { value: "all", label: t("cat.type.all") },
              ...Object.keys(TYPE_FILTERS).map((key) => ({
                value: key,
                label: t(`cat.type.${key as keyof typeof TYPE_FILTERS}`),
              })),
            ]}
            onChange={(value) => setFilters({ type: value === "all" ? null : (value as keyof typeof TYPE_FILTERS) })}
          />
          <FilterRow
            label={t("cat.sort")}
            value={filters.sort}
            options={Object.keys(SORT_ORDERS).map((key) => ({
              value: key,
              label: t(`cat.sort.${key as keyof typeof SORT_ORDERS}`),
            }))}
            onChange={(value) => setFilters({ sort: value as keyof typeof SORT_ORDERS })}
          />
        </Flex>
        <AdSlot position="list_document_top" />
        <CategoryDocuments categoryId={current.id} filters={filters} onPage={(page) => setFilters({ page })} />
        <AdSlot position="list_document_bottom" />
      </Card>
    </div>
  );
}
