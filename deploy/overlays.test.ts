// What each overlay promises beyond the shared rules (deploy.test.ts): production's replicas and
// spread with nothing stateful inside, dev's in-cluster servers, and the documentation of every key.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { COMPONENT_SECRETS, deployables } from "./deployables.js";
import {
  type Container,
  documentedSecretKeys,
  find,
  type K8sObject,
  labelsMatch,
  ofKind,
  render,
  repoRoot,
  resolveEnv,
} from "./manifests.js";

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
