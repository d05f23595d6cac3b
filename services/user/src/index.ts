// @wenku/user — accounts, groups, permissions, punishments, sessions.

export { createDb, type Db, USER_SCHEMA } from "./db.js";
export { syncPermissions } from "./permissions/permission.sync.js";
export { seedAccounts } from "./permissions/seed.js";
export { service } from "./service.js";
export { resetPassword } from "./users/password.reset.js";
