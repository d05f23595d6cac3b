import { type Authorizer, defineService, type Logger, type ServiceDefinition, type SiteGate } from "@wenku/kit";

export interface SpiderServerDeps {
  authorizer: Authorizer;
  internalToken: string;
  log: Logger;
  siteGate?: SiteGate;
}

/**
 * The spider service. Its contract services are all registered (see api.v1.deployable); the RPCs
 * of slices not built yet answer Unimplemented after the access policy ran.
 */
export function buildServer(deps: SpiderServerDeps): ServiceDefinition {
  return defineService({ name: "spider", impls: [], ...deps });
}
