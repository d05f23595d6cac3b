// Every rendered object against the Kubernetes API schemas, as an API server would check it before
// admitting it: kubernetes-models' validators, generated from the OpenAPI of Kubernetes 1.33 (the
// manifests use nothing newer than 1.27's fields; README: Kubernetes 1.27+). Types, required
// fields, enums and formats; unknown fields are checked separately (fields.test.ts).
import { type K8sObject, renderComposed } from "./manifests.js";

type Model = new (data: unknown) => { validate(): void };

const groups = new Map<string, Promise<Record<string, unknown>>>();
/** The model class of an apiVersion + kind: `apps/v1` → kubernetes-models/apps/v1, `v1` → kubernetes-models/v1. */
async function modelOf(apiVersion: string, kind: string): Promise<Model | undefined> {
  let group = groups.get(apiVersion);
  if (!group) {
    group = import(`kubernetes-models/${apiVersion}`).catch((err: NodeJS.ErrnoException) => {
      if (err.code === "ERR_MODULE_NOT_FOUND" || err.code === "ERR_PACKAGE_PATH_NOT_EXPORTED") return {};
      throw err;
    }) as Promise<Record<string, unknown>>;
    groups.set(apiVersion, group);
  }
  const model = (await group)[kind];
  return typeof model === "function" ? (model as Model) : undefined;
}

/**
 * What the API server decodes: base64 with the line breaks Kustomize wraps long Secret values in
 * (Go's decoder skips them), so the schema's "byte" format sees them joined.
 */
function asDecoded(o: K8sObject): K8sObject {
  if (o.kind !== "Secret" || !o.data) return o;
  return { ...o, data: Object.fromEntries(Object.entries(o.data).map(([k, v]) => [k, v.replace(/[\r\n]/g, "")])) };
}

/**
 * API versions every Kubernetes from 1.27 to 1.33 serves, for the kinds these manifests use.
 * kubernetes-models also carries versions long removed (apps/v1beta1, policy/v1beta1 …): refused here.
 */
const SERVED = ["v1", "apps/v1", "batch/v1", "policy/v1", "autoscaling/v2", "networking.k8s.io/v1"];

/** "<kind> <name>: <path> <message>" for each schema violation of `o` (none: []). */
async function violations(o: K8sObject): Promise<string[]> {
  const id = `${o.kind} ${o.metadata?.name}`;
  if (!SERVED.includes(o.apiVersion ?? "")) return [`${id}: ${o.apiVersion} is not served by Kubernetes 1.27–1.33`];
  const Model = await modelOf(o.apiVersion ?? "", o.kind ?? "");
  if (!Model) return [`${id}: ${o.apiVersion} ${o.kind} is not a Kubernetes API type`];
  try {
    new Model(asDecoded(o)).validate();
    return [];
  } catch (err) {
    const errors = (err as { errors?: Array<{ instancePath: string; message?: string }> }).errors;
    if (!errors) throw err;
    return errors.map((e) => `${id}: ${e.instancePath || "/"} ${e.message}`);
  }
}

const targets: Array<[string, () => K8sObject[]]> = [
  ["deploy/overlays/dev", () => renderComposed("deploy/overlays/dev")],
  ["deploy/overlays/production", () => renderComposed("deploy/overlays/production")],
  [
    "production + components/elasticsearch",
    () => renderComposed("deploy/overlays/production", ["deploy/components/elasticsearch"]),
  ],
];

describe.each(targets)("%s", (_label, renderTarget) => {
  test("every object is valid against the Kubernetes API schemas", async () => {
    const objects = renderTarget();
    expect(objects.length).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const o of objects) problems.push(...(await violations(o)));
    expect(problems).toEqual([]);
  });
});

test("the validation refuses what an API server refuses (a wrong type, a missing field, an unknown kind or version)", async () => {
  const [deployment] = renderComposed("deploy/overlays/production").filter((o) => o.kind === "Deployment");
  if (!deployment) throw new Error("no Deployment rendered");
  const broken = structuredClone(deployment);
  broken.spec.template.spec.containers[0].ports[0].containerPort = "9101";
  delete broken.spec.selector;
  const name = deployment.metadata?.name;
  expect(await violations(broken)).toEqual([
    `Deployment ${name}: /spec must have required property selector`,
    `Deployment ${name}: /spec/template/spec/containers/0/ports/0/containerPort must be integer`,
  ]);
  expect(await violations({ ...deployment, kind: "Deploymnet" })).toEqual([
    `Deploymnet ${name}: apps/v1 Deploymnet is not a Kubernetes API type`,
  ]);
  expect(await violations({ ...deployment, apiVersion: "apps/v1beta1" })).toEqual([
    `Deployment ${name}: apps/v1beta1 is not served by Kubernetes 1.27–1.33`,
  ]);
});
