// @wenku/standalone — composition roots that run the whole site.

export { modules, type Stack, startStack } from "./stack.js";
