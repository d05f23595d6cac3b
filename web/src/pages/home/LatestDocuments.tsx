import { ClockCircleOutlined } from "@ant-design/icons";
import type { Document } from "@wenku/proto/api/v1/document_pb.js";
import { Flex, Typography, theme } from "antd";
import { Link } from "react-router";
import { DocTypeIcon } from "../../components/document/DocTypeIcon.js";
import { formatRelative } from "../../components/document/format.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { HomeSection } from "./HomeSection.js";

/** The newest documents as a compact list: type icon, title and how long ago, one line each. */
export function LatestDocuments({ documents, columns }: { documents: Document[]; columns: number }) {
  const { t } = useI18n();
  const { token } = theme.useToken();
  return (
    <HomeSection
      data-testid="home-latest"
      title={t("home.latest")}
      icon={<ClockCircleOutlined aria-hidden style={{ fontSize: 22, color: token.colorPrimary }} />}
    >
      <ul
        style={{
          listStyle: "none",
          margin: 0,
          padding: 0,
          display: "grid",
          gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
          columnGap: 32,
        }}
      >
        {documents.map((doc) => (
          <li key={String(doc.id)} style={{ borderBottom: `1px dashed ${token.colorBorderSecondary}`, minWidth: 0 }}>
            <Flex align="center" gap={8} style={{ padding: "9px 0" }}>
              <DocTypeIcon ext={doc.ext} />
              <Link to={`/document/${doc.id}`} style={{ minWidth: 0, flex: 1 }}>
                <Typography.Text ellipsis={{ tooltip: doc.title }} style={{ color: "inherit" }}>
                  {doc.title}
                </Typography.Text>
              </Link>
              <Typography.Text type="secondary" style={{ fontSize: 12, flexShrink: 0 }}>
                {formatRelative(doc.createdAt, t)}
              </Typography.Text>
            </Flex>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
