import { type DescMethod, type DescService, getOption, hasOption } from "@bufbuild/protobuf";
import { AccessLevel, accessRuleOf } from "@wenku/kit";
import { http } from "@wenku/proto/google/api/annotations_pb.js";

export interface RestRoute {
  verb: string;
  template: string;
  segments: Array<{ literal: string } | { variable: string; rest: boolean }>;
  method: DescMethod;
  /** "" → everything from the query string; "*" → the whole JSON body; else the body fills that field. */
  body: string;
}

export interface RouteMatch {
  route: RestRoute;
  params: Record<string, string>;
}

/** Builds the REST table from every non-internal RPC's google.api.http rule. */
export function buildRestRoutes(services: readonly DescService[]): RestTable {
  const routes: RestRoute[] = [];
  for (const svc of services) {
    for (const method of svc.methods) {
      if (accessRuleOf(method).level === AccessLevel.INTERNAL || !hasOption(method, http)) continue;
      const rule = getOption(method, http);
      const pattern = rule.pattern;
      if (pattern.case === undefined || pattern.case === "custom") continue;
      routes.push(makeRoute(pattern.case.toUpperCase(), pattern.value, method, rule.body));
      for (const extra of rule.additionalBindings) {
        if (extra.pattern.case && extra.pattern.case !== "custom") {
          routes.push(makeRoute(extra.pattern.case.toUpperCase(), extra.pattern.value, method, extra.body));
        }
      }
    }
  }
  return new RestTable(routes);
}

function makeRoute(verb: string, template: string, method: DescMethod, body: string): RestRoute {
  const segments = template
    .split("/")
    .filter(Boolean)
    .map((s) => {
      const m = /^\{([a-z_][a-z0-9_.]*)(?:=(\*\*?))?\}$/i.exec(s);
      return m ? { variable: m[1] as string, rest: m[2] === "**" } : { literal: s };
    });
  return { verb, template, segments, method, body };
}

export class RestTable {
  private readonly literal = new Map<string, RestRoute>();
  private readonly templated: RestRoute[] = [];

  constructor(readonly routes: RestRoute[]) {
    // Same verb and same shape (variable names aside) would make the second RPC unreachable.
    const shapes = new Map<string, RestRoute>();
    for (const r of routes) {
      const key = `${r.verb} ${r.template}`;
      const shape = `${r.verb} /${r.segments.map((s) => ("literal" in s ? s.literal : s.rest ? "{**}" : "{*}")).join("/")}`;
      const clash = shapes.get(shape);
      if (clash) throw new Error(`two RPCs bind ${key}: ${clash.method.name} and ${r.method.name}`);
      shapes.set(shape, r);
      if (r.segments.every((s) => "literal" in s)) this.literal.set(key, r);
      else this.templated.push(r);
    }
  }

  /** `verbAllowed` is false when the path exists with other verbs only (→ 405). */
  match(verb: string, path: string): RouteMatch | { verbAllowed: boolean } {
    const normalized = `/${path.split("/").filter(Boolean).join("/")}`;
    const exact = this.literal.get(`${verb} ${normalized}`);
    if (exact) return { route: exact, params: {} };
    const parts = normalized.split("/").filter(Boolean);
    let pathExists = false;
    for (const r of [...this.templated, ...this.literal.values()]) {
      const params = matchSegments(r, parts);
      if (!params) continue;
      if (r.verb === verb) return { route: r, params };
      pathExists = true;
    }
    return { verbAllowed: !pathExists };
  }
}

function matchSegments(route: RestRoute, parts: string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < route.segments.length; i++) {
    const seg = route.segments[i];
    if (!seg) return null;
    if ("literal" in seg) {
      if (parts[i] !== seg.literal) return null;
    } else if (seg.rest) {
      if (i >= parts.length) return null;
      params[seg.variable] = parts.slice(i).map(decodeURIComponent).join("/");
      return params;
    } else {
      const p = parts[i];
      if (p === undefined) return null;
      params[seg.variable] = decodeURIComponent(p);
    }
  }
  return parts.length === route.segments.length ? params : null;
}
