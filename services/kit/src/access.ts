import { type DescMethod, type DescService, getOption, hasOption, type Registry } from "@bufbuild/protobuf";
import { AccessLevel, type AccessRule, access, deployable } from "@wenku/proto/api/v1/access_pb.js";

export { AccessLevel, type AccessRule };

/** Permission rows use this method name for RPCs (paths are full gRPC method names). */
export const GRPC_METHOD = "GRPC";

export type Deployable = "user" | "content" | "order" | "config" | "spider" | "converter";
export const deployables: readonly Deployable[] = ["user", "content", "order", "config", "spider", "converter"];

/** `/api.v1.DocumentAPI/ListDocument` — the permission path of an RPC. */
export function fullMethodName(method: DescMethod): string {
  return `/${method.parent.typeName}/${method.name}`;
}

const ruleCache = new WeakMap<DescMethod, AccessRule>();

/** The access rule declared in the contract. Throws if an RPC has none: every RPC must declare one. */
export function accessRuleOf(method: DescMethod): AccessRule {
  let rule = ruleCache.get(method);
  if (!rule) {
    if (!hasOption(method, access)) throw new Error(`${fullMethodName(method)} declares no (api.v1.access) option`);
    rule = getOption(method, access);
    if (rule.level === AccessLevel.UNSPECIFIED)
      throw new Error(`${fullMethodName(method)} has access level UNSPECIFIED`);
    ruleCache.set(method, rule);
  }
  return rule;
}

/** True when a permission row exists for this RPC (strict permission, owner override or elevated view). */
export function isGrantable(rule: AccessRule): boolean {
  return rule.level === AccessLevel.PERMISSION || rule.owner || rule.elevated;
}

const deployableCache = new WeakMap<DescService, Deployable>();

export function deployableOf(service: DescService): Deployable {
  const cached = deployableCache.get(service);
  if (cached) return cached;
  const name = getOption(service, deployable);
  if (!deployables.includes(name as Deployable)) {
    throw new Error(`${service.typeName} declares no valid (api.v1.deployable) option: "${name}"`);
  }
  deployableCache.set(service, name as Deployable);
  return name as Deployable;
}

/** Every api.v1 service in the registry. */
export function apiServices(registry: Registry): DescService[] {
  const out: DescService[] = [];
  for (const type of registry) {
    if (type.kind === "service" && type.typeName.startsWith("api.v1.")) out.push(type);
  }
  return out.sort((a, b) => a.typeName.localeCompare(b.typeName));
}

export interface PermissionSpec {
  method: string;
  path: string;
  /** Default title from the contract (AccessRule.title), else the RPC name. Admins may edit titles later. */
  title: string;
}

/** The permission rows the contract defines: one per grantable RPC. Synced into the user service at start. */
export function permissionSpecs(services: readonly DescService[]): PermissionSpec[] {
  const specs: PermissionSpec[] = [];
  for (const svc of services) {
    for (const m of svc.methods) {
      const rule = accessRuleOf(m);
      if (!isGrantable(rule)) continue;
      specs.push({ method: GRPC_METHOD, path: fullMethodName(m), title: rule.title || m.name });
    }
  }
  return specs;
}
