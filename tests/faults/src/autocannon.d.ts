// The part of autocannon 8's programmatic API the suite uses (the package ships no types).
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
    headers?: Record<string, string>;
  }
  interface Result {
    requests: { total: number; sent: number };
    latency: { max: number; p99: number; average: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
  }
  interface Instance extends EventEmitter, PromiseLike<Result> {
    stop(): void;
    on(event: "response", fn: (client: unknown, status: number, bytes: number, ms: number) => void): this;
    on(event: "reqError", fn: (err: Error) => void): this;
  }
  export default function autocannon(opts: Options): Instance;
}
