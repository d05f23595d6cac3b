// @wenku/standalone — composition roots that run the whole site.

export { startEmbeddedPostgres } from "./embedded-db.js";
export { type Stack, type StackOptions, startStack } from "./stack.js";
