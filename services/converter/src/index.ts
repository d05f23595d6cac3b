// @wenku/converter — the converter deployable (its ServiceModule). What the content service shares
// with it is @wenku/converter/contract; its converters, lanes and report sink are its own (its tests
// and bench import them by path).
export { service } from "./service.js";
