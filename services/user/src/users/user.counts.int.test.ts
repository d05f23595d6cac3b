// The counts a profile shows that other services own, through the user service's real RPC stack on
// PostgreSQL, with stand-ins for the content service (CountUserDocuments) and the order service's
// ledger (GetCreditBalances) that count the calls: brief users for lists never ask them, a profile asks
// each once and is then kept, and api.v1.UserCountsChanged on the bus drops what was kept.
import { randomBytes } from "node:crypto";
import { createClient } from "@connectrpc/connect";
import { createLogger, headers, inProcessTransport, userCountsChanges } from "@wenku/kit";
import { createBus } from "@wenku/kit/bus";
import { createRateLimitStore, type RateLimitStore } from "@wenku/kit/ratelimit";
import { UserInternalAPI } from "@wenku/proto/api/v1/user_internal_pb.js";
import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { createTestDatabase } from "../../../../jest/db.js";
import { noMail, openSite, smsOff, staticRewards, staticSettings, staticVerification } from "../../test/ports.js";
import { createUserCreditOutbox } from "../credits/credit.outbox.js";
import { createDb, type Db, USER_SCHEMA } from "../db.js";
import type { ContentCounts, CreditLedger, DocumentCounter } from "../ports.js";
import { buildServer } from "../server.js";
import { DEFAULT_SECURITY } from "../settings.js";

const log = createLogger({ service: "test", level: "silent" });
const bus = await createBus({ log });
const internalToken = randomBytes(32).toString("hex");
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let rateLimits: RateLimitStore;
let users: ReturnType<typeof createClient<typeof UserAPI>>;
let internal: ReturnType<typeof createClient<typeof UserInternalAPI>>;

/** What the stand-in owners answer, and every call they were asked. */
const owned = { content: new Map<bigint, ContentCounts>(), credits: new Map<bigint, number>() };
const asked: Array<{ who: "content" | "credits"; ids: bigint[]; publicOnly?: boolean }> = [];
const contentStandIn: DocumentCounter = {
  async counts(ids, publicOnly = false) {
    asked.push({ who: "content", ids: [...ids], publicOnly });
    const shown = (c: ContentCounts) => (publicOnly ? { ...c, documents: Math.min(c.documents, 1) } : c);
    return new Map(
      ids.flatMap((id) => (owned.content.has(id) ? [[id, shown(owned.content.get(id) as ContentCounts)]] : [])),
    );
  },
};
const ledgerStandIn: CreditLedger = {
  async balances(ids) {
    asked.push({ who: "credits", ids: [...ids] });
    return new Map(ids.flatMap((id) => (owned.credits.has(id) ? [[id, owned.credits.get(id) as number]] : [])));
  },
  apply: async () => ({ balanceAfter: 0, replayed: false }),
};

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = createDb(testDb.url);
  rateLimits = createRateLimitStore({ connectionString: testDb.url, schema: USER_SCHEMA, log, sweepEveryMs: 0 });
  const def = await buildServer({
    db,
    bus,
    log,
    jwtSecret: randomBytes(32).toString("hex"),
    internalToken,
    tokenTtlHours: 1,
    settings: staticSettings(DEFAULT_SECURITY),
    rateLimits,
    siteGate: openSite,
    documents: contentStandIn,
    credits: ledgerStandIn,
    creditOutbox: createUserCreditOutbox({ db, ledger: ledgerStandIn, log }),
    rewards: staticRewards({ register: 0, signIn: 0 }),
    timeZone: "Asia/Shanghai",
    verification: staticVerification(),
    sms: smsOff(),
    mail: noMail,
  });
  const transport = inProcessTransport(def);
  users = createClient(UserAPI, transport);
  internal = createClient(UserInternalAPI, transport);
});
afterAll(async () => {
  await rateLimits.close();
  await db.$disconnect();
  await bus.close();
  await testDb.drop();
});
beforeEach(() => {
  asked.length = 0;
});

let seq = 0;
async function register() {
  const reply = await users.register({ username: `counted${++seq}`, password: "secret123" });
  const id = reply.user?.id as bigint;
  return { id, auth: { headers: { authorization: `Bearer ${reply.token}` } } };
}
/** Waits until the bus delivered what was broadcast (the memory bus delivers on the next turn, as a network would). */
const delivered = () => new Promise((r) => setImmediate(r));

test("brief users for lists (GetUsers) ask neither the content nor the order service", async () => {
  const a = await register();
  const b = await register();
  asked.length = 0;
  const reply = await internal.getUsers({ id: [a.id, b.id] }, { headers: { [headers.internal]: internalToken } });
  expect(reply.user.map((u) => u.id).sort()).toEqual([a.id, b.id].sort());
  expect(asked).toEqual([]);
});

test("a profile asks each owner once, then is kept until UserCountsChanged names the user", async () => {
  const me = await register();
  owned.content.set(me.id, { documents: 3, articles: 2, favorites: 1 });
  owned.credits.set(me.id, 40);
  const other = await register();
  const changes = userCountsChanges(bus, log);
  await changes.changed([me.id]); // forget what registering showed
  await delivered();
  asked.length = 0;

  const first = await users.getUser({ id: me.id }, me.auth);
  expect([first.docCount, first.articleCount, first.favoriteCount, first.creditCount]).toEqual([3, 2, 1, 40]);
  expect(asked).toEqual([
    { who: "content", ids: [me.id], publicOnly: false },
    { who: "credits", ids: [me.id] },
  ]);
  asked.length = 0;
  const again = await users.getUser({ id: me.id }, me.auth);
  expect([again.docCount, again.creditCount]).toEqual([3, 40]);
  expect(asked).toEqual([]);

  // another user's change keeps this one
  await changes.changed([other.id]);
  await delivered();
  await users.getUser({ id: me.id }, me.auth);
  expect(asked).toEqual([]);

  owned.content.set(me.id, { documents: 4, articles: 2, favorites: 0 });
  owned.credits.set(me.id, 35);
  await changes.changed([me.id]);
  await delivered();
  const changed = await users.getUser({ id: me.id }, me.auth);
  expect([changed.docCount, changed.articleCount, changed.favoriteCount, changed.creditCount]).toEqual([4, 2, 0, 35]);
  expect(asked.map((a) => a.who).sort()).toEqual(["content", "credits"]);
});

test("a profile shown to others counts what everyone may see, never the balance, kept apart from the full one", async () => {
  const me = await register();
  owned.content.set(me.id, { documents: 5, articles: 1, favorites: 2 });
  owned.credits.set(me.id, 9);
  asked.length = 0;
  const shown = await users.getUser({ id: me.id });
  expect([shown.docCount, shown.articleCount, shown.favoriteCount, shown.creditCount]).toEqual([1, 1, 2, 0]);
  expect(asked).toEqual([{ who: "content", ids: [me.id], publicOnly: true }]);
  asked.length = 0;
  await users.getUser({ id: me.id });
  expect(asked).toEqual([]);
  // every user's counts dropped (a document's status changed): asked again
  await userCountsChanges(bus, log).changed(null);
  await delivered();
  await users.getUser({ id: me.id });
  expect(asked).toEqual([{ who: "content", ids: [me.id], publicOnly: true }]);
});

test("an owner that does not answer leaves the counts at 0, and nothing of it is kept", async () => {
  const me = await register();
  owned.content.set(me.id, { documents: 2, articles: 0, favorites: 0 });
  await userCountsChanges(bus, log).changed([me.id]);
  await delivered();
  const counts = contentStandIn.counts;
  contentStandIn.counts = async () => {
    throw new Error("content service down");
  };
  try {
    expect((await users.getUser({ id: me.id }, me.auth)).docCount).toBe(0);
  } finally {
    contentStandIn.counts = counts;
  }
  expect((await users.getUser({ id: me.id }, me.auth)).docCount).toBe(2);
});
