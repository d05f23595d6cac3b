// ReportAPI over REST on the real stack (both transports): the six reasons and copyright, one open report per user
// and document even under ten concurrent requests (a new one once handled), public documents only (not
// even their owner's or staff's hidden ones), the staff list with its filters, handling with a note,
// deletion, and the permission rows.
import {
  admin,
  alice,
  attachment,
  bob,
  call,
  carol,
  category,
  createDocs,
  db,
  register,
  setupDocumentSite,
  stack,
} from "./documents.fixture.js";
import { staffUser } from "./staff.js";

setupDocumentSite();

type Report = {
  id: number;
  document_id: number;
  user_id: number;
  reason: number;
  status?: boolean;
  remark?: string;
  document_title: string;
  username: string;
};
const report = (document_id: number, reason: number, token: string) =>
  call("POST", "/api/v1/report", { document_id, reason }, token);
const listAs = async (token: string, query = "") => {
  const r = await call("GET", `/api/v1/report/list?size=100${query}`, undefined, token);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  return r.json as { total: number; report?: Report[] };
};

async function doc(title: string): Promise<number> {
  const [d] = await createDocs(alice, {
    category_id: [await category(`举报分类${title}`)],
    document: [{ attachment_id: await attachment(alice.id), title }],
  });
  return Number(d?.id);
}

test("one open report per user and document under ten concurrent requests; a new one once handled", async () => {
  const id = await doc("被举报的文档");
  const replies = await Promise.all(Array.from({ length: 10 }, () => report(id, 1, bob.token)));
  expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
  for (const r of replies.filter((x) => x.status !== 200))
    expect([r.status, r.json.message]).toEqual([409, "您已举报过该文档，请等待处理"]);
  expect(await db.report.count({ where: { documentId: BigInt(id) } })).toBe(1);
  // another user may report it too
  expect((await report(id, 2, carol.token)).status).toBe(200);

  const rows = (await listAs(admin, "&status=false")).report?.filter((r) => r.document_id === id) ?? [];
  expect(rows.map((r) => [r.username, r.reason, r.document_title, r.status ?? false]).sort()).toEqual(
    [
      ["doccarol", 2, "被举报的文档", false],
      ["docbob", 1, "被举报的文档", false],
    ].sort(),
  );
  const bobs = rows.find((r) => r.username === "docbob") as Report;

  // handled with a note: out of the open list, in the handled one; bob may report again
  const handled = await call("PUT", "/api/v1/report", { id: bobs.id, status: true, remark: "已下架相关内容" }, admin);
  expect([handled.status, handled.json.message]).toEqual([200, undefined]);
  const done = (await listAs(admin, "&status=true")).report?.find((r) => r.id === bobs.id);
  expect(done).toMatchObject({ status: true, remark: "已下架相关内容" });
  expect((await listAs(admin, "&status=false")).report?.map((r) => r.id)).not.toContain(bobs.id);
  expect((await report(id, 3, bob.token)).status).toBe(200);
  // reopening the handled one while bob has another open report of it is refused
  const reopen = await call("PUT", "/api/v1/report", { id: bobs.id, status: false, remark: "" }, admin);
  expect(reopen.status).toBe(400);
});

test("the six reasons and copyright only; hidden and missing documents cannot be reported; visitors must sign in", async () => {
  const id = await doc("举报规则");
  const user = await register("reportrules");
  for (const reason of [0, 8, -1]) {
    const r = await report(id, reason, user.token);
    // 0 is the declared "unspecified"; 8 and -1 are no ReportReason at all, refused at the edge
    expect([r.status, r.json.message]).toEqual([
      400,
      reason === 0 ? "请选择举报原因" : `参数 reason 的值 ${reason} 无效，可选：0、1、2、3、4、5、6、7`,
    ]);
  }
  const [pending] = await createDocs(carol, {
    category_id: [await category("待审举报分类")],
    document: [{ attachment_id: await attachment(carol.id), title: "待审核举报" }],
  });
  expect((await report(Number(pending?.id), 1, user.token)).status).toBe(404);
  // nor by its owner or staff, who can open it (public documents only, as comments)
  for (const token of [carol.token, admin]) {
    const r = await report(Number(pending?.id), 1, token);
    expect([r.status, r.json.message]).toEqual([404, "文档不存在"]);
  }
  expect(await db.report.count({ where: { documentId: pending?.id } })).toBe(0);
  expect((await report(99_999_999, 1, user.token)).status).toBe(404);
  expect((await report(id, 1, "")).status).toBe(401);
  // 7: copyright infringement (ours, after moredoc's six)
  for (const reason of [1, 2, 3, 4, 5, 6, 7]) {
    const u = await register(`reporter${reason}`);
    expect((await report(id, reason, u.token)).status).toBe(200);
  }
  const byReason = await listAs(admin, "&reason=4&reason=7");
  expect(new Set(byReason.report?.map((r) => r.reason))).toEqual(new Set([4, 7]));
  const byTitle = await listAs(admin, `&wd=${encodeURIComponent("举报规则")}`);
  expect(byTitle.total).toBe(7);
  expect((await call("GET", "/api/v1/report/list?reason=9", undefined, admin)).status).toBe(400);
});

test("staff need the permissions: list, handle, delete; members are refused", async () => {
  const id = await doc("权限举报");
  expect((await report(id, 5, bob.token)).status).toBe(200);
  const reportId = (await db.report.findFirstOrThrow({ where: { documentId: BigInt(id) } })).id;
  for (const [method, path, body] of [
    ["GET", "/api/v1/report/list", undefined],
    ["PUT", "/api/v1/report", { id: Number(reportId), status: true }],
    ["DELETE", `/api/v1/report?id=${reportId}`, undefined],
  ] as const)
    expect((await call(method, path, body, bob.token)).status).toBe(403);

  const handler = await staffUser(stack.url, admin, "reporthandler", [
    "/api.v1.ReportAPI/ListReport",
    "/api.v1.ReportAPI/UpdateReport",
  ]);
  expect((await listAs(handler.token)).report?.map((r) => r.document_id)).toContain(id);
  const long = await call(
    "PUT",
    "/api/v1/report",
    { id: Number(reportId), status: true, remark: "长".repeat(256) },
    handler.token,
  );
  expect([long.status, long.json.message]).toEqual([400, "处理备注不能超过255个字符"]);
  expect(
    (await call("PUT", "/api/v1/report", { id: Number(reportId), status: true, remark: "ok" }, handler.token)).status,
  ).toBe(200);
  expect((await call("PUT", "/api/v1/report", { id: 99_999_999, status: true }, handler.token)).status).toBe(404);
  expect((await call("DELETE", `/api/v1/report?id=${reportId}`, undefined, handler.token)).status).toBe(403);
  expect((await call("DELETE", `/api/v1/report?id=${reportId}`, undefined, admin)).status).toBe(200);
  expect(await db.report.count({ where: { id: reportId } })).toBe(0);
  expect((await call("DELETE", `/api/v1/report?id=${reportId}`, undefined, admin)).status).toBe(404);
});

test("purging a document removes its reports", async () => {
  const id = await doc("清除举报");
  expect((await report(id, 6, bob.token)).status).toBe(200);
  expect((await call("DELETE", `/api/v1/document?id=${id}`, undefined, alice.token)).status).toBe(200);
  expect((await call("DELETE", `/api/v1/document/recycle?id=${id}`, undefined, admin)).status).toBe(200);
  expect(await db.report.count({ where: { documentId: BigInt(id) } })).toBe(0);
});

test("the site statistics count the reports and the live articles", async () => {
  const stats = await call("GET", "/api/v1/stats", undefined, admin);
  expect(stats.status).toBe(200);
  const reports = await db.report.count();
  expect(reports).toBeGreaterThan(0);
  expect(stats.json.report_count).toBe(reports);
  expect(stats.json.article_count).toBe(await db.article.count({ where: { deletedAt: null } }));
});
