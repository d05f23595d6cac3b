import { unbuiltService } from "@wenku/kit";
import { loadSpiderConfig } from "./config.js";

/**
 * The spider service as every runner (one process, its own process, Kubernetes) starts it. Its contract
 * services are all registered (see api.v1.deployable); the RPCs of slices not built yet answer
 * Unimplemented after the access policy ran.
 */
export const service = unbuiltService("spider", loadSpiderConfig);
