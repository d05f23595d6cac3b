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

function subscribeToResize(onChange: () => void): () => void {
  window.addEventListener("resize", onChange);
  window.addEventListener("orientationchange", onChange);
  return () => {
    window.removeEventListener("resize", onChange);
    window.removeEventListener("orientationchange", onChange);
  };
}

const readWidth = () => window.innerWidth;
const readSizeClass = () => sizeClassOf(window.innerWidth);

/** The window's inner width in CSS pixels, updated on resize. */
export function useWindowWidth(): number {
  return useSyncExternalStore(subscribeToResize, readWidth, () => 1280);
}

/** The current size class; re-renders only when the class changes, not on every resize. */
export function useSizeClass(): SizeClass {
  return useSyncExternalStore(subscribeToResize, readSizeClass, () => "desktop" as const);
}
