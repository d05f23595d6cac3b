import { FolderOpenOutlined } from "@ant-design/icons";
import type { ListDocumentForHomeItem } from "@wenku/proto/api/v1/document_pb.js";
import { theme } from "antd";
import { useState } from "react";
import { DocumentCard } from "../../components/document/DocumentCard.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { HomeSection } from "./HomeSection.js";

const ICON_SIZE = 28;

/** The category's cover as a small square, or a folder icon when it has none (or it fails to load). */
function CategoryIcon({ cover }: { cover: string }) {
  const { token } = theme.useToken();
  const [failed, setFailed] = useState(false);
  const box = { width: ICON_SIZE, height: ICON_SIZE, borderRadius: token.borderRadiusSM, flexShrink: 0 };
  if (cover && !failed) {
    return <img src={cover} alt="" onError={() => setFailed(true)} style={{ ...box, objectFit: "cover" }} />;
  }
  return (
    <span
      aria-hidden
      style={{
        ...box,
        display: "inline-flex",
        alignItems: "center",
        justifyContent: "center",
        color: token.colorPrimary,
        background: token.colorPrimaryBg,
        fontSize: 16,
      }}
    >
      <FolderOpenOutlined />
    </span>
  );
}

/** One category of ListDocumentForHome: its heading with a "more" link, then its documents in a grid. */
export function CategorySection({ item, columns }: { item: ListDocumentForHomeItem; columns: number }) {
  const { t } = useI18n();
  const { token } = theme.useToken();
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
      <div style={{ display: "grid", gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: 16 }}>
        {item.document.map((doc) => (
          <div
            key={String(doc.id)}
            style={{
              padding: 12,
              borderRadius: token.borderRadiusLG,
              border: `1px solid ${token.colorBorderSecondary}`,
              minWidth: 0,
            }}
          >
            <DocumentCard document={doc} coverWidth={64} />
          </div>
        ))}
      </div>
    </HomeSection>
  );
}
