/**
 * @jest-environment node
 */

import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it } from "@jest/globals";
import { NavigationAPI } from "@wenku/proto/api/v1/navigation_pb.js";
import { createClient } from "./client.js";
import { toApiError } from "./errors.js";
import { createTransport, REQUEST_TIMEOUT_MS } from "./transport.js";

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
