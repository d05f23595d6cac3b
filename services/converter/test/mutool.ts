import type { MutoolMode } from "../src/mutool.probe.js";

/** The render path tests use: CONVERTER_MUTOOL=off forces MuPDF WASM, anything else native mutool when installed. */
export const testMutoolMode = (env: NodeJS.ProcessEnv = process.env): MutoolMode =>
  env.CONVERTER_MUTOOL === "off" ? "off" : "auto";
