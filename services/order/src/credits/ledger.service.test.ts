import { DomainError } from "@wenku/kit";
import type { Booking, BookResult, CreditEntryRow, LedgerRepository } from "./ledger.repository.js";
import { createLedgerService } from "./ledger.service.js";

const booking = (over: Partial<Booking> = {}): Booking => ({
  userId: 1n,
  amount: 5,
  code: "sign",
  reason: "签到",
  refKind: "day",
  refId: 20261124n,
  idempotencyKey: "sign:1:20261124",
  ...over,
});
const entry = (b: Booking, balanceAfter: number): CreditEntryRow => ({
  id: 1n,
  createdAt: new Date("2026-11-24T08:00:00Z"), // fixed: two entries of one booking compare equal
  balanceAfter,
  ...b,
  params: b.params ?? {},
});

function service(result: (b: Booking) => BookResult) {
  const booked: Booking[] = [];
  const repo = {
    async book(b: Booking) {
      booked.push(b);
      return result(b);
    },
    balances: async () => new Map(),
    entries: async () => ({ total: 0, rows: [] }),
  } as unknown as LedgerRepository;
  return { booked, ledger: createLedgerService({ repo, creditName: async () => "魔豆" }) };
}

describe("apply", () => {
  test("refuses a malformed booking before touching the ledger, naming the field", async () => {
    const { booked, ledger } = service((b) => ({ kind: "booked", entry: entry(b, 5) }));
    const cases: Array<[Partial<Booking>, string, string]> = [
      [{ amount: 0 }, "积分变动不能为 0", "amount"],
      [{ userId: 0n }, "用户ID无效", "user_id"],
      [{ code: "Sign" }, "积分变动原因代码无效", "code"],
      [{ refKind: "a b" }, "积分变动关联类型无效", "ref_kind"],
      [{ idempotencyKey: "" }, "幂等键不能为空，且不能超过 128 个字符", "idempotency_key"],
      [{ reason: "长".repeat(256) }, "积分变动说明不能超过 255 个字符", "reason"],
      [{ params: { Title: "x" } }, "积分变动参数无效：参数名 Title 无效", "params"],
      [{ params: { title: "长".repeat(256) } }, "积分变动参数无效：参数 title 不能超过 255 个字符", "params"],
    ];
    for (const [over, message, field] of cases)
      await expect(ledger.apply(booking(over))).rejects.toEqual(
        new DomainError("invalid_argument", message, undefined, field),
      );
    expect(booked).toHaveLength(0);
    // 255 characters (not bytes) pass
    await ledger.apply(booking({ reason: "长".repeat(255) }));
    expect(booked).toHaveLength(1);
  });

  test("a replay of the same booking answers the first; the key reused for another booking is refused", async () => {
    const first = booking();
    const { ledger } = service(() => ({ kind: "replayed", entry: entry(first, 5) }));
    expect(await ledger.apply(first)).toEqual({ entry: entry(first, 5), replayed: true });
    for (const other of [{ amount: 6 }, { userId: 2n }, { code: "upload" }, { refId: 1n }])
      await expect(ledger.apply(booking(other))).rejects.toEqual(
        new DomainError("already_exists", "该幂等键已用于另一笔积分变动"),
      );
  });

  test("an overdraft names the balance in the site's credit name", async () => {
    const { ledger } = service(() => ({ kind: "insufficient", balance: 3 }));
    await expect(ledger.apply(booking({ amount: -5 }))).rejects.toEqual(
      new DomainError("failed_precondition", "魔豆不足：当前余额 3"),
    );
  });
});
