// Which paths are pages of the web app. The web build writes its route table's URL patterns to
// dist/routes.json (web/vite.config.ts): the one source, so a path the app has no page for answers 404.
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";

/** A react-router pattern compiled to a test of a decoded pathname. */
type Matcher = (segments: readonly string[]) => boolean;

/**
 * Compiles a react-router path pattern: static segments (case-insensitive, as react-router matches),
 * `:param` (one non-empty segment), `:param?` and `static?` (optional), a trailing `*` (the rest).
 */
export function compilePattern(pattern: string): Matcher {
  const parts = pattern.split("/").filter(Boolean);
  const match = (i: number, segments: readonly string[], j: number): boolean => {
    if (i === parts.length) return j === segments.length;
    const part = parts[i] as string;
    if (part === "*") return true;
    const optional = part.endsWith("?");
    const name = optional ? part.slice(0, -1) : part;
    const seg = segments[j];
    const here =
      seg !== undefined &&
      (name.startsWith(":") || seg.toLowerCase() === name.toLowerCase()) &&
      match(i + 1, segments, j + 1);
    return here || (optional && match(i + 1, segments, j));
  };
  return (segments) => match(0, segments, 0);
}

/** The route table of a build; `null` patterns: the build has no routes.json, every path is a page. */
export interface RouteTable {
  isPage(pathname: string): boolean;
}

export function routeTable(patterns: readonly string[] | null): RouteTable {
  if (patterns === null) return { isPage: () => true };
  const matchers = patterns.map(compilePattern);
  return {
    isPage(pathname) {
      const segments = pathname.split("/").filter(Boolean);
      return matchers.some((m) => m(segments));
    },
  };
}

/** Parses routes.json: `{ "routes": ["/", "/document/:id?", …] }`; throws on any other shape. */
export function parseRoutesJson(text: string): string[] {
  const doc = JSON.parse(text) as { routes?: unknown };
  const routes = doc.routes;
  if (!Array.isArray(routes) || !routes.every((r) => typeof r === "string" && r.startsWith("/"))) {
    throw new Error("routes.json: expected { routes: string[] } of absolute patterns");
  }
  return routes as string[];
}

/**
 * The route table of `root`, re-read when routes.json changes (a new build in place). A missing or
 * broken file means every path is a page (the old single-page behaviour), reported once via `warn`.
 */
export function createRouteSource(root: string, warn: (message: string, err?: unknown) => void) {
  const file = join(root, "routes.json");
  let cached: { mtimeMs: number; table: RouteTable } | null = null;
  let warned = false;
  const fallback = (message: string, err?: unknown) => {
    if (!warned) warn(message, err);
    warned = true;
    return routeTable(null);
  };
  const read = async (): Promise<RouteTable> => {
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return fallback(`${file} is missing: every path answers 200 with the app`);
    if (cached?.mtimeMs === info.mtimeMs) return cached.table;
    try {
      const table = routeTable(parseRoutesJson(await readFile(file, "utf8")));
      cached = { mtimeMs: info.mtimeMs, table };
      warned = false;
      return table;
    } catch (err) {
      return fallback(`${file} is unreadable: every path answers 200 with the app`, err);
    }
  };
  // One stat at a time: page views that arrive while one is under way share its answer.
  let checking: Promise<RouteTable> | null = null;
  return (): Promise<RouteTable> => {
    checking ??= read().finally(() => {
      checking = null;
    });
    return checking;
  };
}
