// GitHub login through the whole stack against a STAND-IN of GitHub's OAuth flow and REST API
// (tests/kit's: it checks the client secret, the single-use code, the exact redirect URI, the PKCE
// verifier and the Accept header as GitHub does). The site points at it with OAUTH_GITHUB_URL.
import { randomBytes } from "node:crypto";
import { type GithubStandIn, startGithubStandIn } from "@wenku/testkit/oauth";
import { loginAdmin, rest, startTestStack } from "./testing.js";

const GITHUB = 4;
let stack: Awaited<ReturnType<typeof startTestStack>>;
let github: GithubStandIn;
let admin: string;
const call = (method: string, path: string, body?: unknown, token?: string) =>
  rest(stack.url, method, path, body, token);

async function save(values: Record<string, string>) {
  const config = Object.entries(values).map(([name, value]) => ({ category: "oauthGithub", name, value }));
  expect((await call("PUT", "/api/v1/config", { config }, admin)).status).toBe(200);
}

/** The browser's part: start, follow the stand-in's redirect back to /oauth/github, finish. */
async function login() {
  const key = randomBytes(32).toString("base64url");
  const started = await call("POST", "/api/v1/oauth/start", { oauth_type: GITHUB, browser_key: key });
  expect(started.status).toBe(200);
  const res = await fetch(started.json.authorize_url as string, { redirect: "manual" });
  const back = new URL(res.headers.get("location") ?? "");
  expect(`${back.origin}${back.pathname}`).toBe(`${stack.url}/oauth/github`);
  return call("POST", "/api/v1/oauth/login", {
    oauth_type: GITHUB,
    code: back.searchParams.get("code"),
    state: back.searchParams.get("state"),
    browser_key: key,
  });
}

beforeAll(async () => {
  github = await startGithubStandIn();
  stack = await startTestStack({
    env: { FETCH_ALLOW_HOSTS: "127.0.0.1", OAUTH_GITHUB_URL: github.url, OAUTH_GITHUB_API_URL: github.url },
  });
  github.redirectUri = `${stack.url}/oauth/github`;
  admin = await loginAdmin(stack.url);
  const domain = [{ category: "system", name: "domain", value: stack.url }];
  expect((await call("PUT", "/api/v1/config", { config: domain }, admin)).status).toBe(200);
}, 60_000);
afterAll(async () => {
  await Promise.all([stack.stop(), github.close()]);
});

test("GitHub stand-in: off until enabled; the login goes through with the verified primary e-mail", async () => {
  const off = await call("POST", "/api/v1/oauth/start", { oauth_type: GITHUB, browser_key: "k".repeat(40) });
  expect([off.status, off.json.message]).toEqual([400, "该第三方登录方式未启用"]);
  await save({ enable: "true", client_id: github.clientId, client_secret: github.clientSecret });
  const configs = await call("GET", "/api/v1/oauth/configs");
  expect(configs.json.oauths).toEqual([
    expect.objectContaining({ type: GITHUB, name: "GitHub", redirect_url: `${stack.url}/oauth/github`, enable: true }),
  ]);
  expect(configs.text).not.toContain(github.clientSecret);

  const first = await login();
  expect(first.status).toBe(200);
  expect(first.json.oauth).toMatchObject({
    oauth_type: GITHUB,
    openid: "583231",
    username: "octocat",
    nickname: "The Octocat",
    email: "octocat@example.com",
  });
  expect(github.tokenAnswers.at(-1)).toBe("");
  const session = (first.json.oauth as { session: string }).session;
  const created = await call("POST", "/api/v1/oauth/register", {
    oauth_type: GITHUB,
    openid: "583231",
    session,
    username: "octocat",
  });
  expect(created.status).toBe(200);
  expect(created.json.user).toMatchObject({ username: "octocat", email: "octocat@example.com" });
  const again = await login();
  expect((again.json.user as { id: number }).id).toBe((created.json.user as { id: number }).id);
});

test("GitHub stand-in: a wrong client secret is refused with a sentence naming the settings", async () => {
  await save({ enable: "true", client_id: github.clientId, client_secret: "not-the-secret" });
  const r = await login();
  expect([r.status, r.json.message]).toEqual([
    400,
    "第三方登录失败：网站的第三方登录配置有误（Client ID 或密钥），请联系管理员",
  ]);
  expect(github.tokenAnswers.at(-1)).toBe("incorrect_client_credentials");
  await save({ client_secret: github.clientSecret });
});
