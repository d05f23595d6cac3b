import { DocumentStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { Alert, Button, Result, Typography } from "antd";
import { Link } from "react-router";
import { useI18n } from "../../i18n/I18nProvider.js";
import type { Submitted } from "./useCreateDocuments.js";

/** After a submission: how many documents were created, links to them, and whether they await review. */
export function UploadSuccess({ submitted, onMore }: { submitted: Submitted; onMore: () => void }) {
  const { t } = useI18n();
  const review = submitted.documents.some((doc) => doc.status === DocumentStatus.PENDING_REVIEW);
  return (
    <Result
      status="success"
      data-testid="upload-success"
      title={t("upload.success")}
      subTitle={t("upload.successText", { count: submitted.count })}
      extra={[
        <Button key="more" type="primary" onClick={onMore}>
          {t("upload.more")}
        </Button>,
        <Link key="me" to="/me/document">
          <Button>{t("upload.myDocuments")}</Button>
        </Link>,
      ]}
    >
      {review && <Alert type="info" showIcon title={t("upload.awaitReview")} style={{ marginBottom: 12 }} />}
      {submitted.documents.length > 0 && (
        <ul data-testid="upload-created" style={{ margin: 0, paddingInlineStart: 20 }}>
          {submitted.documents.map((doc) => (
            <li key={String(doc.id)} style={{ padding: "4px 0" }}>
              <Link to={`/document/${doc.id}`}>{doc.title}</Link>
              {doc.status === DocumentStatus.PENDING_REVIEW && (
                <Typography.Text type="warning"> · {t("upload.reviewTag")}</Typography.Text>
              )}
            </li>
          ))}
        </ul>
      )}
    </Result>
  );
}
