import * as http from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";

/**
 * The baseline: a bare node:http handler answering `GET /api/v1/user?id=N` with the same SQL the
 * GetUser RPC runs (Prisma's two statements for `findUnique({ include: { groups } })`) and the same
 * bytes the gateway's REST answer has (moredoc JSON: proto field order, snake_case, int64 as
 * numbers, zero values present, timestamps as protobuf-es writes them). No auth, no protobuf, no
 * interceptors: what is left is node:http + pg + JSON.
 *
 * The counts other services own (doc_count, article_count, favorite_count from the content service's
 * tables, credit_count from the order service's ledger) are counted with the same SQL those services
 * run and kept per user, as the user service keeps them (users/user.counts.ts): asked once per user,
 * then every request pays only the user's two statements, on both sides.
 */

// Prisma selects every column, password included; so do we (same work on the wire).
const USER_SQL = `SELECT "wenku_user"."users"."id", "wenku_user"."users"."username", "wenku_user"."users"."password",
  "wenku_user"."users"."email", "wenku_user"."users"."mobile", "wenku_user"."users"."realname",
  "wenku_user"."users"."avatar", "wenku_user"."users"."identity", "wenku_user"."users"."address",
  "wenku_user"."users"."signature", "wenku_user"."users"."remark", "wenku_user"."users"."status",
  "wenku_user"."users"."register_ip", "wenku_user"."users"."last_login_ip", "wenku_user"."users"."login_at",
  "wenku_user"."users"."created_at", "wenku_user"."users"."updated_at"
  FROM "wenku_user"."users" WHERE ("wenku_user"."users"."id" = $1 AND 1=1) LIMIT $2 OFFSET $3`;
const GROUPS_SQL = `SELECT "wenku_user"."user_groups"."user_id", "wenku_user"."user_groups"."group_id"
  FROM "wenku_user"."user_groups" WHERE "wenku_user"."user_groups"."user_id" = $1 OFFSET $2`;

// A full profile's counts (the admin asking for themself): every live document and article, the
// favorites whose target the user may still open (documents in the public statuses 0, 1, 2, 5 or
// their own; approved articles or their own), the ledger's balance.
const DOCUMENTS_SQL = `SELECT count(*)::int AS n FROM "wenku_content"."documents"
  WHERE "user_id" = $1 AND "deleted_at" IS NULL`;
const ARTICLES_SQL = `SELECT count(*)::int AS n FROM "wenku_content"."articles"
  WHERE "user_id" = $1 AND "deleted_at" IS NULL`;
const FAVORITES_SQL = `SELECT count(*)::int AS n FROM "wenku_content"."favorites" f
  LEFT JOIN "wenku_content"."documents" d ON d.id = f.document_id
  LEFT JOIN "wenku_content"."articles" a ON a.id = f.article_id
  WHERE f.user_id = $1 AND (
    (d.id IS NOT NULL AND d.deleted_at IS NULL AND (d.status = ANY('{0,1,2,5}'::int[]) OR d.user_id = f.user_id))
    OR (a.id IS NOT NULL AND a.deleted_at IS NULL AND (a.status = 1 OR a.user_id = f.user_id)))`;
const CREDITS_SQL = `SELECT "balance" AS n FROM "wenku_order"."credit_balances" WHERE "user_id" = $1`;

interface Counts {
  credits: number;
  documents: number;
  favorites: number;
  articles: number;
}

interface UserRow {
  id: string;
  username: string;
  email: string | null;
  mobile: string | null;
  realname: string;
  avatar: string;
  identity: string;
  address: string;
  signature: string;
  status: number;
  register_ip: string;
  last_login_ip: string;
  login_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** google.protobuf.Timestamp as protobuf-es's toJson writes it (no ".000" for whole seconds). */
const ts = (d: Date | null) => (d ? d.toISOString().replace(".000Z", "Z") : undefined);

/** What toRestJson(User, toFullUser(row)) produces, field for field in proto order. */
export function fullUserJson(u: UserRow, groupIds: string[], c: Counts): string {
  return JSON.stringify({
    id: Number(u.id),
    username: u.username,
    mobile: u.mobile ?? "",
    email: u.email ?? "",
    address: u.address,
    signature: u.signature,
    status: u.status,
    avatar: u.avatar,
    identity: u.identity,
    realname: u.realname,
    is_vip: false,
    credit_count: c.credits,
    doc_count: c.documents,
    follow_count: 0,
    fans_count: 0,
    favorite_count: c.favorites,
    comment_count: 0,
    article_count: c.articles,
    group_id: groupIds.map(Number),
    last_login_ip: u.last_login_ip,
    register_ip: u.register_ip,
    login_at: ts(u.login_at),
    created_at: ts(u.created_at),
    updated_at: ts(u.updated_at),
    remark: "",
  });
}

export async function startBare(databaseUrl: string, host: string) {
  // Same pool size as the user service's Prisma adapter (services/user/src/db.ts).
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const kept = new Map<string, Promise<Counts>>();
  const server = http.createServer((req, res) => {
    void answer(pool, kept, req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  server.keepAliveTimeout = 5_000; // as kit's listenDual
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await pool.end();
    },
  };
}

/** The counts of one user, asked once (all four at once, as the user service asks its two owners). */
async function countsOf(pool: pg.Pool, userId: string): Promise<Counts> {
  const n = async (sql: string) => (await pool.query<{ n: number }>(sql, [userId])).rows[0]?.n ?? 0;
  const [documents, articles, favorites, credits] = await Promise.all(
    [DOCUMENTS_SQL, ARTICLES_SQL, FAVORITES_SQL, CREDITS_SQL].map(n),
  );
  return { documents: documents ?? 0, articles: articles ?? 0, favorites: favorites ?? 0, credits: credits ?? 0 };
}

async function answer(
  pool: pg.Pool,
  kept: Map<string, Promise<Counts>>,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<void> {
  const url = new URL(req.url ?? "/", "http://bare.local");
  const id = url.searchParams.get("id");
  if (url.pathname !== "/api/v1/user" || !id || !/^\d+$/.test(id)) {
    res.writeHead(404).end();
    return;
  }
  const user = (await pool.query<UserRow>(USER_SQL, [id, 1, 0])).rows[0];
  if (!user) {
    res.writeHead(404).end();
    return;
  }
  const groups = await pool.query<{ group_id: string }>(GROUPS_SQL, [user.id, 0]);
  let counts = kept.get(user.id);
  if (!counts) {
    counts = countsOf(pool, user.id);
    kept.set(user.id, counts);
    counts.catch(() => kept.delete(user.id as string));
  }
  const body = fullUserJson(
    user,
    groups.rows.map((g) => g.group_id),
    await counts,
  );
  res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) });
  res.end(body);
}
