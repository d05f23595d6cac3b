import { busContract } from "./contract.js";
import { createMemoryBus } from "./memory.js";
import type { BusLogger } from "./types.js";

const quiet: BusLogger = { info: () => {}, warn: () => {}, error: () => {} };

busContract("in-process memory bus", async () => {
  const bus = createMemoryBus({ log: quiet });
  return { bus, peer: bus, prefix: "mem", dispose: () => bus.close() };
});
