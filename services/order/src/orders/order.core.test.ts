// Delivery after PAID and the sweep, with an in-memory order table: a failed delivery leaves the
// order undelivered and the sweep delivers it later; expired PENDING orders are closed in one go.
import { createLogger } from "@wenku/kit";
import { OrderStatus, OrderType } from "@wenku/proto/api/v1/enums_pb.js";
import { createProductLines } from "./lines.js";
import { createOrderCore } from "./order.core.js";
import type { OrderRepository, OrderRow } from "./order.repository.js";
import type { PaidOrder } from "./product.js";

const now = new Date("2026-11-25T00:00:00Z");
const paidRow = {
  id: 5n,
  orderNo: "n5",
  orderType: OrderType.RECHARGE,
  status: OrderStatus.PAID,
  payAt: now,
  deliveredAt: null,
  remark: "r",
} as OrderRow;

function setup(failures: number) {
  const rows = [{ ...paidRow }];
  const closedAt: Date[] = [];
  const repo = {
    undelivered: async () => rows.filter((r) => r.status === OrderStatus.PAID && !r.deliveredAt),
    markDelivered: async (id: bigint, at: Date) => {
      for (const r of rows) if (r.id === id) r.deliveredAt = at;
    },
    closeExpired: async (at: Date) => {
      closedAt.push(at);
      return 2;
    },
  } as unknown as OrderRepository;
  const delivered: PaidOrder[] = [];
  let left = failures;
  const lines = createProductLines([
    {
      type: OrderType.RECHARGE,
      quote: async () => ({}) as never,
      async deliver(o) {
        if (left-- > 0) throw new Error("ledger down");
        delivered.push(o);
      },
    },
  ]);
  const core = createOrderCore({ repo, lines, log: createLogger({ service: "t", level: "silent" }), clock: () => now });
  return { rows, delivered, core, closedAt };
}

test("a failed delivery leaves the order undelivered; the sweep delivers it once", async () => {
  const { rows, delivered, core, closedAt } = setup(1);
  await core.deliver(rows[0] as OrderRow);
  expect(rows[0]?.deliveredAt).toBeNull();
  expect(await core.sweep()).toEqual({ closed: 2, delivered: 1 });
  expect(rows[0]?.deliveredAt).toEqual(now);
  expect(delivered.map((o) => [o.id, o.remark])).toEqual([[5n, "r"]]);
  expect(closedAt).toEqual([now]);
  await core.sweep();
  expect(delivered).toHaveLength(1);
});

test("only PAID, undelivered orders are delivered", async () => {
  const { delivered, core } = setup(0);
  await core.deliver({ ...paidRow, status: OrderStatus.PENDING, payAt: null });
  await core.deliver({ ...paidRow, deliveredAt: now });
  expect(delivered).toEqual([]);
});
