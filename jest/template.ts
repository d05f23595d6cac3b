// Run by global-setup through tsx: migrates the template database and syncs permissions.
import { permissionSpecs } from "../services/kit/src/access.js";
import { runMigrations } from "../services/kit/src/migrate.js";
import { allApiServices } from "../services/kit/src/registry.js";
import { createDb, migrationsDir, syncPermissions, USER_SCHEMA } from "../services/user/src/index.js";

const url = process.argv[2] as string;
await runMigrations({ connectionString: url, schema: USER_SCHEMA, dir: migrationsDir });
const db = createDb(url);
await syncPermissions(db, permissionSpecs(allApiServices()));
await db.$disconnect();
