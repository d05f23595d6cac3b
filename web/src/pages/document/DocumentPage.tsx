import {
  CalendarOutlined,
  CloudDownloadOutlined,
  CrownFilled,
  EyeOutlined,
  FileOutlined,
  UserOutlined,
} from "@ant-design/icons";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { skipToken } from "@connectrpc/connect-query";
import { type Document, DocumentAPI } from "@wenku/proto/api/v1/document_pb.js";
import { ContentKind, DocumentStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { Button, Card, Col, Descriptions, Flex, Result, Row, Skeleton, Tag, Typography, theme } from "antd";
import { Link, useParams } from "react-router";
import { useApiQuery } from "../../api/useApiQuery.js";
import { AdSlot } from "../../components/AdSlot.js";
import { LazyCommentSection } from "../../components/comment/LazyCommentSection.js";
import { Breadcrumb } from "../../components/common/Breadcrumb.js";
import { formatTime } from "../../components/common/format.js";
import { DocTypeIcon } from "../../components/document/DocTypeIcon.js";
import { coverUrl } from "../../components/document/DocumentCard.js";
import { formatBytes, formatRelative } from "../../components/document/format.js";
import { WechatShare } from "../../components/share/WechatShare.js";
import { usePageTitle } from "../../hooks/usePageTitle.js";
import { useSizeClass } from "../../hooks/useSizeClass.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSettings } from "../../settings/SettingsProvider.js";
import { useSiteName } from "../../settings/useSiteName.js";
import { useSession } from "../../store/SessionProvider.js";
import { categoryPath } from "../category/categoryTree.js";
import { DocumentActions } from "./DocumentActions.js";
import { DocumentReader } from "./DocumentReader.js";
import { DocumentStatusBanner } from "./DocumentStatusBanner.js";
import { DownloadButton } from "./DownloadButton.js";
import { documentInput, documentRef } from "./prefetch.js";
import { RelatedDocuments } from "./RelatedDocuments.js";
import { isPublicStatus, keywordList, pagesPerRead, viewablePages } from "./reader.js";

/** Statuses without pages to read yet (or ever). */
const NO_READER: readonly DocumentStatus[] = [DocumentStatus.PENDING, DocumentStatus.CONVERTING, DocumentStatus.FAILED];

/** /document/{id} (or its uuid, as moredoc's links): the document's details, its pages, download and related documents. */
export default function DocumentPage() {
  const { t } = useI18n();
  const { id: rawId } = useParams();
  const ref = documentRef(rawId);
  const doc = useApiQuery(
    DocumentAPI.method.getDocument,
    ref === null ? skipToken : documentInput(ref),
    t("doc.loadFailed"),
  );
  const mobile = useSizeClass() === "mobile";
  const pad = { maxWidth: 1200, margin: "0 auto", padding: mobile ? 8 : 24 };
  // Ids that cannot exist (neither a positive integer nor a uuid) read like the server's 404.
  const missing = ref === null || doc.error?.status === 404;
  usePageTitle(missing ? t("doc.notFound") : doc.data?.title);

  if (missing) {
    return (
      <Result
        status="404"
        data-testid="document-not-found"
        title={t("doc.notFound")}
        extra={
          <Link to="/">
            <Button type="primary">{t("doc.backHome")}</Button>
          </Link>
        }
      />
    );
  }
  if (doc.error) {
    return (
      <Result
        status="error"
        data-testid="document-error"
        title={t("doc.loadFailed")}
        subTitle={`${doc.error.status} · ${doc.error.message}`}
        extra={<Button onClick={doc.reload}>{t("doc.retry")}</Button>}
      />
    );
  }
  if (!doc.data) {
    return (
      <div style={pad}>
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  }
  return (
    <div style={pad}>
      <DocumentView key={String(doc.data.id)} document={doc.data} mobile={mobile} />
    </div>
  );
}

function DocumentView({ document: doc, mobile }: { document: Document; mobile: boolean }) {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const { settings } = useSettings();
  const session = useSession();
  const viewable = viewablePages(doc);
  const showReader = viewable > 0 && !NO_READER.includes(doc.status);
  const authToken = !isPublicStatus(doc.status) && session.token ? session.token : undefined;

  const leaf = doc.category.find((c) => !doc.category.some((other) => other.parentId === c.id));
  const crumbs = leaf ? categoryPath(doc.category, leaf.id) : [];
  const keywords = keywordList(doc.keywords);
  const uploaderId = doc.user?.id || doc.userId;
  const uploader = doc.user?.username || doc.username;

  const meta = (
    <Flex wrap gap="4px 16px" style={{ color: token.colorTextSecondary, fontSize: 13 }} data-testid="document-meta">
      {uploader && (
        <span>
          <UserOutlined /> {uploaderId > 0n ? <Link to={`/user/${uploaderId}`}>{uploader}</Link> : uploader}
        </span>
      )}
      <span title={doc.createdAt ? timestampDate(doc.createdAt).toLocaleString() : undefined}>
        <CalendarOutlined /> {formatRelative(doc.createdAt, t)}
      </span>
      <span>
        <FileOutlined /> {t("doc.pages", { count: doc.pages })}
      </span>
      {doc.size > 0n && <span>{formatBytes(doc.size)}</span>}
      <span>
        <EyeOutlined /> {t("doc.views", { count: doc.viewCount })}
      </span>
      <span>
        <CloudDownloadOutlined /> {t("doc.downloads", { count: doc.downloadCount })}
      </span>
      <PriceTag price={doc.price} />
      {doc.isVip && (
        <Tag icon={<CrownFilled />} color="orange" style={{ marginInlineEnd: 0 }} data-testid="document-vip">
          {t("doc.vipBadge")}
        </Tag>
      )}
    </Flex>
  );

  const header = (
    <Card styles={{ body: { padding: mobile ? 12 : 20 } }} style={{ marginBottom: 16 }}>
      <Breadcrumb
        style={{ marginBottom: 8 }}
        data-testid="document-breadcrumb"
        items={[
          { key: "home", title: t("nav.home"), to: "/" },
          ...crumbs.map((c) => ({ key: String(c.id), title: c.title, to: `/category/${c.id}` })),
        ]}
      />
      <Flex gap={10} align="flex-start">
        <DocTypeIcon ext={doc.ext} size={mobile ? 24 : 30} style={{ marginTop: 4 }} />
        <Typography.Title
          level={mobile ? 4 : 3}
          style={{ margin: 0, wordBreak: "break-word" }}
          data-testid="document-title"
        >
          {doc.title}
        </Typography.Title>
      </Flex>
      <div style={{ marginTop: 10 }}>{meta}</div>
      <div style={{ marginTop: 12 }}>
        <DocumentActions document={doc} />
      </div>
      {keywords.length > 0 && (
        <Flex wrap gap={6} style={{ marginTop: 10 }} aria-label={t("doc.keywords")}>
          {keywords.map((k) => (
            <Tag key={k} style={{ marginInlineEnd: 0 }}>
              {k}
            </Tag>
          ))}
        </Flex>
      )}
      {doc.description && (
        <Typography.Paragraph
          type="secondary"
          ellipsis={{ rows: 3, expandable: "collapsible" }}
          style={{ marginTop: 10, marginBottom: 0, whiteSpace: "pre-line" }}
        >
          {doc.description}
        </Typography.Paragraph>
      )}
      {mobile && doc.status === DocumentStatus.CONVERTED && (
        <div style={{ marginTop: 12 }}>
          <DownloadButton document={doc} block />
        </div>
      )}
    </Card>
  );

  return (
    <Row gutter={[16, 16]} data-testid="document-page">
      {isPublicStatus(doc.status) && (
        <WechatShare title={doc.title} desc={doc.description || doc.title} image={coverUrl(doc.id)} />
      )}
      <Col xs={24} lg={17}>
        <AdSlot position="document_top" />
        {header}
        <DocumentStatusBanner document={doc} />
        <AdSlot position="document_between" />
        {showReader && (
          <DocumentReader document={doc} perRead={pagesPerRead(settings.display.pagesPerRead)} authToken={authToken} />
        )}
        <AdSlot position="document_bottom" />
        {isPublicStatus(doc.status) && (
          <div style={{ marginTop: 16 }}>
            <LazyCommentSection kind={ContentKind.DOCUMENT} targetId={doc.id} />
          </div>
        )}
      </Col>
      <Col xs={24} lg={7}>
        <Flex vertical gap={16}>
          {!mobile && (
            <Card title={t("doc.info")} size="small">
              <Descriptions
                column={1}
                size="small"
                items={[
                  {
                    key: "format",
                    label: t("doc.infoFormat"),
                    children: doc.ext.replace(/^\./, "").toUpperCase() || "-",
                  },
                  { key: "size", label: t("doc.infoSize"), children: formatBytes(doc.size) },
                  { key: "pages", label: t("doc.infoPages"), children: doc.pages },
                  { key: "uploaded", label: t("doc.infoUploaded"), children: formatTime(doc.createdAt) },
                  { key: "price", label: t("doc.infoPrice"), children: <PriceTag price={doc.price} /> },
                ]}
              />
              {doc.status === DocumentStatus.CONVERTED && <DownloadButton document={doc} block />}
            </Card>
          )}
          <RelatedDocuments id={doc.id} />
        </Flex>
      </Col>
    </Row>
  );
}

function PriceTag({ price }: { price: number }) {
  const { t } = useI18n();
  const { creditName } = useSiteName();
  return price > 0 ? (
    <Tag color="gold" style={{ marginInlineEnd: 0 }}>
      {t("doc.price", { price, credit: creditName })}
    </Tag>
  ) : (
    <Tag color="green" style={{ marginInlineEnd: 0 }}>
      {t("doc.free")}
    </Tag>
  );
}
