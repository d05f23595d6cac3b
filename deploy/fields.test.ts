// Unknown fields: what an API server's strict field validation (kubectl's default since 1.27)
// refuses, and kubernetes-models' validators let through (its schemas allow additional
// properties). Every rendered object is walked beside its TypeScript model type (kubernetes-models'
// declarations, Kubernetes 1.33): a key the type does not have is a typo or a field from another
// version (`livenessprobe`, `spec.templates`, `securityContext.readOnlyRootFileSystem` …).
import { dirname, join } from "node:path";
import { jest } from "@jest/globals";
import ts from "typescript";
import { type K8sObject, renderComposed, repoRoot } from "./manifests.js";

/** The model type of each apiVersion + kind, from a declarations-only program over kubernetes-models. */
function modelTypes(keys: string[]): { checker: ts.TypeChecker; types: Map<string, ts.Type> } {
  const file = join(repoRoot, "deploy", "__k8s_models__.ts");
  const imports = keys.map((k, i) => {
    const [apiVersion, kind] = k.split(" ") as [string, string];
    return `import type { I${kind} as T${i} } from "kubernetes-models/${apiVersion}/${kind}";\nexport declare const v${i}: T${i};`;
  });
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2022.d.ts"],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version) =>
    name === file ? ts.createSourceFile(name, imports.join("\n"), version) : getSourceFile(name, version);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === file || fileExists(name);
  host.getCurrentDirectory = () => dirname(file);
  const program = ts.createProgram([file], options, host);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  if (!source) throw new Error("the model declarations did not load");
  const types = new Map<string, ts.Type>();
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const decl = statement.declarationList.declarations[0] as ts.VariableDeclaration;
    const index = Number(decl.name.getText(source).slice(1));
    const type = checker.getTypeAtLocation(decl.name);
    if (type.flags & ts.TypeFlags.Any) throw new Error(`no model type for ${keys[index]} (kubernetes-models)`);
    types.set(keys[index] as string, type);
  }
  return { checker, types };
}

/** `<path>: unknown field` for every key the type does not declare, down the whole object. */
function unknownFields(checker: ts.TypeChecker, value: unknown, type: ts.Type, path: string, out: string[]): void {
  const t = checker.getNonNullableType(type);
  if (t.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return;
  if (Array.isArray(value)) {
    const element = t.getNumberIndexType();
    if (element) for (const [i, v] of value.entries()) unknownFields(checker, v, element, `${path}[${i}]`, out);
    return;
  }
  if (typeof value !== "object" || value === null) return;
  // Maps (labels, annotations, data, resource quantities) declare no fields of their own.
  if (t.getStringIndexType()) return;
  const objects = t.isUnion() ? t.types.filter((m) => m.flags & ts.TypeFlags.Object) : [t];
  for (const [key, child] of Object.entries(value)) {
    const prop = objects.map((m) => m.getProperty(key)).find((p) => p !== undefined);
    if (!prop) {
      out.push(`${path}.${key}: unknown field`);
      continue;
    }
    const decl = prop.valueDeclaration ?? prop.declarations?.[0];
    if (decl) unknownFields(checker, child, checker.getTypeOfSymbolAtLocation(prop, decl), `${path}.${key}`, out);
  }
}

// Loading the declarations takes seconds, more on a busy machine.
jest.setTimeout(120_000);

let models: ReturnType<typeof modelTypes> | undefined;

function check(objects: K8sObject[]): string[] {
  if (!models) throw new Error("the model types load in beforeAll");
  const { checker, types } = models;
  const out: string[] = [];
  for (const o of objects) {
    const type = types.get(`${o.apiVersion} ${o.kind}`) as ts.Type;
    unknownFields(checker, o, type, `${o.kind} ${o.metadata?.name}`, out);
  }
  return out;
}

const targets: Array<[string, () => K8sObject[]]> = [
  ["deploy/overlays/dev", () => renderComposed("deploy/overlays/dev")],
  ["deploy/overlays/production", () => renderComposed("deploy/overlays/production")],
  [
    "production + components/elasticsearch",
    () => renderComposed("deploy/overlays/production", ["deploy/components/elasticsearch"]),
  ],
];

const rendered = new Map<string, K8sObject[]>();
beforeAll(() => {
  for (const [label, renderTarget] of targets) rendered.set(label, renderTarget());
  // One program for every kind rendered: loading the declarations is the slow part.
  const all = [...rendered.values()].flat();
  models = modelTypes([...new Set(all.map((o) => `${o.apiVersion} ${o.kind}`))]);
});

test.each(targets)("%s: no object has a field its Kubernetes type does not declare", (label) => {
  const objects = rendered.get(label) ?? [];
  expect(objects.length).toBeGreaterThan(10);
  expect(check(objects)).toEqual([]);
});

test("a misspelt or misplaced field is reported with its path", () => {
  const deployment = rendered.get("deploy/overlays/production")?.find((o) => o.kind === "Deployment");
  if (!deployment) throw new Error("no Deployment rendered");
  const broken = structuredClone(deployment);
  const container = broken.spec.template.spec.containers[0];
  container.livenessprobe = container.livenessProbe;
  container.securityContext.readOnlyRootFileSystem = true;
  broken.spec.templates = {};
  const at = `Deployment ${deployment.metadata?.name}`;
  expect(check([broken]).sort()).toEqual(
    [
      `${at}.spec.template.spec.containers[0].livenessprobe: unknown field`,
      `${at}.spec.template.spec.containers[0].securityContext.readOnlyRootFileSystem: unknown field`,
      `${at}.spec.templates: unknown field`,
    ].sort(),
  );
});
