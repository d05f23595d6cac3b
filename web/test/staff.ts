import type { AppDeps } from "../src/AppProviders.js";

/**
 * Signs the test's session in as "admin" holding exactly `rpcs` of `service` (e.g. "ConfigAPI",
 * ["GetEnvs"]: the permission paths /api.v1.ConfigAPI/GetEnvs, ids from 1) and allowed `pages`. An
 * rpc of another service is named with it: "SpiderDocumentAPI/ListSpiderDocument".
 */
export function signInStaff(deps: AppDeps, service: string, rpcs: readonly string[], pages: readonly string[]): void {
  deps.sessionStore.login({ id: 1, username: "admin" } as never, "token");
  deps.sessionStore.setPermissions(
    rpcs.map((rpc, i) => ({
      id: i + 1,
      method: "GRPC",
      path: rpc.includes("/") ? `/api.v1.${rpc}` : `/api.v1.${service}/${rpc}`,
      title: rpc,
    })),
    [...pages],
  );
}
