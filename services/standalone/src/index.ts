// @wenku/standalone — composition roots that run the whole site.
export { startStack, type Stack, type StackOptions } from "./stack.js";
export { startEmbeddedPostgres } from "./embedded-db.js";
