import type { Cluster } from "./cluster.js";
import type { Nats, Postgres } from "./peers.js";

/** What every case gets: the running cluster on the suite's servers, the admin's token, a category. */
export interface FaultContext {
  cluster: Cluster;
  pg: Postgres;
  nats: Nats;
  token: string;
  category: number;
}

/** A failed expectation of a case: the suite goes on with the next case and fails at the end. */
export function check(cond: unknown, message: string): asserts cond {
  if (!cond) throw new Error(message);
}
