import { useQuery } from "@tanstack/react-query";
import { Fragment, useEffect, useMemo, useRef, useState } from "react";
import { fetchPageText, lineScale, markedRuns } from "./pageText.js";

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

/** The layer's font (styles.css .wk-text-layer): lines are measured in it to be stretched to their boxes. */
const LAYER_FONT = "sans-serif";
const NONE: readonly string[] = [];
/** Pages this far below (or above) the screen get their text before they are scrolled to. */
const NEAR = "600px 0px";

/**
 * The page's text laid transparently over its image (.wk-text-layer in styles.css), so it can be
 * selected and copied, found by the browser's find and read by screen readers, with the searched word
 * marked. Each line sits at its box (top-left, in points of the page, as percentages of the image),
 * its font sized in the page's units (cqw of the layer) and stretched to the box's width. Fetched once
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
  const lines = useMemo(
    () => (data?.lines ?? []).map((l) => ({ ...l, k: lineScale(l.t, l.h, l.w, LAYER_FONT) })),
    [data],
  );
  return (
    <div
      ref={ref}
      className="wk-text-layer"
      data-testid="reader-text-layer"
      data-page={page}
      data-ready={data ? "true" : undefined}
      data-copy-protect={copyProtect ? "true" : undefined}
    >
      {data &&
        lines.map((l, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional; the list is replaced whole
          <Fragment key={i}>
            <span
              style={{
                left: `${(l.x / data.w) * 100}%`,
                top: `${(l.y / data.h) * 100}%`,
                fontSize: `calc(${l.h} * 100cqw / ${data.w})`,
                transform: `scaleX(${l.k})`,
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
