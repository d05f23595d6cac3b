import { CrownFilled, LikeFilled } from "@ant-design/icons";
import type { Document } from "@wenku/proto/api/v1/document_pb.js";
import { Flex, Tooltip, Typography } from "antd";
import { Link } from "react-router";
import { formatTime } from "../../../components/common/format.js";
import { DocTypeIcon } from "../../../components/document/DocTypeIcon.js";
import { useI18n } from "../../../i18n/I18nProvider.js";

/** "PDF" for ".pdf": the file type as a short label. */
export const extLabel = (ext: string): string => ext.replace(/^\./, "").toUpperCase() || "?";

/** Whether a document is currently recommended (recommend_at set). */
export const isRecommended = (doc: Pick<Document, "recommendAt">): boolean =>
  doc.recommendAt !== undefined && doc.recommendAt.seconds !== 0n;

/** Title cell of the document tables: type, linked title, recommended/VIP marks and categories. */
export function DocumentTitleCell({
  doc,
  categoryTitle,
}: {
  doc: Document;
  categoryTitle: (id: bigint) => string | undefined;
}) {
  const { t } = useI18n();
  const categories = doc.category.length
    ? doc.category.map((c) => c.title)
    : doc.categoryId.map((id) => categoryTitle(id) ?? `#${id}`);
  return (
    <Flex vertical gap={2} style={{ minWidth: 200, maxWidth: 320 }}>
      <Flex gap={6} align="center">
        <Tooltip title={extLabel(doc.ext)}>
          <DocTypeIcon ext={doc.ext} size={18} style={{ flexShrink: 0 }} />
        </Tooltip>
        <Link to={`/document/${doc.id}`} style={{ minWidth: 0 }}>
          <Typography.Text ellipsis={{ tooltip: doc.title }} style={{ color: "inherit" }}>
            {doc.title}
          </Typography.Text>
        </Link>
        {isRecommended(doc) && (
          <Tooltip title={`${t("adm.doc.recommended")} · ${formatTime(doc.recommendAt)}`}>
            <LikeFilled style={{ color: "#fa8c16" }} aria-label={t("adm.doc.recommended")} />
          </Tooltip>
        )}
        {doc.isVip && <CrownFilled style={{ color: "#faad14" }} aria-label="VIP" />}
      </Flex>
      {categories.length > 0 && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
          {categories.join(" / ")}
        </Typography.Text>
      )}
    </Flex>
  );
}
