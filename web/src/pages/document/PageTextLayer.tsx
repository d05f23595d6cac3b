import { useQuery } from "@tanstack/react-query";
import type { PageText } from "@wenku/proto/page-text";
import { Fragment, useEffect, useLayoutEffect, useRef, useState } from "react";
import { fetchPageText, markedRuns } from "./pageText.js";

export interface PageTextLayerProps {
  /** /view/page/{id}/{page}.text.json */
  url: string;
  page: number;
  /** Set for a document that is not public: fetched with this bearer token, as the image is. */
  token?: string | undefined;
  /** The words to mark on the page (searchedWords: the reader's search, or the search that led here). */
  highlight?: readonly string[];
  /** display.copy_protect: the text may not be selected or copied. */
  copyProtect?: boolean;
}

const NONE: readonly string[] = [];
/** Pages this far below (or above) the screen get their text before they are scrolled to. */
const NEAR = "600px 0px";

/**
 * The page's text laid transparently over its image (.wk-text-layer in styles.css), so it can be
 * selected and copied, found by the browser's find and read by screen readers, with the searched word
 * marked. Each line sits at its box (top-left, in points of the page, as percentages of the image),
 * its font sized in the page's units (cqw of the layer) and stretched to the box's width (fitLines). Fetched once
 * the page comes near the screen; a page without text (older conversions: 204) has no layer.
 */
export function PageTextLayer({ url, page, token, highlight = NONE, copyProtect = false }: PageTextLayerProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  // Copy protection: besides user-select none (styles.css), a copy, cut or drag of its text is refused.
  useEffect(() => {
    const element = ref.current;
    if (!element || !copyProtect) return;
    const refuse = (event: Event) => event.preventDefault();
    const events = ["copy", "cut", "dragstart", "selectstart"] as const;
    for (const type of events) element.addEventListener(type, refuse);
    return () => {
      for (const type of events) element.removeEventListener(type, refuse);
    };
  }, [copyProtect]);
  const { data } = useQuery({
    queryKey: ["pageText", url, token ?? ""],
    queryFn: ({ signal }) => fetchPageText(url, token, signal),
    enabled: near,
    staleTime: 5 * 60_000,
    retry: 1,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: marks change the lines' runs, so they are fitted again
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || !data) return;
    fitLines(element, data);
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => fitLines(element, data));
    observer.observe(element);
    return () => observer.disconnect();
  }, [data, highlight]);
  return (
    <div
      ref={ref}
      className="wk-text-layer"
      data-testid="reader-text-layer"
      data-page={page}
      data-ready={data ? "true" : undefined}
      data-copy-protect={copyProtect ? "true" : undefined}
    >
      {data?.lines.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional; the list is replaced whole
        <Fragment key={i}>
          <span
            style={{
              left: `${(l.x / data.w) * 100}%`,
              top: `${(l.y / data.h) * 100}%`,
              fontSize: `calc(${l.h} * 100cqw / ${data.w})`,
            }}
          >
            {markedRuns(l.t, highlight).map((run, j) =>
              // biome-ignore lint/suspicious/noArrayIndexKey: runs are positional within their line
              run.mark ? <mark key={j}>{run.text}</mark> : <Fragment key={j}>{run.text}</Fragment>,
            )}
          </span>
          <br />
        </Fragment>
      ))}
    </div>
  );
}

/**
 * Stretches each line to its box's width, as pdf.js's text layer does: the browser's font is not the
 * PDF's, so a line's own width is measured where it is laid out (offsetWidth, before any transform:
 * a canvas may resolve "sans-serif" to another font than the page's language does) and scaled to
 * the box. Both scale with the layer, so a resize keeps the ratio; it is measured again anyway.
 */
function fitLines(layer: HTMLElement, text: PageText): void {
  const width = layer.clientWidth;
  if (width <= 0) return;
  const spans = Array.from(layer.children).filter(
    (c): c is HTMLElement => c instanceof HTMLElement && c.tagName === "SPAN",
  );
  const natural = spans.map((s) => s.offsetWidth); // one layout for all
  spans.forEach((span, i) => {
    const line = text.lines[i];
    const own = natural[i] ?? 0;
    span.style.transform = line && own > 0 ? `scaleX(${((line.w / text.w) * width) / own})` : "";
  });
}
