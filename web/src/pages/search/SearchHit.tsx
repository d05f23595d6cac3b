import { LockOutlined } from "@ant-design/icons";
import type { Article, ArticleHit } from "@wenku/proto/api/v1/article_pb.js";
import type { Document, DocumentHit } from "@wenku/proto/api/v1/document_pb.js";
import { Flex, Typography, theme } from "antd";
import { Link, useSearchParams } from "react-router";
import { DocTypeIcon } from "../../components/document/DocTypeIcon.js";
import { formatBytes, formatRelative } from "../../components/document/format.js";
import { Snippet } from "../../components/document/Snippet.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSiteName } from "../../settings/useSiteName.js";
import { useSession } from "../../store/SessionProvider.js";
import { readOffer, viewablePages } from "../document/reader.js";

/** The reader at one page of a document (it scrolls there and marks `wd` on it, see DocumentReader). */
export const documentPagePath = (id: bigint, page: number, wd = ""): string =>
  `/document/${id}?page=${page}${wd ? `&wd=${encodeURIComponent(wd)}` : ""}`;

/** "需购买阅读全文（5 积分）" …: what reads past the preview, for this reader and this document. */
function useBeyondLabel(doc: Document): string {
  const { t } = useI18n();
  const session = useSession();
  const { creditName: credit } = useSiteName();
  const offer = readOffer(doc, { signedIn: Boolean(session.token), vipMember: Boolean(session.user?.isVip) });
  return t(`search.beyond.${offer}`, { price: doc.price, credit });
}

/**
 * One search result: type icon and title (to the document), the snippet from the page it was
 * found on, or only "found on page N" when that page is past the preview (with what reads on: sign in,
 * download, buy, VIP), links to the matching pages (those past the preview marked so), and the
 * document's figures.
 */
export function SearchHit({ document: doc, hit }: { document: Document; hit: DocumentHit | undefined }) {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const beyondLabel = useBeyondLabel(doc);
  const preview = viewablePages(doc);
  const beyond = (page: number) => page > preview;
  const pages = hit?.pages ?? [];
  const wd = useSearchParams()[0].get("wd")?.trim() ?? "";
  const first = pages[0] ?? 0;
  const snippet = hit && hit.page > 0 && hit.snippet ? hit : null;
  const uploader = doc.user?.username || doc.username;
  return (
    <article data-testid="search-hit" style={{ minWidth: 0 }}>
      <Flex gap={8} align="flex-start">
        <DocTypeIcon ext={doc.ext} size={18} style={{ marginTop: 3, flexShrink: 0 }} />
        <Link
          to={`/document/${doc.id}`}
          style={{ minWidth: 0, fontSize: 16, fontWeight: 500, wordBreak: "break-word" }}
        >
          {doc.title}
        </Link>
      </Flex>
      {snippet ? (
        <Typography.Paragraph
          data-testid="search-snippet"
          style={{ margin: "6px 0 0", color: token.colorTextSecondary, wordBreak: "break-word" }}
        >
          <Snippet text={snippet.snippet} highlight={snippet.highlight} />
        </Typography.Paragraph>
      ) : pages.length > 0 ? (
        <Typography.Paragraph type="secondary" data-testid="search-found-on" style={{ margin: "6px 0 0" }}>
          {beyond(first) ? (
            <>
              <LockOutlined style={{ marginInlineEnd: 4 }} />
              <span data-testid="search-beyond">{t("search.beyondPage", { page: first, offer: beyondLabel })}</span>
            </>
          ) : (
            t("search.foundOn", { page: first })
          )}
        </Typography.Paragraph>
      ) : (
        doc.description && (
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: "6px 0 0" }}>
            {doc.description}
          </Typography.Paragraph>
        )
      )}
      {pages.length > 0 && (
        <Flex wrap gap="4px 12px" align="baseline" style={{ marginTop: 6, fontSize: 13 }}>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {t("search.matchedPages")}
          </Typography.Text>
          {pages.map((page) => (
            <Link
              key={page}
              to={documentPagePath(doc.id, page, wd)}
              data-testid="search-hit-page"
              data-beyond={beyond(page) || undefined}
              title={beyond(page) ? t("search.beyondPage", { page, offer: beyondLabel }) : undefined}
            >
              {beyond(page) && <LockOutlined style={{ marginInlineEnd: 2 }} aria-hidden />}
              {beyond(page) ? t("search.beyondPage", { page, offer: beyondLabel }) : t("search.page", { page })}
            </Link>
          ))}
        </Flex>
      )}
      <Flex wrap gap="2px 12px" style={{ marginTop: 6, color: token.colorTextTertiary, fontSize: 12 }}>
        <span>{t("doc.pages", { count: doc.pages })}</span>
        {doc.size > 0n && <span>{formatBytes(doc.size)}</span>}
        <span>{formatRelative(doc.createdAt, t)}</span>
        <span>{t("doc.views", { count: doc.viewCount })}</span>
        <span>{t("doc.downloads", { count: doc.downloadCount })}</span>
        {uploader && <span>{uploader}</span>}
      </Flex>
    </article>
  );
}

/** An article's page: its identifier when it has one (readable URLs), else its id. */
export const articlePath = (article: Pick<Article, "id" | "identifier">): string =>
  `/article/${encodeURIComponent(article.identifier || String(article.id))}`;

/**
 * One article found: its title (to the article), the snippet of its text around the words (or its
 * description when only its title or fields matched), its author, date and reads.
 */
export function ArticleSearchHit({ article, hit }: { article: Article; hit: ArticleHit | undefined }) {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const author = article.author || article.user?.username || article.username;
  return (
    <article data-testid="search-hit" style={{ minWidth: 0 }}>
      <Link
        to={articlePath(article)}
        data-testid="search-hit-title"
        style={{ display: "block", fontSize: 16, fontWeight: 500, wordBreak: "break-word" }}
      >
        {article.title}
      </Link>
      {hit?.snippet ? (
        <Typography.Paragraph
          data-testid="search-snippet"
          style={{ margin: "6px 0 0", color: token.colorTextSecondary, wordBreak: "break-word" }}
        >
          <Snippet text={hit.snippet} highlight={hit.highlight} />
        </Typography.Paragraph>
      ) : (
        article.description && (
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: "6px 0 0" }}>
            {article.description}
          </Typography.Paragraph>
        )
      )}
      <Flex wrap gap="2px 12px" style={{ marginTop: 6, color: token.colorTextTertiary, fontSize: 12 }}>
        {author && <span data-testid="search-hit-author">{author}</span>}
        <span>{formatRelative(article.createdAt, t)}</span>
        <span>{t("doc.views", { count: article.viewCount })}</span>
      </Flex>
    </article>
  );
}
