// deploy/components/elasticsearch: an operator's overlay of production plus the component puts the
// content service's search on Elasticsearch; only wenku-content gets the settings, from the right places.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Deployable, deployables, schemaOf } from "./deployables.js";
import { type Container, find, type K8sObject, renderComposed, repoRoot, resolveEnv } from "./manifests.js";

describe("deploy/components/elasticsearch on the production overlay", () => {
  let objects: K8sObject[] = [];
  beforeAll(() => {
    // an overlay of the operator's: production plus the component
    objects = renderComposed("deploy/overlays/production", ["deploy/components/elasticsearch"]);
  });

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
