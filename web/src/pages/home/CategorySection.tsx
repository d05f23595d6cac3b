import { FolderOpenOutlined } from "@ant-design/icons";
import type { Document, ListDocumentForHomeItem } from "@wenku/proto/api/v1/document_pb.js";
import { theme } from "antd";
import { useState } from "react";
import { DocumentCard } from "../../components/document/DocumentCard.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { HomeSection, SECTION_ICON_SIZE, SectionIconBox } from "./HomeSection.js";

/** The category's cover as a small square, or a folder icon when it has none (or it fails to load). */
function CategoryIcon({ cover }: { cover: string }) {
  const { token } = theme.useToken();
  const [failed, setFailed] = useState(false);
  if (cover && !failed) {
    return (
      <img
        src={cover}
        alt=""
        onError={() => setFailed(true)}
        style={{
          width: SECTION_ICON_SIZE,
          height: SECTION_ICON_SIZE,
          borderRadius: token.borderRadiusSM,
          flexShrink: 0,
          objectFit: "cover",
        }}
      />
    );
  }
  return (
    <SectionIconBox>
      <FolderOpenOutlined />
    </SectionIconBox>
  );
}

/** One category of ListDocumentForHome: its heading with a "more" link, then its documents (DocumentGrid). */
export function CategorySection({ item, columns }: { item: ListDocumentForHomeItem; columns: number }) {
  const { t } = useI18n();
  return (
    <HomeSection
      data-testid="home-category"
      title={item.categoryName}
      icon={<CategoryIcon cover={item.categoryCover} />}
      more={{
        to: `/category/${item.categoryId}`,
        label: t("home.more"),
        ariaLabel: t("home.moreIn", { name: item.categoryName }),
      }}
    >
      <DocumentGrid documents={item.document} columns={columns} />
    </HomeSection>
  );
}

/** Documents in a grid of bordered tiles; with one column (phones) plain rows divided by a line. */
export function DocumentGrid({ documents, columns }: { documents: readonly Document[]; columns: number }) {
  const { token } = theme.useToken();
  const rows = columns === 1;
  const tileStyle = {
    padding: 12,
    borderRadius: token.borderRadiusLG,
    border: `1px solid ${token.colorBorderSecondary}`,
    minWidth: 0,
  };
  const rowStyle = { padding: "12px 0", borderBottom: `1px solid ${token.colorSplit}`, minWidth: 0 };
  return (
    <div style={{ display: "grid", gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: rows ? 0 : 16 }}>
      {documents.map((doc) => (
        <div key={String(doc.id)} style={rows ? rowStyle : tileStyle}>
          <DocumentCard document={doc} coverWidth={rows ? 48 : 64} />
        </div>
      ))}
    </div>
  );
}
