import { CrownFilled, DownloadOutlined } from "@ant-design/icons";
import { useMutation } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { type Document, DocumentAPI } from "@wenku/proto/api/v1/document_pb.js";
import { type UserVip, UserVipAPI } from "@wenku/proto/api/v1/vip_pb.js";
import { Button, Flex, Typography } from "antd";
import { Link } from "react-router";
import { toApiError } from "../../api/errors.js";
import { invalidateMethod } from "../../api/invalidate.js";
import { useFeedback } from "../../components/feedback/appContext.js";
import { invalidateUsers } from "../../hooks/useUser.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSettings } from "../../settings/SettingsProvider.js";
import { useSiteName } from "../../settings/useSiteName.js";
import { useSession } from "../../store/SessionProvider.js";
import { useReaderPrice, vipDocumentPrice } from "./readerPrice.js";

/** DownloadDocument's permission path: its holders download without price or VIP gate (as the server). */
const DOWNLOAD_PERMISSION = "/api.v1.DocumentAPI/DownloadDocument";

/**
 * DownloadDocument (a VIP document: DownloadDocumentVip), then off to the signed link; the server's
 * reason (login, credits, limits) on refusal. A VIP document is for VIP members: others are offered
 * /joinvip instead. A priced document is bought with credits by the download: a signed-in reader who
 * is not its uploader confirms first; a VIP member sees their free downloads left, or the VIP price.
 */
export function DownloadButton({
  document: doc,
  block,
  label,
}: {
  document: Document;
  block?: boolean;
  /** The button's text (default "下载文档"). */
  label?: string;
}) {
  const { t } = useI18n();
  const { message, modal } = useFeedback();
  const session = useSession();
  const { settings } = useSettings();
  const { creditName } = useSiteName();
  const queryClient = useQueryClient();
  const own = session.user !== null && String(session.user.id) === String(doc.user?.id || doc.userId);
  const member = !!session.token && !!session.user?.isVip;
  // Holders of DownloadDocument's permission download any document as the server lets them (no VIP gate,
  // no price), through DownloadDocument: the VIP path's own permission is another grant.
  const exempt = own || session.permissions.some((p) => Number(p.id) > 0 && p.path === DOWNLOAD_PERMISSION);
  const { asMember, vip: membership, loading } = useReaderPrice(doc, exempt);
  const download = useMutation(
    doc.isVip && !exempt ? DocumentAPI.method.downloadDocumentVip : DocumentAPI.method.downloadDocument,
    {
      onSuccess: (reply) => {
        if (asMember) void invalidateMethod(queryClient, UserVipAPI.method.getUserVip);
        // The reader now has the file: the document reads in full (read_all), the balance moved.
        void invalidateMethod(queryClient, DocumentAPI.method.getDocument);
        void invalidateMethod(queryClient, DocumentAPI.method.searchDocumentText);
        void invalidateUsers(queryClient);
        window.location.assign(reply.url);
      },
      onError: (error) => void message.error(toApiError(error, t("doc.downloadFailed")).message),
    },
  );
  const go = () => download.mutateAsync({ id: doc.id }).catch(() => undefined);

  if (doc.isVip && !member && !exempt) {
    return (
      <Flex vertical gap={4} style={{ marginTop: block ? 12 : 0 }}>
        <Link to="/joinvip">
          <Button type="primary" icon={<CrownFilled />} block={block} data-testid="document-join-vip">
            {t("doc.joinVipDownload")}
          </Button>
        </Link>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t("doc.vipOnly")}
        </Typography.Text>
      </Flex>
    );
  }

  const confirmVip = (vip: UserVip) => {
    if (vip.downloadLeft > 0) {
      return modal.confirm({
        title: t("doc.vipFreeTitle", { left: vip.downloadLeft }),
        content: t("doc.vipFreeContent", { credit: creditName }),
        okText: t("doc.vipFreeOk"),
        onOk: go,
      });
    }
    const price = vipDocumentPrice(doc.price, vip.documentDiscount);
    const days = settings.download.freeDownloadDuration;
    modal.confirm({
      title:
        price < doc.price
          ? t("doc.vipPriceTitle", { price, credit: creditName, original: doc.price })
          : t("doc.buyTitle", { price, credit: creditName }),
      content: days > 0 ? t("doc.buyWindow", { days }) : t("doc.buyEach"),
      okText: price > 0 ? t("doc.buyOk") : t("doc.vipFreeOk"),
      onOk: go,
    });
  };

  const start = () => {
    if (doc.price <= 0 || !session.token || exempt) return void go();
    if (membership) return confirmVip(membership);
    const days = settings.download.freeDownloadDuration;
    modal.confirm({
      title: t("doc.buyTitle", { price: doc.price, credit: creditName }),
      content: days > 0 ? t("doc.buyWindow", { days }) : t("doc.buyEach"),
      okText: t("doc.buyOk"),
      onOk: go,
    });
  };
  return (
    <Button
      type="primary"
      icon={<DownloadOutlined />}
      loading={download.isPending || loading}
      onClick={start}
      block={block}
      data-testid="document-download"
      style={{ marginTop: block ? 12 : 0 }}
    >
      {label ?? t("doc.download")}
    </Button>
  );
}
