// The WeChat official account's server API (api.weixin.qq.com, or the operator's api_base_url): the
// access token, temporary parametric QR codes and the JS-SDK's jsapi_ticket. WeChat answers HTTP 200
// with {errcode, errmsg} on a refusal; those become WechatApiError. Every call goes through the kit's
// guarded fetcher with a size and time cap.
//
// The access token is WeChat's *stable* token (POST /cgi-bin/stable_token): every replica asking gets
// the same one until it expires, where the classic /cgi-bin/token would make each replica's request
// void the others'. Tokens and tickets are kept until shortly before WeChat says they expire, one
// request at a time per app; a call WeChat refuses for a stale token drops it and tries once more.
import { DomainError } from "@wenku/kit";
import { type AllowHosts, FetchRefused, guardedSend, type SentAnswer } from "@wenku/kit/net";

export const WECHAT_API = "https://api.weixin.qq.com";
/** Where WeChat shows a QR code's image by its ticket. */
const WECHAT_SHOWQRCODE = "https://mp.weixin.qq.com/cgi-bin/showqrcode";
const MAX_BYTES = 64 * 1024;
/** A mini-program code of 430 px is some 60 KB; WeChat's largest (1280 px) stays well under this. */
const MAX_IMAGE_BYTES = 1024 * 1024;
const TIMEOUT_MS = 8_000;
/** A token or ticket is renewed this long before WeChat's expiry. */
const EARLY_MS = 5 * 60_000;
/** WeChat's codes for an access token that is invalid or expired. */
const STALE_TOKEN = new Set([40001, 40014, 42001]);

/** An app of WeChat's (official account or mini program): whose access token a call carries. */
export interface WechatApp {
  appId: string;
  appSecret: string;
  /** WeChat's API base (no trailing slash). */
  apiBaseUrl: string;
}

export interface OfficialAccount extends WechatApp {
  enable: boolean;
  /** The server configuration's Token (push signatures). */
  token: string;
  /** The server configuration's EncodingAESKey (43 characters): pushes in safe mode are decrypted with it. */
  encodingAesKey: string;
}

/** The WeChat mini program's keys (category mp) and the WeChat API it talks to. */
export interface MiniProgram extends WechatApp {
  enable: boolean;
  /** The page a scanned mini-program code opens ("" = the program's home page), as "pages/x/y". */
  scanPage: string;
  /** Which version the code opens: release, trial or develop. */
  envVersion: MiniProgramEnv;
}

export const MINI_PROGRAM_ENVS = ["release", "trial", "develop"] as const;
export type MiniProgramEnv = (typeof MINI_PROGRAM_ENVS)[number];

/** A mini-program code image as WeChat drew it. */
export interface MiniProgramCode {
  /** image/png or image/jpeg, by the image's own first bytes. */
  contentType: string;
  bytes: Buffer;
}

/** Who a mini program's wx.login code belongs to. */
export interface MiniProgramSession {
  openid: string;
  /** Only when the mini program is tied to an open platform account. */
  unionid: string;
}

export class WechatApiError extends Error {
  override readonly name = "WechatApiError";
  constructor(
    readonly errcode: number,
    readonly errmsg: string,
  ) {
    super(`WeChat refused (${errcode}): ${errmsg}`);
  }
}

/**
 * What a service does with a failed WeChat call: a refusal (wrong AppID or AppSecret, the server's address
 * not on the account's IP whitelist, an API the account may not use) is the site's configuration, for an
 * administrator to fix — a FailedPrecondition saying so with WeChat's error code, never a 500. Anything
 * else (a DomainError already, a bug) passes unchanged.
 */
export function siteRefusal(message: string): (err: unknown) => never {
  return (err) => {
    if (err instanceof WechatApiError)
      throw new DomainError("failed_precondition", `${message}（微信错误码 ${err.errcode}）`);
    throw err;
  };
}

export interface TemporaryQr {
  ticket: string;
  /** What the QR code encodes. */
  url: string;
  expireSeconds: number;
  /** The QR code's image at WeChat. */
  imageUrl: string;
}

/** PNG or JPEG by the first bytes (what WeChat draws codes as), or "" for anything else. */
function imageType(b: Buffer): string {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from("89504e470d0a1a0a", "hex"))) return "image/png";
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  return "";
}

interface Cached {
  value: string;
  expiresAt: number;
}

export interface WechatApiOptions {
  /** What the fetcher may reach although private (FETCH_ALLOW_HOSTS: a test's stand-in). */
  allow?: AllowHosts;
  now?: () => number;
}

export function createWechatApi(opts: WechatApiOptions = {}) {
  const now = opts.now ?? Date.now;
  const tokens = new Map<string, Cached>();
  const tickets = new Map<string, Cached>();
  const pending = new Map<string, Promise<string>>();

  async function send(url: string, post: unknown, maxBytes: number): Promise<SentAnswer> {
    let got: SentAnswer;
    try {
      got = await guardedSend(url, {
        method: post === undefined ? "GET" : "POST",
        headers: {
          accept: "application/json",
          ...(post === undefined ? {} : { "content-type": "application/json" }),
        },
        body: post === undefined ? undefined : JSON.stringify(post),
        maxBytes,
        timeoutMs: TIMEOUT_MS,
        allow: opts.allow,
      });
    } catch (err) {
      if (err instanceof FetchRefused) throw new DomainError("unavailable", `无法连接微信服务器：${err.message}`);
      throw err;
    }
    // WeChat answers its refusals with HTTP 200 and errcode; anything else is not WeChat answering
    if (got.status !== 200) throw new DomainError("unavailable", `微信服务器返回了错误（HTTP ${got.status}）`);
    return got;
  }

  /** WeChat's JSON answer; its refusal ({errcode ≠ 0, errmsg}) thrown as WechatApiError. */
  function answerOf(got: SentAnswer): Record<string, unknown> {
    let body: unknown;
    try {
      body = JSON.parse(got.bytes.toString("utf8"));
    } catch {
      throw new DomainError("unavailable", "微信服务器的回答无法识别");
    }
    if (typeof body !== "object" || body === null) throw new DomainError("unavailable", "微信服务器的回答无法识别");
    const b = body as Record<string, unknown>;
    const errcode = Number(b.errcode ?? 0);
    if (errcode !== 0) throw new WechatApiError(errcode, String(b.errmsg ?? ""));
    return b;
  }

  async function call(url: string, post?: unknown): Promise<Record<string, unknown>> {
    return answerOf(await send(url, post, MAX_BYTES));
  }

  /** One request at a time per key; the answer kept until shortly before it expires. */
  async function cachedValue(
    cache: Map<string, Cached>,
    key: string,
    load: () => Promise<{ value: string; expiresIn: number }>,
  ): Promise<string> {
    const hit = cache.get(key);
    if (hit && hit.expiresAt > now()) return hit.value;
    const inflight = pending.get(key);
    if (inflight) return inflight;
    const p = load()
      .then(({ value, expiresIn }) => {
        cache.set(key, { value, expiresAt: now() + Math.max(0, expiresIn * 1000 - EARLY_MS) });
        return value;
      })
      .finally(() => pending.delete(key));
    pending.set(key, p);
    return p;
  }

  const appKey = (a: WechatApp) => `${a.apiBaseUrl}\n${a.appId}\n${a.appSecret}`;

  function accessToken(a: WechatApp): Promise<string> {
    return cachedValue(tokens, `token\n${appKey(a)}`, async () => {
      const b = await call(`${a.apiBaseUrl}/cgi-bin/stable_token`, {
        grant_type: "client_credential",
        appid: a.appId,
        secret: a.appSecret,
        force_refresh: false,
      });
      if (typeof b.access_token !== "string" || !b.access_token) throw new WechatApiError(-1, "no access_token");
      return { value: b.access_token, expiresIn: Number(b.expires_in) || 7200 };
    });
  }

  /** A call with the access token; a stale one is dropped and the call tried once more. */
  async function withToken<T>(a: WechatApp, run: (token: string) => Promise<T>): Promise<T> {
    try {
      return await run(await accessToken(a));
    } catch (err) {
      if (!(err instanceof WechatApiError) || !STALE_TOKEN.has(err.errcode)) throw err;
      tokens.delete(`token\n${appKey(a)}`);
      return run(await accessToken(a));
    }
  }

  return {
    /** A temporary QR code carrying `scene` (QR_STR_SCENE), valid `expireSeconds`. */
    async temporaryQr(a: OfficialAccount, scene: string, expireSeconds: number): Promise<TemporaryQr> {
      const b = await withToken(a, (token) =>
        call(`${a.apiBaseUrl}/cgi-bin/qrcode/create?access_token=${encodeURIComponent(token)}`, {
          expire_seconds: expireSeconds,
          action_name: "QR_STR_SCENE",
          action_info: { scene: { scene_str: scene } },
        }),
      );
      if (typeof b.ticket !== "string" || typeof b.url !== "string") throw new WechatApiError(-1, "no ticket");
      const show = a.apiBaseUrl === WECHAT_API ? WECHAT_SHOWQRCODE : `${a.apiBaseUrl}/cgi-bin/showqrcode`;
      return {
        ticket: b.ticket,
        url: b.url,
        expireSeconds: Number(b.expire_seconds) || expireSeconds,
        imageUrl: `${show}?ticket=${encodeURIComponent(b.ticket)}`,
      };
    },

    /**
     * The mini program's wx.login code for its user (sns/jscode2session). The code is single use: WeChat
     * refuses it the second time (40163). The session_key WeChat also answers is not kept.
     */
    async jscode2session(mp: MiniProgram, code: string): Promise<MiniProgramSession> {
      const q = new URLSearchParams({
        appid: mp.appId,
        secret: mp.appSecret,
        js_code: code,
        grant_type: "authorization_code",
      });
      const b = await call(`${mp.apiBaseUrl}/sns/jscode2session?${q}`);
      if (typeof b.openid !== "string" || !b.openid) throw new WechatApiError(-1, "no openid");
      return { openid: b.openid, unionid: typeof b.unionid === "string" ? b.unionid : "" };
    },

    /**
     * The mini program's code for `scene` (wxacode.getUnlimited): an image that, scanned in WeChat, opens
     * `mp.scanPage` with the scene. WeChat answers the image, or JSON with errcode when it refuses.
     */
    async miniProgramCode(mp: MiniProgram, scene: string): Promise<MiniProgramCode> {
      const got = await withToken(mp, async (token) => {
        const answer = await send(
          `${mp.apiBaseUrl}/wxa/getwxacodeunlimit?access_token=${encodeURIComponent(token)}`,
          {
            scene,
            ...(mp.scanPage ? { page: mp.scanPage } : {}),
            // only a released program can be asked whether the page exists
            check_path: mp.envVersion === "release",
            env_version: mp.envVersion,
            width: 430,
          },
          MAX_IMAGE_BYTES,
        );
        if (/json|text/i.test(answer.contentType) || answer.bytes[0] === 0x7b) answerOf(answer);
        return answer;
      });
      const contentType = imageType(got.bytes);
      if (!contentType) throw new DomainError("unavailable", "微信服务器的回答无法识别");
      return { contentType, bytes: got.bytes };
    },

    /** The JS-SDK's jsapi_ticket, kept until shortly before it expires. */
    jsapiTicket(a: OfficialAccount): Promise<string> {
      return cachedValue(tickets, `ticket\n${appKey(a)}`, async () => {
        const b = await withToken(a, (token) =>
          call(`${a.apiBaseUrl}/cgi-bin/ticket/getticket?access_token=${encodeURIComponent(token)}&type=jsapi`),
        );
        if (typeof b.ticket !== "string" || !b.ticket) throw new WechatApiError(-1, "no ticket");
        return { value: b.ticket, expiresIn: Number(b.expires_in) || 7200 };
      });
    },
  };
}
export type WechatApi = ReturnType<typeof createWechatApi>;
