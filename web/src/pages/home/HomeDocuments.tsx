import { CloudUploadOutlined, LikeOutlined } from "@ant-design/icons";
import { DocumentAPI } from "@wenku/proto/api/v1/document_pb.js";
import { Button, Empty, Flex, Skeleton } from "antd";
import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { useApiQuery } from "../../api/useApiQuery.js";
import { AdSlot } from "../../components/AdSlot.js";
import { SecondaryText } from "../../components/common/Text.js";
import { type SizeClass, useSizeClass } from "../../hooks/useSizeClass.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { CategorySection, DocumentGrid } from "./CategorySection.js";
import { HomeSection, SectionIconBox } from "./HomeSection.js";
import { LatestDocuments } from "./LatestDocuments.js";

/** Documents per home category and in the latest list. */
export const HOME_LIMIT = 8;
const LATEST_ORDER = "created_at desc";
const RECOMMENDED_ORDER = "recommend_at desc";

const GRID_COLUMNS: Record<SizeClass, number> = { desktop: 4, tablet: 2, mobile: 1 };
/** The latest list shares the top row with the account box on desktops. */
const LATEST_COLUMNS: Record<SizeClass, number> = { desktop: 2, tablet: 1, mobile: 1 };

const SKELETON_SLOTS = ["a", "b", "c", "d"];

function HomeSkeleton({ columns }: { columns: number }) {
  return (
    <div data-testid="home-loading" aria-busy>
      {[0, 1].map((section) => (
        <div key={section} style={{ marginTop: 32 }}>
          <Skeleton.Input active size="small" style={{ width: 160, marginBottom: 16 }} />
          <div style={{ display: "grid", gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: 16 }}>
            {SKELETON_SLOTS.slice(0, columns).map((slot) => (
              <Flex key={slot} gap={12}>
                <Skeleton.Node active style={{ width: 64, height: 85 }} />
                <Skeleton active title={false} paragraph={{ rows: 3 }} style={{ flex: 1 }} />
              </Flex>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * Everything below the home hero: the latest documents as a compact list beside `aside` (the account
 * box), the recommended documents, then one section per category that has documents
 * (ListDocumentForHome). While loading a skeleton stands in; a failure is a quiet note with a retry
 * (the hero above keeps working); a site without documents invites the first upload.
 */
export function HomeDocuments({ aside }: { aside: ReactNode }) {
  const { t } = useI18n();
  const size = useSizeClass();
  const navigate = useNavigate();
  const fallback = t("home.loadFailed");
  const home = useApiQuery(DocumentAPI.method.listDocumentForHome, { limit: BigInt(HOME_LIMIT) }, fallback);
  const latest = useApiQuery(
    DocumentAPI.method.listDocument,
    { page: 1n, size: BigInt(HOME_LIMIT), order: LATEST_ORDER },
    fallback,
  );

  // Recommended documents are an extra: a failure leaves the section out.
  const recommended = useApiQuery(
    DocumentAPI.method.listDocument,
    { page: 1n, size: BigInt(HOME_LIMIT), isRecommend: [true], order: RECOMMENDED_ORDER },
    fallback,
  );

  const columns = GRID_COLUMNS[size];
  const settled =
    (home.data !== undefined || home.error !== null) && (latest.data !== undefined || latest.error !== null);
  const top = (content: ReactNode) => (
    <div className="wk-home-top">
      {content}
      {aside}
    </div>
  );
  if (!settled) return top(<HomeSkeleton columns={columns} />);

  const categories = (home.data?.document ?? []).filter((item) => item.document.length > 0);
  const newest = latest.data?.document ?? [];
  const picks = recommended.data?.document ?? [];

  return (
    <>
      {top(
        newest.length > 0 ? (
          <LatestDocuments documents={newest} columns={LATEST_COLUMNS[size]} />
        ) : !home.error && categories.length === 0 ? (
          <Empty data-testid="home-empty" style={{ padding: "40px 0", marginTop: 32 }} description={t("home.empty")}>
            {/* One real link (no button inside an anchor), navigated in-app unless opened elsewhere. */}
            <Button
              type="primary"
              icon={<CloudUploadOutlined />}
              href="/upload"
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                event.preventDefault();
                void navigate("/upload");
              }}
            >
              {t("home.upload")}
            </Button>
          </Empty>
        ) : (
          <div />
        ),
      )}
      {picks.length > 0 && (
        <HomeSection
          data-testid="home-recommended"
          title={t("home.recommended")}
          icon={
            <SectionIconBox>
              <LikeOutlined />
            </SectionIconBox>
          }
        >
          <DocumentGrid documents={picks} columns={columns} />
        </HomeSection>
      )}
      {home.error ? (
        <Flex vertical align="center" gap={8} data-testid="home-error" style={{ padding: "40px 0" }}>
          <SecondaryText>{t("home.loadFailed")}</SecondaryText>
          <Button
            size="small"
            loading={home.loading}
            onClick={() => {
              home.reload();
              if (latest.error) latest.reload();
            }}
          >
            {t("adm.common.retry")}
          </Button>
        </Flex>
      ) : (
        <>
          <AdSlot position="index_category_top" />
          {categories.map((item) => (
            <CategorySection key={String(item.categoryId)} item={item} columns={columns} />
          ))}
          <AdSlot position="index_category_bottom" />
        </>
      )}
    </>
  );
}
