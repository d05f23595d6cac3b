import { CompressOutlined, ExpandOutlined } from "@ant-design/icons";
import type { Document } from "@wenku/proto/api/v1/document_pb.js";
import { Button, Flex, Typography, theme, Watermark } from "antd";
import { type CSSProperties, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useSizeClass } from "../../hooks/useSizeClass.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSettings } from "../../settings/SettingsProvider.js";
import { useSiteName } from "../../settings/useSiteName.js";
import { useSession } from "../../store/SessionProvider.js";
import { PageImage } from "./PageImage.js";
import { PageTextLayer } from "./PageTextLayer.js";
import { PreviewCallToAction } from "./PreviewCallToAction.js";
import { pageTextUrl, searchedWords } from "./pageText.js";
import { closedSearch, ReaderSearchBox, ReaderSearchResults, type ReaderSearchState } from "./ReaderSearch.js";
import {
  INITIAL_PAGES,
  pageAspect,
  pageNumbers,
  pageUrl,
  readablePages,
  requestedPage,
  viewablePages,
} from "./reader.js";
import { useReadingProgress, useVisiblePage } from "./useReadingProgress.js";
import { useScrollToPage } from "./useScrollToPage.js";

export interface DocumentReaderProps {
  document: Document;
  /** Pages one "continue reading" adds (already defaulted). */
  perRead: number;
  /** The viewer's token when the document is not public, so pages are fetched with it. */
  authToken?: string | undefined;
}

/** Element fullscreen where the browser has it; iPhones do not, so a fixed overlay stands in. */
function useFullscreen(target: React.RefObject<HTMLElement | null>) {
  const [native, setNative] = useState(false);
  const [fallback, setFallback] = useState(false);
  useEffect(() => {
    const sync = () => setNative(document.fullscreenElement !== null && document.fullscreenElement === target.current);
    document.addEventListener("fullscreenchange", sync);
    return () => document.removeEventListener("fullscreenchange", sync);
  }, [target]);
  useEffect(() => {
    if (!fallback) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setFallback(false);
    };
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    window.addEventListener("keydown", onKey);
    return () => {
      document.body.style.overflow = overflow;
      window.removeEventListener("keydown", onKey);
    };
  }, [fallback]);
  const toggle = useCallback(() => {
    const element = target.current;
    if (native) {
      void document.exitFullscreen?.().catch(() => {});
      return;
    }
    if (fallback) {
      setFallback(false);
      return;
    }
    if (element && document.fullscreenEnabled && typeof element.requestFullscreen === "function") {
      element.requestFullscreen().catch(() => setFallback(true));
    } else setFallback(true);
  }, [native, fallback, target]);
  return { active: native || fallback, fallback, toggle };
}

/** The site's sticky header: the reader's toolbar (with its search) sticks below it. */
const SITE_HEADER_HEIGHT = 64;
/** Room above a page scrolled to: the site's sticky header and the reader's toolbar (with the folded search results). */
const PAGE_SCROLL_MARGIN = 144;

/**
 * The page reader: the first pages, then "continue reading" for display.pages_per_read more until
 * the preview limit, a notice when only part of the document can be previewed, and fullscreen.
 * `?page=N` (a search hit's page; `&wd=` its words) shows the pages up to N and scrolls N into view; a
 * page past the preview scrolls to the call to action that ends the preview (PreviewCallToAction), and,
 * once the reader has the file (read_all, no reload), to that page. Without it, a signed-in reader
 * returns to the page where they stopped (ReadingAPI), and the page they read is saved as they go.
 * A reader of everything fetches the pages past the preview with their token (they are private).
 */
/**
 * The pages, under the site's watermark when it is on (system.enable_watermark: its text, else the
 * site name), tiled faintly across them; antd's Watermark puts it back if it is removed from the page.
 */
function PageWatermark({ children }: { children: ReactNode }) {
  const { system } = useSettings().settings;
  const { name } = useSiteName();
  const pages = (
    <Flex vertical gap={12}>
      {children}
    </Flex>
  );
  if (!system.enableWatermark) return pages;
  return (
    <Watermark
      content={system.watermark || name}
      gap={[120, 120]}
      font={{ color: "rgba(0, 0, 0, 0.10)", fontSize: 18 }}
      className="wk-reader-watermark"
    >
      {pages}
    </Watermark>
  );
}

export function DocumentReader({ document: doc, perRead, authToken }: DocumentReaderProps) {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const container = useRef<HTMLDivElement>(null);
  const session = useSession();
  const preview = viewablePages(doc);
  const viewable = readablePages(doc);
  const pageToken = (page: number) => authToken ?? (page > preview ? session.token || undefined : undefined);
  const [params, setParams] = useSearchParams();
  const urlPage = requestedPage(params.get("page"), doc.pages);
  // A signed-in reader opens where they stopped last time, unless the URL names a page.
  const progress = useReadingProgress(doc, urlPage, viewable);
  const target = urlPage ?? progress.resume;
  // Each jump from a search result scrolls again, also to the page already asked for.
  const [jumps, setJumps] = useState(0);
  const [search, setSearch] = useState<ReaderSearchState & { id: bigint }>({ ...closedSearch, id: doc.id });
  const searchState = search.id === doc.id ? search : closedSearch;
  const onSearch = useCallback((next: ReaderSearchState) => setSearch({ ...next, id: doc.id }), [doc.id]);
  const jump = useCallback(
    (page: number) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set("page", String(page));
          return next;
        },
        { preventScrollReset: true },
      );
      setJumps((n) => n + 1);
    },
    [setParams],
  );
  const [loaded, setLoaded] = useState(() => Math.min(INITIAL_PAGES, viewable));
  // The pages up to the asked-for one are shown at once; "continue reading" goes on from there.
  const shown = Math.max(loaded, Math.min(target ?? 0, viewable));
  useScrollToPage(
    container,
    target === null ? null : target <= viewable ? `[data-reader-slot="${target}"]` : "[data-reader-notice]",
    jumps,
  );
  useVisiblePage(container, shown, progress.report);
  const fullscreen = useFullscreen(container);
  const compact = useSizeClass() === "mobile";
  const aspect = pageAspect(doc);
  const remaining = viewable - shown;
  // Marked on the pages: the reader's own search, else the search that led here (?wd=).
  const siteSearch = params.get("wd");
  const highlight = useMemo(() => searchedWords(searchState.wd, siteSearch), [searchState.wd, siteSearch]);
  const { copyProtect } = useSettings().settings.display;

  const overlay: CSSProperties = fullscreen.fallback
    ? { position: "fixed", inset: 0, zIndex: 1100, overflowY: "auto", WebkitOverflowScrolling: "touch" }
    : fullscreen.active
      ? { overflowY: "auto" }
      : {};

  return (
    <div
      ref={container}
      data-testid="reader"
      className={fullscreen.fallback ? "doc-reader doc-reader-fullscreen" : "doc-reader"}
      style={{
        background: fullscreen.active ? token.colorBgLayout : token.colorFillQuaternary,
        borderRadius: fullscreen.active ? 0 : token.borderRadiusLG,
        ...overlay,
      }}
    >
      <div
        style={{
          position: "sticky",
          top: fullscreen.active ? 0 : SITE_HEADER_HEIGHT,
          zIndex: 2,
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <Flex justify="space-between" align="center" gap={8} style={{ padding: "8px 12px" }}>
          <Typography.Text type="secondary" style={{ fontSize: 13, flexShrink: 0 }}>
            {t("doc.pages", { count: doc.pages })}
          </Typography.Text>
          <ReaderSearchBox key={String(doc.id)} state={searchState} onChange={onSearch} />
          <Button
            size="small"
            icon={fullscreen.active ? <CompressOutlined /> : <ExpandOutlined />}
            onClick={fullscreen.toggle}
            data-testid="reader-fullscreen"
            aria-pressed={fullscreen.active}
            aria-label={t(fullscreen.active ? "doc.exitFullscreen" : "doc.fullscreen")}
          >
            {compact ? null : t(fullscreen.active ? "doc.exitFullscreen" : "doc.fullscreen")}
          </Button>
        </Flex>
        <ReaderSearchResults
          documentId={doc.id}
          state={searchState}
          onChange={onSearch}
          onJump={jump}
          onBeyond={() => jump(viewable + 1)}
        />
      </div>
      <Flex vertical gap={12} style={{ padding: 12, maxWidth: fullscreen.active ? 1000 : undefined, margin: "0 auto" }}>
        <PageWatermark>
          {pageNumbers(shown).map((page) => (
            <div key={page} data-reader-slot={page} style={{ scrollMarginTop: PAGE_SCROLL_MARGIN }}>
              <PageImage
                page={page}
                src={pageUrl(doc, page)}
                aspect={aspect}
                token={pageToken(page)}
                first={page === 1}
                overlay={
                  <PageTextLayer
                    url={pageTextUrl(doc, page)}
                    page={page}
                    token={pageToken(page)}
                    highlight={highlight}
                    copyProtect={copyProtect}
                  />
                }
              />
            </div>
          ))}
        </PageWatermark>
        {remaining > 0 ? (
          <Flex vertical align="center" gap={4} style={{ padding: "8px 0" }}>
            <Button
              type="primary"
              size="large"
              onClick={() => setLoaded(Math.min(viewable, shown + perRead))}
              data-testid="reader-continue"
            >
              {t("doc.continueReading")}
            </Button>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t("doc.remaining", { count: remaining })}
            </Typography.Text>
          </Flex>
        ) : viewable < doc.pages ? (
          <PreviewCallToAction document={doc} wanted={target} />
        ) : (
          <Typography.Text type="secondary" style={{ textAlign: "center", padding: "4px 0" }} data-testid="reader-end">
            {t("doc.readEnd")}
          </Typography.Text>
        )}
      </Flex>
    </div>
  );
}
