// GET /api/v1/stats: counters gathered from the user and content services; build, host and
// document-queue figures only for holders of GetStats's permission.
import { type ConnectError, createClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { ConfigAPI } from "@wenku/proto/api/v1/config_pb.js";
import { FieldViolationSchema } from "@wenku/proto/api/v1/errors_pb.js";
import pg from "pg";
import { ADMIN_PASSWORD, rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let admin: string;
let db: pg.Client;

const call = (method: string, path: string, body?: unknown, token?: string) =>
  rest(stack.url, method, path, body, token);

beforeAll(async () => {
  stack = await startTestStack();
  admin = (await call("POST", "/api/v1/user/login", { username: "admin", password: ADMIN_PASSWORD })).json
    .token as string;
  db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
});
afterAll(async () => {
  await db.end();
  await stack.stop();
});

/**
 * Documents in the given statuses, none of which the converter's startup requeue picks up (it would
 * try their missing file and log conversion failures of its own into the trend): a pending one (0)
 * goes straight into the recycle bin in the same statement, and every live one has its pages, as
 * after a conversion (a pending-review document without pages is one still to convert).
 */
async function addDocuments(statuses: number[]) {
  await db.query(
    `INSERT INTO wenku_content.attachments (hash, storage_key, ext) VALUES ($1, 'originals/x.pdf', '.pdf')
     ON CONFLICT DO NOTHING`,
    ["0123456789abcdef0123456789abcdef"],
  );
  for (const status of statuses) {
    await db.query(
      `INSERT INTO wenku_content.documents (title, user_id, attachment_hash, ext, status, pages, deleted_at)
       VALUES ($1, 1, $2, '.pdf', $3::smallint, 1, CASE WHEN $3::int = 0 THEN now() END)`,
      [`doc ${status}`, "0123456789abcdef0123456789abcdef", status],
    );
  }
}

test("visitors get the counters only, of what they may see: no hidden document, category, article, link or report; document categories only", async () => {
  await call("POST", "/api/v1/user/register", { username: "statsuser", password: "secret123" });
  await call("POST", "/api/v1/category", { title: "统计分类", type: 0, enable: true }, admin);
  // A hidden category hides its (enabled) child from visitors too.
  expect((await call("POST", "/api/v1/category", { title: "隐藏分类", type: 0, enable: false }, admin)).status).toBe(
    200,
  );
  const hidden = (await db.query(`SELECT id FROM wenku_content.categories WHERE title = '隐藏分类'`)).rows[0].id;
  await call("POST", "/api/v1/category", { title: "隐藏分类的子类", type: 0, parent_id: hidden, enable: true }, admin);
  // Article categories are not the library's: counted for nobody.
  await call("POST", "/api/v1/category", { title: "文章分类", type: 1, enable: true }, admin);
  // Published twice; pending review, failed conversion, disabled, rejected, and one in the recycle bin.
  await addDocuments([2, 2, 6, 3, 4, 7, 0]);
  // An article waiting for review and a report: staff figures.
  await db.query(`INSERT INTO wenku_content.articles (title, user_id, content) VALUES ('待审文章', 1, 'x')`);

  await call("POST", "/api/v1/friendlink", { title: "友链", link: "https://example.com/", enable: true }, admin);
  await call("POST", "/api/v1/friendlink", { title: "停用的友链", link: "https://example.org/" }, admin);

  const r = await call("GET", "/api/v1/stats");
  expect(r.status).toBe(200);
  // Only the approved articles (the seeded ones), not the one waiting for review.
  const approved = await db.query(
    `SELECT count(*)::int AS n FROM wenku_content.articles WHERE status = 1 AND deleted_at IS NULL`,
  );
  expect(r.json.article_count ?? 0).toBe(approved.rows[0].n);
  expect((await call("GET", "/api/v1/stats", undefined, admin)).json.article_count).toBe(approved.rows[0].n + 1);
  expect(r.json).toMatchObject({ user_count: 2, document_count: 2, category_count: 1, friendlink_count: 1 });
  expect(r.json.report_count ?? 0).toBe(0);
  expect(r.json.banner_count ?? 0).toBe(0);
  expect(r.json.os ?? "").toBe("");
  expect(r.json.version ?? "").toBe("");
  expect(r.json.document_pending_review_count ?? 0).toBe(0);
});

test("staff also get the review and conversion queues, the version and the host", async () => {
  const r = await call("GET", "/api/v1/stats", undefined, admin);
  expect(r.status).toBe(200);
  expect(r.json).toMatchObject({
    document_count: 6,
    category_count: 3,
    friendlink_count: 2,
    document_pending_review_count: 1,
    document_convert_failed_count: 1,
    document_converting_count: 0,
  });
  expect(r.json.os).toMatch(/\S/);
  expect(r.json.version).toMatch(/^\d+\.\d+\.\d+/);
});

test("the trend (staff): a day per entry in the asked time zone, today's uploads, registrations, conversions and downloads", async () => {
  await db.query(
    `INSERT INTO wenku_content.conversion_log (hash, ok, documents) VALUES ('a', true, 2), ('b', true, 1), ('c', false, 1)`,
  );
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(new Date());
  const r = await call("GET", "/api/v1/stats/trend?days=7&time_zone=Asia/Shanghai", undefined, admin);
  expect(r.status).toBe(200);
  const days = r.json.day as Record<string, unknown>[];
  expect(days).toHaveLength(7);
  expect(days.at(-1)).toEqual({
    date: today,
    documents: 7,
    users: 2,
    conversions: 2,
    conversion_failures: 1,
    downloads: 0,
  });
  // Earlier days: nothing happened.
  for (const d of days.slice(0, 6)) {
    expect(d).toMatchObject({ documents: 0, users: 0, conversions: 0, conversion_failures: 0, downloads: 0 });
  }
  expect(days.map((d) => d.date)).toEqual([...days.map((d) => d.date)].sort());

  const fallback = await call("GET", "/api/v1/stats/trend", undefined, admin);
  expect(fallback.json.day).toHaveLength(30);
});

test("the trend: refused to visitors and plain users, and for bad days or time zones with the field named", async () => {
  expect((await call("GET", "/api/v1/stats/trend")).status).toBe(401);
  const user = (await call("POST", "/api/v1/user/login", { username: "statsuser", password: "secret123" })).json
    .token as string;
  expect((await call("GET", "/api/v1/stats/trend", undefined, user)).status).toBe(403);
  const badDays = await call("GET", "/api/v1/stats/trend?days=365", undefined, admin);
  expect(badDays.status).toBe(400);
  expect(badDays.json.message).toBe("统计天数须在 7 到 90 之间");
  const badZone = await call("GET", "/api/v1/stats/trend?time_zone=Mars%2FOlympus", undefined, admin);
  expect(badZone.status).toBe(400);
  expect(badZone.json.message).toBe("未知的时区：Mars/Olympus");
  // Over Connect the refusal names the field, for the form.
  const client = createClient(ConfigAPI, createConnectTransport({ baseUrl: stack.url, httpVersion: "1.1" }));
  const refusal = await client.getStatsTrend({ days: 3 }, { headers: { authorization: `Bearer ${admin}` } }).then(
    () => undefined,
    (e: unknown) => e as ConnectError,
  );
  expect(refusal?.findDetails(FieldViolationSchema).map((d) => d.field)).toEqual(["days"]);
});
