import { afterAll, beforeAll } from "@jest/globals";
import { inertMediaQueryList } from "./mediaQuery.js";

/**
 * Whether a media query holds at a viewport `width`: the width queries the app and antd ask
 * ("(min-width: 576px)", "(max-width: 767.98px)", "not all and (min-width: 768px)", joined by "and").
 */
export function widthQueryMatches(query: string, width: number): boolean {
  const negated = query.startsWith("not all and ");
  const conditions = [...query.matchAll(/\((min|max)-width:\s*(\d+(?:\.\d+)?)px\)/g)];
  const holds = conditions.every(([, kind, px]) => (kind === "min" ? width >= Number(px) : width <= Number(px)));
  return negated ? !holds : holds;
}

/**
 * The calling test file runs at a viewport `width` CSS px wide (jsdom lays nothing out, so by default
 * no media query matches: antd then hides every responsive table column).
 */
export function atViewportWidth(width: number): void {
  const original = window.matchMedia;
  beforeAll(() => {
    window.matchMedia = (query: string) => inertMediaQueryList(query, widthQueryMatches(query, width));
  });
  afterAll(() => {
    window.matchMedia = original;
  });
}
