// The public REST routes as the contract declares them: every non-internal RPC's google.api.http
// rule (and its additional bindings), read from the generated descriptors. System tests walk this
// list to probe every route the gateway serves; it is derived here from the proto, not taken from
// the gateway, so a route the gateway drops or adds against the contract shows up as a failure.
import { type DescMethod, getOption, hasOption } from "@bufbuild/protobuf";
import { AccessLevel, accessRuleOf, allApiServices } from "@wenku/kit";
import { http } from "@wenku/proto/google/api/annotations_pb.js";
import type { HttpRule } from "@wenku/proto/google/api/http_pb.js";

export type RouteSegment = { literal: string } | { variable: string };

export interface ContractRoute {
  verb: string;
  /** As written in the proto: `/api/v1/document/{id}`. */
  template: string;
  segments: RouteSegment[];
  method: DescMethod;
  /** The rule's body: "" (query string), "*" (the whole JSON body) or a field name. */
  body: string;
}

/** Every REST route of the public contract, in the proto's order. */
export function contractRoutes(): ContractRoute[] {
  const routes: ContractRoute[] = [];
  for (const svc of allApiServices()) {
    for (const method of svc.methods) {
      if (accessRuleOf(method).level === AccessLevel.INTERNAL || !hasOption(method, http)) continue;
      const rule = getOption(method, http);
      for (const binding of [rule, ...rule.additionalBindings]) {
        const route = toRoute(binding, method);
        if (route) routes.push(route);
      }
    }
  }
  return routes;
}

function toRoute(rule: HttpRule, method: DescMethod): ContractRoute | undefined {
  const { pattern } = rule;
  if (pattern.case === undefined || pattern.case === "custom") return undefined;
  const segments = pattern.value
    .split("/")
    .filter(Boolean)
    .map((part): RouteSegment => {
      const name = /^\{([^}=]+)(=[^}]*)?\}$/.exec(part)?.[1];
      return name === undefined ? { literal: part } : { variable: name };
    });
  return { verb: pattern.case.toUpperCase(), template: pattern.value, segments, method, body: rule.body };
}
