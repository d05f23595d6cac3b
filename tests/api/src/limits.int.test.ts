// Limits a hostile visitor meets (#22 item 11), on the real stack: every 429 tells when to come back
// (Retry-After, REST and Connect), open orders are capped per user, free-text fields are refused at the
// edge when longer than their columns, the public settings keep the server's throttles to itself.
import { ScalarType } from "@bufbuild/protobuf";
import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { CommentAPI } from "@wenku/proto/api/v1/comment_pb.js";
import { contractRoutes } from "@wenku/testkit/routes";
import { admin, alice, attachment, bob, call, db, setupDocumentSite, stack } from "./documents.fixture.js";

setupDocumentSite();

async function setConfig(category: string, name: string, value: string) {
  const r = await call("PUT", "/api/v1/config", { config: [{ category, name, value }] }, admin);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
}

/** A REST call answering its headers too. */
async function raw(method: string, path: string, body: unknown, token: string) {
  const res = await fetch(stack.url + path, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, json: (await res.json()) as Record<string, unknown> };
}

async function publicDocument(title: string) {
  const a = await db.attachment.findUniqueOrThrow({ where: { id: BigInt(await attachment(alice.id)) } });
  const d = await db.document.create({
    data: { title, userId: BigInt(alice.id), attachmentHash: a.hash, ext: ".pdf", status: 2, pages: 1 },
  });
  return Number(d.id);
}

describe("every 429 carries Retry-After", () => {
  test("the comment interval: REST and Connect say when to come back", async () => {
    const doc = await publicDocument("限流文档");
    await setConfig("security", "comment_interval", "600");
    try {
      const first = await raw("POST", "/api/v1/comment", { document_id: doc, content: "第一条" }, bob.token);
      expect(first.status).toBe(200);
      const r = await raw("POST", "/api/v1/comment", { document_id: doc, content: "第二条" }, bob.token);
      expect(r.status).toBe(429);
      // the seconds left of the interval, as the message says
      const seconds = Number(r.headers.get("retry-after"));
      expect(seconds).toBeGreaterThanOrEqual(598);
      expect(seconds).toBeLessThanOrEqual(600);
      expect(r.json.message).toBe(`评论太频繁了，请${seconds}秒后再发表评论`);

      const client = createClient(CommentAPI, createConnectTransport({ baseUrl: stack.url, httpVersion: "1.1" }));
      const refusal = await client
        .createComment(
          { documentId: BigInt(doc), content: "第三条" },
          { headers: { authorization: `Bearer ${bob.token}` } },
        )
        .then(
          () => undefined,
          (e: unknown) => ConnectError.from(e),
        );
      expect(refusal?.code).toBe(Code.ResourceExhausted);
      expect(Number(refusal?.metadata.get("retry-after"))).toBeGreaterThanOrEqual(598);
    } finally {
      await setConfig("security", "comment_interval", "0");
    }
  });

  test("the daily download limit", async () => {
    const doc = await publicDocument("限下载文档");
    await setConfig("download", "times_every_day", "1");
    try {
      expect((await raw("GET", `/api/v1/document/download?id=${doc}`, undefined, bob.token)).status).toBe(200);
      const r = await raw("GET", `/api/v1/document/download?id=${doc}`, undefined, bob.token);
      expect(r.status).toBe(429);
      // until the site's next midnight (Asia/Shanghai by default)
      const midnight = new Date(
        `${new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(Date.now() + 86_400_000)}T00:00:00+08:00`,
      );
      const expected = Math.ceil((midnight.getTime() - Date.now()) / 1000);
      expect(Math.abs(Number(r.headers.get("retry-after")) - expected)).toBeLessThanOrEqual(5);
    } finally {
      await setConfig("download", "times_every_day", "10");
    }
  });
});

test("the public settings keep the server's throttles, retention and timeouts to themselves; staff see them in ListConfig", async () => {
  const values: [string, string, string][] = [
    ["security", "login_max_fails_per_ip", "77"],
    ["security", "login_max_consecutive_fails", "7"],
    ["security", "upload_max_per_day", "33"],
    ["security", "search_record_retention_days", "9"],
    ["download", "times_every_ip", "44"],
    ["download", "url_duration", "55"],
    ["converter", "timeout", "11"],
    ["ssr", "cache_seconds", "12"],
  ];
  for (const [category, name, value] of values) await setConfig(category, name, value);
  for (const token of [undefined, bob.token, admin]) {
    const r = await call("GET", "/api/v1/settings", undefined, token);
    expect(r.status).toBe(200);
    const s = r.json as Record<string, Record<string, unknown> | undefined>;
    for (const [category, name] of values)
      expect([category, name, s[category]?.[name] ?? 0]).toEqual([category, name, 0]);
    // What the browser explains stays: the comment interval, the upload size.
    expect(s.security).toHaveProperty("max_document_size");
  }
  for (const category of ["security", "download", "converter", "ssr"]) {
    const listed = (await call("GET", `/api/v1/config/list?category=${category}`, undefined, admin)).json.config as {
      name: string;
      value: string;
    }[];
    for (const [c, name, value] of values.filter(([c]) => c === category))
      expect([c, name, listed.find((x) => x.name === name)?.value]).toEqual([c, name, value]);
  }
});

test("a user's open orders are capped (20): the next is refused with a message until one is closed; staff's recharge is not", async () => {
  await setConfig("score", "enable_recharge", "true");
  const order = () => call("POST", "/api/v1/order", { order_type: 3, quantity: 100 }, bob.token);
  const made = await Promise.all(Array.from({ length: 20 }, order));
  expect(made.map((r) => r.status)).toEqual(Array(20).fill(200));
  // Concurrent attempts over the cap: none passes.
  const over = await Promise.all([order(), order(), order()]);
  for (const r of over)
    expect([r.status, r.json.message]).toEqual([400, "未支付的订单已有 20 个，请先支付或关闭已有订单后再下单"]);
  const closed = await call("PUT", "/api/v1/order/close", { order_no: made[0]?.json.order_no }, bob.token);
  expect(closed.status).toBe(200);
  expect((await order()).status).toBe(200);
  expect((await order()).status).toBe(400);
  const granted = await call("POST", "/api/v1/order/system/recharge", { user_id: bob.id, quantity: 10 }, admin);
  expect([granted.status, granted.json.status]).toEqual([200, 2]); // PAID
});

test("texts longer than their columns in every REST body: refused or cut, never a 5xx", async () => {
  const failures: string[] = [];
  for (const route of contractRoutes()) {
    if (route.body !== "*" || route.verb === "DELETE") continue;
    const path = `/${route.segments.map((s) => ("literal" in s ? s.literal : "1")).join("/")}`;
    for (const n of [256, 1025]) {
      const text = "长".repeat(n);
      const body: Record<string, unknown> = {};
      for (const f of route.method.input.fields) {
        if (f.fieldKind === "scalar" && f.scalar === ScalarType.STRING) body[f.name] = text;
        else if (f.fieldKind === "list" && f.listKind === "scalar" && f.scalar === ScalarType.STRING)
          body[f.name] = [text];
        else if (f.fieldKind === "scalar" && f.name.endsWith("id")) body[f.name] = 1;
      }
      const r = await call(route.verb, path, body, admin);
      if (r.status >= 500 && r.status !== 501)
        failures.push(`${route.verb} ${path} (${n}) → ${r.status} ${r.json.message}`);
    }
  }
  expect(failures).toEqual([]);
}, 60_000);
