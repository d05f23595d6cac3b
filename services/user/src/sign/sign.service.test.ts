import { DomainError } from "@wenku/kit";
import type { CreditBooking, CreditLedger } from "../credits/credits.client.js";
import { staticRewards } from "../credits/credits.client.js";
import type { SignRepository, SignRow } from "./sign.repository.js";
import { createSignService, dayOf, signLine } from "./sign.service.js";

describe("dayOf", () => {
  test("the day starts at midnight of the site's time zone, not UTC", () => {
    const at = new Date("2026-11-24T16:30:00Z"); // 00:30 on the 25th in Shanghai
    expect(dayOf(at, "Asia/Shanghai")).toBe(20261125);
    expect(dayOf(at, "UTC")).toBe(20261124);
    expect(dayOf(new Date("2026-01-01T04:59:00Z"), "America/New_York")).toBe(20251231);
  });
});

describe("signLine", () => {
  test("names the award in the site's credit name", () => {
    expect(signLine(3, "魔豆")).toBe("签到获得 3 魔豆");
    expect(signLine(0, "魔豆")).toBe("完成了今日签到");
  });
});

/** One check-in table in memory with the unique (user, day) rule, and a ledger that records. */
function fakes(opts: { ledgerFails?: boolean } = {}) {
  const rows: SignRow[] = [];
  const bookings: CreditBooking[] = [];
  const repo: SignRepository = {
    byDay: async (userId, day) => rows.find((r) => r.userId === userId && r.day === day) ?? null,
    async signOnce(row, _dynamic, book) {
      if (rows.some((r) => r.userId === row.userId && r.day === row.day))
        throw Object.assign(new Error("dup"), { code: "P2002" });
      const sign = { id: BigInt(rows.length + 1), createdAt: new Date(), ...row };
      await book(sign); // a failure leaves no row (the transaction rolls back)
      rows.push(sign);
      return sign;
    },
  };
  const ledger: CreditLedger = {
    balances: async () => new Map(),
    async apply(b) {
      if (opts.ledgerFails) throw new Error("order service down");
      bookings.push(b);
      return { balanceAfter: b.amount, replayed: false };
    },
  };
  return { rows, bookings, repo, ledger };
}

const call = {
  identity: { userId: 5n, sessionId: "s", granted: false, staff: false },
  internal: false,
  clientIp: "1.2.3.4",
  userAgent: "",
  requestId: "",
};

describe("signToday", () => {
  test("books the award under sign:<user>:<day>; a second check-in of the day is refused", async () => {
    const f = fakes();
    const signs = createSignService({
      repo: f.repo,
      ledger: f.ledger,
      rewards: staticRewards({ register: 0, signIn: 2, creditName: "魔豆" }),
      timeZone: "Asia/Shanghai",
      clock: () => new Date("2026-11-24T16:30:00Z"),
    });
    const sign = await signs.signToday(call);
    expect([sign.day, sign.award, sign.ip]).toEqual([20261125, 2, "1.2.3.4"]);
    expect(f.bookings).toEqual([
      {
        userId: 5n,
        amount: 2,
        code: "sign",
        reason: "签到获得 2 魔豆",
        refKind: "day",
        refId: 20261125n,
        idempotencyKey: "sign:5:20261125",
      },
    ]);
    await expect(signs.signToday(call)).rejects.toEqual(new DomainError("already_exists", "今天已经签到过了"));
    expect(f.bookings).toHaveLength(1);
  });

  test("a failed booking leaves no check-in: the user can try again", async () => {
    const f = fakes({ ledgerFails: true });
    const deps = { repo: f.repo, rewards: staticRewards({ register: 0, signIn: 1 }), timeZone: "UTC" };
    await expect(createSignService({ ...deps, ledger: f.ledger }).signToday(call)).rejects.toThrow(
      "order service down",
    );
    expect(f.rows).toHaveLength(0);
    const ok = fakes();
    const again = await createSignService({ ...deps, repo: f.repo, ledger: ok.ledger }).signToday(call);
    expect(again.award).toBe(1);
  });

  test("no award configured: the check-in is kept, nothing is booked", async () => {
    const f = fakes();
    const signs = createSignService({
      repo: f.repo,
      ledger: f.ledger,
      rewards: staticRewards({ register: 0, signIn: 0 }),
      timeZone: "UTC",
    });
    expect((await signs.signToday(call)).award).toBe(0);
    expect(f.bookings).toHaveLength(0);
  });
});
