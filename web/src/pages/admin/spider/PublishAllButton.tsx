import { SendOutlined } from "@ant-design/icons";
import { callUnaryMethod, createConnectQueryKey, useTransport } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { SpiderDocumentStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { SpiderDocumentAPI } from "@wenku/proto/api/v1/spider_pb.js";
import { App, Button } from "antd";
import { useState } from "react";
import { toApiError } from "../../../api/errors.js";
import { useConfirm } from "../../../components/admin/useConfirm.js";
import { useI18n } from "../../../i18n/I18nProvider.js";

/** Rows read a page while gathering, and ids sent a call while queueing. */
const PAGE = 100;
const BATCH = 500;

/**
 * Publishes every downloaded file (of one URL when `spiderUrlId` is set): reads their ids page by
 * page, says how many, and after the confirmation queues them in batches. The spider publishes
 * each as its URL's owner with the URL's categories, language and price.
 */
export function PublishAllButton({ spiderUrlId }: { spiderUrlId?: bigint }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const transport = useTransport();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);

  const downloadedIds = async (): Promise<bigint[]> => {
    const ids: bigint[] = [];
    for (let page = 1n; ; page++) {
      const reply = await callUnaryMethod(transport, SpiderDocumentAPI.method.listSpiderDocument, {
        page,
        size: BigInt(PAGE),
        status: [SpiderDocumentStatus.DOWNLOADED],
        spiderUrlId: spiderUrlId === undefined ? [] : [spiderUrlId],
      });
      ids.push(...reply.spiderDocument.map((d) => d.id));
      if (reply.spiderDocument.length < PAGE || BigInt(ids.length) >= reply.total) return ids;
    }
  };

  const publish = async (ids: readonly bigint[]) => {
    for (let i = 0; i < ids.length; i += BATCH) {
      await callUnaryMethod(transport, SpiderDocumentAPI.method.batchUpdateSpiderDocument, {
        id: ids.slice(i, i + BATCH),
        status: SpiderDocumentStatus.QUEUED_TO_PUBLISH,
      });
    }
  };

  const start = async () => {
    setBusy(true);
    try {
      const ids = await downloadedIds();
      if (ids.length === 0) {
        void message.info(t("adm.spider.doc.nothingToPublish"));
        return;
      }
      confirm({
        title: t("adm.spider.doc.publishAllConfirm", { count: ids.length }),
        hint: t("adm.spider.doc.publishAllHint"),
        danger: false,
        onOk: async () => {
          try {
            await publish(ids);
            void message.success(t("adm.spider.doc.publishing", { count: ids.length }));
          } catch (cause) {
            void message.error(toApiError(cause, t("adm.common.saveFailed")).message);
          } finally {
            await queryClient.invalidateQueries({
              queryKey: createConnectQueryKey({ schema: SpiderDocumentAPI, cardinality: undefined }),
            });
          }
        },
      });
    } catch (cause) {
      void message.error(toApiError(cause, t("adm.common.loadFailed")).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button icon={<SendOutlined />} loading={busy} onClick={() => void start()} data-testid="spider-publish-all">
      {t("adm.spider.doc.publishAll")}
    </Button>
  );
}
