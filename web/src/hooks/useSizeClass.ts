import { useSyncExternalStore } from "react";

/** Spec §2: mobile under 768 px, tablet under 992 px, otherwise desktop. */
export type SizeClass = "mobile" | "tablet" | "desktop";
export const MOBILE_BELOW = 768;
export const TABLET_BELOW = 992;

export function sizeClassOf(width: number): SizeClass {
  if (width < MOBILE_BELOW) return "mobile";
  if (width < TABLET_BELOW) return "tablet";
  return "desktop";
}

/**
 * The media query "viewport narrower than `width` CSS px", exact at the breakpoint (fractional
 * widths too, unlike a max-width of width - 0.02). Where matchMedia cannot answer (no layout, as in
 * jsdom) it does not match, so the size class is desktop.
 */
export const narrowerThan = (width: number): string => `not all and (min-width: ${width}px)`;

interface Breakpoints {
  mobile: MediaQueryList;
  belowDesktop: MediaQueryList;
}

// The two lists are made once: the browser keeps them up to date and says when one flips.
let breakpoints: Breakpoints | null = null;
function mediaLists(): Breakpoints {
  breakpoints ??= {
    mobile: window.matchMedia(narrowerThan(MOBILE_BELOW)),
    belowDesktop: window.matchMedia(narrowerThan(TABLET_BELOW)),
  };
  return breakpoints;
}

function subscribeToBreakpoints(onChange: () => void): () => void {
  const { mobile, belowDesktop } = mediaLists();
  mobile.addEventListener("change", onChange);
  belowDesktop.addEventListener("change", onChange);
  return () => {
    mobile.removeEventListener("change", onChange);
    belowDesktop.removeEventListener("change", onChange);
  };
}

function readSizeClass(): SizeClass {
  const { mobile, belowDesktop } = mediaLists();
  if (mobile.matches) return "mobile";
  return belowDesktop.matches ? "tablet" : "desktop";
}

function subscribeToResize(onChange: () => void): () => void {
  window.addEventListener("resize", onChange);
  window.addEventListener("orientationchange", onChange);
  return () => {
    window.removeEventListener("resize", onChange);
    window.removeEventListener("orientationchange", onChange);
  };
}

const readWidth = () => window.innerWidth;

/** The window's inner width in CSS pixels, updated on resize. */
export function useWindowWidth(): number {
  return useSyncExternalStore(subscribeToResize, readWidth, () => 1280);
}

/**
 * The current size class, from two media queries: nothing runs on a resize within a class, and a
 * component re-renders only when a breakpoint is crossed.
 */
export function useSizeClass(): SizeClass {
  return useSyncExternalStore(subscribeToBreakpoints, readSizeClass, () => "desktop" as const);
}
