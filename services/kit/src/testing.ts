// @wenku/kit/testing — the contract suites every bus and storage implementation must pass, and the
// small waiting and logging helpers tests of the bus's users share. Tests only.
export { type BusHarness, busContract, sleep, testLogger, waitFor } from "./bus/contract.js";
export { streamSettled } from "./bus/jetstream.testing.js";
export { chunked, readAll, type StorageHarness, storageContract } from "./storage/contract.js";
