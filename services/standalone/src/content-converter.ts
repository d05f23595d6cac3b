// The content service with the converter composed in its process: `npm run start:cluster` without
// NATS_URL, where each process has a bus of its own and so only a converter inside the content
// process hears the content service's conversion jobs. Served on the content service's ports, which
// CONVERTER_SERVICE_URL then names too; each service still parses its own keys at start.
import * as content from "@wenku/content";
import * as converter from "@wenku/converter";
import { serviceConfigSchema } from "@wenku/kit";
import { runServices } from "@wenku/kit/run";

await runServices([content.service, converter.service], serviceConfigSchema("content"));
