import { type Authorizer, defineService, type Logger, type ServiceDefinition, type SiteGate } from "@wenku/kit";

export interface OrderServerDeps {
  authorizer: Authorizer;
  internalToken: string;
  log: Logger;
  siteGate?: SiteGate;
}

/**
 * The order service. Its contract services are all registered (see api.v1.deployable); the RPCs
 * of slices not built yet answer Unimplemented after the access policy ran.
 */
export function buildServer(deps: OrderServerDeps): ServiceDefinition {
  return defineService({ name: "order", impls: [], ...deps });
}
