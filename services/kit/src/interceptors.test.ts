// The observe → access interceptor chain over a real contract service (UserAPI, AuthzInternalAPI)
// with a router transport: no network, a fake Authorizer and a tiny fake implementation.
import { Writable } from "node:stream";
import { create } from "@bufbuild/protobuf";
import { EmptySchema } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError, createClient, createRouterTransport } from "@connectrpc/connect";
import { FileChunkSchema } from "@wenku/proto/api/v1/attachment_pb.js";
import { DocumentAPI } from "@wenku/proto/api/v1/document_pb.js";
import { AuthorizeReplySchema, AuthzInternalAPI } from "@wenku/proto/api/v1/user_internal_pb.js";
import { UserAPI, UserSchema } from "@wenku/proto/api/v1/user_pb.js";
import { pino } from "pino";
import { Counter, Histogram, Registry } from "prom-client";
import { type Authorization, type Authorizer, anonymous } from "./authorizer.js";
import { accessMessages, DomainError, type ErrorKind } from "./errors.js";
import { actor, type CallContext, headers } from "./identity.js";
import { accessInterceptor, observeInterceptor, type SiteGate } from "./interceptors.js";
import type { Metrics } from "./metrics.js";

const TOKEN = "t".repeat(40);

interface Harness {
  user: ReturnType<typeof createClient<typeof UserAPI>>;
  authz: ReturnType<typeof createClient<typeof AuthzInternalAPI>>;
  /** The call context the last handler saw (undefined: no handler ran). */
  seen: () => CallContext | undefined;
  /** Makes the next GetUser handler throw this. */
  failWith: (err: unknown) => void;
  authorizeCalls: Array<[string, string]>;
  logs: Array<Record<string, unknown>>;
  metrics: Metrics;
}

const users: Record<string, Authorization> = {
  member: { userId: 7n, sessionId: "s7", granted: false, staff: false, expiresAt: 0 },
  granted: { userId: 8n, sessionId: "s8", granted: true, staff: true, expiresAt: 0 },
  staff: { userId: 9n, sessionId: "s9", granted: false, staff: true, expiresAt: 0 },
};

function harness(opts: { siteGate?: SiteGate } = {}): Harness {
  let seen: CallContext | undefined;
  let failure: { err: unknown } | undefined;
  const authorizeCalls: Array<[string, string]> = [];
  const authorizer: Authorizer = {
    async authorize(token, method) {
      authorizeCalls.push([token, method]);
      return users[token] ?? anonymous;
    },
  };
  const logs: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      for (const line of String(chunk).split("\n").filter(Boolean)) logs.push(JSON.parse(line));
      cb();
    },
  });
  const registry = new Registry();
  const metrics: Metrics = {
    registry,
    rpcDuration: new Histogram({ name: "d", help: "d", labelNames: ["rpc", "code"] as const, registers: [registry] }),
    rpcTotal: new Counter({ name: "t", help: "t", labelNames: ["rpc", "code"] as const, registers: [registry] }),
  };
  const transport = createRouterTransport(
    (router) => {
      router.service(UserAPI, {
        async getUser(req, ctx) {
          seen = actor(ctx);
          if (failure) {
            const { err } = failure;
            failure = undefined;
            throw err;
          }
          return create(UserSchema, { id: req.id, username: "u" });
        },
        async login(_req, ctx) {
          seen = actor(ctx);
          return { token: "new" };
        },
        async logout(_req, ctx) {
          seen = actor(ctx);
          return create(EmptySchema);
        },
        async canIUploadDocument(_req, ctx) {
          seen = actor(ctx);
          return create(EmptySchema);
        },
        async deleteUser(_req, ctx) {
          seen = actor(ctx);
          return create(EmptySchema);
        },
      });
      router.service(AuthzInternalAPI, {
        async authorize(_req, ctx) {
          seen = actor(ctx);
          return create(AuthorizeReplySchema, { userId: 1n });
        },
      });
    },
    {
      router: {
        interceptors: [
          observeInterceptor(pino({ level: "info" }, sink), metrics),
          accessInterceptor({ authorizer, internalToken: TOKEN, siteGate: opts.siteGate }),
        ],
      },
    },
  );
  return {
    user: createClient(UserAPI, transport),
    authz: createClient(AuthzInternalAPI, transport),
    seen: () => seen,
    failWith: (err) => {
      failure = { err };
    },
    authorizeCalls,
    logs,
    metrics,
  };
}

async function refusal(call: Promise<unknown>): Promise<ConnectError> {
  try {
    await call;
  } catch (err) {
    if (err instanceof ConnectError) return err;
    throw err;
  }
  throw new Error("expected the call to fail");
}

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

describe("observeInterceptor", () => {
  const kinds: Array<[ErrorKind, Code]> = [
    ["invalid_argument", Code.InvalidArgument],
    ["unauthenticated", Code.Unauthenticated],
    ["permission_denied", Code.PermissionDenied],
    ["not_found", Code.NotFound],
    ["already_exists", Code.AlreadyExists],
    ["failed_precondition", Code.FailedPrecondition],
    ["resource_exhausted", Code.ResourceExhausted],
    ["unimplemented", Code.Unimplemented],
    ["unavailable", Code.Unavailable],
    ["internal", Code.Internal],
  ];

  test.each(kinds.map(([kind, code]) => [kind, Code[code], code] as const))(
    "DomainError %s → Code.%s with the domain's message",
    async (kind, _name, code) => {
      const h = harness();
      h.failWith(new DomainError(kind, "用户不存在"));
      const err = await refusal(h.user.getUser({ id: 1n }));
      expect(err.code).toBe(code);
      expect(err.rawMessage).toBe("用户不存在");
    },
  );

  test("a ConnectError thrown by the handler passes through unchanged", async () => {
    const h = harness();
    h.failWith(new ConnectError("慢一点", Code.ResourceExhausted));
    const err = await refusal(h.user.getUser({}));
    expect([err.code, err.rawMessage]).toEqual([Code.ResourceExhausted, "慢一点"]);
  });

  test("an unknown Error → Internal with a generic message; the cause is logged, never sent", async () => {
    const h = harness();
    h.failWith(new Error("connect ECONNREFUSED postgres://admin:s3cret@db:5432"));
    const err = await refusal(h.user.getUser({}, { headers: { [headers.requestId]: "req-1" } }));
    expect(err.code).toBe(Code.Internal);
    expect(err.rawMessage).toBe(accessMessages.internal);
    expect(JSON.stringify({ message: err.message, details: err.details, meta: [...err.metadata] })).not.toContain(
      "s3cret",
    );
    const logged = h.logs.find((l) => l.msg === "unhandled error");
    expect(logged).toMatchObject({ rpc: "/api.v1.UserAPI/GetUser", request_id: "req-1", level: 50 });
    expect(JSON.stringify(logged)).toContain("ECONNREFUSED");
  });

  test("a thrown non-Error value → Internal too", async () => {
    const h = harness();
    h.failWith("boom");
    const err = await refusal(h.user.getUser({}));
    expect([err.code, err.rawMessage]).toEqual([Code.Internal, accessMessages.internal]);
  });

  test("one log line per RPC with {rpc, code, ms} and the request id", async () => {
    const h = harness();
    await h.user.getUser({}, { headers: { [headers.requestId]: "req-ok" } });
    h.failWith(new DomainError("not_found", "x"));
    await refusal(h.user.getUser({}));
    const lines = h.logs.filter((l) => "code" in l && "ms" in l);
    expect(lines.map((l) => [l.rpc, l.code, l.request_id])).toEqual([
      ["/api.v1.UserAPI/GetUser", "ok", "req-ok"],
      ["/api.v1.UserAPI/GetUser", "NotFound", undefined],
    ]);
    expect(typeof lines[0]?.ms).toBe("number");
  });

  test("metrics count RPCs by rpc and code, refusals by the access policy included", async () => {
    const h = harness();
    await h.user.getUser({});
    await h.user.getUser({});
    await refusal(h.user.canIUploadDocument({}));
    const counted = (await h.metrics.rpcTotal.get()).values.map((v) => [v.labels.rpc, v.labels.code, v.value]);
    expect(counted).toEqual(
      expect.arrayContaining([
        ["/api.v1.UserAPI/GetUser", "ok", 2],
        ["/api.v1.UserAPI/CanIUploadDocument", "Unauthenticated", 1],
      ]),
    );
    expect((await h.metrics.rpcDuration.get()).values.find((v) => v.metricName === "d_count")?.value).toBe(2);
  });
});

describe("accessInterceptor: internal RPCs", () => {
  test("refused without the internal header, and the handler never runs", async () => {
    const h = harness();
    const err = await refusal(h.authz.authorize({ token: "x" }));
    expect([err.code, err.rawMessage]).toEqual([Code.PermissionDenied, accessMessages.internalOnly]);
    expect(h.seen()).toBeUndefined();
  });

  test("refused with a wrong token, one of another length, or the edge header", async () => {
    const h = harness();
    for (const hdrs of [
      { [headers.internal]: "u".repeat(40) },
      { [headers.internal]: `${TOKEN}x` },
      { [headers.internal]: "" },
      { [headers.edge]: TOKEN },
      { authorization: `Bearer ${TOKEN}` },
    ]) {
      expect((await refusal(h.authz.authorize({}, { headers: hdrs }))).code).toBe(Code.PermissionDenied);
    }
    expect(h.seen()).toBeUndefined();
  });

  test("allowed with the internal header; the context says internal, no identity, no authorizer call", async () => {
    const h = harness();
    const reply = await h.authz.authorize(
      {},
      { headers: { [headers.internal]: TOKEN, authorization: "Bearer member" } },
    );
    expect(reply.userId).toBe(1n);
    expect(h.seen()).toEqual({
      identity: null,
      internal: true,
      clientIp: "",
      userAgent: "",
      clientNonce: "",
      requestId: "",
    });
    expect(h.authorizeCalls).toEqual([]);
  });
});

describe("accessInterceptor: client address", () => {
  test("the edge header with the right token vouches for x-wenku-client-ip and x-wenku-user-agent", async () => {
    const h = harness();
    const client = { [headers.clientIp]: "198.51.100.9", [headers.userAgent]: "Mozilla/5.0 test" };
    await h.user.getUser({}, { headers: { [headers.edge]: TOKEN, ...client } });
    expect(h.seen()).toMatchObject({ clientIp: "198.51.100.9", userAgent: "Mozilla/5.0 test", internal: false });
    await h.user.getUser({}, { headers: { [headers.edge]: "nope", ...client } });
    expect(h.seen()).toMatchObject({ clientIp: "", userAgent: "" });
  });

  test("the internal header vouches for it too", async () => {
    const h = harness();
    await h.user.getUser({}, { headers: { [headers.internal]: TOKEN, [headers.clientIp]: "198.51.100.9" } });
    expect(h.seen()).toMatchObject({ clientIp: "198.51.100.9", internal: true });
  });

  test("a wrong edge token or none: the client-supplied address is ignored", async () => {
    const h = harness();
    await h.user.getUser({}, { headers: { [headers.edge]: "nope", [headers.clientIp]: "1.2.3.4" } });
    expect(h.seen()?.clientIp).toBe("");
    await h.user.getUser({}, { headers: { [headers.clientIp]: "1.2.3.4" } });
    expect(h.seen()?.clientIp).toBe("");
  });

  test("the edge header does not make a call internal", async () => {
    const h = harness();
    await h.user.getUser({}, { headers: { [headers.edge]: TOKEN } });
    expect(h.seen()?.internal).toBe(false);
  });
});

describe("accessInterceptor: bearer tokens", () => {
  test.each([
    ["Bearer member", "member"],
    ["bearer member", "member"],
    ["BEARER member", "member"],
    ["Bearer    member   ", "member"],
    ["  Bearer\tmember", "member"],
  ])("%j → token %j", async (authorization, token) => {
    const h = harness();
    await h.user.getUser({}, { headers: { authorization } });
    expect(h.authorizeCalls).toEqual([[token, "/api.v1.UserAPI/GetUser"]]);
    expect(h.seen()?.identity).toEqual({ userId: 7n, sessionId: "s7", granted: false, staff: false });
  });

  test.each(["", "Bearer", "Bearer   ", "member", "Basic bWU6cHc=", "Bearermember"])(
    "%j → anonymous, the authorizer is not asked",
    async (authorization) => {
      const h = harness();
      await h.user.getUser({}, { headers: { authorization } });
      expect(h.authorizeCalls).toEqual([]);
      expect(h.seen()?.identity).toBeNull();
    },
  );

  test("a token the authorizer does not know (userId 0) → Unauthenticated on every RPC, PUBLIC ones included (RFC 6750)", async () => {
    const h = harness();
    const calls = [
      () => h.user.getUser({}, bearer("revoked")), // PUBLIC
      () => h.user.canIUploadDocument({}, bearer("revoked")), // LOGIN
      () => h.user.deleteUser({}, bearer("revoked")), // PERMISSION
      () => h.user.login({}, bearer("revoked")), // PUBLIC, open_when_closed: no exemption
    ];
    for (const call of calls) {
      const err = await refusal(call());
      expect([err.code, err.rawMessage]).toEqual([Code.Unauthenticated, accessMessages.sessionExpired]);
      expect(err.metadata.get("www-authenticate")).toBe('Bearer error="invalid_token"');
    }
    expect(h.seen()).toBeUndefined(); // no handler ran
    // the same calls without the dead token: a visitor
    await h.user.getUser({});
    expect(h.seen()?.identity).toBeNull();
    expect((await h.user.login({})).token).toBe("new");
  });

  test("an internal caller is not refused for a token it passes along", async () => {
    const h = harness();
    await h.user.getUser({}, { headers: { [headers.internal]: TOKEN, authorization: "Bearer revoked" } });
    expect(h.seen()).toMatchObject({ identity: null, internal: true });
  });

  test("the edge header does not exempt a dead token", async () => {
    const h = harness();
    const err = await refusal(
      h.user.getUser({}, { headers: { [headers.edge]: TOKEN, authorization: "Bearer revoked" } }),
    );
    expect(err.code).toBe(Code.Unauthenticated);
  });

  test("PERMISSION RPCs: anonymous → Unauthenticated, not granted → PermissionDenied, granted → runs", async () => {
    const h = harness();
    expect((await refusal(h.user.deleteUser({}))).code).toBe(Code.Unauthenticated);
    const denied = await refusal(h.user.deleteUser({}, bearer("member")));
    expect([denied.code, denied.rawMessage]).toEqual([Code.PermissionDenied, accessMessages.permissionDenied]);
    await h.user.deleteUser({}, bearer("granted"));
    expect(h.seen()?.identity?.userId).toBe(8n);
    expect(h.authorizeCalls.at(-1)).toEqual(["granted", "/api.v1.UserAPI/DeleteUser"]);
  });

  test("the request id is carried into the context", async () => {
    const h = harness();
    await h.user.getUser({}, { headers: { [headers.requestId]: "rid-9" } });
    expect(h.seen()?.requestId).toBe("rid-9");
  });
});

describe("accessInterceptor: site gates", () => {
  const gate = (state: { closed: boolean; loginRequired: boolean }): SiteGate & { calls: number } => {
    const g = {
      calls: 0,
      async current() {
        g.calls++;
        return state;
      },
    };
    return g;
  };

  test("closed site: anonymous → Unauthenticated 网站已关闭, member → PermissionDenied, staff pass", async () => {
    const h = harness({ siteGate: gate({ closed: true, loginRequired: false }) });
    const anon = await refusal(h.user.getUser({}));
    expect([anon.code, anon.rawMessage]).toEqual([Code.Unauthenticated, accessMessages.siteClosed]);
    const member = await refusal(h.user.getUser({}, bearer("member")));
    expect([member.code, member.rawMessage]).toEqual([Code.PermissionDenied, accessMessages.siteClosed]);
    await h.user.getUser({}, bearer("staff"));
    expect(h.seen()?.identity?.userId).toBe(9n);
  });

  test("closed site: open_when_closed RPCs stay reachable and the gate is not even read", async () => {
    const g = gate({ closed: true, loginRequired: true });
    const h = harness({ siteGate: g });
    expect((await h.user.login({ username: "a", password: "b" })).token).toBe("new");
    await h.user.logout({}, bearer("member"));
    expect(g.calls).toBe(0);
  });

  test("closed site or login required: a dead token → 登录已失效 (drop it), not the gate's refusal", async () => {
    for (const state of [
      { closed: true, loginRequired: false },
      { closed: false, loginRequired: true },
    ]) {
      const h = harness({ siteGate: gate(state) });
      const err = await refusal(h.user.getUser({}, bearer("revoked")));
      expect([err.code, err.rawMessage]).toEqual([Code.Unauthenticated, accessMessages.sessionExpired]);
    }
  });

  test("open_when_closed does not lift the RPC's own level (Logout still needs a login)", async () => {
    const h = harness({ siteGate: gate({ closed: true, loginRequired: true }) });
    const err = await refusal(h.user.logout({}));
    expect([err.code, err.rawMessage]).toEqual([Code.Unauthenticated, accessMessages.unauthenticated]);
  });

  test("closed site: internal callers pass without reading the gate", async () => {
    const g = gate({ closed: true, loginRequired: true });
    const h = harness({ siteGate: g });
    await h.user.getUser({}, { headers: { [headers.internal]: TOKEN } });
    expect(h.seen()?.internal).toBe(true);
    expect(g.calls).toBe(0);
  });

  test("the edge header alone does not pass a closed site", async () => {
    const h = harness({ siteGate: gate({ closed: true, loginRequired: false }) });
    expect((await refusal(h.user.getUser({}, { headers: { [headers.edge]: TOKEN } }))).code).toBe(Code.Unauthenticated);
  });

  test("login required: anonymous → Unauthenticated 请先登录后再访问, any member passes", async () => {
    const h = harness({ siteGate: gate({ closed: false, loginRequired: true }) });
    const anon = await refusal(h.user.getUser({}));
    expect([anon.code, anon.rawMessage]).toEqual([Code.Unauthenticated, accessMessages.loginRequired]);
    await h.user.getUser({}, bearer("member"));
    expect(h.seen()?.identity?.userId).toBe(7n);
  });

  test("an open site lets anonymous callers reach PUBLIC RPCs", async () => {
    const h = harness({ siteGate: gate({ closed: false, loginRequired: false }) });
    await h.user.getUser({});
    expect(h.seen()?.identity).toBeNull();
  });

  test("unknown settings: the gate's error reaches everyone but staff, who pass", async () => {
    const failing: SiteGate = {
      async current() {
        throw new ConnectError("配置服务不可用", Code.Unavailable);
      },
    };
    const h = harness({ siteGate: failing });
    const anon = await refusal(h.user.getUser({}));
    expect([anon.code, anon.rawMessage]).toEqual([Code.Unavailable, "配置服务不可用"]);
    expect((await refusal(h.user.getUser({}, bearer("member")))).code).toBe(Code.Unavailable);
    await h.user.getUser({}, bearer("staff"));
    expect(h.seen()?.identity?.userId).toBe(9n);
  });

  test("unknown settings: open_when_closed RPCs still work", async () => {
    const failing: SiteGate = {
      async current() {
        throw new ConnectError("down", Code.Unavailable);
      },
    };
    const h = harness({ siteGate: failing });
    expect((await h.user.login({})).token).toBe("new");
  });
});

describe("observeInterceptor: streaming responses", () => {
  /** DocumentAPI.ViewDocumentPage (server streaming, PUBLIC) whose generator yields `before` chunks, then throws `err`. */
  function streaming(before: number, err?: unknown) {
    const logs: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk, _enc, cb) {
        for (const line of String(chunk).split("\n").filter(Boolean)) logs.push(JSON.parse(line));
        cb();
      },
    });
    const transport = createRouterTransport(
      (router) => {
        router.service(DocumentAPI, {
          async *viewDocumentPage() {
            for (let i = 0; i < before; i++) yield create(FileChunkSchema, { data: new Uint8Array([i]) });
            if (err !== undefined) throw err;
          },
        });
      },
      {
        router: {
          interceptors: [
            observeInterceptor(pino({ level: "info" }, sink)),
            accessInterceptor({ authorizer: { authorize: async () => anonymous }, internalToken: TOKEN }),
          ],
        },
      },
    );
    return { client: createClient(DocumentAPI, transport), logs };
  }
  const drain = async (it: AsyncIterable<unknown>) => {
    let n = 0;
    try {
      for await (const _ of it) n++;
    } catch (err) {
      return { n, err: err as ConnectError };
    }
    return { n, err: undefined };
  };
  const rpcLines = (logs: Array<Record<string, unknown>>) =>
    logs.filter((l) => "code" in l && "ms" in l).map((l) => [l.rpc, l.code]);

  test("a DomainError thrown mid-stream reaches the client with its code and message, logged once", async () => {
    const s = streaming(2, new DomainError("not_found", "文档不存在"));
    const { n, err } = await drain(s.client.viewDocumentPage({ id: 1n }));
    expect(n).toBe(2);
    expect([err?.code, err?.rawMessage]).toEqual([Code.NotFound, "文档不存在"]);
    expect(rpcLines(s.logs)).toEqual([["/api.v1.DocumentAPI/ViewDocumentPage", "NotFound"]]);
  });

  test("an unknown error thrown before the first message → Internal, the cause logged and not sent", async () => {
    const s = streaming(0, new Error("disk on fire at /var/secret"));
    const { err } = await drain(s.client.viewDocumentPage({ id: 1n }));
    expect([err?.code, err?.rawMessage]).toEqual([Code.Internal, accessMessages.internal]);
    expect(err?.message).not.toContain("secret");
    expect(s.logs.find((l) => l.msg === "unhandled error")?.rpc).toBe("/api.v1.DocumentAPI/ViewDocumentPage");
    expect(rpcLines(s.logs)).toEqual([["/api.v1.DocumentAPI/ViewDocumentPage", "Internal"]]);
  });

  test("a stream that ends normally is logged once as ok, after its last message", async () => {
    const s = streaming(3);
    const { n, err } = await drain(s.client.viewDocumentPage({ id: 1n }));
    expect([n, err]).toEqual([3, undefined]);
    expect(rpcLines(s.logs)).toEqual([["/api.v1.DocumentAPI/ViewDocumentPage", "ok"]]);
  });
});
