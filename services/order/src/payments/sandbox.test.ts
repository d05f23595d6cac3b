import { PayMethod } from "@wenku/proto/api/v1/enums_pb.js";
import { NotifyRejected, type PaymentRequest } from "./provider.js";
import { createSandboxProvider } from "./sandbox.js";

const req: PaymentRequest = {
  orderNo: "2026112500000012345678",
  amountCents: 990,
  subject: "充值 1000 积分",
  notifyUrl: "https://example.com/callback/sandbox",
  returnUrl: "/order?order_no=2026112500000012345678",
  clientIp: "127.0.0.1",
  expiresAt: new Date("2026-11-25T01:00:00Z"),
  mobile: false,
};
const body = (o: unknown) => ({ headers: {}, query: "", body: new TextEncoder().encode(JSON.stringify(o)) });

test("start links the sandbox page with the order number, the amount and their signature", async () => {
  const p = createSandboxProvider("token-a");
  expect(p.method).toBe(PayMethod.SANDBOX);
  const url = new URL((await p.start(req)).paymentUrl as string, "http://x");
  expect(url.pathname).toBe("/pay/sandbox");
  expect(url.searchParams.get("order_no")).toBe(req.orderNo);
  expect(url.searchParams.get("amount")).toBe("990");
  expect(url.searchParams.get("sign")).toMatch(/^[A-Za-z0-9_-]{43}$/);
});

test("a notify with the page's signature verifies; amount, order, sign or key changed → rejected", async () => {
  const p = createSandboxProvider("token-a");
  const sign = new URL((await p.start(req)).paymentUrl as string, "http://x").searchParams.get("sign");
  const good = { order_no: req.orderNo, amount: 990, sign };
  expect(await p.verifyNotify(body(good))).toEqual({
    orderNo: req.orderNo,
    tradeNo: `SANDBOX${req.orderNo}`,
    amountCents: 990,
    paid: true,
  });
  expect((await p.verifyNotify(body({ ...good, amount: "990", trade_no: "T-1" }))).tradeNo).toBe("T-1");
  for (const bad of [
    { ...good, amount: 991 },
    { ...good, order_no: "2026112500000012345679" },
    { ...good, sign: "x" },
    { ...good, sign: undefined },
    { ...good, amount: -1 },
    { ...good, trade_no: "a b" },
  ])
    await expect(p.verifyNotify(body(bad))).rejects.toBeInstanceOf(NotifyRejected);
  await expect(createSandboxProvider("token-b").verifyNotify(body(good))).rejects.toBeInstanceOf(NotifyRejected);
  await expect(p.verifyNotify({ headers: {}, query: "", body: new Uint8Array([0xff]) })).rejects.toBeInstanceOf(
    NotifyRejected,
  );
  expect(p.notifyReply(true)).toEqual({ status: 200, contentType: "application/json", body: '{"code":"SUCCESS"}' });
  expect(JSON.parse(p.notifyReply(false).body)).toEqual({ code: "FAIL" });
});
