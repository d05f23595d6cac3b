// GET /api/v1/stats: counters gathered from the user and content services; build, host and
// document-queue figures only for holders of GetStats's permission.
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

async function addDocuments(statuses: number[]) {
  await db.query(
    `INSERT INTO wenku_content.attachments (hash, storage_key, ext) VALUES ($1, 'originals/x.pdf', '.pdf')
     ON CONFLICT DO NOTHING`,
    ["0123456789abcdef0123456789abcdef"],
  );
  for (const status of statuses) {
    await db.query(
      `INSERT INTO wenku_content.documents (title, user_id, attachment_hash, ext, status) VALUES ($1, 1, $2, '.pdf', $3)`,
      [`doc ${status}`, "0123456789abcdef0123456789abcdef", status],
    );
  }
}

test("visitors get the counters only; they follow users, documents and categories", async () => {
  await call("POST", "/api/v1/user/register", { username: "statsuser", password: "secret123" });
  await call("POST", "/api/v1/category", { title: "统计分类", type: 0 }, admin);
  await addDocuments([2, 2, 6, 3, 0]);
  await db.query("UPDATE wenku_content.documents SET deleted_at = now() WHERE status = 0");

  const r = await call("GET", "/api/v1/stats");
  expect(r.status).toBe(200);
  expect(r.json).toMatchObject({ user_count: 2, document_count: 4, category_count: 1 });
  expect(r.json.os ?? "").toBe("");
  expect(r.json.version ?? "").toBe("");
  expect(r.json.document_pending_review_count ?? 0).toBe(0);
});

test("staff also get the review and conversion queues, the version and the host", async () => {
  const r = await call("GET", "/api/v1/stats", undefined, admin);
  expect(r.status).toBe(200);
  expect(r.json).toMatchObject({
    document_count: 4,
    document_pending_review_count: 1,
    document_convert_failed_count: 1,
    document_converting_count: 0,
  });
  expect(r.json.os).toMatch(/\S/);
  expect(r.json.version).toMatch(/^\d+\.\d+\.\d+/);
});
