// @wenku/standalone — composition roots that run the whole site.

export { startEmbeddedPostgres } from "./embedded-db.js";
export { modules, type Stack, type StackOptions, startStack } from "./stack.js";
