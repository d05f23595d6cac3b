import { useMutation } from "@connectrpc/connect-query";
import type { ReportReason } from "@wenku/proto/api/v1/enums_pb.js";
import { ReportAPI } from "@wenku/proto/api/v1/report_pb.js";
import { Alert, Flex, Modal, Radio, Typography } from "antd";
import { useState } from "react";
import { toApiError } from "../../api/errors.js";
import { useFeedback } from "../../components/feedback/appContext.js";
import { REPORT_REASONS, reasonKey } from "../../components/social/reportReasons.js";
import { useI18n } from "../../i18n/I18nProvider.js";

/**
 * The report dialog: the six reasons; the server's refusal (one open report each) shown in it. A chunk
 * of its own (the dialog and radio code), loaded when a reader first opens it.
 */
export default function ReportDialog({
  documentId,
  open,
  onClose,
}: {
  documentId: bigint;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const { message } = useFeedback();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const report = useMutation(ReportAPI.method.createReport, {
    onSuccess: () => {
      onClose();
      setReason(null);
      void message.success(t("soc.reportReceived"));
    },
  });
  const failure = report.error ? toApiError(report.error, t("soc.reportFailed")).message : null;
  return (
    <Modal
      open={open}
      title={t("soc.reportTitle")}
      okText={t("soc.reportSubmit")}
      okButtonProps={{ disabled: reason === null, "data-testid": "report-submit" }}
      confirmLoading={report.isPending}
      onOk={() => reason !== null && report.mutate({ documentId, reason })}
      onCancel={() => {
        onClose();
        report.reset();
      }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t("soc.reportHint")}</Typography.Paragraph>
      <Radio.Group
        value={reason}
        onChange={(e) => setReason(e.target.value as ReportReason)}
        aria-label={t("soc.reportPickReason")}
        data-testid="report-reasons"
      >
        <Flex vertical gap={8}>
          {REPORT_REASONS.map((r) => (
            <Radio key={r} value={r}>
              {t(reasonKey(r))}
            </Radio>
          ))}
        </Flex>
      </Radio.Group>
      {failure && <Alert type="error" showIcon style={{ marginTop: 12 }} title={failure} data-testid="report-error" />}
    </Modal>
  );
}
