// The sandbox provider: a clearly labelled demo/test way of paying that never takes money
// (sandboxpay.enable). PayOrder answers a link to the web's /pay/sandbox page carrying the order
// number, the amount and an HMAC over both; the page POSTs them back as JSON to /callback/sandbox,
// where the HMAC is checked before the order is marked paid. The key is derived from the internal
// token, so only this installation can make a valid signature.
import { createHmac, timingSafeEqual } from "node:crypto";
import { PayMethod } from "@wenku/proto/api/v1/enums_pb.js";
import {
  NotifyRejected,
  type NotifyReply,
  type PaymentProvider,
  type PaymentRequest,
  type PaymentStart,
  type RawNotify,
  type VerifiedNotify,
} from "./provider.js";

export const SANDBOX_NAME = "sandbox";

export function sandboxKey(internalToken: string): Buffer {
  return createHmac("sha256", internalToken).update("wenku:sandboxpay:v1").digest();
}

export function sandboxSign(key: Buffer, orderNo: string, amountCents: number): string {
  return createHmac("sha256", key).update(`${orderNo}|${amountCents}`).digest("base64url");
}

const ORDER_NO = /^[0-9A-Za-z]{1,32}$/;
const TRADE_NO = /^[0-9A-Za-z_-]{1,64}$/;

export function createSandboxProvider(internalToken: string): PaymentProvider {
  const key = sandboxKey(internalToken);
  const reply = (ok: boolean): NotifyReply => ({
    status: 200,
    contentType: "application/json",
    body: JSON.stringify({ code: ok ? "SUCCESS" : "FAIL" }),
  });
  return {
    name: SANDBOX_NAME,
    method: PayMethod.SANDBOX,
    async start(req: PaymentRequest): Promise<PaymentStart> {
      const q = new URLSearchParams({
        order_no: req.orderNo,
        amount: String(req.amountCents),
        sign: sandboxSign(key, req.orderNo, req.amountCents),
      });
      return { paymentUrl: `/pay/sandbox?${q}` };
    },
    async verifyNotify(raw: RawNotify): Promise<VerifiedNotify> {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.from(raw.body).toString("utf8"));
      } catch {
        throw new NotifyRejected("sandbox: body is not JSON");
      }
      const b = (body ?? {}) as Record<string, unknown>;
      const orderNo = b.order_no;
      const amount = typeof b.amount === "string" && /^\d{1,10}$/.test(b.amount) ? Number(b.amount) : b.amount;
      const sign = b.sign;
      if (typeof orderNo !== "string" || !ORDER_NO.test(orderNo)) throw new NotifyRejected("sandbox: bad order_no");
      if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount < 0)
        throw new NotifyRejected("sandbox: bad amount");
      if (typeof sign !== "string") throw new NotifyRejected("sandbox: no sign");
      const want = Buffer.from(sandboxSign(key, orderNo, amount));
      const got = Buffer.from(sign);
      if (got.length !== want.length || !timingSafeEqual(got, want)) throw new NotifyRejected("sandbox: bad sign");
      const tradeNo = b.trade_no === undefined || b.trade_no === "" ? `SANDBOX${orderNo}` : b.trade_no;
      if (typeof tradeNo !== "string" || !TRADE_NO.test(tradeNo)) throw new NotifyRejected("sandbox: bad trade_no");
      return { orderNo, tradeNo, amountCents: amount, paid: true };
    },
    notifyReply: reply,
  };
}
