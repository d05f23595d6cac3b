/**
 * @jest-environment node
 */

import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { describe, expect, it } from "@jest/globals";
import { NavigationAPI } from "@wenku/proto/api/v1/navigation_pb.js";
import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { toApiError } from "./errors.js";
import { CLIENT_NONCE_HEADER, clientNonce, createTransport, REQUEST_TIMEOUT_MS, SIGN_IN_METHODS } from "./transport.js";

/** A fetch standing in for the gateway: records each request and answers an empty navigation list. */
function recordingFetch() {
  const requests: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request);
    return new Response(JSON.stringify({ total: "0", navigation: [] }), {
      status: 200,
      headers: { "Content-Type": "application/json" },
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

describe("transport", () => {
  it("calls Connect JSON at the origin with a bearer token and a 30 s timeout", async () => {
    const { fetch, requests } = recordingFetch();
    let token = "";
    const client = createClient(
      NavigationAPI,
      createTransport({ baseUrl: "http://wenku.test", getToken: () => token, fetch }),
    );

    await client.listNavigation({ page: 1n, size: 10n });
    token = "secret-token";
    const reply = await client.listNavigation({ page: 1n, size: 10n });

    expect(reply.navigation).toEqual([]);
    const [anonymous, loggedIn] = requests;
    expect(anonymous?.url).toBe("http://wenku.test/api.v1.NavigationAPI/ListNavigation");
    expect(anonymous?.headers.get("Content-Type")).toBe("application/json");
    expect(anonymous?.headers.has("Authorization")).toBe(false);
    expect(loggedIn?.headers.get("Authorization")).toBe("Bearer secret-token");
    expect(loggedIn?.headers.get("Connect-Timeout-Ms")).toBe(String(REQUEST_TIMEOUT_MS));
  });

  it("sends this browser's random id with every call (captchas are bound to it), the same one each visit", async () => {
    const kept = new Map<string, string>();
    const storage = { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => kept.set(k, v) };
    const nonce = clientNonce(storage);
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(clientNonce(storage)).toBe(nonce);
    expect(clientNonce(undefined)).not.toBe(nonce);
    const { fetch, requests } = recordingFetch();
    const client = createClient(
      UserAPI,
      createTransport({ baseUrl: "http://wenku.test", getToken: () => "", fetch, nonce }),
    );
    await client.getUserCaptcha({ type: "login" }).catch(() => undefined);
    expect(requests[0]?.headers.get(CLIENT_NONCE_HEADER)).toBe(nonce);
  });
});

/**
 * A gateway that refuses the token "dead" (and any token on `refuseAll`) the way the server does:
 * Connect error JSON, HTTP 401. Other calls get `answer` (an empty navigation list by default).
 */
function gateway(options: { refuseAll?: boolean; anonymous?: "ok" | "401" | "403" } = {}) {
  const requests: Request[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request);
    const auth = request.headers.get("Authorization");
    if (auth === "Bearer dead" || (auth && options.refuseAll)) {
      return json(401, { code: "unauthenticated", message: "登录已失效，请重新登录" });
    }
    if (!auth && options.anonymous === "401") return json(401, { code: "unauthenticated", message: "请先登录" });
    if (options.anonymous === "403") return json(403, { code: "permission_denied", message: "您没有权限执行该操作" });
    if (request.url.endsWith("/Login")) return json(200, { token: "fresh" });
    return json(200, { total: "0", navigation: [] });
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

function clients(token: string, fetch: typeof globalThis.fetch) {
  const rejected: string[] = [];
  const transport = createTransport({
    baseUrl: "http://wenku.test",
    getToken: () => token,
    onTokenRejected: (t) => rejected.push(t),
    fetch,
  });
  return { navigation: createClient(NavigationAPI, transport), users: createClient(UserAPI, transport), rejected };
}

describe("a dead session (401 to a call that carried the token)", () => {
  it("ends the session once and repeats the call without the token, so public pages keep working", async () => {
    const { fetch, requests } = gateway();
    const { navigation, rejected } = clients("dead", fetch);
    const reply = await navigation.listNavigation({});
    expect(reply.navigation).toEqual([]);
    expect(rejected).toEqual(["dead"]);
    expect(requests.map((r) => r.headers.get("Authorization"))).toEqual(["Bearer dead", null]);
  });

  it("a call that needs a login then fails with the server's answer, and is not repeated again", async () => {
    const { fetch, requests } = gateway({ anonymous: "401" });
    const { navigation, rejected } = clients("dead", fetch);
    const error = await navigation.listNavigation({}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectError);
    expect([(error as ConnectError).code, (error as ConnectError).rawMessage]).toEqual([
      Code.Unauthenticated,
      "请先登录",
    ]);
    expect(rejected).toEqual(["dead"]);
    expect(requests).toHaveLength(2);
  });

  it("a 401 to a call without a token ends nothing and is not repeated", async () => {
    const { fetch, requests } = gateway({ anonymous: "401" });
    const { navigation, rejected } = clients("", fetch);
    await expect(navigation.listNavigation({})).rejects.toBeInstanceOf(ConnectError);
    expect(rejected).toEqual([]);
    expect(requests).toHaveLength(1);
  });

  it("other refusals (403) keep the session and are not repeated", async () => {
    const { fetch, requests } = gateway({ anonymous: "403" });
    const { navigation, rejected } = clients("live", fetch);
    const error = await navigation.listNavigation({}).catch((e: unknown) => e);
    expect((error as ConnectError).code).toBe(Code.PermissionDenied);
    expect(rejected).toEqual([]);
    expect(requests).toHaveLength(1);
  });

  it("log in, register, captcha and password recovery never carry the stored token", async () => {
    const { fetch, requests } = gateway({ refuseAll: true });
    const { users, rejected } = clients("dead", fetch);
    expect((await users.login({ username: "amy", password: "secret123" })).token).toBe("fresh");
    expect(requests.map((r) => [new URL(r.url).pathname, r.headers.get("Authorization")])).toEqual([
      ["/api.v1.UserAPI/Login", null],
    ]);
    expect(rejected).toEqual([]);
    expect([...SIGN_IN_METHODS].map((m) => m.name).sort()).toEqual([
      "FindPasswordByMobile",
      "FindPasswordStepOne",
      "FindPasswordStepTwo",
      "GetUserCaptcha",
      "Login",
      "LoginByMobile",
      "Register",
      "RegisterByMobile",
      "SendEmailCode",
    ]);
  });

  it("a header set by the caller is left alone and its 401 is the caller's business", async () => {
    const { fetch, requests } = gateway();
    const { navigation, rejected } = clients("live", fetch);
    await expect(navigation.listNavigation({}, { headers: { Authorization: "Bearer dead" } })).rejects.toBeInstanceOf(
      ConnectError,
    );
    expect(rejected).toEqual([]);
    expect(requests).toHaveLength(1);
  });
});

describe("toApiError", () => {
  it("keeps the server's message and maps the code to an HTTP status", () => {
    expect(toApiError(new ConnectError("用户名或密码错误", Code.InvalidArgument), "登录失败")).toEqual({
      status: 400,
      code: Code.InvalidArgument,
      message: "用户名或密码错误",
    });
    expect(toApiError(new ConnectError("", Code.NotFound), "x").status).toBe(404);
  });

  it("uses the fallback when the server gave no message or the network failed", () => {
    expect(toApiError(new ConnectError("", Code.Internal), "查询系统设置失败").message).toBe("查询系统设置失败");
    const offline = new ConnectError("Failed to fetch", Code.Unknown, undefined, undefined, new TypeError("x"));
    expect(toApiError(offline, "登录失败")).toMatchObject({ status: 500, message: "登录失败" });
    expect(toApiError(new Error("boom"), "注册失败")).toEqual({ status: 500, code: Code.Unknown, message: "注册失败" });
  });
});
