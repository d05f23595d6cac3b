// @wenku/testkit — test support shared across packages: waiting on conditions and JetStream
// consumers, a quiet logger that keeps errors, reading streams. Tests and benches only; no
// production package depends on it (the import-graph check, .dependency-cruiser.cjs, enforces that).
export { streamSettled } from "./jetstream.js";
export { readAll } from "./streams.js";
export { sleep, testLogger, waitFor } from "./wait.js";
