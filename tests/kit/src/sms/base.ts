// TEST CODE: what every SMS vendor stand-in shares — a loopback HTTP server, the messages it accepted
// (mobile, template, code) for tests to read as a phone would, and every request it refused with why.
// Each vendor file verifies our requests as its vendor documents (signature recomputed here,
// independently of the senders in services/user/src/sms, timestamps, required parameters, template,
// phone format) and answers in the vendor's success and error shapes.
import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A message the stand-in accepted: what the phone would show. */
export interface ReceivedSms {
  mobile: string;
  template: string;
  code: string;
  at: Date;
}

export interface SmsStandIn {
  /** http://127.0.0.1:<port>: the provider's `endpoint` setting. */
  endpoint: string;
  /** The keys an admin saves in the provider's category (sign_name, templates, credentials). */
  keys: Record<string, string>;
  received: ReceivedSms[];
  /** Why requests were refused (the vendor's error code and message), newest last. */
  refused: string[];
  /** The newest code sent to `mobile`, or undefined. */
  lastCode(mobile: string): string | undefined;
  /** Answers every next request with this vendor error (or normally again with null). */
  failNext(error: { code: string; message: string } | null): void;
  close(): Promise<void>;
}

export interface Exchange {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}

/** A vendor's verdict on one request. */
export type Verdict =
  | { ok: true; mobile: string; template: string; code: string }
  | { ok: false; code: string; message: string };

export interface VendorProtocol {
  keys: Record<string, string>;
  check(x: Exchange): Verdict;
  /** Writes the vendor's answer for a verdict. */
  answer(res: ServerResponse, v: Verdict): void;
}

export const TEMPLATES = {
  template_register: "TPL_REG_1",
  template_login: "TPL_LOGIN_1",
  template_find_password: "TPL_FIND_1",
};
export const templateIds = new Set(Object.values(TEMPLATES));

/** A refusal with the vendor's error code and message. */
export const fail = (code: string, message: string): Verdict => ({ ok: false, code, message });

/** RFC 3986 percent-encoding as Alibaba Cloud and Baidu sign with it: unreserved kept, the rest %XX. */
export const percentEncode = (s: string) =>
  [...Buffer.from(s, "utf8")]
    .map((b) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, "0")}`,
    )
    .join("");

/** Within `skewSeconds` of now. */
export const fresh = (at: Date, skewSeconds: number) =>
  Number.isFinite(at.getTime()) && Math.abs(Date.now() - at.getTime()) <= skewSeconds * 1000;

/** Serves `protocol` on 127.0.0.1:`port` (0: any free port). */
export async function serveVendor(protocol: VendorProtocol, port = 0): Promise<SmsStandIn> {
  const received: ReceivedSms[] = [];
  const refused: string[] = [];
  let forced: { code: string; message: string } | null = null;
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on("error", () => res.destroy());
    req.on("data", (c: Buffer) => parts.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://stand-in");
      if (req.method === "GET" && url.pathname === "/__standin/received") {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(received));
        return;
      }
      const x = {
        method: req.method ?? "",
        path: url.pathname,
        headers: req.headers,
        body: Buffer.concat(parts).toString(),
      };
      let v: Verdict;
      try {
        v = protocol.check(x);
      } catch (err) {
        v = { ok: false, code: "InternalError", message: String(err) };
      }
      if (v.ok && forced) v = { ok: false, ...forced };
      if (v.ok) received.push({ mobile: v.mobile, template: v.template, code: v.code, at: new Date() });
      else refused.push(`${v.code}: ${v.message}`);
      protocol.answer(res, v);
    });
  });
  server.on("clientError", (_err, socket) => socket.destroy());
  server.listen(port, "127.0.0.1");
  await once(server, "listening");
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    keys: { ...protocol.keys, endpoint },
    received,
    refused,
    lastCode: (mobile) => received.filter((m) => m.mobile === mobile).at(-1)?.code,
    failNext: (e) => {
      forced = e;
    },
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
}

export function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json;charset=utf-8" }).end(JSON.stringify(body));
}
