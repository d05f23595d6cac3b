// The rules an operator relies on, asserted over the rendered output of every overlay (and production
// with the Elasticsearch component), one test per rule, failures naming the object: probes on the
// processes' real health endpoints, sized resources, disruption budgets, locked-down pods with
// writable emptyDirs where the code writes, network policies, and the migrations Job.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { entries } from "../scripts/build.mjs";
import { deployables, issues, schemaOf } from "./deployables.js";
import {
  type Container,
  declaredPort,
  find,
  type K8sObject,
  labelsMatch,
  ofKind,
  renderComposed,
  repoRoot,
  resolveEnv,
  type Workload,
  workloads,
} from "./manifests.js";
import { allowances } from "./policies.js";

const source = (path: string) => readFileSync(join(repoRoot, path), "utf8");
const dockerfile = source("Dockerfile")
  .split("\n")
  .filter((l) => !/^\s*#/.test(l))
  .join("\n");
/** The runtime stage's `USER uid:gid` and `ENV HOME=…` (the last of each in the file). */
const imageUid = Number(/^USER\s+(\d+)/m.exec([...dockerfile.matchAll(/^USER .*$/gm)].at(-1)?.[0] ?? "")?.[1]);
const imageHome = /\bHOME=(\S+)/.exec(dockerfile)?.[1];

const targets: Array<[string, () => K8sObject[]]> = [
  ["deploy/overlays/dev", () => renderComposed("deploy/overlays/dev")],
  ["deploy/overlays/production", () => renderComposed("deploy/overlays/production")],
  [
    "production + components/elasticsearch",
    () => renderComposed("deploy/overlays/production", ["deploy/components/elasticsearch"]),
  ],
];

const isWenku = (w: Workload) => w.labels["app.kubernetes.io/part-of"] === "wenku";
const deployableOf = (w: Workload) => deployables.find((d) => `wenku-${d.name}` === w.name);

describe.each(targets)("%s", (_label, renderTarget) => {
  let objects: K8sObject[] = [];
  let all: Workload[] = [];
  beforeAll(() => {
    objects = renderTarget();
    all = workloads(objects);
  });
  const longRunning = () => all.filter((w) => w.kind !== "Job");
  /** Collects "<object>: <problem>" lines; the test shows them all at once. */
  const check = (fn: (problems: string[]) => void) => {
    const problems: string[] = [];
    fn(problems);
    expect(problems).toEqual([]);
  };

  test("every Deployment and StatefulSet container has readiness and liveness probes on declared ports", () => {
    check((problems) => {
      for (const w of longRunning()) {
        for (const c of w.containers) {
          for (const kind of ["readinessProbe", "livenessProbe"] as const) {
            const p = c[kind];
            if (!p) problems.push(`${w.id}/${c.name}: no ${kind}`);
            const port = p?.httpGet?.port ?? p?.tcpSocket?.port;
            if (port !== undefined && declaredPort(c, port) === undefined) {
              problems.push(`${w.id}/${c.name}: ${kind} port ${port} is not declared`);
            }
          }
        }
      }
    });
  });

  test("Wenku's probes: readiness and start-up on /healthz, liveness on /livez (gateway: /healthz), as the code serves", () => {
    // kit's admin port answers /healthz (dependencies + drain) and /livez (the process); the gateway /healthz.
    expect(source("services/kit/src/server.ts")).toMatch(/path === "\/livez"/);
    expect(source("services/kit/src/server.ts")).toMatch(/path === "\/healthz"/);
    expect(source("gateway/src/server.ts")).toMatch(/path === "\/healthz"/);
    check((problems) => {
      for (const w of longRunning().filter(isWenku)) {
        const d = deployableOf(w);
        if (!d) {
          problems.push(`${w.id}: not a deployable of deploy/deployables.ts`);
          continue;
        }
        const c = w.containers[0] as Container;
        const want = {
          startupProbe: "/healthz",
          readinessProbe: "/healthz",
          livenessProbe: d.name === "gateway" ? "/healthz" : "/livez",
        };
        for (const [kind, path] of Object.entries(want) as Array<[keyof typeof want, string]>) {
          const got = c[kind]?.httpGet;
          if (got?.path !== path || declaredPort(c, got.port) !== declaredPort(c, d.healthPort)) {
            problems.push(`${w.id}: ${kind} is ${JSON.stringify(got)}, want ${path} on port ${d.healthPort}`);
          }
        }
      }
    });
  });

  test("every container requests CPU and memory and is limited in both", () => {
    check((problems) => {
      for (const w of all) {
        for (const c of w.containers) {
          const r = c.resources ?? {};
          for (const k of ["cpu", "memory"]) {
            if (!r.requests?.[k]) problems.push(`${w.id}/${c.name}: no ${k} request`);
            if (!r.limits?.[k]) problems.push(`${w.id}/${c.name}: no ${k} limit`);
          }
        }
      }
    });
  });

  test("the converter's memory limit holds its render threads, LibreOffice and Node (its ConfigMap, schema defaults)", async () => {
    const w = all.find((x) => x.name === "wenku-converter");
    const c = w?.containers[0];
    if (!c) throw new Error("no Deployment wenku-converter");
    const known = [...resolveEnv(objects, c)].filter(([, v]) => v.value !== undefined);
    const converter = deployables.find((d) => d.name === "converter");
    if (!converter) throw new Error("deploy/deployables.ts lists no converter");
    const schema = await schemaOf(converter);
    const parsed = schema.safeParse(Object.fromEntries(known.map(([k, v]) => [k, v.value])));
    if (!parsed.success) throw new Error(`wenku-converter's settings: ${issues(parsed)}`);
    const cfg = parsed.data as Record<string, number>;
    const mib = (q: string | undefined) => {
      const m = /^(\d+)(Mi|Gi)$/.exec(q ?? "");
      if (!m) throw new Error(`wenku-converter memory limit ${q}: write it in Mi or Gi`);
      return Number(m[1]) * (m[2] === "Gi" ? 1024 : 1);
    };
    const NODE_MIB = 256; // the Node process itself: heap, the bundles, gRPC and NATS clients
    const worst =
      Number(cfg.CONVERTER_CONCURRENCY) * Number(cfg.CONVERTER_MEMORY_MB) +
      Number(cfg.CONVERTER_OFFICE_CONCURRENCY) * Number(cfg.CONVERTER_OFFICE_MEMORY_MB) +
      NODE_MIB;
    expect(mib(c.resources?.limits?.memory)).toBeGreaterThanOrEqual(worst);
    // A request of at least one core: each conversion keeps one busy.
    expect(Number.parseFloat(String(c.resources?.requests?.cpu))).toBeGreaterThanOrEqual(1);
  });

  test("every Deployment and StatefulSet is covered by exactly one PodDisruptionBudget", () => {
    check((problems) => {
      for (const w of longRunning()) {
        const n = ofKind(objects, "PodDisruptionBudget").filter((p) =>
          labelsMatch(p.spec?.selector?.matchLabels, w.labels),
        ).length;
        if (n !== 1) problems.push(`${w.id}: ${n} PodDisruptionBudgets`);
      }
    });
  });

  test("pods run as a fixed non-root uid (Wenku's: the Dockerfile's USER), seccomp RuntimeDefault, no token", () => {
    expect(imageUid).toBeGreaterThan(0);
    check((problems) => {
      for (const w of all) {
        const sc = w.pod.securityContext ?? {};
        if (sc.runAsNonRoot !== true) problems.push(`${w.id}: runAsNonRoot is not true`);
        if (!(Number.isInteger(sc.runAsUser) && sc.runAsUser > 0)) problems.push(`${w.id}: no fixed runAsUser`);
        if (isWenku(w) && sc.runAsUser !== imageUid) {
          problems.push(`${w.id}: runAsUser ${sc.runAsUser}, the image's USER is ${imageUid}`);
        }
        if (sc.seccompProfile?.type !== "RuntimeDefault")
          problems.push(`${w.id}: seccompProfile is not RuntimeDefault`);
        if (w.pod.automountServiceAccountToken !== false) problems.push(`${w.id}: mounts a service-account token`);
      }
    });
  });

  test("containers: read-only root, no privilege escalation, every capability dropped", () => {
    check((problems) => {
      for (const w of all) {
        for (const c of w.containers) {
          const sc = c.securityContext ?? {};
          if (sc.readOnlyRootFilesystem !== true) problems.push(`${w.id}/${c.name}: root file system is writable`);
          if (sc.allowPrivilegeEscalation !== false) problems.push(`${w.id}/${c.name}: may escalate privileges`);
          if (!sc.capabilities?.drop?.includes("ALL")) problems.push(`${w.id}/${c.name}: capabilities not dropped`);
        }
      }
    });
  });

  test("Wenku's containers write only to emptyDirs: the temp dir (LibreOffice profiles, uploads) and HOME", () => {
    // os.tmpdir() (/tmp: LibreOffice profiles, conversions, OCR) and the image's HOME (fontconfig, soffice).
    expect(imageHome).toBeDefined();
    check((problems) => {
      for (const w of all.filter(isWenku)) {
        for (const c of w.containers) {
          for (const path of ["/tmp", imageHome ?? ""]) {
            const m = c.volumeMounts?.find((v) => path === v.mountPath || path.startsWith(`${v.mountPath}/`));
            const vol = (w.pod.volumes as Array<{ name: string; emptyDir?: { sizeLimit?: string } }> | undefined)?.find(
              (v) => v.name === m?.name,
            );
            if (!vol?.emptyDir) problems.push(`${w.id}/${c.name}: ${path} is not on an emptyDir`);
            else if (!vol.emptyDir.sizeLimit) problems.push(`${w.id}/${c.name}: emptyDir ${vol.name} has no sizeLimit`);
          }
        }
      }
    });
  });

  test("every Wenku pod is under a deny-by-default policy in both directions", () => {
    check((problems) => {
      for (const w of all.filter(isWenku)) {
        for (const dir of ["Ingress", "Egress"] as const) {
          if (allowances(objects, w.labels, dir) === null) problems.push(`${w.id}: no ${dir} NetworkPolicy selects it`);
        }
      }
    });
  });

  test("ingress: only the gateway from outside; services from Wenku's pods (gRPC) and Prometheus (admin)", () => {
    const want = (w: Workload): string[] => {
      if (w.name === "wenku-gateway") return ["TCP/http anywhere"];
      if (w.kind === "Job") return [];
      return ["TCP/grpc wenku pods", 'TCP/admin any namespace: {"app.kubernetes.io/name":"prometheus"}'];
    };
    check((problems) => {
      for (const w of all.filter(isWenku)) {
        const got = [...(allowances(objects, w.labels, "Ingress") ?? ["(everything)"])].sort();
        if (JSON.stringify(got) !== JSON.stringify(want(w).sort())) {
          problems.push(`${w.id}: may receive ${JSON.stringify(got)}, want ${JSON.stringify(want(w))}`);
        }
        for (const line of got) {
          const port = /^\w+\/([a-z][\w-]*) /.exec(line)?.[1];
          if (port && !w.containers.some((c) => declaredPort(c, port) !== undefined)) {
            problems.push(`${w.id}: a policy opens port ${port}, which no container declares`);
          }
        }
      }
    });
  });

  test("egress: DNS, Wenku's gRPC, and exactly the database, NATS, storage, internet and mail each uses", () => {
    check((problems) => {
      for (const w of all.filter(isWenku)) {
        const c = w.containers[0] as Container;
        const env = resolveEnv(objects, c);
        const d = deployableOf(w);
        const want = ["UDP/53 anywhere", "TCP/53 anywhere"];
        if (w.kind !== "Job") want.push("TCP/grpc wenku pods");
        if (env.has("DATABASE_URL")) want.push("TCP/5432 anywhere");
        if (env.has("NATS_URL")) want.push("TCP/4222 anywhere");
        if (env.has("S3_ENDPOINT")) want.push("TCP/443 anywhere", "TCP/9000 anywhere");
        if (d?.calls.includes("internet")) want.push("TCP/80 internet", "TCP/443 internet");
        if (d?.calls.includes("mail")) want.push("TCP/25 anywhere", "TCP/465 anywhere", "TCP/587 anywhere");
        if (env.has("ELASTICSEARCH_URL")) want.push("TCP/9200 anywhere", "TCP/443 anywhere");
        const got = [...(allowances(objects, w.labels, "Egress") ?? ["(everything)"])].sort();
        const expected = [...new Set(want)].sort();
        if (JSON.stringify(got) !== JSON.stringify(expected)) {
          problems.push(`${w.id}: may send ${JSON.stringify(got)}, want ${JSON.stringify(expected)}`);
        }
        // Where the URL is known (dev), its port is one the policies open.
        for (const key of ["DATABASE_URL", "NATS_URL", "S3_ENDPOINT"]) {
          const raw = env.get(key)?.value;
          if (!raw) continue;
          const u = new URL(raw);
          const port = u.port || (u.protocol === "https:" ? "443" : "80");
          if (!got.includes(`TCP/${port} anywhere`)) problems.push(`${w.id}: ${key} port ${port} is not open`);
        }
      }
    });
  });

  test("the migrations Job runs dist/migrate.js once, with only DATABASE_URL, alone under its label", () => {
    const job = find(objects, "Job", "wenku-migrate");
    if (!job) throw new Error("no Job wenku-migrate");
    const w = workloads([job])[0] as Workload;
    const c = w.containers[0] as Container;
    expect(c.command).toEqual(["node", "dist/migrate.js"]);
    expect(entries.migrate).toBe("services/standalone/src/migrate.ts");
    expect(w.pod.restartPolicy).toBe("Never");
    expect(job.spec.backoffLimit).toBeLessThanOrEqual(3);
    expect(job.spec.ttlSecondsAfterFinished).toBeGreaterThan(0);
    // Applied alone first (`-l app.kubernetes.io/component=migrate`): it may depend on no ConfigMap of
    // the release, and nothing else may carry its label.
    expect(c.envFrom ?? []).toEqual([]);
    const env = resolveEnv(objects, c);
    expect([...env].filter(([, v]) => v.fromSecret).map(([k]) => k)).toEqual(["DATABASE_URL"]);
    expect([...env].every(([, v]) => v.fromSecret || v.source === "literal")).toBe(true);
    const labelled = objects.filter((o) => o.metadata?.labels?.["app.kubernetes.io/component"] === "migrate");
    expect(labelled.map((o) => `${o.kind} ${o.metadata?.name}`)).toEqual(["Job wenku-migrate"]);
    expect(w.labels["app.kubernetes.io/component"]).toBe("migrate");
    // Same image as the services, same tag.
    const user = find(objects, "Deployment", "wenku-user")?.spec.template.spec.containers[0] as Container;
    expect(c.image).toBe(user.image);
  });
});
