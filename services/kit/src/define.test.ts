import { SpiderUrlAPI } from "@wenku/proto/api/v1/spider_pb.js";
import { unbuiltService } from "./define.js";
import { createLogger } from "./logger.js";
import type { ServiceContext } from "./module.js";

const ctx = (env: Record<string, string | undefined>) =>
  ({
    env,
    log: createLogger({ service: "test", level: "silent" }),
    internalToken: "t".repeat(32),
    authorizer: { authorize: async () => ({ userId: 0n, sessionId: "", granted: false, staff: false, expiresAt: 0 }) },
    siteGate: async () => undefined,
  }) as unknown as ServiceContext;

describe("unbuiltService", () => {
  test("checks its environment with the service's own schema before anything starts", async () => {
    const bad = unbuiltService("spider", () => {
      throw new Error("SPIDER_X is not a number");
    });
    await expect(bad.start(ctx({}))).rejects.toThrow("SPIDER_X is not a number");
  });

  test("registers the deployable's contract services with no implementation; nothing to close", async () => {
    const seen: Record<string, string | undefined>[] = [];
    const svc = unbuiltService("spider", (env) => seen.push(env));
    expect([svc.name, svc.migrations]).toEqual(["spider", []]);
    const started = await svc.start(ctx({ A: "1" }));
    expect(seen).toEqual([{ A: "1" }]);
    expect(started.definition.name).toBe("spider");
    const names: string[] = [];
    started.definition.routes({ service: (s: { typeName: string }) => void names.push(s.typeName) } as never);
    expect(names).toContain(SpiderUrlAPI.typeName);
    await expect(started.close()).resolves.toBeUndefined();
  });
});
