// Alipay (支付宝) behind the PaymentProvider interface, to the open-platform protocol, with
// node:crypto only: RSA2-signed page/WAP pay URLs, verified async notifies, alipay.trade.query.
// https://opendocs.alipay.com/open/59da99d0_alipay.trade.page.pay ·
// https://opendocs.alipay.com/open/29ae8cb6_alipay.trade.wap.pay ·
// https://opendocs.alipay.com/open/270/105902 (异步通知) · https://opendocs.alipay.com/open/82ea786a_alipay.trade.query
import { DomainError } from "@wenku/kit";
import { PayMethod } from "@wenku/proto/api/v1/enums_pb.js";
import {
  callPlatform,
  configuredKey,
  cstDateTime,
  type PlatformOptions,
  parseCstDateTime,
  platformFailed,
  rsaPrivateKey,
  rsaPublicKey,
  rsaSha256Sign,
  rsaSha256Verify,
} from "../platform.js";
import {
  type AlipaySettings,
  NotifyRejected,
  type PaymentProvider,
  type PaymentRequest,
  type RawNotify,
  type VerifiedNotify,
} from "../provider.js";
import { centsToYuan, isPaidStatus, signContent, signedSubstring, yuanToCents } from "./alipay.protocol.js";

export const ALIPAY_GATEWAY = "https://openapi.alipay.com/gateway.do";
export const ALIPAY_SANDBOX_GATEWAY = "https://openapi-sandbox.dl.alipaydev.com/gateway.do";

const PLATFORM = "支付宝";
const QUERY_RESPONSE = "alipay_trade_query_response";

/** Alipay forbids "/", "=" and "&" in a subject and caps it at 256 characters. */
function cleanSubject(subject: string): string {
  return subject.replace(/[/=&]/g, " ").replace(/\s+/g, " ").trim().slice(0, 256) || "订单";
}

/**
 * The gateway requests go to: the configured one, except that the production default (or none)
 * with the sandbox switch on means Alipay's sandbox gateway.
 */
export function alipayGateway(settings: Pick<AlipaySettings, "gatewayUrl" | "sandbox">): string {
  const configured = settings.gatewayUrl?.replace(/\/+$/, "");
  if (configured && configured !== ALIPAY_GATEWAY) return configured;
  return settings.sandbox ? ALIPAY_SANDBOX_GATEWAY : ALIPAY_GATEWAY;
}

export function createAlipayProvider(settings: AlipaySettings, opts: PlatformOptions = {}): PaymentProvider {
  const privateKey = configuredKey(rsaPrivateKey(settings.privateKey), "支付宝应用私钥无效，请检查支付设置");
  const alipayKey = configuredKey(rsaPublicKey(settings.publicKey), "支付宝公钥无效，请检查支付设置");
  const gateway = alipayGateway(settings);
  const now = opts.now ?? (() => new Date());

  /** The public request parameters plus `sign`. */
  function signed(method: string, biz: object, extra: Record<string, string> = {}): Record<string, string> {
    const params: Record<string, string> = {
      app_id: settings.appId,
      method,
      format: "JSON",
      charset: "utf-8",
      sign_type: "RSA2",
      timestamp: cstDateTime(now()),
      version: "1.0",
      ...extra,
      biz_content: JSON.stringify(biz),
    };
    return { ...params, sign: rsaSha256Sign(signContent(params), privateKey) };
  }

  function toVerified(fields: Record<string, unknown>, fail: (why: string) => Error): VerifiedNotify {
    const str = (k: string) => (typeof fields[k] === "string" ? (fields[k] as string) : undefined);
    const orderNo = str("out_trade_no");
    const tradeNo = str("trade_no");
    if (!orderNo || !tradeNo) throw fail("out_trade_no or trade_no missing");
    const amountCents = yuanToCents(str("total_amount"));
    if (amountCents === undefined) throw fail(`total_amount not an exact yuan amount: ${str("total_amount")}`);
    const paid = isPaidStatus(str("trade_status"));
    const paidAt = paid ? parseCstDateTime(str("gmt_payment") ?? str("send_pay_date")) : undefined;
    return { orderNo, tradeNo, amountCents, paid, ...(paidAt ? { paidAt } : {}) };
  }

  return {
    name: "alipay",
    method: PayMethod.ALIPAY,

    async start(req: PaymentRequest) {
      const total = centsToYuan(req.amountCents);
      if (!total) throw new DomainError("invalid_argument", "支付金额无效");
      const biz = {
        out_trade_no: req.orderNo,
        total_amount: total,
        subject: cleanSubject(req.subject),
        product_code: req.mobile ? "QUICK_WAP_WAY" : "FAST_INSTANT_TRADE_PAY",
        time_expire: cstDateTime(req.expiresAt),
        ...(req.mobile ? { quit_url: req.returnUrl } : {}),
      };
      const method = req.mobile ? "alipay.trade.wap.pay" : "alipay.trade.page.pay";
      const params = signed(method, biz, { notify_url: req.notifyUrl, return_url: req.returnUrl });
      return { paymentUrl: `${gateway}?${new URLSearchParams(params)}` };
    },

    async verifyNotify(raw: RawNotify) {
      const form = new URLSearchParams(Buffer.from(raw.body).toString("utf8"));
      // no prototype: a parameter named `constructor` or `toString` is a parameter like any other
      const params: Record<string, string> = Object.create(null);
      for (const [k, v] of form) {
        if (Object.hasOwn(params, k)) throw new NotifyRejected(`alipay notify: duplicate parameter ${k}`);
        params[k] = v;
      }
      const sign = params.sign;
      if (!sign) throw new NotifyRejected("alipay notify: unsigned");
      if (params.sign_type !== undefined && params.sign_type !== "RSA2") {
        throw new NotifyRejected(`alipay notify: sign_type ${params.sign_type}`);
      }
      if (!rsaSha256Verify(signContent(params, ["sign", "sign_type"]), sign, alipayKey)) {
        throw new NotifyRejected("alipay notify: bad signature");
      }
      if (params.app_id !== settings.appId) throw new NotifyRejected(`alipay notify: app_id ${params.app_id}`);
      return toVerified(params, (why) => new NotifyRejected(`alipay notify: ${why}`));
    },

    notifyReply(ok: boolean) {
      return { status: 200, contentType: "text/plain; charset=utf-8", body: ok ? "success" : "fail" };
    },

    async query(orderNo: string, signal?: AbortSignal) {
      const params = signed("alipay.trade.query", { out_trade_no: orderNo });
      const res = await callPlatform(
        PLATFORM,
        opts,
        gateway,
        {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded;charset=utf-8", accept: "application/json" },
          body: new URLSearchParams(params).toString(),
        },
        signal,
      );
      if (res.status !== 200) throw platformFailed(PLATFORM, `alipay.trade.query: HTTP ${res.status}`);
      let json: Record<string, unknown>;
      try {
        json = JSON.parse(res.text) as Record<string, unknown>;
      } catch {
        throw platformFailed(PLATFORM, "alipay.trade.query: answer is not JSON");
      }
      const key = QUERY_RESPONSE in json ? QUERY_RESPONSE : "error_response";
      const body = json[key] as Record<string, unknown> | undefined;
      const content = signedSubstring(res.text, key);
      if (!body || typeof body !== "object" || !content)
        throw platformFailed(PLATFORM, "alipay.trade.query: no response");
      const sign = typeof json.sign === "string" ? json.sign : undefined;
      const authentic = sign !== undefined && rsaSha256Verify(content, sign, alipayKey);
      if (sign !== undefined && !authentic) throw platformFailed(PLATFORM, "alipay.trade.query: bad signature");
      if (body.code !== "10000") {
        // "No such trade" changes nothing, so it is believed even unsigned (Alipay leaves some errors unsigned).
        if (body.sub_code === "ACQ.TRADE_NOT_EXIST") return undefined;
        throw platformFailed(PLATFORM, `alipay.trade.query: ${body.code} ${body.sub_code} ${body.sub_msg}`);
      }
      if (!authentic) throw platformFailed(PLATFORM, "alipay.trade.query: unsigned success");
      const verified = toVerified(body, (why) => platformFailed(PLATFORM, `alipay.trade.query: ${why}`));
      if (verified.orderNo !== orderNo) throw platformFailed(PLATFORM, "alipay.trade.query: another order's answer");
      return verified;
    },
  };
}
