// Scan-to-login with the WeChat official account (公众号): the page asks for a scene and shows its
// temporary QR code; the visitor scans it in WeChat, which pushes the scan (subscribe or SCAN event
// with the scene as EventKey) to our server URL; the push, verified by WeChat's signature, records the
// scanning account's openid on the scene; the page's poll then logs in the user bound to that openid
// (once: the scene is consumed), or answers the unbound account to bind, or — a scene a signed-in user
// asked to bind with — binds the account to them.
import { randomBytes } from "node:crypto";
import { type CallContext, DomainError, requireSignedIn } from "@wenku/kit";
import { XMLParser } from "fast-xml-parser";
import { OAuthType } from "../oauth/providers/provider.js";
import type { ScanRepository } from "./scan.repository.js";
import { type OfficialAccount, siteRefusal, type WechatApi } from "./wechat.api.js";
import { isPushSigned } from "./wechat.signing.js";

/** Who scans: the official account (its push) or the mini program (its confirmation). */
const OFFICIAL_ACCOUNT = OAuthType.officialAccount;
const MINI_PROGRAM = OAuthType.wechatMini;

/** A scene and its QR code live this long. */
export const SCENE_TTL_SECONDS = 300;
/** A push signed further from our clock than this is refused (a replay of an old capture). */
export const PUSH_WINDOW_SECONDS = 300;
/** A push's XML is a few hundred bytes; more is not WeChat. */
export const MAX_PUSH_BYTES = 16 * 1024;

export const scanMessages = {
  disabled: "未启用微信公众号扫码登录",
  alreadyScanned: "该二维码已被扫描，请刷新二维码",
  expired: "二维码已过期，请刷新二维码",
  notYours: "该二维码不是你发起的绑定",
  refused: "微信拒绝生成二维码，请管理员检查公众号的 AppID、AppSecret 与 IP 白名单",
} as const;

/** Where the service reads the official account's settings (with its secrets). */
export interface OfficialAccountSource {
  current(): Promise<OfficialAccount>;
}

/**
 * What a scan needs of the third-party bindings: the OAuth bindings of the scanning account's type
 * (8 the official account, 公众号; 5 the mini program, 小程序).
 */
export interface ScanBindings {
  /** The user the account's openid is bound to, if any. */
  userOf(oauthType: number, openid: string): Promise<bigint | null>;
  /** Binds the openid to the user (refused when bound elsewhere, or the user has one bound already). */
  bind(userId: bigint, oauthType: number, openid: string): Promise<void>;
  /** The unbound account as LoginOAuth answers it, with its signed session for BindOAuth. */
  unbound(oauthType: number, openid: string): Promise<UnboundAccount>;
}

export interface UnboundAccount {
  oauthType: number;
  openid: string;
  session: string;
}

export interface ScanLogin<U> {
  signInAs(call: CallContext, userId: bigint): Promise<{ user: U; session: { token: string } }>;
}

export interface ScanServiceDeps<U> {
  repo: ScanRepository;
  api: WechatApi;
  account: OfficialAccountSource;
  bindings: ScanBindings;
  users: ScanLogin<U>;
  clock?: () => Date;
}

export interface PushAnswer {
  status: number;
  contentType: string;
  body: string;
}

const text = (status: number, body: string): PushAnswer => ({
  status,
  contentType: "text/plain; charset=utf-8",
  body,
});

const parser = new XMLParser({
  // WeChat's fields are text: keep them as strings (an openid or EventKey of digits stays as sent)
  parseTagValue: false,
  ignoreAttributes: true,
  processEntities: false,
  htmlEntities: false,
});

/** The <xml> fields of a push, or null when the body is not one. */
function parsePush(body: Uint8Array): Record<string, string> | null {
  let doc: unknown;
  try {
    doc = parser.parse(Buffer.from(body).toString("utf8"));
  } catch {
    return null;
  }
  const xml = (doc as { xml?: unknown })?.xml;
  if (typeof xml !== "object" || xml === null) return null;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(xml)) if (typeof v === "string") out[k] = v.trim();
  return out;
}

/** The scene a scan event carries: "qrscene_<scene>" when it also subscribed, "<scene>" otherwise. */
function sceneOf(msg: Record<string, string>): string | null {
  if (msg.MsgType !== "event") return null;
  const key = msg.EventKey ?? "";
  if (msg.Event === "subscribe") return key.startsWith("qrscene_") ? key.slice("qrscene_".length) : null;
  if (msg.Event === "SCAN") return key || null;
  return null;
}

export function createScanService<U>(deps: ScanServiceDeps<U>) {
  const now = deps.clock ?? (() => new Date());

  async function enabled(): Promise<OfficialAccount> {
    const a = await deps.account.current();
    if (!a.enable || !a.appId || !a.appSecret) throw new DomainError("failed_precondition", scanMessages.disabled);
    return a;
  }

  return {
    /** A new scene and its QR code; with `bind`, for the signed-in caller to bind the scanning account. */
    async start(call: CallContext, bind: boolean) {
      const userId = bind ? requireSignedIn(call).userId : null;
      const a = await enabled();
      // 128 random bits: the scene is the page's only proof when it polls
      const scene = randomBytes(16).toString("base64url");
      const qr = await deps.api.temporaryQr(a, scene, SCENE_TTL_SECONDS).catch(siteRefusal(scanMessages.refused));
      const expiresAt = new Date(now().getTime() + Math.min(qr.expireSeconds, SCENE_TTL_SECONDS) * 1000);
      await deps.repo.create({ scene, userId, expiresAt }, now());
      return { scene, qrcode: qr.imageUrl, url: qr.url, expiresAt };
    },

    /**
     * WeChat calling the server URL. GET: the configuration check, answered with its echostr. POST: a
     * message or event; a scan of one of our QR codes marks its scene. Anything not signed with the
     * Token, or signed too far from now, is refused; a push already handled changes nothing.
     */
    async push(req: { method: string; query: string; body: Uint8Array }): Promise<PushAnswer> {
      const a = await deps.account.current();
      if (!a.enable || !a.token) return text(404, "not configured");
      const q = new URLSearchParams(req.query);
      const signed = {
        signature: q.get("signature") ?? "",
        timestamp: q.get("timestamp") ?? "",
        nonce: q.get("nonce") ?? "",
      };
      if (!/^\d{1,12}$/.test(signed.timestamp) || !signed.nonce || signed.nonce.length > 128) {
        return text(403, "invalid signature");
      }
      if (!isPushSigned(a.token, signed)) return text(403, "invalid signature");
      const at = now();
      if (Math.abs(Number(signed.timestamp) * 1000 - at.getTime()) > PUSH_WINDOW_SECONDS * 1000) {
        return text(403, "stale timestamp");
      }
      if (req.method === "GET") return text(200, (q.get("echostr") ?? "").slice(0, 128));
      if (req.method !== "POST") return text(405, "method not allowed");
      if (req.body.length > MAX_PUSH_BYTES) return text(413, "too large");
      const msg = parsePush(req.body);
      if (!msg) return text(400, "bad xml");
      // WeChat retries an unanswered push with the same signature: handled once, answered every time
      const keepUntil = new Date(at.getTime() + 2 * PUSH_WINDOW_SECONDS * 1000);
      if (!(await deps.repo.firstPush(`${signed.timestamp}:${signed.nonce}`, keepUntil, at))) {
        return text(200, "success");
      }
      const scene = sceneOf(msg);
      const openid = msg.FromUserName ?? "";
      if (scene && scene.length <= 64 && openid && openid.length <= 128)
        await deps.repo.scanned(scene, openid, at, OFFICIAL_ACCOUNT);
      return text(200, "success");
    },

    /**
     * The mini program's confirmation of a scan (WechatMPScanLogin): the live scene, not scanned yet,
     * becomes scanned by the mini program's account `openid`; the page's poll then signs in its user or
     * offers binding it. An unknown, expired, spent or already scanned scene is refused.
     */
    async scannedByMini(scene: string, openid: string): Promise<void> {
      const at = now();
      const s = await deps.repo.byScene(scene);
      if (!s || s.consumed || s.expiresAt <= at) throw new DomainError("failed_precondition", scanMessages.expired);
      if (s.openid) throw new DomainError("failed_precondition", scanMessages.alreadyScanned);
      if (!(await deps.repo.scanned(scene, openid, at, MINI_PROGRAM)))
        throw new DomainError("failed_precondition", scanMessages.alreadyScanned);
    },

    /**
     * The page's poll. Before the scan: nothing. After it, in login mode: the login once (token and
     * user of the bound account), or the unbound account to bind; in bind mode: bound.
     */
    async status(call: CallContext, scene: string) {
      const s = scene ? await deps.repo.byScene(scene) : null;
      if (!s || s.consumed || (s.expiresAt <= now() && !s.openid)) {
        throw new DomainError("failed_precondition", scanMessages.expired);
      }
      if (s.userId !== null && call.identity?.userId !== s.userId) {
        throw new DomainError("permission_denied", scanMessages.notYours);
      }
      if (!s.openid) return { scanned: false as const };
      const openid = s.openid;
      if (s.userId !== null) {
        if (!(await deps.repo.consume(s.scene, now())))
          throw new DomainError("failed_precondition", scanMessages.expired);
        await deps.bindings.bind(s.userId, s.oauthType, openid);
        return { scanned: true as const, bound: true as const };
      }
      const userId = await deps.bindings.userOf(s.oauthType, openid);
      if (!(await deps.repo.consume(s.scene, now())))
        throw new DomainError("failed_precondition", scanMessages.expired);
      if (userId === null) return { scanned: true as const, unbound: await deps.bindings.unbound(s.oauthType, openid) };
      return { scanned: true as const, login: await deps.users.signInAs(call, userId) };
    },
  };
}
export type ScanService<U> = ReturnType<typeof createScanService<U>>;
