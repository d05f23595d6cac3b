// The notify rules with an in-memory order table (the conditional updates are exercised on
// PostgreSQL by tests/api/src/order.orders.int.test.ts).
import { createLogger } from "@wenku/kit";
import { OrderStatus, OrderType, PayMethod } from "@wenku/proto/api/v1/enums_pb.js";
import type { PaySettings, ProviderFactory } from "../payments/provider.js";
import { createProviderRegistry, sandboxFactory } from "../payments/registry.js";
import { createSandboxProvider, sandboxKey, sandboxSign } from "../payments/sandbox.js";
import { createProductLines } from "./lines.js";
import { createOrderCore } from "./order.core.js";
import { createPayService } from "./order.pay.js";
import type { OrderRepository, OrderRow } from "./order.repository.js";

const TOKEN = "internal-token";
const settings = { sandbox: { enable: true } } as PaySettings;
const now = new Date("2026-11-25T00:00:00Z");

/**
 * A stand-in platform (WeChat's method) that answers queries: "paid" for every order asked about; it
 * notes whether each payment started asked for the phone flow.
 */
let asked = 0;
const startedMobile: boolean[] = [];
const queryable: ProviderFactory = {
  name: "queryable",
  method: PayMethod.WECHAT,
  build: () => ({
    ...createSandboxProvider(TOKEN),
    name: "queryable",
    method: PayMethod.WECHAT,
    async start(req) {
      startedMobile.push(req.mobile);
      return { paymentUrl: "https://pay.example/qr" };
    },
    async query(orderNo: string) {
      asked++;
      return { orderNo, tradeNo: "Q1", amountCents: 100, paid: true };
    },
  }),
};

const log = createLogger({ service: "test", level: "silent" });
const payService = (repo: OrderRepository, core: ReturnType<typeof createOrderCore>) =>
  createPayService({
    repo,
    core,
    ledger: { apply: async () => ({}) as never },
    providers: createProviderRegistry({ internalToken: TOKEN }, [sandboxFactory, queryable]),
    paySettings: { orderConfig: async () => ({ pay: settings, expireMinutes: 30 }) },
    origin: async () => "",
    log,
    clock: () => now,
  });

function setup(status: OrderStatus, payMethod = PayMethod.SANDBOX) {
  const row = {
    id: 1n,
    orderNo: "20261125000000000001",
    userId: 7n,
    orderType: OrderType.RECHARGE,
    productId: 0n,
    productName: "充值",
    quantity: 100,
    price: 100,
    amount: 100,
    discount: 1,
    creditAmount: 0,
    status,
    payMethod,
    tradeNo: null as string | null,
    payAt: status === OrderStatus.PAID ? now : null,
    closedAt: status === OrderStatus.CLOSED ? now : null,
    expiredAt: new Date(now.getTime() + 60_000),
    deliveredAt: null as Date | null,
    usedAt: null as Date | null,
    remark: "",
    message: "",
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
  } satisfies OrderRow;
  const delivered: bigint[] = [];
  const repo = {
    findByNo: async (no: string) => (no === row.orderNo ? { ...row } : null),
    close: async () => false,
    choose: async () => {},
    async markPaid(_id: bigint, p: { payMethod: number; tradeNo?: string; payAt: Date }) {
      if (row.status !== OrderStatus.PENDING) return "lost";
      Object.assign(row, { status: OrderStatus.PAID, payMethod: p.payMethod, tradeNo: p.tradeNo, payAt: p.payAt });
      return "paid";
    },
    async markDelivered(id: bigint) {
      row.deliveredAt = now;
      delivered.push(id);
    },
  } as unknown as OrderRepository;
  const lines = createProductLines([
    { type: OrderType.RECHARGE, quote: async () => ({}) as never, deliver: async () => {} },
  ]);
  const core = createOrderCore({ repo, lines, log, clock: () => now });
  const pay = payService(repo, core);
  const notify = (o: Record<string, unknown>) =>
    pay.notify("sandbox", {
      headers: {},
      query: "",
      body: new TextEncoder().encode(
        JSON.stringify({ sign: sandboxSign(sandboxKey(TOKEN), String(o.order_no), Number(o.amount)), ...o }),
      ),
    });
  return { row, delivered, notify, pay };
}

const SUCCESS = '{"code":"SUCCESS"}';
const FAIL = '{"code":"FAIL"}';

test("a verified paid notify pays a PENDING order once and delivers it; its replay changes nothing", async () => {
  const { row, delivered, notify } = setup(OrderStatus.PENDING);
  expect((await notify({ order_no: row.orderNo, amount: 100, trade_no: "T1" })).body).toBe(SUCCESS);
  expect([row.status, row.tradeNo, delivered]).toEqual([OrderStatus.PAID, "T1", [1n]]);
  expect((await notify({ order_no: row.orderNo, amount: 100, trade_no: "T1" })).body).toBe(SUCCESS);
  expect(delivered).toEqual([1n]);
});

test("an unknown order, another amount or another chosen method is refused and changes nothing", async () => {
  const { row, delivered, notify } = setup(OrderStatus.PENDING);
  expect((await notify({ order_no: "20261125000000000009", amount: 100 })).body).toBe(FAIL);
  expect((await notify({ order_no: row.orderNo, amount: 99 })).body).toBe(FAIL);
  const alipay = setup(OrderStatus.PENDING, PayMethod.ALIPAY);
  expect((await alipay.notify({ order_no: row.orderNo, amount: 100 })).body).toBe(FAIL);
  expect([row.status, alipay.row.status, delivered]).toEqual([OrderStatus.PENDING, OrderStatus.PENDING, []]);
});

test("money taken for a CLOSED order is acknowledged (the platform stops retrying) but nothing is delivered", async () => {
  const { row, delivered, notify } = setup(OrderStatus.CLOSED);
  expect((await notify({ order_no: row.orderNo, amount: 100, trade_no: "T2" })).body).toBe(SUCCESS);
  expect([row.status, delivered]).toEqual([OrderStatus.CLOSED, []]);
});

test("an unknown provider name answers 404 and touches no order", async () => {
  const pay = payService({} as OrderRepository, {} as never); // any access would throw
  expect((await pay.notify("nosuch", { headers: {}, query: "", body: new Uint8Array() })).status).toBe(404);
});

test("the status poll asks the platform about a PENDING online order (at most every 10 s) and applies its 'paid'", async () => {
  const { row, delivered, pay } = setup(OrderStatus.PENDING, PayMethod.WECHAT);
  const call = {
    identity: { userId: 7n, sessionId: "s", granted: false, staff: false },
    clientIp: "",
    requestId: "r",
    internal: false,
  };
  asked = 0;
  const r = await pay.status(call, { orderNo: row.orderNo, id: 0n });
  expect([r.status, r.tradeNo, asked, delivered]).toEqual([OrderStatus.PAID, "Q1", 1, [1n]]);
  await pay.status(call, { orderNo: row.orderNo, id: 0n });
  expect(asked).toBe(1); // paid now: never asked again
  const other = setup(OrderStatus.PENDING, PayMethod.SANDBOX); // the sandbox cannot be asked
  expect((await other.pay.status(call, { orderNo: other.row.orderNo, id: 0n })).status).toBe(OrderStatus.PENDING);
});

test("moredoc's payment_type picks the method; its is_wap asks the platform for the phone flow", async () => {
  const { row, pay } = setup(OrderStatus.PENDING, PayMethod.UNSPECIFIED);
  const call = {
    identity: { userId: 7n, sessionId: "s", granted: false, staff: false },
    clientIp: "",
    requestId: "r",
    internal: false,
  };
  startedMobile.length = 0;
  const req = { orderNo: row.orderNo, payMethod: PayMethod.UNSPECIFIED, paymentType: PayMethod.WECHAT, returnUrl: "" };
  const phone = await pay.pay(call, { ...req, isWap: true });
  expect([phone.row.payMethod, phone.paymentUrl]).toEqual([PayMethod.WECHAT, "https://pay.example/qr"]);
  await pay.pay(call, { ...req, isWap: false });
  await pay.pay(call, { ...req, isWap: false, paymentType: PayMethod.UNSPECIFIED, payMethod: PayMethod.WECHAT });
  expect(startedMobile).toEqual([true, false, false]);
  await expect(pay.pay(call, { ...req, payMethod: PayMethod.ALIPAY })).rejects.toMatchObject({
    kind: "invalid_argument",
    field: "payment_type",
  });
});
