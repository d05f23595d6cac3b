import { DeleteOutlined } from "@ant-design/icons";
import { useMutation } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { ReadingAPI } from "@wenku/proto/api/v1/reading_pb.js";
import { App, Button, Empty, Flex, Typography } from "antd";
import { Link } from "react-router";
import { toApiError } from "../../api/errors.js";
import { invalidateMethod } from "../../api/invalidate.js";
import { useApiQuery } from "../../api/useApiQuery.js";
import { ApiErrorAlert } from "../../components/common/ApiErrorAlert.js";
import { DocTypeIcon } from "../../components/document/DocTypeIcon.js";
import { formatRelative } from "../../components/document/format.js";
import { useI18n } from "../../i18n/I18nProvider.js";

export const RECENT_SIZE = 8;

/** /me's "recently read": the documents the user read last, each opening at the page where they stopped. */
export function RecentReading() {
  const { t } = useI18n();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const list = useApiQuery(
    ReadingAPI.method.listReadingHistory,
    { page: 1n, size: BigInt(RECENT_SIZE) },
    t("soc.recentFailed"),
  );
  const remove = useMutation(ReadingAPI.method.deleteReadingHistory, {
    onSuccess: () => invalidateMethod(queryClient, ReadingAPI.method.listReadingHistory),
    onError: (cause) => void message.error(toApiError(cause, t("soc.recentFailed")).message),
  });
  const rows = list.data?.history ?? [];
  return (
    <section data-testid="recent-reading">
      <Typography.Title level={5}>{t("soc.recentTitle")}</Typography.Title>
      {list.error && <ApiErrorAlert error={list.error} onRetry={list.reload} />}
      {list.data && rows.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("soc.recentEmpty")} />
      )}
      {rows.map((r) => (
        <Flex key={String(r.documentId)} align="center" gap={10} style={{ padding: "8px 0" }} data-testid="recent-row">
          <DocTypeIcon ext={r.ext} size={20} />
          <div style={{ flex: 1, minWidth: 0 }}>
            <Link to={`/document/${r.documentId}`} style={{ display: "block", overflowWrap: "anywhere" }}>
              {r.title}
            </Link>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t("soc.readTo", { page: r.page, pages: r.pages })} · {formatRelative(r.updatedAt, t)}
            </Typography.Text>
          </div>
          <Button
            size="small"
            type="text"
            icon={<DeleteOutlined />}
            aria-label={t("soc.removeHistory")}
            title={t("soc.removeHistory")}
            loading={remove.isPending && remove.variables?.documentId?.[0] === r.documentId}
            onClick={() => remove.mutate({ documentId: [r.documentId] })}
          />
        </Flex>
      ))}
    </section>
  );
}
