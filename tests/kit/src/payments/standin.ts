// TEST CODE: the HTTP shell the local stand-ins of the payment platforms (alipay.ts,
// wechatpay.ts) share: a node:http server on 127.0.0.1 port 0, the failure modes the
// tests switch on to see a platform outage become DomainError("unavailable"), and the POST of a
// notify to the merchant's notify URL.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { PlatformNotify } from "./protocol.js";

/**
 * How the stand-in misbehaves: answer 500, never answer, sign its answers with a wrong key, or
 * (WeChat) sign them with a timestamp ten minutes old.
 */
export type Fault = "http500" | "hang" | "badsign" | "stale" | undefined;

export interface StandInRequest {
  method: string;
  /** Path and query exactly as sent ("/v3/pay/transactions/native", "/gateway.do?…"). */
  target: string;
  url: URL;
  headers: IncomingMessage["headers"];
  body: string;
}

export interface StandInAnswer {
  status: number;
  headers?: Record<string, string>;
  body: string;
}

export interface StandInServer {
  origin: string;
  fault: Fault;
  close(): Promise<void>;
}

export async function startStandIn(
  handle: (req: StandInRequest, server: StandInServer) => StandInAnswer,
): Promise<StandInServer> {
  const state: StandInServer = { origin: "", fault: undefined, close: async () => {} };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("error", () => res.destroy());
    req.on("end", () => {
      if (state.fault === "hang") return; // the client's deadline has to end this
      if (state.fault === "http500") {
        res.writeHead(500, { "content-type": "text/plain" }).end("internal error");
        return;
      }
      const target = req.url ?? "/";
      let answer: StandInAnswer;
      try {
        answer = handle(
          {
            method: req.method ?? "GET",
            target,
            url: new URL(target, state.origin),
            headers: req.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          },
          state,
        );
      } catch (err) {
        answer = { status: 500, body: String(err) };
      }
      res.writeHead(answer.status, answer.headers ?? { "content-type": "text/plain; charset=utf-8" }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

/** The merchant's answer to a notify. */
export interface NotifyDelivery {
  status: number;
  body: string;
}

/** POSTs a notify to a merchant's notify URL as the platform does: the exact bytes and headers. */
export async function postNotify(url: string, raw: PlatformNotify): Promise<NotifyDelivery> {
  const res = await fetch(url, { method: "POST", headers: raw.headers, body: raw.body });
  return { status: res.status, body: await res.text() };
}
