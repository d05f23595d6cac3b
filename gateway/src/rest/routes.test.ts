// The REST table: every non-internal RPC's google.api.http rule, matched by verb and path.
import { create, createFileRegistry, type DescService, type MessageInitShape, setExtension } from "@bufbuild/protobuf";
import {
  FieldDescriptorProto_Label,
  FieldDescriptorProto_Type,
  FileDescriptorProtoSchema,
  MethodOptionsSchema,
} from "@bufbuild/protobuf/wkt";
import { AccessLevel, accessRuleOf, allApiServices } from "@wenku/kit";
import { AccessRuleSchema, access } from "@wenku/proto/api/v1/access_pb.js";
import { http } from "@wenku/proto/google/api/annotations_pb.js";
import { HttpRuleSchema } from "@wenku/proto/google/api/http_pb.js";
import { contractRoutes } from "@wenku/testkit/routes";
import { buildRestRoutes, type RestTable, type RouteMatch } from "./routes.js";

function rpcOf(found: ReturnType<RestTable["match"]>): string {
  if (!("route" in found)) throw new Error(`no route (verbAllowed: ${found.verbAllowed})`);
  return `${found.route.method.parent.name}.${found.route.method.name}`;
}

function paramsOf(found: ReturnType<RestTable["match"]>): RouteMatch["params"] {
  if (!("route" in found)) throw new Error(`no route (verbAllowed: ${found.verbAllowed})`);
  return found.params;
}

describe("the route table of the real contract", () => {
  const table = buildRestRoutes(allApiServices());

  test("builds without two RPCs on one verb and path", () => {
    expect(table.routes.length).toBeGreaterThan(150);
    const keys = table.routes.map((r) => `${r.verb} ${r.template}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  // The system tests probe every route from testkit's own reading of the annotations: the two agree.
  test("serves exactly the routes the system tests walk (testkit's contractRoutes)", () => {
    const key = (r: { verb: string; template: string; method: { name: string }; body: string }) =>
      `${r.verb} ${r.template} ${r.method.name} body=${r.body}`;
    expect(table.routes.map(key).sort()).toEqual(contractRoutes().map(key).sort());
  });

  test("no internal RPC is reachable over REST", () => {
    const internal = table.routes.filter((r) => accessRuleOf(r.method).level === AccessLevel.INTERNAL);
    expect(internal).toEqual([]);
    const names = table.routes.map((r) => r.method.parent.name);
    expect(names).not.toContain("AuthzInternalAPI");
  });

  test.each([
    ["GET", "/api/v1/user", "UserAPI.GetUser", ""],
    ["POST", "/api/v1/user", "UserAPI.AddUser", "*"],
    ["PUT", "/api/v1/user", "UserAPI.SetUser", "*"],
    ["DELETE", "/api/v1/user", "UserAPI.DeleteUser", ""],
    ["POST", "/api/v1/user/login", "UserAPI.Login", "*"],
    ["DELETE", "/api/v1/user/logout", "UserAPI.Logout", ""],
    ["GET", "/api/v1/user/list", "UserAPI.ListUser", ""],
    ["GET", "/api/v1/document/list", "DocumentAPI.ListDocument", ""],
    ["GET", "/api/v1/document/recycle", "RecycleAPI.ListRecycleDocument", ""],
    ["GET", "/health", "HealthAPI.Health", ""],
  ])("%s %s → %s (body %j)", (verb, path, rpc, body) => {
    const found = table.match(verb, path);
    expect(rpcOf(found)).toBe(rpc);
    expect(paramsOf(found)).toEqual({});
    if ("route" in found) expect(found.route.body).toBe(body);
  });

  test("the contract declares no path variables today (every route is literal)", () => {
    // Path variables are covered with a synthetic service below; this pins the assumption.
    const templated = table.routes.filter((r) => r.segments.some((s) => "variable" in s));
    expect(templated.map((r) => r.template)).toEqual([]);
  });

  test("a known path with another verb → verbAllowed false (the gateway's 405)", () => {
    expect(table.match("PATCH", "/api/v1/user/login")).toEqual({ verbAllowed: false });
    expect(table.match("GET", "/api/v1/user/login")).toEqual({ verbAllowed: false });
    expect(table.match("PUT", "/api/v1/user/list")).toEqual({ verbAllowed: false });
  });

  test("HEAD is not mapped to GET (→ 405)", () => {
    expect(table.match("HEAD", "/api/v1/user")).toEqual({ verbAllowed: false });
  });

  test("verbs are matched as given: the caller upper-cases them", () => {
    expect(table.match("get", "/api/v1/user")).toEqual({ verbAllowed: false });
  });

  test("an unknown path → verbAllowed true (the gateway's 404)", () => {
    expect(table.match("GET", "/api/v1/nonexistent")).toEqual({ verbAllowed: true });
    expect(table.match("GET", "/api/v1/user/login/extra")).toEqual({ verbAllowed: true });
    expect(table.match("GET", "/api/v1")).toEqual({ verbAllowed: true });
    expect(table.match("GET", "/")).toEqual({ verbAllowed: true });
  });

  test("trailing and repeated slashes are ignored", () => {
    expect(rpcOf(table.match("GET", "/api/v1/user/"))).toBe("UserAPI.GetUser");
    expect(rpcOf(table.match("GET", "//api//v1///user"))).toBe("UserAPI.GetUser");
    expect(rpcOf(table.match("POST", "api/v1/user/login"))).toBe("UserAPI.Login");
  });

  test("literal segments are compared case-sensitively and without percent-decoding", () => {
    expect(table.match("GET", "/API/v1/user")).toEqual({ verbAllowed: true });
    expect(table.match("GET", "/api/v1/%75ser")).toEqual({ verbAllowed: true });
  });

  test("a malformed percent-escape on a literal-only path is simply not found (no throw)", () => {
    expect(table.match("GET", "/api/v1/%E0%A4%A")).toEqual({ verbAllowed: true });
  });
});

// --- a synthetic contract with path variables, built as a real descriptor -------------------------

type HttpRuleInit = MessageInitShape<typeof HttpRuleSchema>;

function fakeService(
  rpcs: Array<{ name: string; http?: HttpRuleInit; level?: AccessLevel }>,
  fileName = "fake/v1/fake.proto",
): DescService {
  const file = create(FileDescriptorProtoSchema, {
    name: fileName,
    package: "fake.v1",
    syntax: "proto3",
    messageType: [
      {
        name: "Thing",
        field: [
          { name: "id", number: 1, type: FieldDescriptorProto_Type.INT64, label: FieldDescriptorProto_Label.OPTIONAL },
          {
            name: "path",
            number: 2,
            type: FieldDescriptorProto_Type.STRING,
            label: FieldDescriptorProto_Label.OPTIONAL,
          },
        ],
      },
    ],
    service: [
      {
        name: "FakeAPI",
        method: rpcs.map((rpc) => {
          const options = create(MethodOptionsSchema);
          setExtension(options, access, create(AccessRuleSchema, { level: rpc.level ?? AccessLevel.PUBLIC }));
          if (rpc.http) setExtension(options, http, create(HttpRuleSchema, rpc.http));
          return { name: rpc.name, inputType: ".fake.v1.Thing", outputType: ".fake.v1.Thing", options };
        }),
      },
    ],
  });
  const svc = createFileRegistry(file, () => undefined).getService("fake.v1.FakeAPI");
  if (!svc) throw new Error("fake service missing");
  return svc;
}

describe("path variables (synthetic service: the contract has none yet)", () => {
  const table = buildRestRoutes([
    fakeService([
      {
        name: "GetThing",
        http: {
          pattern: { case: "get", value: "/v1/things/{id}" },
          additionalBindings: [{ pattern: { case: "get", value: "/v1/shelves/{shelf.name}/things/{id}" } }],
        },
      },
      { name: "ListThings", http: { pattern: { case: "get", value: "/v1/things/list" } } },
      { name: "UpdateThing", http: { pattern: { case: "patch", value: "/v1/things/{id}" }, body: "thing" } },
      { name: "ReadFile", http: { pattern: { case: "get", value: "/v1/files/{path=**}" } } },
      { name: "OneSegment", http: { pattern: { case: "get", value: "/v1/one/{path=*}" } } },
      { name: "Secret", http: { pattern: { case: "get", value: "/v1/secret" } }, level: AccessLevel.INTERNAL },
      { name: "Custom", http: { pattern: { case: "custom", value: { kind: "HEAD", path: "/v1/custom" } } } },
      { name: "NoRule" },
    ]),
  ]);

  test("routes: one per binding; internal, custom-verb and rule-less RPCs get none", () => {
    expect(table.routes.map((r) => `${r.verb} ${r.template} → ${r.method.name}`).sort()).toEqual(
      [
        "GET /v1/files/{path=**} → ReadFile",
        "GET /v1/one/{path=*} → OneSegment",
        "GET /v1/shelves/{shelf.name}/things/{id} → GetThing",
        "GET /v1/things/list → ListThings",
        "GET /v1/things/{id} → GetThing",
        "PATCH /v1/things/{id} → UpdateThing",
      ].sort(),
    );
    expect(table.match("GET", "/v1/secret")).toEqual({ verbAllowed: true });
  });

  test("a variable binds its segment", () => {
    const found = table.match("GET", "/v1/things/42");
    expect(rpcOf(found)).toBe("FakeAPI.GetThing");
    expect(paramsOf(found)).toEqual({ id: "42" });
  });

  test("the body field of a binding is kept", () => {
    const found = table.match("PATCH", "/v1/things/42");
    expect(rpcOf(found)).toBe("FakeAPI.UpdateThing");
    if ("route" in found) expect(found.route.body).toBe("thing");
  });

  test("an additional binding binds a dotted (nested-field) variable too", () => {
    const found = table.match("GET", "/v1/shelves/top/things/7");
    expect(rpcOf(found)).toBe("FakeAPI.GetThing");
    expect(paramsOf(found)).toEqual({ "shelf.name": "top", id: "7" });
  });

  test("a literal route wins over a variable in the same position", () => {
    expect(rpcOf(table.match("GET", "/v1/things/list"))).toBe("FakeAPI.ListThings");
  });

  test("a variable's segment is percent-decoded, an encoded slash stays inside it", () => {
    expect(paramsOf(table.match("GET", "/v1/things/a%2Fb%20c"))).toEqual({ id: "a/b c" });
    expect(paramsOf(table.match("GET", "/v1/one/%E6%96%87%E5%BA%93"))).toEqual({ path: "文库" });
  });

  test("a malformed percent-escape in a variable throws URIError (the handler answers 400)", () => {
    expect(() => table.match("GET", "/v1/things/%E0%A4%A")).toThrow(URIError);
  });

  test("{x=**} takes the rest of the path (at least one segment), each segment decoded", () => {
    expect(paramsOf(table.match("GET", "/v1/files/a/b%2Fc/d.pdf"))).toEqual({ path: "a/b/c/d.pdf" });
    expect(paramsOf(table.match("GET", "/v1/files/only"))).toEqual({ path: "only" });
    expect(table.match("GET", "/v1/files")).toEqual({ verbAllowed: true });
    expect(table.match("GET", "/v1/files/")).toEqual({ verbAllowed: true });
  });

  test("{x=*} and {x} take exactly one segment", () => {
    expect(paramsOf(table.match("GET", "/v1/one/a"))).toEqual({ path: "a" });
    expect(table.match("GET", "/v1/one/a/b")).toEqual({ verbAllowed: true });
    expect(table.match("GET", "/v1/things/1/2")).toEqual({ verbAllowed: true });
    expect(table.match("GET", "/v1/things")).toEqual({ verbAllowed: true });
  });

  test("a trailing slash after a variable is ignored", () => {
    expect(paramsOf(table.match("GET", "/v1/things/42/"))).toEqual({ id: "42" });
  });

  test("a templated path with another verb → verbAllowed false (405)", () => {
    expect(table.match("DELETE", "/v1/things/42")).toEqual({ verbAllowed: false });
    expect(table.match("POST", "/v1/files/a/b")).toEqual({ verbAllowed: false });
  });
});

describe("conflicting bindings", () => {
  test("two RPCs on the same verb and literal path fail at build time, naming both", () => {
    const svc = fakeService([
      { name: "First", http: { pattern: { case: "get", value: "/v1/same" } } },
      { name: "Second", http: { pattern: { case: "get", value: "/v1/same" } } },
    ]);
    expect(() => buildRestRoutes([svc])).toThrow("two RPCs bind GET /v1/same: First and Second");
  });

  test("the same path with different verbs is fine", () => {
    const svc = fakeService([
      { name: "Read", http: { pattern: { case: "get", value: "/v1/same" } } },
      { name: "Write", http: { pattern: { case: "put", value: "/v1/same" }, body: "*" } },
    ]);
    const table = buildRestRoutes([svc]);
    expect(rpcOf(table.match("GET", "/v1/same"))).toBe("FakeAPI.Read");
    expect(rpcOf(table.match("PUT", "/v1/same"))).toBe("FakeAPI.Write");
  });

  // BUG (routes.ts:57-61): the duplicate check only looks in the literal map, and templated routes
  // never enter it, so two RPCs on the same verb + templated path are accepted silently; the first
  // one registered always wins at match time and the second RPC is unreachable.
  test("two RPCs on the same verb and templated path fail at build time", () => {
    const svc = fakeService([
      { name: "First", http: { pattern: { case: "get", value: "/v1/things/{id}" } } },
      { name: "Second", http: { pattern: { case: "get", value: "/v1/things/{id}" } } },
    ]);
    expect(() => buildRestRoutes([svc])).toThrow("two RPCs bind GET /v1/things/{id}");
  });
});
