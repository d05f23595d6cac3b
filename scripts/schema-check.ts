// `node --import tsx scripts/schema-check.ts`: fails when a service's committed SQL migrations do not
// produce exactly the tables its prisma/schema.prisma describes (see scripts/schema-check/).
// Uses the PostgreSQL at TEST_DATABASE_URL (default postgres://root@127.0.0.1:5432/test) for a
// scratch database.
import { checkSchemas, formatMismatches, serviceSchemas } from "./schema-check/check.js";

const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://root@127.0.0.1:5432/test";
const results = await checkSchemas(serviceSchemas(), adminUrl);
const report = formatMismatches(results);
if (report) {
  console.error(`The migrations and schema.prisma disagree:\n${report}`);
  process.exit(1);
}
console.log(`migrations match schema.prisma (${results.map((r) => r.service).join(", ")})`);
