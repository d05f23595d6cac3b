// A presented bearer token that is no live session gets 401 on every route, public ones included
// (RFC 6750 §3.1), so clients drop a dead session instead of silently running anonymous. No token
// at all is a visitor as before.
import { createHmac } from "node:crypto";
import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { AccessLevel, accessRuleOf } from "@wenku/kit";
import { ConfigAPI } from "@wenku/proto/api/v1/config_pb.js";
import { contractRoutes } from "@wenku/testkit/routes";
import pg from "pg";
import { admin, stack, useSite } from "./site.fixture.js";
import { rest } from "./testing.js";

const EXPIRED = "登录已失效，请重新登录";

useSite();

let seq = 0;
async function register(): Promise<{ token: string; id: number; username: string }> {
  const username = `sess${++seq}`;
  const r = await rest(stack.url, "POST", "/api/v1/user/register", { username, password: "secret123" });
  expect(r.status).toBe(200);
  return { token: r.json.token as string, id: (r.json.user as { id: number }).id, username };
}

/** The claims of one of our tokens, read without verifying. */
function claimsOf(token: string): { sub: string; sid: string } {
  return JSON.parse(Buffer.from(token.split(".")[1] as string, "base64url").toString()) as { sub: string; sid: string };
}

/**
 * `token` with its claims edited and signed again, HS256 with `secret` as the site signs its tokens:
 * forged from a token the site issued, so only what the edit or the secret changes differs.
 */
function resigned(token: string, secret: string, edit = (claims: Record<string, unknown>) => claims): string {
  const [header, payload] = token.split(".") as [string, string];
  const claims = edit(JSON.parse(Buffer.from(payload, "base64url").toString()) as Record<string, unknown>);
  const signed = `${header}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}`;
  return `${signed}.${createHmac("sha256", secret).update(signed).digest("base64url")}`;
}

const publicRoutes = ["/api/v1/settings", "/api/v1/document/list"];

async function expectRefused(token: string) {
  for (const path of publicRoutes) {
    const r = await rest(stack.url, "GET", path, undefined, token);
    expect([path, r.status, r.json.code, r.json.message]).toEqual([path, 401, 16, EXPIRED]);
  }
}

describe("a dead token → 401 on public routes", () => {
  test("without a token the public routes answer 200", async () => {
    for (const path of publicRoutes) expect((await rest(stack.url, "GET", path)).status).toBe(200);
  });

  test("garbage, and a JWT signed with another secret", async () => {
    await expectRefused("garbage");
    const foreign = resigned((await register()).token, "x".repeat(64), (c) => ({
      ...c,
      exp: Math.floor(Date.now() / 1000) + 3600,
    }));
    await expectRefused(foreign);
  });

  test("a JWT of a real session whose exp has passed (signed with the site's secret)", async () => {
    // the forgery itself is sound: signed again unchanged, another session's token still works
    const intact = resigned((await register()).token, stack.jwtSecret);
    for (const path of publicRoutes) expect((await rest(stack.url, "GET", path, undefined, intact)).status).toBe(200);
    const expired = resigned((await register()).token, stack.jwtSecret, (c) => ({
      ...c,
      exp: Math.floor(Date.now() / 1000) - 60,
    }));
    await expectRefused(expired);
  });

  test("a session that expired in the database", async () => {
    // (not used before it expires: a live answer may be cached for 10 s, capped at the JWT's exp)
    const { token } = await register();
    const db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    try {
      await db.query("UPDATE wenku_user.sessions SET expires_at = now() - interval '1 minute' WHERE id = $1", [
        claimsOf(token).sid,
      ]);
    } finally {
      await db.end();
    }
    await expectRefused(token);
  });

  test("logged out: refused at once, on the very next request (the logout broadcast drops the caches)", async () => {
    const { token } = await register();
    for (const path of publicRoutes) expect((await rest(stack.url, "GET", path, undefined, token)).status).toBe(200);
    expect((await rest(stack.url, "DELETE", "/api/v1/user/logout", undefined, token)).status).toBe(200);
    await expectRefused(token);
  });

  test("a disabled account's token", async () => {
    const user = await register();
    expect((await rest(stack.url, "GET", "/api/v1/document/list", undefined, user.token)).status).toBe(200);
    const set = await rest(stack.url, "PUT", "/api/v1/user/profile", { id: user.id, status: 1 }, admin);
    expect(set.status).toBe(200);
    await expectRefused(user.token);
  });

  test("every PUBLIC REST route refuses a garbage token", async () => {
    const concrete = (template: string) => template.replace(/\{[^}]+\}/g, "1");
    // (HealthAPI's GET /health sits outside /api/v1 and is not served as REST; probes use /healthz)
    const routes = contractRoutes().filter(
      (r) => accessRuleOf(r.method).level === AccessLevel.PUBLIC && r.template.startsWith("/api/v1/"),
    );
    expect(routes.length).toBeGreaterThan(20);
    for (const r of routes) {
      const body = r.body ? {} : undefined;
      const res = await rest(stack.url, r.verb, concrete(r.template), body, "garbage");
      expect([`${r.verb} ${r.template}`, res.status, res.json.code]).toEqual([`${r.verb} ${r.template}`, 401, 16]);
    }
  });

  test("login and register are not exempt; without the dead token they work (how a client recovers)", async () => {
    const { username } = await register();
    const body = { username, password: "secret123" };
    const refused = await rest(stack.url, "POST", "/api/v1/user/login", body, "garbage");
    expect([refused.status, refused.json.message]).toEqual([401, EXPIRED]);
    // RFC 6750 §3.1: the challenge says the token is the problem, so a client drops it
    const raw = await fetch(`${stack.url}/api/v1/settings`, { headers: { authorization: "Bearer garbage" } });
    expect(raw.headers.get("www-authenticate")).toBe('Bearer error="invalid_token"');
    expect((await rest(stack.url, "POST", "/api/v1/user/login", body)).status).toBe(200);
  });
});

describe("the Connect protocol and the file routes", () => {
  test("Connect: Unauthenticated with the message; without the token the call succeeds", async () => {
    const client = createClient(ConfigAPI, createConnectTransport({ baseUrl: stack.url, httpVersion: "1.1" }));
    const err = await client.getSettings({}, { headers: { authorization: "Bearer garbage" } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectError);
    expect([(err as ConnectError).code, (err as ConnectError).rawMessage]).toEqual([Code.Unauthenticated, EXPIRED]);
    await expect(client.getSettings({})).resolves.toBeDefined();
  });

  test("/view/cover, /view/page and /download inherit the rule from the content service's interceptor", async () => {
    const paths = ["/view/cover/999999", "/view/page/999999/1.svg", "/download/abc.def"];
    for (const path of paths) {
      const dead = await fetch(stack.url + path, { headers: { authorization: "Bearer garbage" } });
      expect([path, dead.status, ((await dead.json()) as { code: number }).code]).toEqual([path, 401, 16]);
      const anonymous = await fetch(stack.url + path); // no such document or link: 404 / 403, not 401
      expect([path, [403, 404].includes(anonymous.status)]).toEqual([path, true]);
      await anonymous.body?.cancel();
    }
  });

  test("upload with a dead token → 401", async () => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array([1, 2, 3])]), "a.pdf");
    const res = await fetch(`${stack.url}/api/v1/upload/document`, {
      method: "POST",
      body: form,
      headers: { authorization: "Bearer garbage" },
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toBe(EXPIRED);
  });
});
