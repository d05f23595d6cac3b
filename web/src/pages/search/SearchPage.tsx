import { CategoryType } from "@wenku/proto/api/v1/enums_pb.js";
import { Card, Empty, Flex, Input, Tabs } from "antd";
import { useSearchParams } from "react-router";
import { AdSlot } from "../../components/AdSlot.js";
import { usePageTitle } from "../../hooks/usePageTitle.js";
import { usePublicCategories } from "../../hooks/usePublicCategories.js";
import { useSizeClass } from "../../hooks/useSizeClass.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import type { SearchType } from "../../router/paths.js";
import { FilterRow } from "../category/FilterRow.js";
import { PopularSearches } from "./PopularSearches.js";
import { SearchResults } from "./SearchResults.js";
import { readSearch, SEARCH_EXTS, type SearchFilters, sortsOf, writeSearch } from "./searchFilters.js";

/**
 * /search?wd=…&type=0|1 (spec §2): a search box, document and article tabs, the type, sort and
 * category filters, and the results. Everything the search is lives in the URL, so back, forward
 * and reload show the same search. Articles have no type filter, and sort by relevance, date or reads.
 */
export default function SearchPage() {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const filters = readSearch(params);
  const mobile = useSizeClass() === "mobile";
  usePageTitle(filters.wd ? t("search.title", { wd: filters.wd }) : null);

  const go = (next: SearchFilters) => setParams(writeSearch(next), { preventScrollReset: true });
  const setFilters = (next: Partial<SearchFilters>) => go({ ...filters, page: 1, ...next });
  const setType = (type: SearchType) => go({ wd: filters.wd, type, page: 1, sort: "", ext: null, category: null });

  return (
    <div className="wk-search-layout" style={{ padding: mobile ? 12 : 24 }}>
      <div style={{ minWidth: 0 }} data-testid="search-page">
        <AdSlot position="search_top" />
        <Input.Search
          key={filters.wd}
          defaultValue={filters.wd}
          placeholder={t(filters.type === 1 ? "header.searchArticle" : "header.searchDocument")}
          aria-label={t("home.search")}
          enterButton={t("home.search")}
          size={mobile ? "middle" : "large"}
          maxLength={100}
          allowClear
          onSearch={(value) => {
            const wd = value.trim();
            if (wd) setFilters({ wd });
          }}
          data-testid="search-box"
        />
        <Tabs
          activeKey={String(filters.type)}
          onChange={(key) => setType(key === "1" ? 1 : 0)}
          items={[
            { key: "0", label: t("search.tab.document") },
            { key: "1", label: t("search.tab.article") },
          ]}
          style={{ marginTop: 8 }}
        />
        {!filters.wd ? (
          <Empty data-testid="search-no-keyword" description={t("search.enterKeyword")} style={{ padding: "48px 0" }}>
            <PopularSearches />
          </Empty>
        ) : (
          <>
            <SearchFilterBar filters={filters} onChange={setFilters} />
            <Card styles={{ body: { padding: mobile ? "8px 12px 16px" : "12px 24px 24px" } }} style={{ marginTop: 12 }}>
              <SearchResults
                filters={filters}
                mobile={mobile}
                onPage={(page) => {
                  go({ ...filters, page });
                  window.scrollTo(0, 0);
                }}
                onClearFilters={() => setFilters({ ext: null, category: null })}
              />
            </Card>
          </>
        )}
        <AdSlot position="search_bottom" />
      </div>
      {!mobile && <AdSlot position="search_right" style={{ width: 300, margin: 0 }} />}
    </div>
  );
}

/** Type, sort and (when there are categories) category: one row each, wrapping on a phone. */
function SearchFilterBar({
  filters,
  onChange,
}: {
  filters: SearchFilters;
  onChange: (next: Partial<SearchFilters>) => void;
}) {
  const { t } = useI18n();
  // A failed load leaves the category filter out; the results report server trouble themselves.
  const kind = filters.type === 1 ? CategoryType.ARTICLE : CategoryType.DOCUMENT;
  const categories = (usePublicCategories(kind, "").categories ?? []).filter((c) => c.parentId === 0n);
  const sorts = sortsOf(filters.type);
  return (
    <Flex vertical gap={8} data-testid="search-filters">
      {filters.type === 0 && (
        <FilterRow
          label={t("search.type")}
          value={filters.ext ?? "all"}
          options={[
            { value: "all", label: t("search.ext.all") },
            ...SEARCH_EXTS.map((ext) => ({ value: ext, label: t(`search.ext.${ext}`) })),
          ]}
          onChange={(value) => onChange({ ext: SEARCH_EXTS.find((ext) => ext === value) ?? null })}
        />
      )}
      <FilterRow
        label={t("search.sort")}
        value={filters.sort || "relevance"}
        options={sorts.map((sort) => ({
          value: sort || "relevance",
          label: t(`search.sort.${sort || "relevance"}`),
        }))}
        onChange={(value) => onChange({ sort: sorts.find((sort) => sort === value) ?? "" })}
      />
      {categories.length > 0 && (
        <FilterRow
          label={t("search.category")}
          value={filters.category === null ? "all" : String(filters.category)}
          options={[
            { value: "all", label: t("search.category.all") },
            ...categories.map((c) => ({ value: String(c.id), label: c.title })),
          ]}
          onChange={(value) => onChange({ category: value === "all" ? null : BigInt(value) })}
        />
      )}
    </Flex>
  );
}
