// The Kubernetes manifests against the code they run: both overlays render, every container's
// environment is exactly what its process's zod config schema accepts (and all it requires in
// cluster mode), probes, Services, URLs, autoscalers and budgets point at things that exist.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { entries } from "../scripts/build.mjs";
import { deployables, issues, type Name, requiredKeys, SERVICE_URLS, schemaOf, urlTarget } from "./deployables.js";
import {
  type Container,
  declaredPort,
  documentedSecretKeys,
  find,
  type K8sObject,
  labelsMatch,
  ofKind,
  type ResolvedVar,
  render,
  repoRoot,
  resolveEnv,
} from "./manifests.js";

const overlays = ["deploy/overlays/dev", "deploy/overlays/production"] as const;

describe.each(overlays)("%s", (overlay) => {
  let objects: K8sObject[] = [];
  beforeAll(() => {
    objects = render(overlay);
  });

  const deployment = (n: Name) => {
    const d = find(objects, "Deployment", `wenku-${n}`);
    if (!d) throw new Error(`${overlay}: no Deployment wenku-${n}`);
    return d;
  };
  const containerOf = (n: Name): Container => {
    const cs = deployment(n).spec?.template?.spec?.containers as Container[] | undefined;
    if (cs?.length !== 1) throw new Error(`wenku-${n}: expected exactly one container, found ${cs?.length ?? 0}`);
    return cs[0] as Container;
  };
  const envOf = (n: Name) => resolveEnv(objects, containerOf(n));
  const describeEnv = (env: Map<string, ResolvedVar>, keys: string[]) =>
    keys.map((k) => `${k} (from ${env.get(k)?.source})`).join(", ");

  test("renders into named objects, one Deployment per deployable and no strays", () => {
    expect(objects.length).toBeGreaterThan(0);
    for (const o of objects)
      expect({ kind: o.kind, hasName: Boolean(o.metadata?.name) }).toEqual({ kind: o.kind, hasName: true });
    const names = ofKind(objects, "Deployment")
      .map((d) => d.metadata?.name)
      .sort();
    expect(names).toEqual(deployables.map((d) => `wenku-${d.name}`).sort());
  });

  test("every deployable runs the same pinned image, the converter its -converter twin of the same tag", () => {
    const images = new Set(deployables.filter((d) => d.name !== "converter").map((d) => containerOf(d.name).image));
    expect([...images]).toHaveLength(1);
    const [image] = [...images];
    expect(image).toMatch(/:[\w][\w.-]*$/);
    expect(image).not.toMatch(/:latest$/);
    const [name, tag] = (image ?? "").split(/:(?=[^:]*$)/);
    expect(containerOf("converter").image).toBe(`${name}-converter:${tag}`);
  });

  describe.each(deployables)("wenku-$name", (d) => {
    test("command runs its entry point compiled by scripts/build.mjs, whose source exists", () => {
      expect(containerOf(d.name).command).toEqual(["node", `dist/${d.name}.js`]);
      expect(`dist/${d.name}.js ← ${entries[d.name]}`).toBe(`dist/${d.name}.js ← ${d.main}`);
      if (!existsSync(join(repoRoot, d.main))) throw new Error(`${d.main} (the container's command) does not exist`);
    });

    test("every env name is a key of its config schema", async () => {
      const schema = await schemaOf(d);
      const env = envOf(d.name);
      const unknown = [...env.keys()].filter((k) => !(k in schema.shape));
      if (unknown.length) {
        throw new Error(`${d.exportName} does not accept ${describeEnv(env, unknown)} given to wenku-${d.name}`);
      }
    });

    test("every required schema key and everything cluster mode needs is provided", async () => {
      const schema = await schemaOf(d);
      const env = envOf(d.name);
      const missing = [...new Set([...requiredKeys(schema), ...d.needs])].filter((k) => !env.has(k));
      if (missing.length) throw new Error(`wenku-${d.name} is not given ${missing.join(", ")}`);
    });

    test("known values pass the schema", async () => {
      const schema = await schemaOf(d);
      const env = envOf(d.name);
      const bad: string[] = [];
      for (const [k, v] of env) {
        const field = schema.shape[k];
        if (!field || v.value === undefined) continue;
        const r = field.safeParse(v.value);
        if (!r.success) bad.push(`${k}=${JSON.stringify(v.value)} (from ${v.source}): ${issues(r)}`);
      }
      expect(bad).toEqual([]);
      // Where every value is known (dev secrets are generated), the whole environment must load.
      if ([...env.values()].every((v) => v.value !== undefined)) {
        const r = schema.safeParse(Object.fromEntries([...env].map(([k, v]) => [k, v.value])));
        if (!r.success) throw new Error(`wenku-${d.name} environment fails ${d.exportName}: ${issues(r)}`);
      }
    });

    test("secrets come from wenku-secrets, and only the ones it uses", () => {
      const env = envOf(d.name);
      const fromSecret = [...env].filter(([, v]) => v.fromSecret).map(([k]) => k);
      expect(fromSecret.sort()).toEqual([...d.secrets].sort());
      const docs = documentedSecretKeys();
      const leaked = [...env]
        .filter(([k, v]) => [...docs.required, ...docs.optional].includes(k) && !v.fromSecret)
        .map(([k, v]) => `${k} (from ${v.source})`);
      expect(leaked).toEqual([]);
    });

    test("port variables equal the declared container ports; Prometheus scrapes the admin port", () => {
      // (the probes on those ports: rules.test.ts)
      const c = containerOf(d.name);
      const env = envOf(d.name);
      for (const [variable, portName] of Object.entries(d.ports)) {
        const declared = declaredPort(c, portName);
        expect({ variable, value: env.get(variable)?.value }).toEqual({ variable, value: String(declared) });
      }
      const annotations = deployment(d.name).spec.template.metadata?.annotations ?? {};
      if (d.healthPort === "admin") {
        expect(annotations).toMatchObject({
          "prometheus.io/scrape": "true",
          "prometheus.io/path": "/metrics",
          "prometheus.io/port": String(declaredPort(c, "admin")),
        });
      }
    });

    test("every *_SERVICE_URL points at the gRPC port of the right Service", () => {
      const env = envOf(d.name);
      for (const variable of SERVICE_URLS) {
        const raw = env.get(variable)?.value;
        if (raw === undefined) throw new Error(`${variable} has no known value`);
        const url = new URL(raw);
        const target = urlTarget[variable] as Name;
        const svc = find(objects, "Service", url.hostname);
        if (!svc) throw new Error(`${variable}=${raw}: no Service ${url.hostname}`);
        const port = (svc.spec.ports as Array<{ port: number; targetPort?: number | string }>).find(
          (p) => p.port === Number(url.port),
        );
        if (!port) throw new Error(`${variable}=${raw}: Service ${url.hostname} has no port ${url.port}`);
        const pods = deployment(target).spec.template.metadata?.labels;
        if (!labelsMatch(svc.spec.selector, pods)) {
          throw new Error(`${variable}=${raw}: Service ${url.hostname} does not select wenku-${target}'s pods`);
        }
        expect({ variable, port: declaredPort(containerOf(target), port.targetPort ?? port.port) }).toEqual({
          variable,
          port: declaredPort(containerOf(target), "grpc"),
        });
      }
    });
  });

  test("Service selectors match pods that declare their target ports", () => {
    const workloads = [...ofKind(objects, "Deployment"), ...ofKind(objects, "StatefulSet")];
    for (const svc of ofKind(objects, "Service")) {
      const selected = workloads.filter((w) => labelsMatch(svc.spec?.selector, w.spec?.template?.metadata?.labels));
      if (selected.length !== 1) {
        throw new Error(`Service ${svc.metadata?.name} selects ${selected.length} workloads, expected 1`);
      }
      const containers = selected[0]?.spec.template.spec.containers as Container[];
      for (const p of svc.spec.ports as Array<{ name?: string; port: number; targetPort?: number | string }>) {
        const ok = containers.some((c) => declaredPort(c, p.targetPort ?? p.port) !== undefined);
        if (!ok) throw new Error(`Service ${svc.metadata?.name} port ${p.name ?? p.port}: no container declares it`);
      }
    }
  });

  test("budgets, autoscalers and the ingress point at objects that exist", () => {
    for (const pdb of ofKind(objects, "PodDisruptionBudget")) {
      const matched = [...ofKind(objects, "Deployment"), ...ofKind(objects, "StatefulSet")].filter((w) =>
        labelsMatch(pdb.spec?.selector?.matchLabels, w.spec?.template?.metadata?.labels),
      );
      expect({ pdb: pdb.metadata?.name, matched: matched.length }).toEqual({ pdb: pdb.metadata?.name, matched: 1 });
    }
    for (const hpa of ofKind(objects, "HorizontalPodAutoscaler")) {
      const ref = hpa.spec?.scaleTargetRef;
      expect(find(objects, ref?.kind, ref?.name)).toBeDefined();
      expect(hpa.spec.maxReplicas).toBeGreaterThanOrEqual(hpa.spec.minReplicas);
    }
    const ingresses = ofKind(objects, "Ingress");
    expect(ingresses).toHaveLength(1);
    for (const rule of ingresses[0]?.spec.rules ?? []) {
      for (const path of rule.http.paths) {
        const { name, port } = path.backend.service;
        const svc = find(objects, "Service", name);
        if (!svc) throw new Error(`Ingress backend ${name}: no such Service`);
        const ports = svc.spec.ports as Array<{ name?: string; port: number }>;
        expect(ports.some((p) => (port.name ? p.name === port.name : p.port === port.number))).toBe(true);
      }
    }
  });

  test("gateway, content and converter autoscale unless dev (budgets: rules.test.ts)", () => {
    const scaled = ofKind(objects, "HorizontalPodAutoscaler").map((h) => h.spec.scaleTargetRef.name);
    expect(scaled.sort()).toEqual(overlay.endsWith("dev") ? [] : ["wenku-content", "wenku-converter", "wenku-gateway"]);
  });
});
