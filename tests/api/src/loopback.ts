// Requests from chosen client addresses: each source is a real loopback address (127.0.0.x), which
// the gateway takes from the socket (no proxy header involved), for tests of per-address rules
// (throttling, search records).
import { Agent, request } from "node:http";

export interface LoopbackReply {
  status: number;
  retryAfter: string | undefined;
  /** The JSON body; {} when it was empty or not JSON (the caller asserts on the status). */
  json: Record<string, unknown>;
}

export interface LoopbackClient {
  /** A JSON request to `path` of the site from the loopback address `ip` (with `headers` added). */
  send(
    ip: string,
    method: string,
    path: string,
    body?: unknown,
    token?: string,
    headers?: Record<string, string>,
  ): Promise<LoopbackReply>;
  /** Closes the kept-alive connections (one pool per source address). */
  close(): void;
}

export function loopbackClient(baseUrl: () => string): LoopbackClient {
  const agents = new Map<string, Agent>();
  const agentFor = (ip: string) => {
    let a = agents.get(ip);
    if (!a) {
      a = new Agent({ keepAlive: true, localAddress: ip });
      agents.set(ip, a);
    }
    return a;
  };
  return {
    send(ip, method, path, body, token, headers) {
      const url = new URL(path, baseUrl());
      const payload = body === undefined ? undefined : JSON.stringify(body);
      return new Promise((resolve, reject) => {
        const req = request(
          {
            host: "127.0.0.1",
            port: url.port,
            path: url.pathname + url.search,
            method,
            agent: agentFor(ip),
            headers: {
              "content-type": "application/json",
              ...(payload ? { "content-length": Buffer.byteLength(payload) } : {}),
              ...(token ? { authorization: `Bearer ${token}` } : {}),
              ...headers,
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("error", reject);
            res.on("end", () => {
              let json: Record<string, unknown> = {};
              try {
                json = JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>;
              } catch {
                // asserted by the caller
              }
              const ra = res.headers["retry-after"];
              resolve({ status: res.statusCode ?? 0, retryAfter: Array.isArray(ra) ? ra[0] : ra, json });
            });
          },
        );
        req.on("error", reject);
        req.end(payload);
      });
    },
    close() {
      for (const a of agents.values()) a.destroy();
      agents.clear();
    },
  };
}
