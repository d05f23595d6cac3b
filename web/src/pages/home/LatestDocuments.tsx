import { ClockCircleOutlined } from "@ant-design/icons";
import type { Document } from "@wenku/proto/api/v1/document_pb.js";
import { Flex, theme } from "antd";
import { Link } from "react-router";
import { EllipsisText, SecondaryText } from "../../components/common/Text.js";
import { DocTypeIcon } from "../../components/document/DocTypeIcon.js";
import { formatRelative } from "../../components/document/format.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { HomeSection, SectionIconBox } from "./HomeSection.js";

/** The newest documents as a compact list: type icon, title and how long ago, one line each. */
export function LatestDocuments({ documents, columns }: { documents: Document[]; columns: number }) {
  const { t } = useI18n();
  const { token } = theme.useToken();
  return (
    <HomeSection
      data-testid="home-latest"
      title={t("home.latest")}
      icon={
        <SectionIconBox>
          <ClockCircleOutlined />
        </SectionIconBox>
      }
    >
      <ul
        style={{
          listStyle: "none",
          margin: 0,
          padding: 0,
          display: "grid",
          gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
          // Newest first down the first column, then the next: reads like one ranked list.
          gridTemplateRows: `repeat(${Math.ceil(documents.length / columns)}, auto)`,
          gridAutoFlow: "column",
          columnGap: 32,
        }}
      >
        {documents.map((doc) => (
          <li key={String(doc.id)} style={{ borderBottom: `1px dashed ${token.colorBorderSecondary}`, minWidth: 0 }}>
            {/* Title and time share a baseline (they differ in size); the icon sits in the middle. */}
            <Flex align="baseline" gap={8} style={{ padding: "9px 0" }}>
              <DocTypeIcon ext={doc.ext} style={{ alignSelf: "center" }} />
              <Link to={`/document/${doc.id}`} style={{ minWidth: 0, flex: 1 }}>
                <EllipsisText style={{ color: "inherit" }}>{doc.title}</EllipsisText>
              </Link>
              <SecondaryText style={{ fontSize: 12, flexShrink: 0 }}>{formatRelative(doc.createdAt, t)}</SecondaryText>
            </Flex>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
