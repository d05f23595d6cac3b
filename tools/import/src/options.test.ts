import { parseOptions, UsageError } from "./options.js";

const env = { WENKU_URL: "http://site.example/", WENKU_TOKEN: "t", INIT_CWD: "/srv" };

test("defaults, the folder taken from where npm was run, flags over the environment", () => {
  expect(parseOptions(["lib"], env)).toMatchObject({
    folder: "/srv/lib",
    url: "http://site.example",
    auth: { token: "t" },
    category: "",
    price: 0,
    dryRun: false,
    concurrency: 3,
    timeoutMs: 600_000,
    retries: 4,
  });
  expect(
    parseOptions(["/abs", "--url", "https://x.example/wenku/", "--user-name", "admin", "--password", "pw"], env),
  ).toMatchObject({ folder: "/abs", url: "https://x.example/wenku", auth: { username: "admin", password: "pw" } });
});

test.each([
  [[], "请给出一个要导入的文件夹"],
  [["a", "b"], "请给出一个要导入的文件夹"],
  [["a", "--price", "-1"], "--price"],
  [["a", "--price", "1.5"], "--price"],
  [["a", "--price", "2147483648"], "--price"],
  [["a", "--concurrency", "9"], "--concurrency"],
  [["a", "--retries", "x"], "--retries"],
  [["a", "--nope"], "nope"],
  [["a", "--user", "bob"], "--user 暂不支持"],
  [["a", "--url", "ftp://x"], "http(s)"],
  [["a", "--user-name", "admin"], "密码"],
])("%j is a usage error naming the problem", (argv, message) => {
  expect(() => parseOptions(argv, env)).toThrow(UsageError);
  expect(() => parseOptions(argv, env)).toThrow(message);
});

test("no site or no credentials: a usage error", () => {
  expect(() => parseOptions(["a"], { WENKU_TOKEN: "t" })).toThrow("WENKU_URL");
  expect(() => parseOptions(["a"], { WENKU_URL: "http://x" })).toThrow("WENKU_TOKEN");
});
