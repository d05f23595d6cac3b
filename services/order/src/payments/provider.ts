// The one interface every way of paying an order online sits behind (Alipay, WeChat Pay v3, the
// sandbox). The order domain never knows a provider's protocol: it asks for a payment, and it is
// told "this order was paid" only by a notify the provider itself verified. Paying with credits is
// not a provider: the order domain settles it against the ledger in one step.
//
// Money is integer cents everywhere. A provider converts at its own edge (Alipay's "12.34" yuan
// strings, WeChat's integer fen) and refuses anything it cannot represent exactly.
import type { PayMethod } from "@wenku/proto/api/v1/enums_pb.js";

/** What a provider needs to start paying one order. */
export interface PaymentRequest {
  orderNo: string;
  /** Payable total, cents, > 0. */
  amountCents: number;
  /** One line shown by the platform ("充值 100 积分", the document's title …), already trimmed. */
  subject: string;
  /** Where the platform sends its server-to-server notify: `<public origin>/callback/<provider name>`. */
  notifyUrl: string;
  /** Where the platform sends the browser back when done (our /order?order_no=… page). */
  returnUrl: string;
  /** The payer's IP (WeChat H5 requires it). */
  clientIp: string;
  /** The order closes itself at this time; the platform should refuse to take money after it. */
  expiresAt: Date;
  /** Phone browser: prefer the platform's mobile/H5 flow over a desktop page or a QR code. */
  mobile: boolean;
}

/** How the browser pays: a page to open, or content to render as a QR code (at least one is set). */
export interface PaymentStart {
  paymentUrl?: string;
  qrcode?: string;
}

/** A raw server-to-server callback as the gateway received it at /callback/<provider name>. */
export interface RawNotify {
  /** Header names lower-cased. */
  headers: Readonly<Record<string, string>>;
  /** The body's exact bytes: signatures are over them, never over a re-serialisation. */
  body: Uint8Array;
  /** The query string without "?", for platforms that put parameters there. */
  query: string;
}

/** A notify whose signature (and, for WeChat, ciphertext) checked out. */
export interface VerifiedNotify {
  orderNo: string;
  /** The platform's transaction number. */
  tradeNo: string;
  /** What the platform says was paid, cents. The order domain compares it with the order. */
  amountCents: number;
  /** true: money taken (TRADE_SUCCESS / SUCCESS …); false: a verified notify of any other state. */
  paid: boolean;
  paidAt?: Date;
}

/** What the gateway answers the platform, in the platform's own format. */
export interface NotifyReply {
  status: number;
  contentType: string;
  body: string;
}

/**
 * A refused notify: bad signature, undecryptable body, unknown certificate, malformed fields.
 * `reason` goes to the log, never to the caller.
 */
export class NotifyRejected extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "NotifyRejected";
  }
}

export interface PaymentProvider {
  /** The path segment of its callback (/callback/<name>): "alipay", "wechatpay", "sandbox". */
  readonly name: string;
  readonly method: PayMethod;
  /** Starts paying an order on the platform. Throws DomainError("unavailable", …) when the platform fails. */
  start(req: PaymentRequest, signal?: AbortSignal): Promise<PaymentStart>;
  /** Checks a callback; throws NotifyRejected when it is not authentic. Never trusts anything unsigned. */
  verifyNotify(raw: RawNotify): Promise<VerifiedNotify>;
  /** The platform's "received, stop retrying" (ok) or "try again later" (!ok) answer. */
  notifyReply(ok: boolean): NotifyReply;
  /**
   * Asks the platform for an order's state (the /order page polls; a lost notify is caught up here).
   * undefined: the platform does not know the order yet.
   */
  query?(orderNo: string, signal?: AbortSignal): Promise<VerifiedNotify | undefined>;
  /**
   * The operator's check of the merchant settings: the platform's keys fetched now. DomainError
   * (failed_precondition with the platform's own error, or unavailable) when it refuses or fails.
   */
  checkPlatform?(signal?: AbortSignal): Promise<PlatformCheck>;
}

/** The platform key a check found in use: a certificate (serial, validity) or a public key (its id, no dates). */
export interface PlatformCheck {
  serial: string;
  notBefore?: Date;
  notAfter?: Date;
}

/** Settings of the pay categories as stored in the config service, secrets included (order service only). */
export interface AlipaySettings {
  enable: boolean;
  appId: string;
  /** PKCS#8 or PKCS#1 PEM of the application's RSA private key (RSA2 = SHA256withRSA). */
  privateKey: string;
  /** Alipay's RSA public key (PEM, or the bare base64 body Alipay's console shows). */
  publicKey: string;
  sandbox: boolean;
  /**
   * alipay.gateway_url: the open-platform gateway (tests point it at a local stand-in). Empty or the
   * production default with `sandbox` on: the sandbox gateway.
   */
  gatewayUrl?: string;
}

export interface WechatPaySettings {
  enable: boolean;
  appId: string;
  mchId: string;
  /** Serial number of the merchant API certificate. */
  serialNo: string;
  /** 32-byte APIv3 key (AES-256-GCM of notify resources and certificate downloads). */
  apiV3Key: string;
  /** PEM of the merchant API private key. */
  privateKey: string;
  /** wechatpay.base_url; empty: https://api.mch.weixin.qq.com (tests point it at a local stand-in). */
  baseUrl?: string;
  /**
   * WeChat Pay public key mode (微信支付公钥): the platform's public key (PEM or bare base64) and its
   * id ("PUB_KEY_ID_…", the Wechatpay-Serial of what it signs). Both or neither; without them the
   * platform certificates are downloaded. With them, other serials still go to the certificates
   * (a merchant switching modes sees both).
   */
  publicKey?: string;
  publicKeyId?: string;
}

export interface SandboxSettings {
  enable: boolean;
}

export interface PaySettings {
  alipay: AlipaySettings;
  wechatpay: WechatPaySettings;
  sandbox: SandboxSettings;
}

/** What every provider is built with, whatever its settings. */
export interface ProviderContext {
  internalToken: string;
}

/** Builds one provider from the pay settings (registry.ts lists them and keeps what they built). */
export interface ProviderFactory {
  readonly name: string;
  readonly method: PayMethod;
  /** The part of the pay settings `build` reads (its fingerprint decides a rebuild); default: all of them. */
  settingsOf?(settings: PaySettings): unknown;
  build(settings: PaySettings, ctx: ProviderContext): PaymentProvider | undefined;
}
