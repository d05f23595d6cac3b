// @wenku/user — accounts, groups, permissions, punishments, sessions.

export { createDb, type Db } from "./db.js";
export { service } from "./service.js";
export { resetPassword } from "./users/password.reset.js";
