// @wenku/user — accounts, groups, permissions, punishments, sessions.

export { createDb } from "./db.js";
export { service } from "./service.js";
export { resetPassword } from "./users/password.reset.js";
