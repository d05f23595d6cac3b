// The converter in its own process (cluster mode with NATS, Kubernetes).
import { runService } from "@wenku/kit/run";
import { converterConfigSchema } from "./config.js";
import { service } from "./service.js";

await runService(service, converterConfigSchema);
