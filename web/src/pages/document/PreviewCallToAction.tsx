import { CrownFilled, LockOutlined, LoginOutlined } from "@ant-design/icons";
import type { Document } from "@wenku/proto/api/v1/document_pb.js";
import { Button, Flex, Typography, theme } from "antd";
import type { CSSProperties, ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { useCurrentUser } from "../../hooks/useUser.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { loginPath } from "../../router/paths.js";
import { useSiteName } from "../../settings/useSiteName.js";
import { useSession } from "../../store/SessionProvider.js";
import { DownloadButton } from "./DownloadButton.js";
import { type ReadOffer, readOffer, viewablePages } from "./reader.js";
import { useReaderPrice } from "./readerPrice.js";

export interface PreviewCallToActionProps {
  document: Document;
  /** The page the reader asked for (a search hit past the preview), if any. */
  wanted?: number | null;
  style?: CSSProperties;
}

/**
 * The end of a preview: how far it goes and what reads on, for this reader and this document — sign in
 * (and come back here), download (free), buy for the N credits this reader pays (a VIP member's price
 * beside the document's; balance and shortfall shown), join VIP. Each
 * action is the site's own flow (DownloadButton, /login?redirect, /joinvip); once the reader has the file
 * the document reads in full and this block is gone (the reader checks read_all).
 */
export function PreviewCallToAction({ document: doc, wanted, style }: PreviewCallToActionProps) {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const session = useSession();
  const offer = readOffer(doc, { signedIn: Boolean(session.token), vipMember: Boolean(session.user?.isVip) });
  const preview = viewablePages(doc);
  return (
    <section
      data-testid="reader-cta"
      data-offer={offer}
      data-reader-notice
      aria-label={t("doc.previewEnd")}
      style={{
        scrollMarginTop: 144,
        padding: "20px 16px",
        textAlign: "center",
        background: token.colorBgContainer,
        border: `1px solid ${token.colorPrimaryBorder}`,
        borderRadius: token.borderRadiusLG,
        ...style,
      }}
    >
      <Flex vertical align="center" gap={8}>
        <LockOutlined style={{ fontSize: 24, color: token.colorPrimary }} />
        {wanted != null && wanted > preview && (
          <Typography.Text strong data-testid="reader-cta-wanted">
            {t("doc.cta.wanted", { page: wanted })}
          </Typography.Text>
        )}
        <Typography.Text data-testid="reader-preview-notice">
          {t("doc.cta.title", { preview, pages: doc.pages })}
        </Typography.Text>
        <OfferAction document={doc} offer={offer} />
      </Flex>
    </section>
  );
}

function OfferAction({ document: doc, offer }: { document: Document; offer: ReadOffer }) {
  const { t } = useI18n();
  const { pathname, search } = useLocation();
  const { creditName: credit } = useSiteName();
  const pages = doc.pages;
  const text = (value: string) => (
    <Typography.Text type="secondary" data-testid="reader-cta-text" style={{ maxWidth: 520 }}>
      {value}
    </Typography.Text>
  );
  switch (offer) {
    case "login":
      return (
        <>
          {text(t("doc.cta.loginText", { pages }))}
          <Link to={loginPath(`${pathname}${search}`)} data-testid="reader-cta-login">
            <Button type="primary" size="large" icon={<LoginOutlined />}>
              {t("doc.cta.login")}
            </Button>
          </Link>
        </>
      );
    case "vip":
      return (
        <>
          {text(t("doc.cta.vipText", { pages }))}
          <Link to="/joinvip" data-testid="reader-cta-vip">
            <Button type="primary" size="large" icon={<CrownFilled />}>
              {t("doc.joinVipDownload")}
            </Button>
          </Link>
        </>
      );
    case "buy":
      return <BuyOffer document={doc} credit={credit} text={text} />;
    case "download":
      return (
        <>
          {text(t(doc.isVip ? "doc.cta.vipDownloadText" : "doc.cta.downloadText", { pages }))}
          <DownloadButton document={doc} label={t("doc.cta.download")} />
        </>
      );
  }
}

/**
 * A priced document, at the price this reader pays (readerPrice.ts): a VIP member's free download, or
 * the card's price beside the document's, or the document's price.
 */
function BuyOffer({
  document: doc,
  credit,
  text,
}: {
  document: Document;
  credit: string;
  text: (value: string) => ReactNode;
}) {
  const { t } = useI18n();
  const { vip, price, freeLeft } = useReaderPrice(doc);
  const pages = doc.pages;
  if (vip && freeLeft > 0) {
    return (
      <>
        {text(t("doc.cta.vipFreeText", { left: freeLeft, credit, pages }))}
        <DownloadButton document={doc} label={t("doc.cta.vipFree")} />
      </>
    );
  }
  const discounted = price < doc.price;
  return (
    <>
      {text(
        discounted
          ? t("doc.cta.vipBuyText", { price, original: doc.price, credit, pages })
          : t("doc.cta.buyText", { price, credit, pages }),
      )}
      {discounted && (
        <Typography.Text data-testid="reader-cta-price">
          <Typography.Text strong type="danger">
            {t("doc.cta.vipPrice", { price, credit })}
          </Typography.Text>{" "}
          <Typography.Text delete type="secondary">
            {t("doc.cta.originalPrice", { price: doc.price, credit })}
          </Typography.Text>
        </Typography.Text>
      )}
      <Balance price={price} credit={credit} />
      <DownloadButton document={doc} label={t("doc.cta.buy", { price, credit })} />
    </>
  );
}

/** The signed-in reader's credits, and how many are missing for the price. */
function Balance({ price, credit }: { price: number; credit: string }) {
  const { t } = useI18n();
  const user = useCurrentUser();
  if (!user.data) return null;
  const balance = user.data.creditCount;
  const short = price - balance;
  return (
    <Flex vertical align="center" gap={2} data-testid="reader-cta-balance">
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {t("doc.cta.balance", { balance, credit })}
      </Typography.Text>
      {short > 0 && (
        <Typography.Text type="warning" style={{ fontSize: 13 }} data-testid="reader-cta-short">
          {t("doc.cta.short", { short, credit })}
        </Typography.Text>
      )}
    </Flex>
  );
}
