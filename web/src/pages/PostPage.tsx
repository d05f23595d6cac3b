import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { Button, Result, Skeleton } from "antd";
import { Navigate, useLocation } from "react-router";
import { useApiQuery } from "../api/useApiQuery.js";
import { useSizeClass } from "../hooks/useSizeClass.js";
import { useI18n } from "../i18n/I18nProvider.js";
import { loginPath } from "../router/paths.js";
import { useSession } from "../store/SessionProvider.js";
import { PostForm } from "./post/PostForm.js";

/**
 * /post (write) and /post?id=N (edit): the article editor. Login required; a user who may not publish
 * articles (group flag, punishment) sees the server's reason instead of the form.
 */
export default function PostPage() {
  const session = useSession();
  const { pathname, search } = useLocation();
  if (!session.token || !session.user) return <Navigate to={loginPath(`${pathname}${search}`)} replace />;
  return <PostGate />;
}

function PostGate() {
  const { t } = useI18n();
  const allowed = useApiQuery(UserAPI.method.canIPublishArticle, {}, t("post.checkFailed"));
  const mobile = useSizeClass() === "mobile";
  const pad = { maxWidth: 960, margin: "0 auto", padding: mobile ? "12px 8px 32px" : 24 };
  if (allowed.loading && !allowed.data) {
    return (
      <div style={pad}>
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  }
  if (allowed.error) {
    return (
      <Result
        status="warning"
        data-testid="post-not-allowed"
        title={t("post.notAllowed")}
        subTitle={allowed.error.message}
        extra={<Button onClick={allowed.reload}>{t("doc.retry")}</Button>}
      />
    );
  }
  return (
    <div style={pad}>
      <PostForm />
    </div>
  );
}
