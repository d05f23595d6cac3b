// @wenku/user — accounts, groups, permissions, punishments, sessions.
export { buildServer, type UserServerDeps } from "./server.js";
export { createDb, USER_SCHEMA, type Db } from "./db.js";
export { syncPermissions } from "./permissions/permission.sync.js";
export { seedAccounts } from "./permissions/seed.js";
export { loadUserConfig, type UserConfig } from "./config.js";

export const migrationsDir = new URL("../prisma/migrations", import.meta.url).pathname;
