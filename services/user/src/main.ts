// The user service in its own process (cluster mode, Kubernetes).
import { runService } from "@wenku/kit/run";
import { userConfigSchema } from "./config.js";
import { service } from "./service.js";

await runService(service, userConfigSchema);
