// The Kubernetes manifests against the code they run: both overlays render, every container's
// environment is exactly what its process's zod config schema accepts (and all it requires in
// cluster mode), probes, Services, URLs, autoscalers and budgets point at things that exist.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { createClientIpResolver } from "@wenku/gateway";
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

interface ParseResult {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}
interface EnvSchema {
  shape: Record<string, { safeParse(v: unknown): ParseResult }>;
  safeParse(v: unknown): ParseResult;
}

type Name = "user" | "content" | "order" | "config" | "spider" | "gateway";
interface Deployable {
  name: Name;
  schemaFile: string;
  exportName: string;
  main: string;
  /** Port env var → the containerPort name it must equal. */
  ports: Record<string, string>;
  /** Probes and Prometheus scrape this container port name. */
  healthPort: string;
  /** Keys the process needs in cluster mode even where its schema marks them optional. */
  needs: string[];
  /** Exactly the keys it reads from wenku-secrets: no secret goes where it is not used. */
  secrets: string[];
}

const SERVICE_URLS = [
  "USER_SERVICE_URL",
  "CONTENT_SERVICE_URL",
  "ORDER_SERVICE_URL",
  "CONFIG_SERVICE_URL",
  "SPIDER_SERVICE_URL",
];
const SERVICE_BASE = ["DATABASE_URL", "NATS_URL", "INTERNAL_TOKEN"];
const S3 = ["S3_ENDPOINT", "S3_ACCESS_KEY", "S3_SECRET_KEY"];
/** Keys of wenku-secrets the optional components read (deploy/components/*). */
const COMPONENT_SECRETS = ["ELASTICSEARCH_URL", "ELASTICSEARCH_API_KEY"];

function service(name: Exclude<Name, "gateway">, extraNeeds: string[], extraSecrets: string[]): Deployable {
  return {
    name,
    schemaFile: `services/${name}/src/config.ts`,
    exportName: `${name}ConfigSchema`,
    main: `services/${name}/src/main.ts`,
    ports: { GRPC_PORT: "grpc", ADMIN_PORT: "admin" },
    healthPort: "admin",
    // kit/run.ts requires DATABASE_URL, INTERNAL_TOKEN and every *_SERVICE_URL; without NATS_URL
    // replicas would not hear each other's logout broadcasts.
    needs: [...SERVICE_BASE, ...SERVICE_URLS, ...extraNeeds],
    secrets: [...SERVICE_BASE, ...extraSecrets],
  };
}

const deployables: Deployable[] = [
  service("user", ["JWT_SECRET"], ["JWT_SECRET", "WENKU_ADMIN_PASSWORD"]),
  // Local disk would be neither shared between replicas nor writable (read-only root): S3 only.
  service("content", [...S3, "S3_BUCKET"], S3),
  service("order", [], []),
  service("config", [], []),
  service("spider", [], []),
  {
    name: "gateway",
    schemaFile: "gateway/src/config.ts",
    exportName: "gatewayConfigSchema",
    main: "gateway/src/main.ts",
    ports: { PORT: "http" },
    healthPort: "http",
    needs: ["INTERNAL_TOKEN", "WEB_DIST", ...SERVICE_URLS],
    secrets: ["INTERNAL_TOKEN"],
  },
];
const urlTarget: Record<string, Name> = {
  USER_SERVICE_URL: "user",
  CONTENT_SERVICE_URL: "content",
  ORDER_SERVICE_URL: "order",
  CONFIG_SERVICE_URL: "config",
  SPIDER_SERVICE_URL: "spider",
};

const schemas = new Map<Name, Promise<EnvSchema>>();
function schemaOf(d: Deployable): Promise<EnvSchema> {
  let s = schemas.get(d.name);
  if (!s) {
    s = (async () => {
      const file = join(repoRoot, d.schemaFile);
      if (!existsSync(file)) throw new Error(`${d.schemaFile} does not exist: no config schema for ${d.name}`);
      const mod = (await import(file)) as Record<string, unknown>;
      const schema = mod[d.exportName];
      if (typeof schema !== "object" || schema === null || !("shape" in schema)) {
        throw new Error(`${d.schemaFile} does not export ${d.exportName} (a zod object schema)`);
      }
      return schema as EnvSchema;
    })();
    schemas.set(d.name, s);
  }
  return s;
}

/** A schema key is required when it has neither a default nor `.optional()`. */
function requiredKeys(schema: EnvSchema): string[] {
  return Object.entries(schema.shape)
    .filter(([, field]) => !field.safeParse(undefined).success)
    .map(([k]) => k);
}

function issues(r: ParseResult): string {
  return (r.error?.issues ?? []).map((i) => `${i.path.join(".") || "(value)"}: ${i.message}`).join("; ");
}

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

  test("every deployable runs the same pinned image", () => {
    const images = new Set(deployables.map((d) => containerOf(d.name).image));
    expect([...images]).toHaveLength(1);
    const [image] = [...images];
    expect(image).toMatch(/:[\w][\w.-]*$/);
    expect(image).not.toMatch(/:latest$/);
  });

  describe.each(deployables)("wenku-$name", (d) => {
    test("command runs its entry point, which exists", () => {
      expect(containerOf(d.name).command).toEqual(["node", "--import", "tsx", d.main]);
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

    test("port variables equal the declared container ports; probes hit /healthz on a declared port", () => {
      const c = containerOf(d.name);
      const env = envOf(d.name);
      for (const [variable, portName] of Object.entries(d.ports)) {
        const declared = declaredPort(c, portName);
        expect({ variable, value: env.get(variable)?.value }).toEqual({ variable, value: String(declared) });
      }
      for (const kind of ["startupProbe", "readinessProbe", "livenessProbe"] as const) {
        const probe = c[kind];
        expect({ kind, path: probe?.httpGet?.path }).toEqual({ kind, path: "/healthz" });
        const port = declaredPort(c, probe?.httpGet?.port);
        expect({ kind, port }).toEqual({ kind, port: declaredPort(c, d.healthPort) });
        expect(port).toBeDefined();
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

    test("runs unprivileged on a read-only root with a writable /tmp and bounded resources", () => {
      const pod = deployment(d.name).spec.template.spec;
      const c = containerOf(d.name);
      expect(pod.securityContext?.runAsNonRoot).toBe(true);
      expect(pod.securityContext?.runAsUser).toBeGreaterThan(0);
      expect(c.securityContext).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true });
      expect(c.securityContext?.capabilities?.drop).toContain("ALL");
      const tmp = c.volumeMounts?.find((m) => m.mountPath === "/tmp");
      expect(tmp).toBeDefined();
      const volume = (pod.volumes as Array<{ name: string; emptyDir?: unknown }>).find((v) => v.name === tmp?.name);
      expect(volume?.emptyDir).toBeDefined();
      expect(Object.keys(c.resources?.requests ?? {}).sort()).toEqual(["cpu", "memory"]);
      expect(c.resources?.limits?.memory).toBeDefined();
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

  test("the gateway accepts its TRUSTED_PROXIES", () => {
    const raw = envOf("gateway").get("TRUSTED_PROXIES")?.value ?? "";
    const entries = raw
      .split(",")
      .map((x) => x.trim())
      .filter(Boolean);
    expect(() => createClientIpResolver(entries)).not.toThrow();
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
      const matched = ofKind(objects, "Deployment").filter((w) =>
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

  test("every deployable has a disruption budget; gateway and content autoscale unless dev", () => {
    for (const d of deployables) {
      const pods = deployment(d.name).spec.template.metadata?.labels;
      const budgets = ofKind(objects, "PodDisruptionBudget").filter((p) =>
        labelsMatch(p.spec?.selector?.matchLabels, pods),
      );
      expect({ deployable: d.name, budgets: budgets.length }).toEqual({ deployable: d.name, budgets: 1 });
    }
    const scaled = ofKind(objects, "HorizontalPodAutoscaler").map((h) => h.spec.scaleTargetRef.name);
    expect(scaled.sort()).toEqual(overlay.endsWith("dev") ? [] : ["wenku-content", "wenku-gateway"]);
  });
});

describe("deploy/overlays/production specifics", () => {
  let objects: K8sObject[] = [];
  beforeAll(() => {
    objects = render("deploy/overlays/production");
  });

  test("at least two replicas of everything (HPA minimum where autoscaled), spread over nodes", () => {
    for (const d of deployables) {
      const dep = find(objects, "Deployment", `wenku-${d.name}`);
      const hpa = ofKind(objects, "HorizontalPodAutoscaler").find(
        (h) => h.spec.scaleTargetRef.name === `wenku-${d.name}`,
      );
      const replicas = hpa ? hpa.spec.minReplicas : (dep?.spec.replicas ?? 1);
      expect({ deployable: d.name, atLeastTwo: replicas >= 2 }).toEqual({ deployable: d.name, atLeastTwo: true });
      const terms =
        dep?.spec.template.spec.affinity?.podAntiAffinity?.preferredDuringSchedulingIgnoredDuringExecution ?? [];
      const spreads = terms.some(
        (t: { podAffinityTerm: { labelSelector?: { matchLabels?: Record<string, string> } } }) =>
          labelsMatch(t.podAffinityTerm.labelSelector?.matchLabels, dep?.spec.template.metadata?.labels),
      );
      expect({ deployable: d.name, spreads }).toEqual({ deployable: d.name, spreads: true });
    }
  });

  test("no database, bus, storage or secret inside: the operator provides them", () => {
    expect(ofKind(objects, "StatefulSet")).toEqual([]);
    expect(ofKind(objects, "Secret")).toEqual([]);
  });
});

describe("deploy/overlays/dev specifics", () => {
  let objects: K8sObject[] = [];
  beforeAll(() => {
    objects = render("deploy/overlays/dev");
  });
  const secret = (name: string, key: string) => {
    const s = ofKind(objects, "Secret").find((o) => o.metadata?.name?.startsWith(`${name}-`));
    const b64 = s?.data?.[key];
    if (b64 === undefined) throw new Error(`dev secret ${name} has no ${key}`);
    return Buffer.from(b64, "base64").toString("utf8");
  };
  const servicePort = (host: string, port: string) =>
    (find(objects, "Service", host)?.spec.ports as Array<{ port: number }> | undefined)?.some(
      (p) => p.port === Number(port),
    );

  test("single replicas", () => {
    for (const d of ofKind(objects, "Deployment"))
      expect([d.metadata?.name, d.spec.replicas]).toEqual([d.metadata?.name, 1]);
  });

  test("database, NATS and MinIO URLs reach in-cluster Services with the credentials they were created with", () => {
    const db = new URL(secret("wenku-secrets", "DATABASE_URL"));
    expect(servicePort(db.hostname, db.port)).toBe(true);
    expect([db.username, db.password, db.pathname]).toEqual([
      secret("wenku-dev-infra", "POSTGRES_USER"),
      secret("wenku-dev-infra", "POSTGRES_PASSWORD"),
      `/${secret("wenku-dev-infra", "POSTGRES_DB")}`,
    ]);
    const nats = new URL(secret("wenku-secrets", "NATS_URL"));
    expect(servicePort(nats.hostname, nats.port)).toBe(true);
    const s3 = new URL(secret("wenku-secrets", "S3_ENDPOINT"));
    expect(servicePort(s3.hostname, s3.port)).toBe(true);
    expect([secret("wenku-secrets", "S3_ACCESS_KEY"), secret("wenku-secrets", "S3_SECRET_KEY")]).toEqual([
      secret("wenku-dev-infra", "MINIO_ROOT_USER"),
      secret("wenku-dev-infra", "MINIO_ROOT_PASSWORD"),
    ]);
    const nats_ = find(objects, "StatefulSet", "wenku-nats")?.spec.template.spec.containers[0];
    expect(nats_?.args).toContain("--jetstream");
  });
});

describe("deploy/ documentation", () => {
  test("secret.example.env lists exactly the keys the Deployments read from wenku-secrets", () => {
    const docs = documentedSecretKeys();
    const used = new Set([...deployables.flatMap((d) => d.secrets), ...COMPONENT_SECRETS]);
    expect([...docs.required, ...docs.optional].sort()).toEqual([...used].sort());
    expect(docs.optional.sort()).toEqual(["WENKU_ADMIN_PASSWORD", ...COMPONENT_SECRETS].sort());
  });

  test("README explains every variable a container gets", () => {
    const readme = readFileSync(join(repoRoot, "deploy/README.md"), "utf8");
    const objects = [...render("deploy/overlays/dev"), ...render("deploy/overlays/production")];
    const names = new Set<string>();
    for (const dep of ofKind(objects, "Deployment")) {
      for (const c of dep.spec.template.spec.containers as Container[]) {
        for (const k of resolveEnv(objects, c).keys()) names.add(k);
      }
    }
    const undocumented = [...names].filter((n) => !readme.includes(`\`${n}\``));
    expect(undocumented).toEqual([]);
  });
});

describe("deploy/components/elasticsearch on the production overlay", () => {
  let objects: K8sObject[] = [];
  let dir = "";
  beforeAll(() => {
    // an overlay of the operator's: production plus the component (paths relative: Kustomize wants them so)
    dir = mkdtempSync(join(tmpdir(), "wenku-es-overlay-"));
    const from = (p: string) => relative(dir, join(repoRoot, p));
    const kustomization = [
      "apiVersion: kustomize.config.k8s.io/v1beta1",
      "kind: Kustomization",
      `resources: [${from("deploy/overlays/production")}]`,
      `components: [${from("deploy/components/elasticsearch")}]`,
    ];
    writeFileSync(join(dir, "kustomization.yaml"), `${kustomization.join("\n")}\n`);
    objects = render(relative(repoRoot, dir));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const envOf = (name: string) => {
    const containers = find(objects, "Deployment", `wenku-${name}`)?.spec?.template?.spec?.containers as
      | Container[]
      | undefined;
    const c = containers?.[0];
    if (!c) throw new Error(`no container in wenku-${name}`);
    return resolveEnv(objects, c);
  };

  test("wenku-content reads the URL and API key from wenku-secrets, the index prefix and timeout from its ConfigMap", async () => {
    const env = envOf("content");
    const es = [...env].filter(([k]) => k.startsWith("ELASTICSEARCH_")).map(([k, v]) => [k, v.source, v.value]);
    expect(es.sort()).toEqual(
      [
        ["ELASTICSEARCH_API_KEY", "secret wenku-secrets", undefined],
        ["ELASTICSEARCH_INDEX", expect.stringMatching(/^configmap wenku-content-env-/), "wenku"],
        ["ELASTICSEARCH_TIMEOUT_SEC", expect.stringMatching(/^configmap wenku-content-env-/), "30"],
        ["ELASTICSEARCH_URL", "secret wenku-secrets", undefined],
      ].sort(),
    );
    const content = deployables.find((d) => d.name === "content") as Deployable;
    const schema = await schemaOf(content);
    const bad = [...env]
      .filter(
        ([k, v]) => !(k in schema.shape) || (v.value !== undefined && !schema.shape[k]?.safeParse(v.value).success),
      )
      .map(([k]) => k);
    expect(bad).toEqual([]);
    expect(env.get("S3_BUCKET")?.value).toBe("wenku"); // the merge kept the base's keys
  });

  test("no other Deployment gets them; the README explains them", () => {
    for (const d of deployables.filter((x) => x.name !== "content"))
      expect([d.name, [...envOf(d.name).keys()].filter((k) => k.startsWith("ELASTICSEARCH_"))]).toEqual([d.name, []]);
    const readme = readFileSync(join(repoRoot, "deploy/README.md"), "utf8");
    const names = [...envOf("content").keys()].filter((k) => k.startsWith("ELASTICSEARCH_"));
    expect(names.filter((n) => !readme.includes(`\`${n}\``))).toEqual([]);
  });
});
