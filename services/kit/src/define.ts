import type { DescService } from "@bufbuild/protobuf";
import type { ConnectRouter, ServiceImpl } from "@connectrpc/connect";
import { type Deployable, deployableOf } from "./access.js";
import type { Authorizer } from "./authorizer.js";
import { HealthState } from "./health.js";
import { accessInterceptor, observeInterceptor, type SiteGate } from "./interceptors.js";
import type { Logger } from "./logger.js";
import { createMetrics, type Metrics } from "./metrics.js";
import type { ServiceContext, ServiceModule } from "./module.js";
import { allApiServices } from "./registry.js";
import type { ServiceDefinition } from "./server.js";
import { inputInterceptor } from "./validate.js";

// biome-ignore lint/suspicious/noExplicitAny: implementations of heterogeneous services
export type AnyImpl = Partial<ServiceImpl<any>>;

export interface DefineServiceOptions {
  name: Deployable;
  /** Implementations by proto service; services of this deployable without one answer Unimplemented. */
  impls: ReadonlyArray<readonly [DescService, AnyImpl]>;
  authorizer: Authorizer;
  internalToken: string;
  log: Logger;
  siteGate?: SiteGate;
  readiness?: Array<() => Promise<void>>;
  metrics?: Metrics;
}

/**
 * Registers every contract service assigned to this deployable (api.v1.deployable), with the
 * observe → access interceptor chain. Methods without an implementation are registered too and
 * answer Unimplemented — honestly — after the access policy ran.
 */
export function defineService(opts: DefineServiceOptions): ServiceDefinition {
  const mine = allApiServices().filter((s) => deployableOf(s) === opts.name);
  for (const [svc] of opts.impls) {
    if (!mine.some((m) => m.typeName === svc.typeName)) {
      throw new Error(`${svc.typeName} is not assigned to the ${opts.name} service in the contract`);
    }
  }
  const metrics = opts.metrics ?? createMetrics(opts.name);
  return {
    name: opts.name,
    routes: (router: ConnectRouter) => {
      for (const svc of mine) {
        const impl = opts.impls.find(([s]) => s.typeName === svc.typeName)?.[1] ?? {};
        router.service(svc, impl);
      }
    },
    interceptors: [
      observeInterceptor(opts.log, metrics),
      inputInterceptor(),
      accessInterceptor({ authorizer: opts.authorizer, internalToken: opts.internalToken, siteGate: opts.siteGate }),
    ],
    health: new HealthState(opts.readiness ?? []),
    metrics,
  };
}

/**
 * A deployable none of whose slices is built yet (order, spider): no tables, its environment checked
 * with its own schema (`loadConfig` throws on a bad one), every contract service registered so each
 * RPC answers Unimplemented after the access policy ran, nothing to close.
 */
export function unbuiltService(name: Deployable, loadConfig: (env: ServiceContext["env"]) => unknown): ServiceModule {
  return {
    name,
    migrations: [],
    async start(ctx) {
      loadConfig(ctx.env);
      const { authorizer, internalToken, log, siteGate } = ctx;
      const definition = defineService({ name, impls: [], authorizer, internalToken, log, siteGate });
      return { definition, close: async () => {} };
    },
  };
}
