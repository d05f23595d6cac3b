import { callUnaryMethod, skipToken, useTransport } from "@connectrpc/connect-query";
import type { Document } from "@wenku/proto/api/v1/document_pb.js";
import { ReadingAPI } from "@wenku/proto/api/v1/reading_pb.js";
import { type RefObject, useEffect, useMemo, useRef, useState } from "react";
import { useApiQuery } from "../../api/useApiQuery.js";
import { useFeedback } from "../../components/feedback/appContext.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSession } from "../../store/SessionProvider.js";

/** The reader's page is saved this long after it stopped changing (a reader flipping pages sends one write). */
export const SAVE_DELAY_MS = 1500;
/** A page counts as the one being read once its top is above this line (below the sticky bars). */
const READING_LINE_PX = 200;

export interface ReadingProgress {
  /** Where to open: the saved page (at most `viewable`), or null (none saved, a visitor, or ?page= given). */
  resume: number | null;
  /** False while the saved page is still being asked for: nothing is saved before it is known. */
  settled: boolean;
  /** The page now being read; saved after SAVE_DELAY_MS for a signed-in reader. */
  report: (page: number) => void;
}

/**
 * A signed-in reader's place in the document (ReadingAPI): where they stopped last time, asked once
 * when no ?page= was given, and the page they are on now, saved debounced (and at once when they
 * leave). Visitors have none and save nothing.
 */
export function useReadingProgress(doc: Document, urlPage: number | null, viewable: number): ReadingProgress {
  const { t } = useI18n();
  const { message } = useFeedback();
  const session = useSession();
  const transport = useTransport();
  const signedIn = Boolean(session.token);
  const asked = useApiQuery(
    ReadingAPI.method.getReadingProgress,
    signedIn && urlPage === null ? { documentId: doc.id } : skipToken,
    t("soc.recentFailed"),
    { retry: false, staleTime: 0, gcTime: 0 },
  );
  const settled = !signedIn || urlPage !== null || asked.data !== undefined || asked.error !== null;
  // The first answer decides where to open; later refetches never move the reader.
  const [resume, setResume] = useState<number | null | undefined>(undefined);
  useEffect(() => {
    if (resume !== undefined || !settled) return;
    const saved = asked.data?.page ?? 0;
    const page = urlPage === null && saved > 1 ? Math.min(saved, Math.max(viewable, 1)) : null;
    setResume(page);
    if (page !== null && page > 1) void message.info(t("soc.resumed", { page }));
  }, [resume, settled, asked.data, urlPage, viewable, message, t]);

  const pending = useRef<{ page: number; timer: ReturnType<typeof setTimeout> } | null>(null);
  const saved = useRef<number>(0);
  const flush = useRef<() => void>(() => {});
  flush.current = () => {
    const next = pending.current;
    if (!next) return;
    clearTimeout(next.timer);
    pending.current = null;
    if (next.page === saved.current) return;
    saved.current = next.page;
    // Fire and forget, and imperative: the last save runs as the reader leaves, after the page (and
    // any mutation hook) is gone; a lost position is not worth an error on the reader's screen.
    callUnaryMethod(transport, ReadingAPI.method.setReadingProgress, { documentId: doc.id, page: next.page }).catch(
      () => {
        saved.current = 0;
      },
    );
  };
  useEffect(() => () => flush.current(), []);

  const ready = settled && resume !== undefined;
  const report = useMemo(
    () => (page: number) => {
      if (!signedIn || !ready || page < 1) return;
      if (pending.current) clearTimeout(pending.current.timer);
      pending.current = { page, timer: setTimeout(() => flush.current(), SAVE_DELAY_MS) };
    },
    [signedIn, ready],
  );
  return { resume: resume ?? null, settled: ready, report };
}

/**
 * Reports the page being read in `container` (slots marked data-reader-slot): the last one whose top
 * has passed the reading line, measured on scroll (once a frame) and when more pages are shown.
 */
export function useVisiblePage(
  container: RefObject<HTMLElement | null>,
  shown: number,
  report: (page: number) => void,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: more pages shown: measure again
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const slots = container.current?.querySelectorAll<HTMLElement>("[data-reader-slot]") ?? [];
      let page = 0;
      for (const slot of slots) {
        if (slot.getBoundingClientRect().top > READING_LINE_PX) break;
        page = Number(slot.dataset.readerSlot);
      }
      report(Math.max(page, 1));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener("scroll", onScroll, { passive: true });
    const box = container.current;
    box?.addEventListener("scroll", onScroll, { passive: true }); // fullscreen scrolls the reader itself
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll);
      box?.removeEventListener("scroll", onScroll);
    };
  }, [container, shown, report]);
}
