// The faces of the production packages (services/*, gateway): what their package.json "exports"
// name is production code, curated. No entry for tests (./testing, ./fixtures, anything under test/),
// no `export *` chain in an entry file, and @wenku/testkit only among the dev dependencies.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const packages = [
  ...readdirSync(join(root, "services"), { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(root, "services", d.name, "package.json")))
    .map((d) => `services/${d.name}`),
  "gateway",
];
type Manifest = { name: string; exports?: Record<string, string>; dependencies?: Record<string, string> };
const manifest = (dir: string) => JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8")) as Manifest;

test("the production packages are found", () => {
  expect(packages).toEqual(expect.arrayContaining(["services/kit", "services/user", "services/content", "gateway"]));
});

test.each(packages)("%s exports nothing for tests and no export * chain", (dir) => {
  const m = manifest(dir);
  const entries = Object.entries(m.exports ?? {});
  expect(entries.length).toBeGreaterThan(0);
  for (const [sub, file] of entries) {
    expect([sub, /(^|\/)(testing|fixtures?|test|tests|standins?)$/.test(sub.replace(/^\.\//, ""))]).toEqual([
      sub,
      false,
    ]);
    expect([sub, file.startsWith("./src/") && !/\/test\/|\.(testing|fixtures?|standin)\./.test(file)]).toEqual([
      sub,
      true,
    ]);
    const text = readFileSync(join(root, dir, file), "utf8");
    expect([file, /^\s*export\s+(type\s+)?\*/m.test(text)]).toEqual([file, false]);
  }
  expect(Object.keys(m.dependencies ?? {})).not.toContain("@wenku/testkit");
});
