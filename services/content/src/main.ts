// The content service in its own process (cluster mode, Kubernetes).
import { runService } from "@wenku/kit/run";
import { contentConfigSchema } from "./config.js";
import { service } from "./service.js";

await runService(service, contentConfigSchema);
