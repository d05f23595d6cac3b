import { type RefObject, useEffect } from "react";

/** How long the target is followed while the page above it settles (fonts, ellipsis, banners). */
const SETTLE_MS = 1500;
/** Anything the reader does himself ends the following: his scroll wins. */
const USER_INPUT = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

/**
 * Scrolls `selector` (inside `container`) into view when it is set or changes (or `request` changes), then keeps it
 * there for a moment while content above it still moves (it is measured after mount), unless the
 * reader scrolls first. The element's own scroll-margin-top keeps it clear of sticky bars.
 */
export function useScrollToPage(
  container: RefObject<HTMLElement | null>,
  selector: string | null,
  /** Changing it scrolls again to the same selector (a jump to the page already asked for). */
  request = 0,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: request only asks for another scroll
  useEffect(() => {
    const element = selector ? container.current?.querySelector<HTMLElement>(selector) : null;
    if (!element) return;
    const align = () => element.scrollIntoView({ block: "start" });
    align();
    let expected = element.getBoundingClientRect().top;
    const until = performance.now() + SETTLE_MS;
    let frame = 0;
    const follow = () => {
      const top = element.getBoundingClientRect().top;
      if (Math.abs(top - expected) > 1) {
        align();
        expected = element.getBoundingClientRect().top;
      }
      if (performance.now() < until) frame = requestAnimationFrame(follow);
    };
    frame = requestAnimationFrame(follow);
    const stop = () => {
      cancelAnimationFrame(frame);
      for (const type of USER_INPUT) window.removeEventListener(type, stop);
    };
    for (const type of USER_INPUT) window.addEventListener(type, stop, { passive: true });
    return stop;
  }, [container, selector, request]);
}
