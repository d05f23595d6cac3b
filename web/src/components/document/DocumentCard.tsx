import type { Document } from "@wenku/proto/api/v1/document_pb.js";
import { Flex, theme } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { useI18n } from "../../i18n/I18nProvider.js";
import { EllipsisText } from "../common/Text.js";
import { DocTypeIcon } from "./DocTypeIcon.js";
import { formatBytes, formatRelative } from "./format.js";

/** The cover image of a document (the gateway renders it from page 1). */
export const coverUrl = (id: bigint | number | string): string => `/view/cover/${id}`;

export interface DocumentCardProps {
  /** Needs id, title, ext, pages, size, createdAt, viewCount (a ListDocument row is enough). */
  document: Document;
  /** Cover width in px (height follows at 4:3 portrait); default 56. */
  coverWidth?: number;
}

/**
 * A compact document row for lists and side columns: cover thumbnail (the type icon when there is
 * no cover yet), title linking to /document/{id}, then pages · size · relative time · views.
 */
export function DocumentCard({ document: doc, coverWidth = 56 }: DocumentCardProps) {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const [coverFailed, setCoverFailed] = useState(false);
  const href = `/document/${doc.id}`;
  return (
    <Flex gap={12} align="flex-start" data-testid="document-card" style={{ minWidth: 0 }}>
      <Link
        to={href}
        tabIndex={-1}
        aria-hidden
        style={{
          width: coverWidth,
          aspectRatio: "3 / 4",
          flexShrink: 0,
          borderRadius: token.borderRadiusSM,
          border: `1px solid ${token.colorBorderSecondary}`,
          background: token.colorFillQuaternary,
          overflow: "hidden",
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
        }}
      >
        {coverFailed ? (
          <DocTypeIcon ext={doc.ext} size={Math.round(coverWidth / 2)} />
        ) : (
          <img
            src={coverUrl(doc.id)}
            alt=""
            loading="lazy"
            onError={() => setCoverFailed(true)}
            style={{ width: "100%", height: "100%", objectFit: "cover" }}
          />
        )}
      </Link>
      <div style={{ minWidth: 0, flex: 1 }}>
        <Flex gap={6} align="flex-start">
          <DocTypeIcon ext={doc.ext} style={{ marginTop: 3 }} />
          <Link to={href} style={{ minWidth: 0 }}>
            <EllipsisText rows={2} style={{ margin: 0, color: "inherit" }}>
              {doc.title}
            </EllipsisText>
          </Link>
        </Flex>
        <Flex wrap gap="2px 10px" style={{ marginTop: 4, color: token.colorTextSecondary, fontSize: 12 }}>
          <span>{t("cat.pages", { count: doc.pages })}</span>
          {doc.size > 0n && <span>{formatBytes(doc.size)}</span>}
          <span>{formatRelative(doc.createdAt, t)}</span>
          <span>{t("cat.views", { count: doc.viewCount })}</span>
        </Flex>
      </div>
    </Flex>
  );
}
