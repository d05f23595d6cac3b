// @wenku/content/conversion — the converters on their own, for the conversion benches.
export { createConverter } from "./converter.js";
export { createOfficeConverter } from "./office.js";
