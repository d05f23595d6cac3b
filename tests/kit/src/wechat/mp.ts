// TEST CODE: a local stand-in of the WeChat official account's server API (公众号, api.weixin.qq.com)
// as its documentation describes it, checking our requests the way WeChat does and answering in its
// shapes, refusals included (HTTP 200 with {errcode, errmsg}):
//   POST /cgi-bin/stable_token          {grant_type: client_credential, appid, secret, force_refresh}
//   POST /cgi-bin/qrcode/create?access_token=…   QR_STR_SCENE with scene_str (1-64), expire_seconds
//   GET  /cgi-bin/showqrcode?ticket=…  the QR code's image (a PNG)
//   GET  /cgi-bin/ticket/getticket?access_token=…&type=jsapi
// the mini program's (小程序), with its own app id and secret (and its own access token):
//   GET  /sns/jscode2session?appid=…&secret=…&js_code=…&grant_type=authorization_code
//        a code from wx.login (issued here by loginCode) is good once: again it is 40163, unknown 40029
//   POST /wxa/getwxacodeunlimit?access_token=…  {scene ≤ 32 of WeChat's characters, page, check_path,
//        env_version, width 280–1280}: the code's image; a page not in the released program with
//        check_path true is 41030
// and WeChat's side of the server URL: a scan event pushed to the site (push.ts), plain or encrypted.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { scanPush } from "./push.js";

export { encryptPush, signPush } from "./push.js";

interface StandInAnswer {
  status: number;
  headers?: Record<string, string>;
  body: string | Buffer;
}

interface StandInRequest {
  method: string;
  url: URL;
  body: string;
}

/** A node:http server on 127.0.0.1 (`port`, or any free one) answering with `handle`. */
async function startServer(handle: (req: StandInRequest) => StandInAnswer, port: number) {
  let origin = "";
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("error", () => res.destroy());
    req.on("end", () => {
      let answer: StandInAnswer;
      try {
        const body = Buffer.concat(chunks).toString("utf8");
        answer = handle({ method: req.method ?? "GET", url: new URL(req.url ?? "/", origin), body });
      } catch (err) {
        answer = { status: 500, body: String(err) };
      }
      res.writeHead(answer.status, answer.headers ?? { "content-type": "text/plain; charset=utf-8" }).end(answer.body);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { origin, close };
}

export interface WechatMpStandIn {
  /** What the site's oauthOfficialAccount.api_base_url is set to. */
  baseUrl: string;
  appId: string;
  appSecret: string;
  /** The server configuration's Token the pushes are signed with. */
  token: string;
  /** The server configuration's EncodingAESKey: encrypted pushes use it. */
  encodingAesKey: string;
  /** Calls per endpoint path, to see caching. */
  calls: Map<string, number>;
  /** The scene of each QR code created, by its ticket and by the url it encodes. */
  scenes: Map<string, string>;
  /** The jsapi_ticket getticket answers. */
  jsapiTicket: string;
  /** The mini program's AppID and AppSecret (category mp). */
  miniAppId: string;
  miniAppSecret: string;
  /** The pages of the released mini program (check_path looks here). */
  miniPages: Set<string>;
  /** The mini-program codes drawn, by scene: what we asked for. */
  miniCodes: Map<string, { page: string; checkPath: boolean; envVersion: string; width: number }>;
  /** What wx.login gives the mini program of the WeChat user `openid` (with `unionid` when tied). */
  loginCode(openid: string, unionid?: string): string;
  /** Void the current access token (as when it expired): calls with it get errcode 40001. */
  expireToken(): void;
  /**
   * The push WeChat sends when `openid` scans the QR code of `scene`, signed (or not) with `token`;
   * `encrypt`: in safe mode (with this account's EncodingAESKey and AppID unless told otherwise).
   */
  scanPush(callbackUrl: string, p: ScanPushOptions): { url: string; body: string };
  close(): Promise<void>;
}

const json = (body: unknown): StandInAnswer => ({
  status: 200,
  headers: { "content-type": "application/json; encoding=utf-8" },
  body: JSON.stringify(body),
});
const refuse = (errcode: number, errmsg: string) =>
  json({ errcode, errmsg: `${errmsg} rid: ${randomBytes(4).toString("hex")}` });

/** A 1×1 PNG: what showqrcode answers for a known ticket. */
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c6360000002000100ffff03000006000557bfabd40000000049454e44ae426082",
  "hex",
);

export interface ScanPushOptions {
  scene: string;
  openid: string;
  subscribe?: boolean;
  token?: string;
  timestamp?: number;
  nonce?: string;
  encrypt?: { encodingAesKey?: string; appId?: string };
}

/** WeChat's characters for a mini-program code's scene. */
const MINI_SCENE = /^[0-9A-Za-z!#$&'()*+,/:;=?@._~-]{1,32}$/;
const MINI_ENVS = new Set(["release", "trial", "develop"]);

export async function startWechatMpStandIn(opts: { port?: number } = {}): Promise<WechatMpStandIn> {
  const appId = `wx${randomBytes(8).toString("hex")}`;
  const appSecret = randomBytes(16).toString("hex");
  const token = randomBytes(12).toString("hex");
  const encodingAesKey = randomBytes(32)
    .toString("base64")
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, 43)
    .padEnd(43, "A");
  const calls = new Map<string, number>();
  const scenes = new Map<string, string>();
  /** The live access token of each app (official account and mini program). */
  const accessTokens = new Map<string, string>();
  const jsapiTicket = `jsapi-${randomBytes(24).toString("base64url")}`;
  const miniAppId = `wx${randomBytes(8).toString("hex")}`;
  const miniAppSecret = randomBytes(16).toString("hex");
  const secrets = new Map([
    [appId, appSecret],
    [miniAppId, miniAppSecret],
  ]);
  const miniPages = new Set(["pages/index/index", "pages/login/scan"]);
  const miniCodes: WechatMpStandIn["miniCodes"] = new Map();
  /** Issued wx.login codes not used yet, and the used ones (WeChat tells those apart). */
  const codes = new Map<string, { openid: string; unionid?: string }>();
  const usedCodes = new Set<string>();
  const validToken = (url: URL, app = appId) => {
    const live = accessTokens.get(app);
    return !!live && url.searchParams.get("access_token") === live;
  };
  const jsonBody = (req: StandInRequest): Record<string, unknown> | null => {
    try {
      const b = JSON.parse(req.body) as unknown;
      return typeof b === "object" && b !== null ? (b as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  };

  const server = await startServer((req) => {
    const path = req.url.pathname;
    calls.set(path, (calls.get(path) ?? 0) + 1);
    if (path === "/cgi-bin/stable_token") {
      if (req.method !== "POST") return refuse(43002, "require POST method");
      const b = jsonBody(req);
      if (!b) return refuse(47001, "data format error");
      if (b.grant_type !== "client_credential") return refuse(40002, "invalid grant_type");
      const app = String(b.appid);
      if (!secrets.has(app)) return refuse(40013, "invalid appid");
      if (b.secret !== secrets.get(app)) return refuse(40125, "invalid appsecret");
      if (!accessTokens.get(app) || b.force_refresh === true)
        accessTokens.set(app, randomBytes(24).toString("base64url"));
      return json({ access_token: accessTokens.get(app), expires_in: 7200 });
    }
    if (path === "/wxa/getwxacodeunlimit") {
      if (req.method !== "POST") return refuse(43002, "require POST method");
      if (!validToken(req.url, miniAppId))
        return refuse(40001, "invalid credential, access_token is invalid or not latest");
      const b = jsonBody(req);
      if (!b) return refuse(47001, "data format error");
      const scene = b.scene;
      if (typeof scene !== "string" || !MINI_SCENE.test(scene)) return refuse(40169, "invalid length for scene");
      const page = b.page ?? "";
      const checkPath = b.check_path ?? true;
      const envVersion = b.env_version ?? "release";
      const width = b.width ?? 430;
      if (typeof page !== "string" || page.startsWith("/") || page.includes("?")) return refuse(41030, "invalid page");
      if (typeof checkPath !== "boolean" || typeof envVersion !== "string" || !MINI_ENVS.has(envVersion))
        return refuse(40097, "invalid args");
      if (typeof width !== "number" || !Number.isInteger(width) || width < 280 || width > 1280)
        return refuse(40097, "invalid args: width");
      // only the released program's pages can be checked; an unreleased one needs check_path false
      if (checkPath && (envVersion !== "release" || (page && !miniPages.has(page))))
        return refuse(41030, "invalid page");
      miniCodes.set(scene, { page, checkPath, envVersion, width });
      return { status: 200, headers: { "content-type": "image/jpeg" }, body: PNG };
    }
    if (path === "/cgi-bin/qrcode/create") {
      if (req.method !== "POST") return refuse(43002, "require POST method");
      if (!validToken(req.url)) return refuse(40001, "invalid credential, access_token is invalid or not latest");
      let b: { expire_seconds?: unknown; action_name?: unknown; action_info?: { scene?: { scene_str?: unknown } } };
      try {
        b = JSON.parse(req.body);
      } catch {
        return refuse(47001, "data format error");
      }
      const scene = b.action_info?.scene?.scene_str;
      if (b.action_name !== "QR_STR_SCENE") return refuse(40097, "invalid args: action_name");
      if (typeof scene !== "string" || scene.length < 1 || scene.length > 64)
        return refuse(40097, "invalid args: scene_str");
      const expire = Number(b.expire_seconds ?? 60);
      if (!Number.isInteger(expire) || expire < 60 || expire > 2592000)
        return refuse(40097, "invalid args: expire_seconds");
      const ticket = `gQ${randomBytes(24).toString("base64")}`;
      const url = `http://weixin.qq.com/q/${randomBytes(12).toString("base64url")}`;
      scenes.set(ticket, scene);
      scenes.set(url, scene);
      return json({ ticket, expire_seconds: expire, url });
    }
    if (path === "/cgi-bin/showqrcode") {
      const ticket = req.url.searchParams.get("ticket") ?? "";
      if (!scenes.has(ticket)) return { status: 404, body: "" };
      return { status: 200, headers: { "content-type": "image/jpg" }, body: PNG };
    }
    if (path === "/cgi-bin/ticket/getticket") {
      if (!validToken(req.url)) return refuse(40001, "invalid credential, access_token is invalid or not latest");
      if (req.url.searchParams.get("type") !== "jsapi") return refuse(40097, "invalid args: type");
      return json({ errcode: 0, errmsg: "ok", ticket: jsapiTicket, expires_in: 7200 });
    }
    if (path === "/sns/jscode2session") {
      if (req.method !== "GET") return refuse(43001, "require GET method");
      const q = req.url.searchParams;
      if (q.get("grant_type") !== "authorization_code") return refuse(40002, "invalid grant_type");
      if (q.get("appid") !== miniAppId) return refuse(40013, "invalid appid");
      if (q.get("secret") !== miniAppSecret) return refuse(40125, "invalid appsecret");
      const code = q.get("js_code") ?? "";
      if (usedCodes.has(code)) return refuse(40163, "code been used");
      const who = codes.get(code);
      if (!who) return refuse(40029, "invalid code");
      codes.delete(code);
      usedCodes.add(code);
      return json({
        openid: who.openid,
        session_key: randomBytes(16).toString("base64"),
        ...(who.unionid ? { unionid: who.unionid } : {}),
      });
    }
    return refuse(48001, "api unauthorized");
  }, opts.port ?? 0);

  return {
    baseUrl: server.origin,
    appId,
    appSecret,
    token,
    calls,
    scenes,
    jsapiTicket,
    miniAppId,
    miniAppSecret,
    miniPages,
    miniCodes,
    encodingAesKey,
    loginCode(openid, unionid) {
      const code = randomBytes(16).toString("hex");
      codes.set(code, { openid, unionid });
      return code;
    },
    expireToken: () => accessTokens.clear(),
    scanPush: (callbackUrl, p) =>
      scanPush(callbackUrl, {
        ...p,
        token: p.token ?? token,
        appId,
        encrypt: p.encrypt && {
          encodingAesKey: p.encrypt.encodingAesKey ?? encodingAesKey,
          appId: p.encrypt.appId ?? appId,
        },
      }),
    close: server.close,
  };
}
