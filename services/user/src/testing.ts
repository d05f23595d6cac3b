// @wenku/user/testing — for tests that forge or inspect tokens (expired, foreign-signed).
export { createTokenCodec } from "./auth/tokens.js";
