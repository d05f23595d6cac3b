// PLACEHOLDER (session 3 scaffolding): replaced by the documents slice.
import type { UserDirectory } from "./ports.js";

export function createUserDirectory(): UserDirectory {
  return {
    uploadPolicy: async () => ({ allowed: false, reason: "not built", needsReview: false }),
    users: async () => new Map(),
  };
}
