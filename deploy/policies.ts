// What the rendered NetworkPolicies let one pod do, as a set of readable lines, for
// deploy/rules.test.ts: `TCP/5432 anywhere`, `TCP/grpc wenku pods`, `TCP/443 internet`, …
import { type K8sObject, ofKind } from "./manifests.js";

interface Requirement {
  key: string;
  operator: "In" | "NotIn" | "Exists" | "DoesNotExist";
  values?: string[];
}
export interface Selector {
  matchLabels?: Record<string, string>;
  matchExpressions?: Requirement[];
}
interface Peer {
  podSelector?: Selector;
  namespaceSelector?: Selector;
  ipBlock?: { cidr: string; except?: string[] };
}
interface Rule {
  ports?: Array<{ port?: number | string; protocol?: string }>;
  from?: Peer[];
  to?: Peer[];
}

/** Kubernetes' label selector semantics (an empty selector selects everything). */
export function selects(selector: Selector | undefined, labels: Record<string, string>): boolean {
  if (!selector) return false;
  const byLabels = Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
  const byExpressions = (selector.matchExpressions ?? []).every((r) => {
    const has = r.key in labels;
    const value = labels[r.key] ?? "";
    if (r.operator === "In") return has && (r.values ?? []).includes(value);
    if (r.operator === "NotIn") return !has || !(r.values ?? []).includes(value);
    if (r.operator === "Exists") return has;
    return !has;
  });
  return byLabels && byExpressions;
}

/** Private, loopback, link-local (cloud metadata) and shared ranges: never "the internet". */
export const NOT_INTERNET_V4 = ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "169.254.0.0/16", "100.64.0.0/10"];
export const NOT_INTERNET_V6 = ["fc00::/7", "fe80::/10"];

/** A peer in words; pod selectors are read as this namespace's pods (no namespaceSelector). */
function describePeer(p: Peer, wenku: Record<string, string>): string {
  if (p.ipBlock) {
    const except = p.ipBlock.except ?? [];
    const all = p.ipBlock.cidr === "0.0.0.0/0" || p.ipBlock.cidr === "::/0";
    const guarded = [...NOT_INTERNET_V4, ...NOT_INTERNET_V6].filter((c) =>
      p.ipBlock?.cidr.includes(":") ? c.includes(":") : !c.includes(":"),
    );
    if (all && guarded.every((c) => except.includes(c))) return "internet";
    return `ipBlock ${p.ipBlock.cidr} except ${except.join(",")}`;
  }
  if (p.namespaceSelector) {
    const anyNamespace = Object.keys(p.namespaceSelector).length === 0;
    const pods = p.podSelector ? JSON.stringify(p.podSelector.matchLabels ?? p.podSelector) : "all pods";
    return `${anyNamespace ? "any namespace" : JSON.stringify(p.namespaceSelector)}: ${pods}`;
  }
  if (p.podSelector && selects(p.podSelector, wenku) && Object.keys(p.podSelector.matchLabels ?? {}).length === 1) {
    return "wenku pods";
  }
  return `pods ${JSON.stringify(p.podSelector)}`;
}

/**
 * Every (port, peer) one pod may receive from or send to, by the policies that select it; `null`
 * when no policy of that direction selects it (then Kubernetes allows everything).
 */
export function allowances(
  objects: K8sObject[],
  labels: Record<string, string>,
  direction: "Ingress" | "Egress",
): Set<string> | null {
  const wenku = { "app.kubernetes.io/part-of": "wenku" };
  const policies = ofKind(objects, "NetworkPolicy").filter(
    (p) => selects(p.spec?.podSelector, labels) && (p.spec?.policyTypes as string[] | undefined)?.includes(direction),
  );
  if (!policies.length) return null;
  const out = new Set<string>();
  for (const p of policies) {
    const rules = (direction === "Ingress" ? p.spec.ingress : p.spec.egress) as Rule[] | undefined;
    for (const r of rules ?? []) {
      const peers = (direction === "Ingress" ? r.from : r.to) ?? [];
      const where = peers.length ? peers.map((x) => describePeer(x, wenku)) : ["anywhere"];
      const ports = r.ports?.length ? r.ports : [{ port: "*", protocol: "TCP" }];
      for (const port of ports) for (const w of where) out.add(`${port.protocol ?? "TCP"}/${port.port ?? "*"} ${w}`);
    }
  }
  return out;
}
