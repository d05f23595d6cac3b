// Which paths are pages of the web app: react-router patterns from dist/routes.json.
import { mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compilePattern, createRouteSource, parseRoutesJson, routeTable } from "./routes.js";

const segs = (p: string) => p.split("/").filter(Boolean);

describe("compilePattern", () => {
  test("static segments match case-insensitively and exactly", () => {
    const m = compilePattern("/me/profile");
    expect(m(segs("/me/profile"))).toBe(true);
    expect(m(segs("/ME/Profile/"))).toBe(true);
    expect(m(segs("/me"))).toBe(false);
    expect(m(segs("/me/profile/x"))).toBe(false);
  });

  test(":param takes one segment; :param? may be absent", () => {
    expect(compilePattern("/category/:id")(segs("/category/7"))).toBe(true);
    expect(compilePattern("/category/:id")(segs("/category"))).toBe(false);
    const doc = compilePattern("/document/:id?");
    expect(doc(segs("/document"))).toBe(true);
    expect(doc(segs("/document/12"))).toBe(true);
    expect(doc(segs("/document/12/x"))).toBe(false);
    const user = compilePattern("/user/:id?/article");
    expect(user(segs("/user/3/article"))).toBe(true);
    expect(user(segs("/user/article"))).toBe(true);
    expect(user(segs("/user/3"))).toBe(false);
  });

  test("a trailing * takes the rest; / is only the root", () => {
    expect(compilePattern("/files/*")(segs("/files/a/b"))).toBe(true);
    expect(compilePattern("/")(segs("/"))).toBe(true);
    expect(compilePattern("/")(segs("/x"))).toBe(false);
  });
});

describe("routeTable", () => {
  test("a path is a page when any pattern matches", () => {
    const t = routeTable(["/", "/document/:id?", "/admin/user/list"]);
    expect(t.isPage("/")).toBe(true);
    expect(t.isPage("/document/5")).toBe(true);
    expect(t.isPage("/admin/user/list")).toBe(true);
    expect(t.isPage("/admin/nope")).toBe(false);
    expect(t.isPage("/wp-login.php")).toBe(false);
  });

  test("without a routes.json every path is a page", () => {
    expect(routeTable(null).isPage("/anything")).toBe(true);
  });

  test("routes.json must be a list of absolute patterns", () => {
    expect(parseRoutesJson('{"routes":["/","/a/:b"]}')).toEqual(["/", "/a/:b"]);
    expect(() => parseRoutesJson('{"routes":["a"]}')).toThrow(/absolute/);
    expect(() => parseRoutesJson("[]")).toThrow();
    expect(() => parseRoutesJson("{")).toThrow();
  });
});

describe("createRouteSource", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "wenku-routes-"));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  test("re-reads routes.json after a new build; a missing or broken file warns once and allows every path", async () => {
    const warnings: string[] = [];
    const source = createRouteSource(dir, (m) => warnings.push(m));
    expect((await source()).isPage("/x")).toBe(true);
    expect((await source()).isPage("/y")).toBe(true);
    expect(warnings).toHaveLength(1);

    const file = join(dir, "routes.json");
    await writeFile(file, '{"routes":["/x"]}');
    expect((await source()).isPage("/y")).toBe(false);
    await writeFile(file, '{"routes":["/y"]}');
    await utimes(file, new Date(), new Date(Date.now() + 5_000)); // a later build
    expect((await source()).isPage("/y")).toBe(true);

    await writeFile(file, "{broken");
    await utimes(file, new Date(), new Date(Date.now() + 10_000));
    expect((await source()).isPage("/z")).toBe(true);
    expect(warnings).toHaveLength(2);
  });

  test("page views at once share one look at routes.json; a view after it looks again", async () => {
    const file = join(dir, "routes.json");
    await writeFile(file, '{"routes":["/x"]}');
    const source = createRouteSource(dir, () => undefined);
    const first = source();
    expect(source()).toBe(first); // one stat for both
    expect((await first).isPage("/y")).toBe(false);
    await writeFile(file, '{"routes":["/y"]}');
    await utimes(file, new Date(), new Date(Date.now() + 5_000));
    expect(source()).not.toBe(first);
    expect((await source()).isPage("/y")).toBe(true);
  });
});
