// Links and images the config service stores for pages to show (navigation, banners, friend links, ads).

/** An absolute http(s) URL with a host. */
export function isHttpUrl(s: string): boolean {
  if (!/^https?:\/\//i.test(s)) return false;
  try {
    return !!new URL(s).hostname;
  } catch {
    return false;
  }
}

/**
 * A path on this site: "/" then no second "/" or "\" (browsers read "//host" and "/\host" as another
 * site) and no whitespace.
 */
export const isSitePath = (s: string): boolean => /^\/(?![/\\])[^\s\\]*$/.test(s);

/** A link a visitor may follow: an http(s) URL or a path on this site. */
export const isLink = (s: string): boolean => isHttpUrl(s) || isSitePath(s);

/**
 * Where a page may load an image from: this site only (an uploaded image, /uploads/…). The app's CSP
 * allows no image from another site, so no banner, ad or logo hands a visitor's address to a third party.
 */
export const isImageSource = (s: string): boolean => isSitePath(s);

/** Text for an HTML attribute or element: the five characters that could end it, escaped. */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
