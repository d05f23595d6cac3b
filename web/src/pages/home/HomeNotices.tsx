import { NotificationOutlined } from "@ant-design/icons";
import { ArticleAPI } from "@wenku/proto/api/v1/article_pb.js";
import { theme } from "antd";
import { Link } from "react-router";
import { useApiQuery } from "../../api/useApiQuery.js";
import { formatTime } from "../../components/common/format.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { articlePath } from "../article/articleQuery.js";

/** Notices the home page lists: the latest marked ones. */
export const HOME_NOTICES = 5;

/**
 * The home page's site notices (articles staff marked as notices, ListArticle is_notice): a compact
 * list of links, newest mark first, shown only when there are any. Loaded as a chunk of its own
 * (HomeAside), so the home page's first load carries none of the article API; a failure shows nothing.
 */
export default function HomeNotices() {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const notices = useApiQuery(
    ArticleAPI.method.listArticle,
    {
      isNotice: [true],
      order: "notice_at",
      size: BigInt(HOME_NOTICES),
      field: ["id", "identifier", "title", "notice_at"],
    },
    "",
  ).data?.article;
  if (!notices?.length) return null;
  return (
    <nav aria-label={t("art.notices")} data-testid="home-notices">
      <div style={{ fontWeight: 600, color: token.colorText, marginBottom: 8 }}>
        <NotificationOutlined style={{ color: token.colorPrimary, marginRight: 6 }} />
        {t("art.notices")}
      </div>
      <ul style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 6 }}>
        {notices.map((a) => (
          <li key={String(a.id)} style={{ display: "flex", gap: 8, alignItems: "baseline", minWidth: 0 }}>
            <Link
              to={articlePath(a)}
              style={{ flex: 1, minWidth: 0, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}
              title={a.title}
            >
              {a.title}
            </Link>
            <span style={{ color: token.colorTextSecondary, fontSize: 12, flexShrink: 0 }}>
              {formatTime(a.noticeAt).slice(0, 10)}
            </span>
          </li>
        ))}
      </ul>
    </nav>
  );
}
