// Run by global-setup through tsx: migrates the template database (every service's schemas, the
// same migrations the services apply at start) and syncs permissions from the contract.
import { permissionSpecs } from "../services/kit/src/access.js";
import { runMigrations } from "../services/kit/src/migrate.js";
import { allApiServices } from "../services/kit/src/registry.js";
import { modules } from "../services/standalone/src/stack.js";
import { createDb, syncPermissions } from "../services/user/src/index.js";

const url = process.argv[2] as string;
for (const m of modules) {
  for (const store of m.migrations)
    await runMigrations({ connectionString: url, schema: store.schema, dir: store.dir });
}
const db = createDb(url);
await syncPermissions(db, permissionSpecs(allApiServices()));
await db.$disconnect();
