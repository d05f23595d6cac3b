// PostgreSQL stopped for FAULTS_PG_DOWN_SEC (default 10) and started again, while users register (a
// credit booking each, through the credit outbox), sign in daily (another) and read lists. While it
// is down every request answers fast (no hung request) with 503; afterwards the site answers again by
// itself, and the credit ledger is consistent: each user's balance is the sum of their entries, the
// last entry's balance_after, and exactly the bookings their accepted requests owed.
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { check, type FaultContext } from "../context.js";
import type { Figures } from "../figures.js";
import { type Answer, call, register } from "../site.js";

/** Score settings of a new site: score.register and score.sign_in. */
const REGISTER = 10;
const SIGN = 1;
/** No answer while the database is down may take longer than this. */
const FAST_MS = 5_000;

interface Visitor {
  username: string;
  id?: number;
  token?: string;
  registered: boolean;
  signed: boolean;
}

export async function postgresRestarted(c: FaultContext, downSec: number): Promise<Figures> {
  const { cluster, pg: server } = c;
  const url = cluster.url;
  const visitors: Visitor[] = [];
  let n = 0;
  /** Registers a new visitor and signs them in daily; every answer timed. */
  const activity = async (answers: Array<Answer & { ms: number; what: string }>) => {
    n += 1;
    const v: Visitor = { username: `faults_pg_${n}_${Date.now() % 100_000}`, registered: false, signed: false };
    visitors.push(v);
    const r = await register(url, v.username, `198.51.100.${n % 250}`);
    answers.push({ ...r, what: "register" });
    if (r.status !== 200) return;
    v.registered = true;
    v.token = r.json.token as string;
    v.id = (r.json.user as { id: number }).id;
    const t = performance.now();
    const s = await call(url, "PUT", "/api/v1/user/sign", {}, v.token);
    answers.push({ ...s, ms: performance.now() - t, what: "sign" });
    if (s.status === 200) v.signed = true;
    const l = performance.now();
    const list = await call(url, "GET", "/api/v1/category/list");
    answers.push({ ...list, ms: performance.now() - l, what: "category list" });
  };

  const before: Array<Answer & { ms: number; what: string }> = [];
  for (let i = 0; i < 5; i++) await activity(before);
  check(
    before.every((a) => a.status === 200),
    `requests failed before the fault: ${JSON.stringify(before.filter((a) => a.status !== 200))}`,
  );

  server.down();
  const downAt = performance.now();
  const during: Array<Answer & { ms: number; what: string }> = [];
  while (performance.now() - downAt < downSec * 1000) {
    await activity(during);
    const t = performance.now();
    const list = await call(url, "GET", "/api/v1/category/list");
    during.push({ ...list, ms: performance.now() - t, what: "category list" });
    await sleep(200);
  }
  await server.up();
  const upAt = performance.now();
  let recoverMs = 0;
  for (;;) {
    const r = await register(url, `faults_pg_probe_${Date.now() % 1_000_000}`, "198.51.100.251");
    if (r.status === 200) {
      recoverMs = performance.now() - upAt;
      break;
    }
    check(performance.now() - upAt < 60_000, `the site did not recover 60 s after PostgreSQL came back: ${r.status}`);
    await sleep(200);
  }
  const after: Array<Answer & { ms: number; what: string }> = [];
  for (let i = 0; i < 5; i++) await activity(after);
  check(
    after.every((a) => a.status === 200),
    `requests failed after recovery: ${JSON.stringify(after.filter((a) => a.status !== 200))}`,
  );

  const errors = during.filter((a) => a.status !== 200);
  const slow = during.filter((a) => a.ms > FAST_MS);
  const unclear = errors.filter((a) => a.status !== 503);
  check(!slow.length, `requests hung while PostgreSQL was down: ${JSON.stringify(slow.slice(0, 3))}`);
  check(!unclear.length, `refusals other than 503 while down: ${JSON.stringify(unclear.slice(0, 3))}`);

  // The bookings owed by accepted requests arrive through the outbox (swept every 15 s).
  const owed = new Map(
    visitors.filter((v) => v.registered).map((v) => [v.id as number, REGISTER + (v.signed ? SIGN : 0)] as const),
  );
  const db = new pg.Client({ connectionString: server.url });
  await db.connect();
  let lost = 0;
  let problems: string[] = [];
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      problems = await ledgerProblems(db, owed);
      lost = problems.filter((p) => p.startsWith("owed")).length;
      if (!problems.length || Date.now() > deadline) break;
      await sleep(1_000);
    }
  } finally {
    await db.end();
  }
  check(!problems.length, `the credit ledger is inconsistent: ${problems.slice(0, 5).join("; ")}`);
  const slowest = Math.max(...during.map((a) => a.ms));
  return {
    case: `PostgreSQL down ${downSec} s`,
    requests: before.length + during.length + after.length,
    errors: errors.length,
    recoverMs,
    lost,
    notes: [
      `while down: ${during.length} requests, ${errors.length} answered 503, slowest ${(slowest / 1000).toFixed(2)} s`,
      `ledger: ${owed.size} users, each balance = sum of entries = last balance_after = what was owed`,
    ],
  };
}

/** Every way the ledger disagrees with itself or with what the accepted requests owed. */
async function ledgerProblems(db: pg.Client, owed: ReadonlyMap<number, number>): Promise<string[]> {
  const rows = await db.query<{ user_id: string; sum: string; balance: string | null; last: string | null }>(
    `SELECT e.user_id, SUM(e.amount) AS sum, b.balance,
            (SELECT balance_after FROM wenku_order.credit_entries x WHERE x.user_id = e.user_id ORDER BY x.id DESC LIMIT 1) AS last
       FROM wenku_order.credit_entries e LEFT JOIN wenku_order.credit_balances b ON b.user_id = e.user_id
      GROUP BY e.user_id, b.balance`,
  );
  const problems: string[] = [];
  const seen = new Map(rows.rows.map((r) => [Number(r.user_id), r] as const));
  for (const r of rows.rows) {
    if (String(r.balance) !== r.sum || r.last !== r.balance) {
      problems.push(`user ${r.user_id}: entries sum ${r.sum}, balance ${r.balance}, last balance_after ${r.last}`);
    }
  }
  for (const [id, amount] of owed) {
    const got = Number(seen.get(id)?.sum ?? 0);
    if (got !== amount) problems.push(`owed user ${id} ${amount} credits, the ledger holds ${got}`);
  }
  return problems;
}
