import { Button, Flex, Typography, theme } from "antd";
import { type ReactNode, useEffect, useState } from "react";
import { useI18n } from "../../i18n/I18nProvider.js";

export interface PageImageProps {
  src: string;
  page: number;
  aspect: string;
  /** Set for a document that is not public: the page is fetched with this bearer token. */
  token?: string | undefined;
  /**
   * The page the reader opens on (the largest thing on screen): fetched at once and before other
   * images, not when layout finds it in view (lazy), which put it last in the page's waterfall.
   */
  first?: boolean;
  /** Laid over the image once it is shown (the text layer). */
  overlay?: ReactNode;
}

/**
 * One page of the reader, full width at the document's aspect ratio so that nothing jumps while it
 * loads. Public pages are plain lazy <img> (cached by the browser), the first one eager; private ones are fetched with
 * the Authorization header and shown through an object URL that is revoked on unmount. A page past the
 * preview that the server is still drawing (503) says so, with a retry.
 */
export function PageImage({ src, page, aspect, token, first = false, overlay }: PageImageProps) {
  const { t } = useI18n();
  const { token: design } = theme.useToken();
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  /** "generating": the server is drawing the page (503: converted before every page was); retry later. */
  const [failed, setFailed] = useState<false | "error" | "generating">(false);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger
  useEffect(() => {
    if (!token) return;
    const abort = new AbortController();
    let url: string | null = null;
    setFailed(false);
    fetch(src, { headers: { Authorization: `Bearer ${token}` }, signal: abort.signal })
      .then(async (response) => {
        if (response.status === 503) {
          setFailed("generating");
          return;
        }
        if (!response.ok) throw new Error(String(response.status));
        url = URL.createObjectURL(await response.blob());
        setObjectUrl(url);
      })
      .catch(() => {
        if (!abort.signal.aborted) setFailed("error");
      });
    return () => {
      abort.abort();
      if (url) URL.revokeObjectURL(url);
      setObjectUrl(null);
    };
  }, [src, token, attempt]);

  const frame = {
    width: "100%",
    aspectRatio: aspect,
    background: "#fff",
    boxShadow: `0 1px 4px ${design.colorFillSecondary}`,
    display: "block",
  } as const;

  if (failed) {
    return (
      <Flex
        vertical
        align="center"
        justify="center"
        gap={8}
        style={frame}
        data-testid={failed === "generating" ? "reader-page-generating" : "reader-page-failed"}
      >
        <Typography.Text type="secondary">
          {failed === "generating" ? t("doc.pageGenerating", { page }) : t("doc.pageFailed", { page })}
        </Typography.Text>
        <Button
          size="small"
          onClick={() => {
            setFailed(false);
            setAttempt((n) => n + 1);
          }}
        >
          {t("doc.retry")}
        </Button>
      </Flex>
    );
  }
  const shown = token ? objectUrl : `${src}${attempt > 0 ? `?retry=${attempt}` : ""}`;
  if (!shown) return <div style={frame} aria-busy="true" data-testid="reader-page-loading" />;
  const image = (
    <img
      src={shown}
      alt={t("doc.pageAlt", { page })}
      loading={first ? "eager" : "lazy"}
      fetchPriority={first ? "high" : "auto"}
      decoding="async"
      data-testid="reader-page"
      data-page={page}
      onError={() => setFailed("error")}
      style={{ ...frame, height: "auto", objectFit: "contain" }}
    />
  );
  if (!overlay) return image;
  return (
    <div style={{ position: "relative" }}>
      {image}
      {overlay}
    </div>
  );
}
