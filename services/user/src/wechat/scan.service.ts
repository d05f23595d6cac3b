// Scan-to-login with the WeChat official account (公众号) or mini program (小程序): the page asks for a
// scene and shows the official account's temporary QR code and/or the mini program's code for it; the
// visitor scans one in WeChat. The official account's scan is pushed to our server URL (subscribe or
// SCAN event with the scene as EventKey); the push, verified by WeChat's signature, records the
// scanning account's openid on the scene; the mini program sends the scene with its wx.login code
// (WechatMPScanLogin, mini.service.ts); the page's poll then logs in the user bound to that openid
// (once: the scene is consumed), or answers the unbound account to bind, or — a scene a signed-in user
// asked to bind with — binds the account to them.
import { randomBytes } from "node:crypto";
import { type CallContext, DomainError, requireSignedIn } from "@wenku/kit";
import { OAuthType } from "../oauth/providers/provider.js";
import type { ScanRepository } from "./scan.repository.js";
import { type MiniProgram, type OfficialAccount, siteRefusal, type WechatApi } from "./wechat.api.js";
import { openPush, type PushAnswer, sceneOf, pushText as text } from "./wechat.push.js";
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
  disabled: "未启用微信扫码登录（公众号或小程序）",
  alreadyScanned: "该二维码已被扫描，请刷新二维码",
  expired: "二维码已过期，请刷新二维码",
  notYours: "该二维码不是你发起的绑定",
  refused: "微信拒绝生成二维码，请管理员检查公众号的 AppID、AppSecret 与 IP 白名单",
  miniRefused: "微信拒绝生成小程序码，请管理员检查小程序的 AppID、AppSecret、扫码页面与版本",
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
  /** The mini program's settings: when it is on, each scene also gets its mini-program code. */
  mini: { current(): Promise<MiniProgram> };
  bindings: ScanBindings;
  users: ScanLogin<U>;
  clock?: () => Date;
}

export function createScanService<U>(deps: ScanServiceDeps<U>) {
  const now = deps.clock ?? (() => new Date());

  const usable = (a: { enable: boolean; appId: string; appSecret: string }) => a.enable && !!a.appId && !!a.appSecret;

  return {
    /**
     * A new scene with the official account's QR code and/or the mini program's code for it (whichever
     * is switched on); with `bind`, for the signed-in caller to bind the scanning account.
     */
    async start(call: CallContext, bind: boolean) {
      const userId = bind ? requireSignedIn(call).userId : null;
      const [a, mp] = await Promise.all([deps.account.current(), deps.mini.current()]);
      if (!usable(a) && !usable(mp)) throw new DomainError("failed_precondition", scanMessages.disabled);
      // 128 random bits: the scene is the page's only proof when it polls (22 characters: a
      // mini-program code's scene holds 32)
      const scene = randomBytes(16).toString("base64url");
      const [qr, code] = await Promise.all([
        usable(a) ? deps.api.temporaryQr(a, scene, SCENE_TTL_SECONDS).catch(siteRefusal(scanMessages.refused)) : null,
        usable(mp) ? deps.api.miniProgramCode(mp, scene).catch(siteRefusal(scanMessages.miniRefused)) : null,
      ]);
      const ttl = Math.min(qr?.expireSeconds ?? SCENE_TTL_SECONDS, SCENE_TTL_SECONDS);
      const expiresAt = new Date(now().getTime() + ttl * 1000);
      await deps.repo.create({ scene, userId, expiresAt }, now());
      const miniCode = code ? `data:${code.contentType};base64,${code.bytes.toString("base64")}` : "";
      return { scene, qrcode: qr?.imageUrl ?? miniCode, url: qr?.url ?? "", code: miniCode, expiresAt };
    },

    /**
     * WeChat calling the server URL. GET: the configuration check, answered with its echostr. POST: a
     * message or event, plain or in safe mode (wechat.push.ts); a scan of one of our QR codes marks its
     * scene. Anything not signed with the Token, or signed too far from now, or in safe mode not
     * decrypting to this account's message, is refused; a push already handled changes nothing.
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
      const opened = openPush(a, q, req.body);
      if ("refused" in opened) return opened.refused;
      const { msg } = opened;
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
