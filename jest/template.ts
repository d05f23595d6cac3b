// Run by global-setup through tsx: migrates the template database (every service's schemas, the
// same migrations the services apply at start) and syncs permissions from the contract.
import { allApiServices, permissionSpecs, runMigrations } from "@wenku/kit";
import { modules } from "@wenku/standalone";
import { createDb, syncPermissions } from "@wenku/user";

const url = process.argv[2] as string;
for (const m of modules) {
  for (const store of m.migrations)
    await runMigrations({ connectionString: url, schema: store.schema, dir: store.dir });
}
const db = createDb(url);
await syncPermissions(db, permissionSpecs(allApiServices()));
await db.$disconnect();
