// Helpers for deploy/*.test.ts: render an overlay with `kubectl kustomize`, find objects, and
// resolve what environment a container really gets (env, envFrom, ConfigMap/Secret key refs).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..");

// js-yaml comes with jest (no types needed for the two functions used here).
const yaml = createRequire(import.meta.url)("js-yaml") as {
  loadAll(text: string, iterator?: undefined, options?: { schema: unknown }): unknown[];
  CORE_SCHEMA: unknown;
};

/** The parts of Kubernetes objects these tests read (everything optional: manifests may be wrong). */
export interface K8sObject {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  data?: Record<string, string>;
  // biome-ignore lint/suspicious/noExplicitAny: spec shapes differ per kind; each check narrows what it reads
  spec?: any;
}

export interface EnvEntry {
  name: string;
  value?: string;
  valueFrom?: {
    secretKeyRef?: { name: string; key: string; optional?: boolean };
    configMapKeyRef?: { name: string; key: string; optional?: boolean };
  };
}

export interface Container {
  name: string;
  image?: string;
  command?: string[];
  args?: string[];
  ports?: Array<{ name?: string; containerPort: number }>;
  env?: EnvEntry[];
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  startupProbe?: Probe;
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: {
    allowPrivilegeEscalation?: boolean;
    readOnlyRootFilesystem?: boolean;
    capabilities?: { drop?: string[] };
  };
  volumeMounts?: Array<{ name: string; mountPath: string }>;
}

export interface Probe {
  httpGet?: { path?: string; port?: number | string };
  tcpSocket?: { port?: number | string };
  grpc?: { port?: number };
  exec?: unknown;
}

/**
 * Runs `kubectl kustomize` (kubectl 1.27+, Kustomize v5; `KUBECTL` names another binary) on a
 * folder under the repository and parses every document.
 */
export function render(overlay: string): K8sObject[] {
  const kubectl = process.env.KUBECTL || "kubectl";
  const r = spawnSync(kubectl, ["kustomize", join(repoRoot, overlay)], { encoding: "utf8" });
  if (r.error) {
    throw new Error(`${kubectl} kustomize ${overlay}: ${r.error.message} (install kubectl ≥ 1.27 or set KUBECTL)`);
  }
  if (r.status !== 0) throw new Error(`kubectl kustomize ${overlay} failed:\n${r.stderr}`);
  const docs = yaml.loadAll(r.stdout, undefined, { schema: yaml.CORE_SCHEMA });
  return docs.filter((d): d is K8sObject => typeof d === "object" && d !== null);
}

/**
 * An overlay as rendered, or (with components) an operator's overlay of it that adds them, the way
 * deploy/README.md tells them to: `resources: [overlay]`, `components: [...]`.
 */
export function renderComposed(overlay: string, components: string[] = []): K8sObject[] {
  if (!components.length) return render(overlay);
  const dir = mkdtempSync(join(tmpdir(), "wenku-overlay-"));
  try {
    const from = (p: string) => relative(dir, join(repoRoot, p)); // Kustomize wants relative paths
    const kustomization = [
      "apiVersion: kustomize.config.k8s.io/v1beta1",
      "kind: Kustomization",
      `resources: [${from(overlay)}]`,
      `components: [${components.map(from).join(", ")}]`,
    ];
    writeFileSync(join(dir, "kustomization.yaml"), `${kustomization.join("\n")}\n`);
    return render(relative(repoRoot, dir));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function find(objects: K8sObject[], kind: string, name: string): K8sObject | undefined {
  return objects.find((o) => o.kind === kind && o.metadata?.name === name);
}

export function ofKind(objects: K8sObject[], kind: string): K8sObject[] {
  return objects.filter((o) => o.kind === kind);
}

/** Keys of deploy/secret.example.env: `required` lines are `KEY=…`, `optional` ones `# KEY=…`. */
export function documentedSecretKeys(): { required: string[]; optional: string[] } {
  const text = readFileSync(join(repoRoot, "deploy/secret.example.env"), "utf8");
  const required: string[] = [];
  const optional: string[] = [];
  for (const line of text.split("\n")) {
    const on = /^([A-Z][A-Z0-9_]*)=/.exec(line);
    if (on?.[1]) required.push(on[1]);
    const off = /^#\s?([A-Z][A-Z0-9_]*)=/.exec(line);
    if (off?.[1]) optional.push(off[1]);
  }
  return { required, optional };
}

export interface ResolvedVar {
  /** Known value (undefined for keys of a Secret the operator creates). */
  value?: string;
  /** Where it comes from, for messages: `literal`, `configmap wenku-env`, `secret wenku-secrets`. */
  source: string;
  fromSecret: boolean;
}

/**
 * The environment a container gets, in Kubernetes' precedence (env over envFrom). References must
 * resolve against the rendered objects; a Secret absent from the output must be `wenku-secrets`
 * (created by the operator) and the key documented in deploy/secret.example.env.
 * Throws, listing every dangling reference.
 */
export function resolveEnv(objects: K8sObject[], c: Container): Map<string, ResolvedVar> {
  const problems: string[] = [];
  const out = new Map<string, ResolvedVar>();
  const documented = documentedSecretKeys();
  const secretValue = (name: string, key: string, optional: boolean): ResolvedVar | undefined => {
    const secret = find(objects, "Secret", name);
    if (secret) {
      const b64 = secret.data?.[key];
      if (b64 === undefined) {
        if (!optional) problems.push(`secret ${name} has no key ${key}`);
        return undefined;
      }
      return { value: Buffer.from(b64, "base64").toString("utf8"), source: `secret ${name}`, fromSecret: true };
    }
    if (name !== "wenku-secrets") problems.push(`secret ${name} is neither rendered nor the operator's wenku-secrets`);
    else if (![...documented.required, ...documented.optional].includes(key)) {
      problems.push(`secret key ${key} is not documented in deploy/secret.example.env`);
    }
    return { source: `secret ${name}`, fromSecret: true };
  };
  const configValue = (name: string, key: string): string | undefined => {
    const cm = find(objects, "ConfigMap", name);
    if (!cm) problems.push(`configmap ${name} is not in the rendered output`);
    return cm?.data?.[key];
  };
  for (const from of c.envFrom ?? []) {
    if (from.configMapRef) {
      const cm = find(objects, "ConfigMap", from.configMapRef.name);
      if (!cm) problems.push(`envFrom configmap ${from.configMapRef.name} is not in the rendered output`);
      for (const [k, v] of Object.entries(cm?.data ?? {})) {
        out.set(k, { value: v, source: `configmap ${from.configMapRef.name}`, fromSecret: false });
      }
    }
    if (from.secretRef) problems.push(`envFrom secretRef ${from.secretRef.name}: reference keys one by one instead`);
  }
  for (const e of c.env ?? []) {
    if (e.value !== undefined) out.set(e.name, { value: e.value, source: "literal", fromSecret: false });
    else if (e.valueFrom?.secretKeyRef) {
      const { name, key, optional } = e.valueFrom.secretKeyRef;
      const v = secretValue(name, key, optional === true);
      if (key !== e.name) problems.push(`${e.name} reads secret key ${key}: keep env name and key equal`);
      if (v) out.set(e.name, v);
    } else if (e.valueFrom?.configMapKeyRef) {
      const { name, key } = e.valueFrom.configMapKeyRef;
      out.set(e.name, { value: configValue(name, key), source: `configmap ${name}`, fromSecret: false });
    } else problems.push(`${e.name}: unsupported env source`);
  }
  if (problems.length) throw new Error(`container ${c.name}: ${problems.join("; ")}`);
  return out;
}

/** The container port a probe or Service targetPort names (by name or number), if declared. */
export function declaredPort(c: Container, port: number | string | undefined): number | undefined {
  if (typeof port === "number") return c.ports?.some((p) => p.containerPort === port) ? port : undefined;
  return c.ports?.find((p) => p.name === port)?.containerPort;
}

export function labelsMatch(selector: Record<string, string> | undefined, labels: Record<string, string> = {}) {
  if (!selector || Object.keys(selector).length === 0) return false;
  return Object.entries(selector).every(([k, v]) => labels[k] === v);
}

/** A Deployment, StatefulSet or Job: what the rules read of it. */
export interface Workload {
  /** `Deployment wenku-user`, for messages. */
  id: string;
  kind: string;
  name: string;
  /** The pod template's labels. */
  labels: Record<string, string>;
  // biome-ignore lint/suspicious/noExplicitAny: a PodSpec; each rule narrows what it reads
  pod: any;
  containers: Container[];
}

export const WORKLOAD_KINDS = ["Deployment", "StatefulSet", "Job"];

export function workloads(objects: K8sObject[]): Workload[] {
  return objects
    .filter((o) => WORKLOAD_KINDS.includes(o.kind ?? ""))
    .map((o) => {
      const pod = o.spec?.template?.spec ?? {};
      return {
        id: `${o.kind} ${o.metadata?.name}`,
        kind: o.kind ?? "",
        name: o.metadata?.name ?? "",
        labels: o.spec?.template?.metadata?.labels ?? {},
        pod,
        containers: [...(pod.initContainers ?? []), ...(pod.containers ?? [])] as Container[],
      };
    });
}

/** The overlays an operator applies, and production with the optional Elasticsearch component. */
export const OVERLAYS = ["deploy/overlays/dev", "deploy/overlays/production"] as const;
