import type { CreditBooking, CreditOutbox } from "@wenku/credit-outbox";
import { DomainError } from "@wenku/kit";
import type { Prisma } from "../../gen/prisma/client.js";
import { staticRewards } from "../../test/ports.js";
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

/** One check-in table in memory with the unique (user, day) rule, and an outbox that records. */
function fakes() {
  const rows: SignRow[] = [];
  const owed: CreditBooking[] = [];
  const delivered: string[] = [];
  const feed: { content: string; params: Record<string, string> }[] = [];
  const tx = {} as Prisma.TransactionClient;
  const repo: SignRepository = {
    byDay: async (userId, day) => rows.find((r) => r.userId === userId && r.day === day) ?? null,
    async signOnce(row, dynamic, owe) {
      if (rows.some((r) => r.userId === row.userId && r.day === row.day))
        throw Object.assign(new Error("dup"), { code: "P2002" });
      const sign = { id: BigInt(rows.length + 1), createdAt: new Date(), ...row };
      await owe(tx, sign);
      rows.push(sign);
      feed.push(dynamic);
      return sign;
    },
  };
  const outbox: CreditOutbox = {
    async enqueue(t, b) {
      expect(t).toBe(tx); // owed inside the check-in's own transaction
      owed.push(b);
    },
    async deliver(keys) {
      delivered.push(...keys);
      return false; // as when the order service is down: the check-in stands, the award is owed
    },
    sweep: async () => 0,
  };
  return { rows, owed, delivered, feed, repo, outbox };
}

const call = {
  identity: { userId: 5n, sessionId: "s", granted: false, staff: false },
  internal: false,
  clientIp: "1.2.3.4",
  userAgent: "",
  requestId: "",
};

describe("signToday", () => {
  test("owes the award under sign:<user>:<day> in the check-in's transaction, then delivers it; a second check-in of the day is refused", async () => {
    const f = fakes();
    const signs = createSignService({
      repo: f.repo,
      outbox: f.outbox,
      rewards: staticRewards({ register: 0, signIn: 2, creditName: "魔豆" }),
      timeZone: "Asia/Shanghai",
      clock: () => new Date("2026-11-24T16:30:00Z"),
    });
    const sign = await signs.signToday(call);
    expect([sign.day, sign.award, sign.ip]).toEqual([20261125, 2, "1.2.3.4"]);
    expect(f.owed).toEqual([
      {
        userId: 5n,
        amount: 2,
        code: "sign",
        reason: "签到获得 2 魔豆",
        params: {},
        refKind: "day",
        refId: 20261125n,
        idempotencyKey: "sign:5:20261125",
      },
    ]);
    // the feed entry: the zh-CN line, and the award for a client to word it in its own language
    expect(f.feed).toEqual([{ content: "签到获得 2 魔豆", params: { award: "2" } }]);
    expect(f.delivered).toEqual(["sign:5:20261125"]);
    await expect(signs.signToday(call)).rejects.toEqual(new DomainError("already_exists", "今天已经签到过了"));
    expect(f.owed).toHaveLength(1);
  });

  test("no award configured: the check-in is kept, nothing is owed", async () => {
    const f = fakes();
    const signs = createSignService({
      repo: f.repo,
      outbox: f.outbox,
      rewards: staticRewards({ register: 0, signIn: 0 }),
      timeZone: "UTC",
    });
    expect((await signs.signToday(call)).award).toBe(0);
    expect([f.owed, f.delivered]).toEqual([[], []]);
  });
});
