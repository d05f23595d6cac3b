// Run by global-setup through tsx: migrates the template database (every service's schemas, the
// same migrations the services apply at start). What a service seeds at start (the user service's
// permissions and accounts) it seeds in each test's own database when it starts there.
import { migrateSchemas } from "@wenku/kit";
import { modules } from "@wenku/standalone";

await migrateSchemas(
  process.argv[2] as string,
  modules.flatMap((m) => m.migrations),
);
