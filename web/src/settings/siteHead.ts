import { useEffect } from "react";

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const SRC = /\bsrc\s*=\s*["']?([^"'\s>]+)/i;

/**
 * The scripts of the site's analytics snippet (system.analytics, e.g. Baidu Tongji's), in order: the
 * text between <script> and </script>, or the script's src. The gateway reads the snippet the same
 * way (gateway/src/security.ts analyticsSources) to allow exactly these in the page's CSP.
 */
export function analyticsScripts(snippet: string): ({ src: string } | { text: string })[] {
  const out: ({ src: string } | { text: string })[] = [];
  for (const [, attrs = "", body = ""] of snippet.matchAll(SCRIPT)) {
    const src = SRC.exec(attrs)?.[1];
    if (src) {
      if (/^(https?:)?\/\//i.test(src)) out.push({ src });
    } else if (body.trim()) out.push({ text: body });
  }
  return out;
}

/** Snippets already run in this page: a script runs once, whatever the layouts do. */
const ran = new Set<string>();

/** Spec §2: front layouts run the site's analytics; its scripts are added to <head> once. */
export function useAnalytics(snippet: string): void {
  useEffect(() => {
    if (!snippet || ran.has(snippet)) return;
    ran.add(snippet);
    for (const script of analyticsScripts(snippet)) {
      const element = document.createElement("script");
      if ("src" in script) {
        element.src = script.src;
        element.async = true;
      } else element.text = script.text;
      element.dataset.analytics = "";
      document.head.appendChild(element);
    }
  }, [snippet]);
}

/** The site's favicon (system.favicon) in place of the built-in one, when set. */
export function useFavicon(href: string): void {
  useEffect(() => {
    if (!href) return;
    const links = [...document.querySelectorAll<HTMLLinkElement>("link[rel~='icon']")];
    const before = links.map((link) => ({ link, href: link.getAttribute("href"), type: link.getAttribute("type") }));
    for (const link of links) {
      link.href = href;
      link.removeAttribute("type");
      link.removeAttribute("sizes");
    }
    return () => {
      for (const { link, href: old, type } of before) {
        if (old !== null) link.setAttribute("href", old);
        if (type !== null) link.setAttribute("type", type);
      }
    };
  }, [href]);
}
