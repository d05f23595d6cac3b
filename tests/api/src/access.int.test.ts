// Walks every RPC in the contract's descriptors and checks the access policy over REST.

import { AccessLevel, accessRuleOf, allApiServices, deployableOf } from "@wenku/kit";
import { contractRoutes } from "@wenku/testkit/routes";
import { registerUser, rest, startTestStack } from "./testing.js";

const services = allApiServices();
const routes = contractRoutes();
const concretePath = (template: string) => template.replace(/\{[^}]+\}/g, "1");

let stack: Awaited<ReturnType<typeof startTestStack>>;
let userToken: string;

beforeAll(async () => {
  stack = await startTestStack();
  userToken = (await registerUser(stack.url, "plainuser")).token;
});
afterAll(() => stack.stop());

describe("the contract itself", () => {
  test("every RPC declares an access level and every service a deployable", () => {
    for (const svc of services) {
      expect(() => deployableOf(svc)).not.toThrow();
      for (const m of svc.methods) expect(() => accessRuleOf(m)).not.toThrow();
    }
  });

  test("every non-internal unary RPC has exactly one REST route; internal and streaming ones have none", () => {
    for (const svc of services) {
      for (const m of svc.methods) {
        const bound = routes.filter((r) => r.method === m);
        // Streaming RPCs (upload, page images, downloads) are served by the gateway's own routes.
        if (accessRuleOf(m).level === AccessLevel.INTERNAL || m.methodKind !== "unary") expect(bound).toHaveLength(0);
        else expect(bound.map((r) => `${svc.typeName}/${m.name} ${r.verb}`)).toHaveLength(1);
      }
    }
  });
});

describe("anonymous callers", () => {
  const guarded = routes.filter((r) => accessRuleOf(r.method).level !== AccessLevel.PUBLIC);
  test.each(guarded.map((r) => [`${r.verb} ${r.template} (${r.method.name})`, r] as const))(
    "%s → 401",
    async (_n, r) => {
      const res = await rest(stack.url, r.verb, concretePath(r.template), r.body ? {} : undefined);
      expect(res.status).toBe(401);
      expect(res.json.code).toBe(16);
    },
  );

  const open = routes.filter((r) => accessRuleOf(r.method).level === AccessLevel.PUBLIC);
  test.each(open.map((r) => [`${r.verb} ${r.template} (${r.method.name})`, r] as const))(
    "%s is not refused for lack of login",
    async (_n, r) => {
      const res = await rest(stack.url, r.verb, concretePath(r.template), r.body ? {} : undefined);
      expect([401, 403]).not.toContain(res.status);
      expect(res.status).toBeLessThan(600);
    },
  );
});

describe("a logged-in user without permissions", () => {
  const strict = routes.filter((r) => accessRuleOf(r.method).level === AccessLevel.PERMISSION);
  test("there are permission RPCs to check", () => expect(strict.length).toBeGreaterThan(50));
  test.each(strict.map((r) => [`${r.verb} ${r.template} (${r.method.name})`, r] as const))(
    "%s → 403",
    async (_n, r) => {
      const res = await rest(stack.url, r.verb, concretePath(r.template), r.body ? {} : undefined, userToken);
      expect(res.status).toBe(403);
      expect(res.json.code).toBe(7);
    },
  );
});
