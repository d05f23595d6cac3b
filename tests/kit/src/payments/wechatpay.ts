// TEST CODE: a local stand-in of the WeChat Pay API v3 (api.mch.weixin.qq.com) with locally
// generated keys and self-signed platform certificates. It checks what the real API checks of our
// requests (the WECHATPAY2-SHA256-RSA2048 Authorization over method, path, timestamp, nonce, body;
// mchid and serial; the order fields), signs every answer with the current platform certificate,
// serves the certificates AES-256-GCM encrypted with the APIv3 key, and builds signed, encrypted
// notifies. rotate() switches to a new certificate as WeChat does before one expires;
// usePublicKey() switches to public key mode (a PUB_KEY_ID_… key instead of certificates).
import { generateKeyPairSync, type KeyObject, randomBytes } from "node:crypto";
import {
  encryptResource,
  MAX_SKEW_SECONDS,
  newNonce,
  type PlatformNotify,
  parseAuthorization,
  rsaSha256Sign,
  rsaSha256Verify,
  signedMessage,
} from "./protocol.js";
import { selfSignedCertificate } from "./selfsigned.js";
import {
  type NotifyDelivery,
  postNotify,
  type StandInAnswer,
  type StandInRequest,
  type StandInServer,
  startStandIn,
} from "./standin.js";

export interface PlatformIdentity {
  serial: string;
  privateKey: KeyObject;
  pem: string;
}

export interface WechatTransaction {
  appid: string;
  mchid: string;
  out_trade_no: string;
  transaction_id: string;
  trade_type: "NATIVE" | "MWEB";
  trade_state: "NOTPAY" | "SUCCESS" | "CLOSED";
  trade_state_desc: string;
  success_time?: string;
  amount: { total: number; currency: string; payer_total?: number; payer_currency?: string };
  /** What the merchant sent when ordering (not part of WeChat's transaction object). */
  request: Record<string, unknown>;
}

export interface NotifyOptions {
  /** Fields of the decrypted transaction to override. */
  overrides?: Record<string, unknown>;
  /** Sign with this identity instead of the current platform certificate. */
  signer?: Pick<PlatformIdentity, "serial" | "privateKey">;
  /** Unix seconds of the signature (default: now). */
  timestamp?: number;
  /** Encrypt with this key instead of the merchant's APIv3 key. */
  apiV3Key?: string;
}

export interface WechatPayStandIn {
  server: StandInServer;
  baseUrl: string;
  mchId: string;
  appId: string;
  apiV3Key: string;
  merchantSerial: string;
  merchantKeys: { privateKey: KeyObject; publicKey: KeyObject };
  /** The certificate that signs now (the last of `served`). */
  current(): PlatformIdentity;
  /** Certificates GET /v3/certificates lists. */
  served: PlatformIdentity[];
  certificateDownloads: number;
  /** false: GET /v3/certificates answers 404, as for a merchant that has only the platform public key. */
  certificatesServed: boolean;
  transactions: Map<string, WechatTransaction>;
  /** A new certificate listed last and signing from now on; `validity` defaults to yesterday + 5 years. */
  rotate(validity?: Validity): PlatformIdentity;
  /**
   * Public key mode (微信支付公钥): from now on answers and notifies are signed with a platform key
   * whose id (PUB_KEY_ID_…) is the Wechatpay-Serial; `pem` is its SPKI public key, as the merchant
   * downloads it. The same identity each time.
   */
  usePublicKey(): PlatformIdentity;
  /** A platform identity whose certificate is never served (the same one each time). */
  stranger(): PlatformIdentity;
  pay(outTradeNo: string): PlatformNotify;
  notify(outTradeNo: string, opts?: NotifyOptions): PlatformNotify;
  /** POSTs a notify to the notify_url the transaction was ordered with, as WeChat Pay does. */
  deliver(outTradeNo: string, raw: PlatformNotify): Promise<NotifyDelivery>;
  close(): Promise<void>;
}

/** The order fields the stand-in checks (what a merchant sends to /v3/pay/transactions/native|h5). */
interface OrderBody {
  appid?: string;
  mchid?: string;
  description?: string;
  out_trade_no?: string;
  time_expire?: string;
  notify_url?: string;
  amount?: { total?: number; currency?: string };
  scene_info?: { payer_client_ip?: string; h5_info?: { type?: string } };
}

const rsa = () => generateKeyPairSync("rsa", { modulusLength: 2048 });
const cst = (d: Date) => `${new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

interface Validity {
  notBefore: Date;
  notAfter: Date;
}

function identity(validity?: Validity): PlatformIdentity {
  const keys = rsa();
  const serial = `5${randomBytes(19).toString("hex").toUpperCase()}`.slice(0, 40);
  const pem = selfSignedCertificate({
    serialHex: serial,
    commonName: "Tenpay.com Root CA stand-in",
    ...keys,
    notBefore: validity?.notBefore ?? new Date(Date.now() - 86_400_000),
    notAfter: validity?.notAfter ?? new Date(Date.now() + 5 * 365 * 86_400_000),
  });
  return { serial, privateKey: keys.privateKey, pem };
}

export async function startWechatPayStandIn(): Promise<WechatPayStandIn> {
  const mchId = "1900000109";
  const appId = "wxd678efh567hg6787";
  const apiV3Key = randomBytes(16).toString("hex"); // 32 ASCII characters, as the console requires
  const merchantSerial = randomBytes(20).toString("hex").toUpperCase();
  const merchantKeys = rsa();
  const wrong = identity();
  let publicKeyIdentity: PlatformIdentity | undefined;
  const transactions = new Map<string, WechatTransaction>();
  let seq = 0;

  function signedHeaders(
    body: string,
    signer: Pick<PlatformIdentity, "serial" | "privateKey">,
    timestamp = nowSeconds(),
  ) {
    const nonce = newNonce();
    return {
      "content-type": "application/json",
      "request-id": `08F4${++seq}`,
      "wechatpay-serial": signer.serial,
      "wechatpay-timestamp": String(timestamp),
      "wechatpay-nonce": nonce,
      "wechatpay-signature": rsaSha256Sign(signedMessage(String(timestamp), nonce, body), signer.privateKey),
    };
  }

  function answer(status: number, payload: object | undefined, server: StandInServer): StandInAnswer {
    const body = payload ? JSON.stringify(payload) : "";
    const signer = server.fault === "badsign" ? { ...wrong, serial: stand.current().serial } : stand.current();
    const timestamp = server.fault === "stale" ? nowSeconds() - 600 : undefined;
    return { status, headers: signedHeaders(body, signer, timestamp), body };
  }

  /** Why the request's Authorization is refused, or undefined. */
  function unauthorized(req: StandInRequest): string | undefined {
    const auth = parseAuthorization(
      typeof req.headers.authorization === "string" ? req.headers.authorization : undefined,
    );
    if (!auth) return "Authorization 不合法";
    if (auth.mchid !== mchId || auth.serial_no !== merchantSerial) return "商户证书序列号有误";
    if (Math.abs(nowSeconds() - Number(auth.timestamp)) > MAX_SKEW_SECONDS) return "请求时间戳过期";
    const message = signedMessage(req.method, req.target, auth.timestamp ?? "", auth.nonce_str ?? "", req.body);
    return rsaSha256Verify(message, auth.signature ?? "", merchantKeys.publicKey) ? undefined : "签名错误";
  }

  function order(kind: "native" | "h5", body: OrderBody): object | string {
    const ok =
      body.appid === appId &&
      body.mchid === mchId &&
      typeof body.description === "string" &&
      body.description.length > 0 &&
      /^[0-9A-Za-z_\-|*]{6,32}$/.test(body.out_trade_no ?? "") &&
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/.test(body.time_expire ?? "") &&
      // WeChat requires https; plain http is let through for this machine only (a local test stack has no TLS).
      /^(https:\/\/|http:\/\/(127\.0\.0\.1|localhost)[:/])/.test(body.notify_url ?? "") &&
      Number.isSafeInteger(body.amount?.total) &&
      (body.amount?.total ?? 0) > 0 &&
      body.amount?.currency === "CNY";
    if (!ok || !body.out_trade_no || !body.amount?.total) return "PARAM_ERROR";
    if (kind === "h5" && (!body.scene_info?.payer_client_ip || body.scene_info?.h5_info?.type !== "Wap"))
      return "PARAM_ERROR";
    if (transactions.has(body.out_trade_no)) return "OUT_TRADE_NO_USED";
    const prepay = `wx${Date.now()}${++seq}`;
    transactions.set(body.out_trade_no, {
      appid: appId,
      mchid: mchId,
      out_trade_no: body.out_trade_no,
      transaction_id: `42000${String(++seq).padStart(23, "0")}`,
      trade_type: kind === "h5" ? "MWEB" : "NATIVE",
      trade_state: "NOTPAY",
      trade_state_desc: "订单未支付",
      amount: { total: body.amount.total, currency: "CNY" },
      request: body as Record<string, unknown>,
    });
    return kind === "h5"
      ? { h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${prepay}&package=1037687096` }
      : { code_url: `weixin://wxpay/bizpayurl?pr=${prepay.slice(-7)}` };
  }

  function route(req: StandInRequest, server: StandInServer): StandInAnswer {
    const refused = unauthorized(req);
    if (refused) return answer(401, { code: "SIGN_ERROR", message: refused }, server);
    const path = req.url.pathname;
    if (req.method === "GET" && path === "/v3/certificates") {
      stand.certificateDownloads++;
      if (!stand.certificatesServed) return answer(404, { code: "NOT_FOUND", message: "无可用的平台证书" }, server);
      const key = Buffer.from(apiV3Key, "utf8");
      const data = stand.served.map((c) => ({
        serial_no: c.serial,
        effective_time: cst(new Date(Date.now() - 86_400_000)),
        expire_time: cst(new Date(Date.now() + 5 * 365 * 86_400_000)),
        encrypt_certificate: encryptResource(c.pem, key, "certificate"),
      }));
      return answer(200, { data }, server);
    }
    const kind = path.match(/^\/v3\/pay\/transactions\/(native|h5)$/)?.[1] as "native" | "h5" | undefined;
    if (req.method === "POST" && kind) {
      const result = order(kind, JSON.parse(req.body));
      return typeof result === "string"
        ? answer(400, { code: result, message: result === "PARAM_ERROR" ? "参数错误" : "商户订单号重复" }, server)
        : answer(200, result, server);
    }
    const no = path.match(/^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/)?.[1];
    if (req.method === "GET" && no) {
      if (req.url.searchParams.get("mchid") !== mchId)
        return answer(400, { code: "PARAM_ERROR", message: "mchid" }, server);
      const tx = transactions.get(decodeURIComponent(no));
      if (!tx) return answer(404, { code: "ORDER_NOT_EXIST", message: "订单不存在" }, server);
      const { request: _request, ...shown } = tx;
      return answer(200, shown, server);
    }
    return answer(404, { code: "NOT_FOUND", message: "无效的请求" }, server);
  }

  function notify(outTradeNo: string, opts: NotifyOptions = {}): PlatformNotify {
    const tx = transactions.get(outTradeNo);
    if (!tx) throw new Error(`no transaction ${outTradeNo}`);
    const { request: _request, ...shown } = tx;
    const plain = JSON.stringify({ ...shown, ...opts.overrides });
    const resource = encryptResource(plain, Buffer.from(opts.apiV3Key ?? apiV3Key, "utf8"), "transaction");
    const envelope = {
      id: `EV-2018022511223320873${++seq}`,
      create_time: cst(new Date()),
      resource_type: "encrypt-resource",
      event_type: "TRANSACTION.SUCCESS",
      summary: "支付成功",
      resource: { original_type: "transaction", ...resource },
    };
    const body = JSON.stringify(envelope);
    const headers = signedHeaders(body, opts.signer ?? stand.current(), opts.timestamp);
    return { headers, body: new TextEncoder().encode(body), query: "" };
  }

  const server = await startStandIn((req, srv) => route(req, srv));
  const stand: WechatPayStandIn = {
    server,
    baseUrl: server.origin,
    mchId,
    appId,
    apiV3Key,
    merchantSerial,
    merchantKeys,
    served: [identity()],
    current: () => publicKeyIdentity ?? (stand.served[stand.served.length - 1] as PlatformIdentity),
    certificateDownloads: 0,
    certificatesServed: true,
    transactions,
    rotate(validity) {
      stand.served.push(identity(validity));
      return stand.current();
    },
    stranger: () => wrong,
    usePublicKey() {
      if (!publicKeyIdentity) {
        const keys = rsa();
        publicKeyIdentity = {
          serial: `PUB_KEY_ID_01${randomBytes(13).toString("hex").replace(/[a-f]/g, "0")}`,
          privateKey: keys.privateKey,
          pem: keys.publicKey.export({ type: "spki", format: "pem" }) as string,
        };
      }
      return publicKeyIdentity;
    },
    pay(outTradeNo) {
      const tx = transactions.get(outTradeNo);
      if (!tx) throw new Error(`no transaction ${outTradeNo}`);
      Object.assign(tx, { trade_state: "SUCCESS", trade_state_desc: "支付成功", success_time: cst(new Date()) });
      tx.amount = { ...tx.amount, payer_total: tx.amount.total, payer_currency: "CNY" };
      return notify(outTradeNo);
    },
    notify,
    deliver(outTradeNo, raw) {
      const url = transactions.get(outTradeNo)?.request.notify_url;
      if (typeof url !== "string") throw new Error(`no notify_url for ${outTradeNo}`);
      return postNotify(url, raw);
    },
    close: () => server.close(),
  };
  return stand;
}
