import { unbuiltService } from "@wenku/kit";
import { loadOrderConfig } from "./config.js";

/**
 * The order service as every runner (one process, its own process, Kubernetes) starts it. Its contract
 * services are all registered (see api.v1.deployable); the RPCs of slices not built yet answer
 * Unimplemented after the access policy ran.
 */
export const service = unbuiltService("order", loadOrderConfig);
