import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { Button, Result, Skeleton } from "antd";
import { Navigate } from "react-router";
import { useApiQuery } from "../api/useApiQuery.js";
import { useSizeClass } from "../hooks/useSizeClass.js";
import { useI18n } from "../i18n/I18nProvider.js";
import { loginPath } from "../router/paths.js";
import { useSession } from "../store/SessionProvider.js";
import { UploadForm } from "./upload/UploadForm.js";

/**
 * /upload: choose or drop several files; each is checked (type, size), hashed in a worker, skipped
 * when the server already holds its content (秒传) or uploaded with progress; then a title and price
 * per file and a shared category and language create the documents. Login required.
 */
export default function UploadPage() {
  const session = useSession();
  if (!session.token || !session.user) return <Navigate to={loginPath("/upload")} replace />;
  return <UploadGate />;
}

/** Asks CanIUploadDocument first: a user who may not upload sees the server's reason instead of the form. */
function UploadGate() {
  const { t } = useI18n();
  const allowed = useApiQuery(UserAPI.method.canIUploadDocument, {}, t("upload.checkFailed"));
  const mobile = useSizeClass() === "mobile";
  const pad = { maxWidth: 960, margin: "0 auto", padding: mobile ? 12 : 24 };
  if (allowed.loading && !allowed.data) {
    return (
      <div style={pad}>
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }
  if (allowed.error) {
    return (
      <Result
        status="warning"
        data-testid="upload-not-allowed"
        title={t("upload.notAllowed")}
        subTitle={allowed.error.message}
        extra={<Button onClick={allowed.reload}>{t("doc.retry")}</Button>}
      />
    );
  }
  return (
    <div style={pad}>
      <UploadForm />
    </div>
  );
}
