import { createRegistry, type DescService, type Registry } from "@bufbuild/protobuf";
import { apiFiles } from "@wenku/proto/files.js";
import { apiServices } from "./access.js";

let cached: Registry | undefined;

/** Every api.v1 descriptor: the source for routes, permissions and contract tests. */
export function apiRegistry(): Registry {
  cached ??= createRegistry(...apiFiles);
  return cached;
}

export function allApiServices(): DescService[] {
  return apiServices(apiRegistry());
}
