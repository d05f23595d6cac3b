// WeChat Pay (微信支付) API v3 behind the PaymentProvider interface, with node:crypto only:
// signed requests, Native (QR code) pay on desktops and H5 pay on phones, answers and notifies
// verified against the platform certificates or the configured platform public key (public key
// mode, PUB_KEY_ID_… serials), notify resources decrypted with the APIv3 key.
// https://pay.weixin.qq.com/doc/v3/merchant/4012791877 (Native 下单) ·
// https://pay.weixin.qq.com/doc/v3/merchant/4012791834 (H5 下单) ·
// https://pay.weixin.qq.com/doc/v3/merchant/4012791880 (支付成功回调) ·
// https://pay.weixin.qq.com/doc/v3/merchant/4012791879 (商户订单号查询订单) ·
// https://pay.weixin.qq.com/docs/merchant/products/platform-certificate/wxp-pub-key-guide.html (微信支付公钥)
import type { KeyObject } from "node:crypto";
import { DomainError } from "@wenku/kit";
import { PayMethod } from "@wenku/proto/api/v1/enums_pb.js";
import {
  callPlatform,
  configuredKey,
  cstRfc3339,
  type PlatformOptions,
  platformFailed,
  rsaPrivateKey,
  rsaPublicKey,
  rsaSha256Verify,
} from "../platform.js";
import {
  NotifyRejected,
  type PaymentProvider,
  type PaymentRequest,
  type RawNotify,
  type VerifiedNotify,
  type WechatPaySettings,
} from "../provider.js";
import {
  CertDownloadError,
  type CertStore,
  certsFromListing,
  createCertStore,
  operatorError,
  type PlatformCert,
  platformCertFromPem,
  refusalOf,
} from "./wechatpay.certs.js";
import {
  authorization,
  decryptResource,
  type EncryptedResource,
  isPublicKeyId,
  MAX_SKEW_SECONDS,
  newNonce,
  normalizeSerial,
  PUBLIC_KEY_ID,
  signedMessage,
  WECHATPAY_BASE_URL,
} from "./wechatpay.protocol.js";

export interface WechatPayOptions extends PlatformOptions {
  /** PEMs of platform certificates already known (they are trusted as given, and downloads add to them). */
  platformCertificates?: readonly string[];
}

const PLATFORM = "微信支付";
const MAX_FEN = 10_000_000_000;

/** The transaction object of notifies and queries (only the fields we read). */
interface Transaction {
  appid?: string;
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  success_time?: string;
  amount?: { total?: number };
}

/** Why signed headers over `body` are not authentic, or undefined when they are. */
async function inauthentic(
  header: (name: string) => string | undefined,
  body: string,
  key: (serial: string) => Promise<KeyObject | undefined>,
  now: Date,
): Promise<string | undefined> {
  const serial = header("wechatpay-serial");
  const signature = header("wechatpay-signature");
  const timestamp = header("wechatpay-timestamp");
  const nonce = header("wechatpay-nonce");
  if (!serial || !signature || !timestamp || !nonce) return "signature headers missing";
  if (!/^\d{1,12}$/.test(timestamp)) return `timestamp ${timestamp}`;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > MAX_SKEW_SECONDS)
    return `timestamp ${timestamp} out of range`;
  const publicKey = await key(serial);
  if (!publicKey) return `unknown platform certificate ${serial}`;
  return rsaSha256Verify(signedMessage(timestamp, nonce, body), signature, publicKey) ? undefined : "bad signature";
}

/** The configured platform public key and its id (public key mode), or undefined when neither is set. */
function platformPublicKey(settings: WechatPaySettings): { id: string; key: KeyObject } | undefined {
  const id = settings.publicKeyId?.trim() ?? "";
  const pem = settings.publicKey?.trim() ?? "";
  if (!id && !pem) return undefined;
  if (!id || !pem) throw new DomainError("failed_precondition", "微信支付公钥和公钥 ID 须同时填写，请检查支付设置");
  if (!PUBLIC_KEY_ID.test(id))
    throw new DomainError("failed_precondition", "微信支付公钥 ID 应为 PUB_KEY_ID_ 开头，请检查支付设置");
  return { id, key: configuredKey(rsaPublicKey(pem), "微信支付公钥无效，请检查支付设置") };
}

export function createWechatPayProvider(settings: WechatPaySettings, opts: WechatPayOptions = {}): PaymentProvider {
  const privateKey = configuredKey(rsaPrivateKey(settings.privateKey), "微信支付商户私钥无效，请检查支付设置");
  const apiV3Key = Buffer.from(settings.apiV3Key, "utf8");
  if (apiV3Key.length !== 32) throw new DomainError("failed_precondition", "微信支付 APIv3 密钥应为 32 个字符");
  const preloaded = (opts.platformCertificates ?? []).map((pem) => {
    try {
      return platformCertFromPem(pem);
    } catch {
      throw new DomainError("failed_precondition", "微信支付平台证书无效，请检查支付设置");
    }
  });
  const publicKey = platformPublicKey(settings);
  const base = (settings.baseUrl || WECHATPAY_BASE_URL).replace(/\/+$/, "");
  const now = opts.now ?? (() => new Date());

  async function send(method: "GET" | "POST", target: string, payload?: object, signal?: AbortSignal) {
    const body = payload ? JSON.stringify(payload) : "";
    const parts = {
      mchid: settings.mchId,
      serialNo: settings.serialNo,
      nonce: newNonce(),
      timestamp: Math.floor(now().getTime() / 1000),
    };
    const headers: Record<string, string> = {
      authorization: authorization(method, target, body, parts, privateKey),
      accept: "application/json",
      "user-agent": "wenku-order (node)",
      ...(payload ? { "content-type": "application/json" } : {}),
    };
    return callPlatform(PLATFORM, opts, `${base}${target}`, { method, headers, ...(payload ? { body } : {}) }, signal);
  }

  /** GET /v3/certificates now, decrypted and authenticated; CertDownloadError says why not. */
  async function downloadCertificates(signal?: AbortSignal): Promise<PlatformCert[]> {
    const res = await send("GET", "/v3/certificates", undefined, signal);
    if (res.status !== 200) throw refusalOf(res.status, res.text);
    let downloaded: PlatformCert[];
    try {
      downloaded = certsFromListing(res.text, apiV3Key);
    } catch (err) {
      throw new CertDownloadError("unreadable", (err as Error).message);
    }
    // What makes the certificates trustworthy is the AES-GCM with the APIv3 key (only WeChat and we
    // hold it); the listing is also signed, by one of the certificates it carries, one we trust, or
    // (a merchant switching to public key mode) the configured platform public key.
    const lookup = async (serial: string) =>
      publicKey && serial.trim() === publicKey.id
        ? publicKey.key
        : [...downloaded, ...preloaded].find((c) => c.serial === normalizeSerial(serial))?.publicKey;
    const why = await inauthentic((n) => res.headers.get(n) ?? undefined, res.text, lookup, now());
    if (why) throw new CertDownloadError("inauthentic", why);
    return downloaded;
  }

  const certs: CertStore = createCertStore({
    now,
    preloaded,
    download: () =>
      downloadCertificates().catch((err: unknown) => {
        throw err instanceof CertDownloadError ? platformFailed(PLATFORM, err.message) : err;
      }),
  });

  /** The key that signed under this Wechatpay-Serial: the configured public key, or a platform certificate. */
  async function platformKey(serial: string): Promise<KeyObject | undefined> {
    if (publicKey && serial.trim() === publicKey.id) return publicKey.key;
    if (isPublicKeyId(serial)) return undefined; // a public key we were not given: no certificate has its id
    return certs.key(serial);
  }

  /** A platform answer: 2xx and authentically signed, parsed; anything else is "unavailable". */
  async function call(method: "GET" | "POST", target: string, payload?: object, signal?: AbortSignal) {
    const res = await send(method, target, payload, signal);
    const what = `${method} ${target.split("?")[0]}`;
    let json: Record<string, unknown> | undefined;
    try {
      json = JSON.parse(res.text) as Record<string, unknown>;
    } catch {
      json = undefined;
    }
    if (res.status < 200 || res.status > 299) {
      return {
        ok: false as const,
        status: res.status,
        code: typeof json?.code === "string" ? json.code : undefined,
        what,
      };
    }
    const why = await inauthentic((n) => res.headers.get(n) ?? undefined, res.text, platformKey, now());
    if (why) throw platformFailed(PLATFORM, `${what}: ${why}`);
    if (!json) throw platformFailed(PLATFORM, `${what}: answer is not JSON`);
    return { ok: true as const, json };
  }

  function toVerified(tx: Transaction, fail: (why: string) => Error): VerifiedNotify {
    if (tx.mchid !== settings.mchId) throw fail(`mchid ${tx.mchid}`);
    if (tx.appid !== settings.appId) throw fail(`appid ${tx.appid}`);
    if (!tx.out_trade_no) throw fail("out_trade_no missing");
    const paid = tx.trade_state === "SUCCESS";
    const total = tx.amount?.total;
    const valid = typeof total === "number" && Number.isSafeInteger(total) && total >= 0 && total <= MAX_FEN;
    if (!valid && (paid || total !== undefined)) throw fail(`amount.total ${total}`);
    if (paid && !tx.transaction_id) throw fail("transaction_id missing");
    const paidAt = paid && tx.success_time ? new Date(tx.success_time) : undefined;
    return {
      orderNo: tx.out_trade_no,
      tradeNo: tx.transaction_id ?? "",
      amountCents: valid ? (total as number) : 0,
      paid,
      ...(paidAt && !Number.isNaN(paidAt.getTime()) ? { paidAt } : {}),
    };
  }

  return {
    name: "wechatpay",
    method: PayMethod.WECHAT,

    async start(req: PaymentRequest, signal?: AbortSignal) {
      if (!Number.isSafeInteger(req.amountCents) || req.amountCents <= 0 || req.amountCents > MAX_FEN) {
        throw new DomainError("invalid_argument", "支付金额无效");
      }
      if (req.mobile && !req.clientIp)
        throw new DomainError("invalid_argument", "无法确定付款人的 IP 地址，请稍后再试");
      const order = {
        appid: settings.appId,
        mchid: settings.mchId,
        description: req.subject.slice(0, 127) || "订单",
        out_trade_no: req.orderNo,
        time_expire: cstRfc3339(req.expiresAt),
        notify_url: req.notifyUrl,
        amount: { total: req.amountCents, currency: "CNY" },
        ...(req.mobile ? { scene_info: { payer_client_ip: req.clientIp, h5_info: { type: "Wap" } } } : {}),
      };
      const kind = req.mobile ? "h5" : "native";
      const res = await call("POST", `/v3/pay/transactions/${kind}`, order, signal);
      if (!res.ok) throw platformFailed(PLATFORM, `${res.what}: HTTP ${res.status} ${res.code}`);
      const link = res.json[req.mobile ? "h5_url" : "code_url"];
      if (typeof link !== "string" || !link) throw platformFailed(PLATFORM, `${kind}: no payment link in the answer`);
      // H5 pay sends the browser back to redirect_url (appended to h5_url, URL-encoded) when done.
      const back = `${link.includes("?") ? "&" : "?"}redirect_url=${encodeURIComponent(req.returnUrl)}`;
      return req.mobile ? { paymentUrl: `${link}${back}` } : { qrcode: link };
    },

    async verifyNotify(raw: RawNotify) {
      const body = Buffer.from(raw.body).toString("utf8");
      let why: string | undefined;
      try {
        why = await inauthentic((n) => raw.headers[n], body, platformKey, now());
      } catch (err) {
        why = `platform certificates unavailable: ${(err as Error).cause ?? (err as Error).message}`;
      }
      if (why) throw new NotifyRejected(`wechatpay notify: ${why}`);
      let tx: Transaction;
      try {
        const envelope = JSON.parse(body) as { resource?: EncryptedResource & { original_type?: string } };
        if (envelope.resource?.original_type !== "transaction") throw new Error("not a transaction");
        tx = JSON.parse(decryptResource(envelope.resource, apiV3Key)) as Transaction;
      } catch (err) {
        throw new NotifyRejected(`wechatpay notify: resource: ${(err as Error).message}`);
      }
      return toVerified(tx, (w) => new NotifyRejected(`wechatpay notify: ${w}`));
    },

    notifyReply(ok: boolean) {
      return ok
        ? { status: 200, contentType: "application/json", body: JSON.stringify({ code: "SUCCESS" }) }
        : { status: 500, contentType: "application/json", body: JSON.stringify({ code: "FAIL", message: "失败" }) };
    },

    async checkPlatform(signal?: AbortSignal) {
      if (publicKey) return { serial: publicKey.id };
      let downloaded: PlatformCert[];
      try {
        downloaded = await downloadCertificates(signal);
      } catch (err) {
        throw err instanceof CertDownloadError ? operatorError(err) : err;
      }
      // The latest to take effect; of equals, the one listed last.
      const newest = downloaded.reduce((a, b) => (b.notBefore.getTime() >= a.notBefore.getTime() ? b : a));
      return { serial: newest.serial, notBefore: newest.notBefore, notAfter: newest.notAfter };
    },

    async query(orderNo: string, signal?: AbortSignal) {
      const target = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${encodeURIComponent(settings.mchId)}`;
      const res = await call("GET", target, undefined, signal);
      // "No such order" changes nothing, so it is believed without a signature.
      if (!res.ok && res.status === 404 && res.code === "ORDER_NOT_EXIST") return undefined;
      if (!res.ok) throw platformFailed(PLATFORM, `${res.what}: HTTP ${res.status} ${res.code}`);
      const verified = toVerified(res.json as Transaction, (w) => platformFailed(PLATFORM, `query: ${w}`));
      if (verified.orderNo !== orderNo) throw platformFailed(PLATFORM, "query: another order's answer");
      return verified;
    },
  };
}
