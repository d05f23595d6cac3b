import { keepPreviousData } from "@tanstack/react-query";
import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { Empty, Flex, Spin, Tag, Typography } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { useApiQuery } from "../../api/useApiQuery.js";
import { MeFrame } from "../../components/account/MeFrame.js";
import { ApiErrorAlert } from "../../components/common/ApiErrorAlert.js";
import { formatBytes, formatTime } from "../../components/common/format.js";
import { ListPager } from "../../components/common/ListPager.js";
import { DocTypeIcon } from "../../components/document/DocTypeIcon.js";
import { useI18n } from "../../i18n/I18nProvider.js";

export const ME_DOWNLOAD_PAGE_SIZE = 20;

/** /me/download: the user's downloads, newest first; a paid one is marked, a purged document shows no link. */
export default function MeDownloadPage() {
  const { t } = useI18n();
  const [page, setPage] = useState(1);
  const list = useApiQuery(
    UserAPI.method.listUserDownload,
    { page: BigInt(page), size: BigInt(ME_DOWNLOAD_PAGE_SIZE) },
    t("me.downloadsFailed"),
    { placeholderData: keepPreviousData },
  );
  const rows = list.data?.download ?? [];
  const total = Number(list.data?.total ?? 0n);
  return (
    <MeFrame title="page.me.download">
      {list.error && <ApiErrorAlert error={list.error} onRetry={list.reload} />}
      <Spin spinning={list.loading}>
        <div data-testid="me-downloads" style={{ minHeight: 120 }}>
          {rows.length === 0 && !list.loading && !list.error && (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("me.downloadsEmpty")} />
          )}
          {rows.map((d) => (
            <Flex
              key={String(d.id)}
              align="center"
              gap={10}
              style={{ padding: "10px 0", borderBottom: "1px solid rgba(5, 5, 5, 0.06)" }}
              data-testid="download-row"
            >
              <DocTypeIcon ext={d.ext} size={22} />
              <div style={{ flex: 1, minWidth: 0 }}>
                {d.title ? (
                  <Link to={`/document/${d.documentId}`} style={{ display: "block", overflowWrap: "anywhere" }}>
                    {d.title}
                  </Link>
                ) : (
                  <Typography.Text type="secondary">{t("me.downloadGone")}</Typography.Text>
                )}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {[
                    formatTime(d.createdAt),
                    d.pages ? t("doc.pages", { count: d.pages }) : "",
                    d.size ? formatBytes(d.size) : "",
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </Typography.Text>
              </div>
              {d.isPay && <Tag color="gold">{t("me.downloadPaid")}</Tag>}
            </Flex>
          ))}
          <ListPager total={total} page={page} pageSize={ME_DOWNLOAD_PAGE_SIZE} onChange={setPage} />
        </div>
      </Spin>
    </MeFrame>
  );
}
