// PLACEHOLDER (session 3 scaffolding): replaced by the conversion slice.
import type { ConversionQueue } from "../ports.js";

export function createConversionQueue(): ConversionQueue {
  return { request: async () => {} };
}
