// TEST CODE: a local stand-in of the Alipay open-platform gateway (/gateway.do) with locally
// generated RSA keys. It checks what the real gateway checks of our requests (app_id, RSA2
// signature over the sorted parameters, biz_content fields) and answers and notifies the way the
// real one does: query answers signed over the exact JSON text of the response object, notifies as
// form bodies signed over the sorted parameters without sign and sign_type.
import { generateKeyPairSync, type KeyObject } from "node:crypto";
import { type PlatformNotify, rsaSha256Sign, rsaSha256Verify, signContent } from "./protocol.js";
import {
  type NotifyDelivery,
  postNotify,
  type StandInAnswer,
  type StandInRequest,
  type StandInServer,
  startStandIn,
} from "./standin.js";

export interface AlipayTrade {
  method: string;
  outTradeNo: string;
  tradeNo: string;
  totalAmount: string;
  subject: string;
  productCode: string;
  timeExpire: string;
  notifyUrl: string;
  returnUrl: string;
  status: "WAIT_BUYER_PAY" | "TRADE_SUCCESS" | "TRADE_CLOSED";
  gmtPayment?: string;
}

export interface AlipayStandIn {
  server: StandInServer;
  gatewayUrl: string;
  appId: string;
  /** The application's key pair: the provider signs with the private key, the stand-in verifies. */
  appKeys: { privateKey: KeyObject; publicKey: KeyObject };
  /** Alipay's own key pair: the stand-in signs, the provider verifies with the public key. */
  alipayKeys: { privateKey: KeyObject; publicKey: KeyObject };
  trades: Map<string, AlipayTrade>;
  /** Marks a trade paid and returns the async notify Alipay would POST to its notify_url. */
  pay(outTradeNo: string): PlatformNotify;
  /** A notify of the trade, fields overridden, signed with `key` (default: Alipay's key). */
  notify(outTradeNo: string, overrides?: Record<string, string>, key?: KeyObject): PlatformNotify;
  /** POSTs a notify to the notify_url the trade was started with, as Alipay does. */
  deliver(outTradeNo: string, raw: PlatformNotify): Promise<NotifyDelivery>;
  close(): Promise<void>;
}

const rsa = () => generateKeyPairSync("rsa", { modulusLength: 2048 });
const stamp = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace("T", " ");
const text = (status: number, body: string): StandInAnswer => ({ status, body });

export async function startAlipayStandIn(appId = "2021000000000001"): Promise<AlipayStandIn> {
  const appKeys = rsa();
  const alipayKeys = rsa();
  const wrongKeys = rsa();
  const trades = new Map<string, AlipayTrade>();
  let seq = 0;

  function verified(params: Record<string, string>): string | undefined {
    if (params.app_id !== appId) return "isv.invalid-app-id";
    if (params.sign_type !== "RSA2" || params.charset !== "utf-8" || params.version !== "1.0")
      return "isv.invalid-parameter";
    if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(params.timestamp ?? "")) return "isv.invalid-timestamp";
    if (!rsaSha256Verify(signContent(params), params.sign ?? "", appKeys.publicKey)) return "isv.invalid-signature";
    return undefined;
  }

  function startTrade(params: Record<string, string>): StandInAnswer {
    const biz = JSON.parse(params.biz_content ?? "{}") as Record<string, string>;
    const wanted = params.method === "alipay.trade.wap.pay" ? "QUICK_WAP_WAY" : "FAST_INSTANT_TRADE_PAY";
    if (biz.product_code !== wanted) return text(400, "ACQ.INVALID_PARAMETER product_code");
    if (!/^\d+\.\d{2}$/.test(biz.total_amount ?? "")) return text(400, "ACQ.INVALID_PARAMETER total_amount");
    if (!biz.out_trade_no || !biz.subject || !biz.time_expire) return text(400, "ACQ.INVALID_PARAMETER");
    trades.set(biz.out_trade_no, {
      method: params.method ?? "",
      outTradeNo: biz.out_trade_no,
      tradeNo: `2026${String(++seq).padStart(24, "0")}`,
      totalAmount: biz.total_amount ?? "",
      subject: biz.subject,
      productCode: biz.product_code,
      timeExpire: biz.time_expire,
      notifyUrl: params.notify_url ?? "",
      returnUrl: params.return_url ?? "",
      status: "WAIT_BUYER_PAY",
    });
    return { status: 200, headers: { "content-type": "text/html; charset=utf-8" }, body: "<html>支付宝收银台</html>" };
  }

  function queryAnswer(params: Record<string, string>, server: StandInServer): StandInAnswer {
    const biz = JSON.parse(params.biz_content ?? "{}") as Record<string, string>;
    const trade = trades.get(biz.out_trade_no ?? "");
    const response = trade
      ? {
          code: "10000",
          msg: "Success",
          buyer_logon_id: "lin***@example.com",
          out_trade_no: trade.outTradeNo,
          trade_no: trade.tradeNo,
          trade_status: trade.status,
          total_amount: trade.totalAmount,
          ...(trade.gmtPayment ? { send_pay_date: trade.gmtPayment } : {}),
        }
      : { code: "40004", msg: "Business Failed", sub_code: "ACQ.TRADE_NOT_EXIST", sub_msg: "交易不存在" };
    const inner = JSON.stringify(response);
    const key = server.fault === "badsign" ? wrongKeys.privateKey : alipayKeys.privateKey;
    // Alipay's answer: the response object's text, then the signature of exactly that text.
    const body = `{"alipay_trade_query_response":${inner},"sign":"${rsaSha256Sign(inner, key)}"}`;
    return { status: 200, headers: { "content-type": "application/json;charset=utf-8" }, body };
  }

  const server = await startStandIn((req: StandInRequest, srv) => {
    if (req.url.pathname !== "/gateway.do") return text(404, "not found");
    const source = req.method === "GET" ? req.url.searchParams : new URLSearchParams(req.body);
    const params = Object.fromEntries(source) as Record<string, string>;
    const refused = verified(params);
    if (refused) {
      const err = { code: "40002", msg: "Invalid Arguments", sub_code: refused, sub_msg: "参数无效" };
      return { status: 200, body: JSON.stringify({ error_response: err }) };
    }
    if (
      req.method === "GET" &&
      (params.method === "alipay.trade.page.pay" || params.method === "alipay.trade.wap.pay")
    ) {
      return startTrade(params);
    }
    if (req.method === "POST" && params.method === "alipay.trade.query") return queryAnswer(params, srv);
    return text(400, `unsupported ${req.method} ${params.method}`);
  });

  function notify(
    outTradeNo: string,
    overrides: Record<string, string> = {},
    key = alipayKeys.privateKey,
  ): PlatformNotify {
    const trade = trades.get(outTradeNo);
    if (!trade) throw new Error(`no trade ${outTradeNo}`);
    const params: Record<string, string> = {
      notify_time: stamp(new Date()),
      notify_type: "trade_status_sync",
      notify_id: `ac05099524730693a8b330c5ecf72da${seq}`,
      charset: "utf-8",
      version: "1.0",
      sign_type: "RSA2",
      app_id: appId,
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      trade_status: trade.status,
      total_amount: trade.totalAmount,
      receipt_amount: trade.totalAmount,
      subject: trade.subject,
      ...(trade.gmtPayment ? { gmt_payment: trade.gmtPayment } : {}),
      ...overrides,
    };
    params.sign = rsaSha256Sign(signContent(params, ["sign", "sign_type"]), key);
    const body = new TextEncoder().encode(new URLSearchParams(params).toString());
    return { headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8" }, body, query: "" };
  }

  return {
    server,
    gatewayUrl: `${server.origin}/gateway.do`,
    appId,
    appKeys,
    alipayKeys,
    trades,
    pay(outTradeNo) {
      const trade = trades.get(outTradeNo);
      if (!trade) throw new Error(`no trade ${outTradeNo}`);
      trade.status = "TRADE_SUCCESS";
      trade.gmtPayment = stamp(new Date());
      return notify(outTradeNo);
    },
    notify,
    deliver(outTradeNo, raw) {
      const trade = trades.get(outTradeNo);
      if (!trade?.notifyUrl) throw new Error(`no notify_url for ${outTradeNo}`);
      return postNotify(trade.notifyUrl, raw);
    },
    close: () => server.close(),
  };
}
