// Site notices over REST on the real stack: staff mark articles as notices (SetArticlesNotice, a
// permission of its own), ListArticle's is_notice filter gives the newest notices first (order=notice_at),
// visitors see approved notices only, and the mark comes off again.
import { admin, db, plain, stack, useSite } from "./site.fixture.js";
import { rest } from "./testing.js";

useSite("noticemember");

type Article = { id: number; title: string; is_notice?: boolean; notice_at?: string; status?: number };
const call = (method: string, path: string, body?: unknown, token?: string) =>
  rest(stack.url, method, path, body, token);
const post = async (title: string, token = admin) =>
  (await call("POST", "/api/v1/article", { title, content: "<p>公告正文</p>" }, token)).json as Article;
const notice = (ids: number[], on: boolean, token = admin) =>
  call("PUT", "/api/v1/article/notice", { article_id: ids, is_notice: on }, token);
const notices = async (token?: string) => {
  const r = await call("GET", "/api/v1/article/list?is_notice=true&order=notice_at&size=10", undefined, token);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  return r.json as { total: number; article?: Article[] };
};
const titles = (l: { article?: Article[] }) => (l.article ?? []).map((a) => a.title);

test("staff mark notices; the list filters them, newest mark first; visitors see approved ones only", async () => {
  const first = await post("第一条公告");
  const second = await post("第二条公告");
  const plainArticle = await post("普通文章");
  const pending = await post("待审公告", plain); // the member's group reviews articles
  expect(pending.status).toBe(0);
  expect((await notices()).total).toBe(0);

  // a member holds no permission to mark notices
  const refused = await notice([first.id], true, plain);
  expect(refused.status).toBe(403);
  expect((await notice([first.id], true)).status).toBe(200);
  expect((await notice([second.id, pending.id], true)).status).toBe(200);

  // the latest marked first; the pending one only for staff
  expect(titles(await notices())).toEqual(["第二条公告", "第一条公告"]);
  expect(titles(await notices(admin))).toEqual(["待审公告", "第二条公告", "第一条公告"]);
  const shown = (await notices()).article?.[0] as Article;
  expect([shown.is_notice, typeof shown.notice_at]).toEqual([true, "string"]);
  const got = await call("GET", `/api/v1/article?id=${plainArticle.id}`);
  expect(got.json.is_notice ?? false).toBe(false);
  // is_notice=false: the articles that are not notices
  const others = await call("GET", "/api/v1/article/list?is_notice=false&size=100");
  expect(titles(others.json)).toContain("普通文章");
  expect(titles(others.json)).not.toContain("第一条公告");

  // the mark comes off; a recycled notice is out of the list
  expect((await notice([second.id], false)).status).toBe(200);
  expect(titles(await notices())).toEqual(["第一条公告"]);
  expect((await call("DELETE", `/api/v1/article?id=${first.id}`, undefined, admin)).status).toBe(200);
  expect((await notices()).total).toBe(0);
  expect((await db.article.findUniqueOrThrow({ where: { id: BigInt(first.id) } })).noticeAt).not.toBeNull();

  // no article named, or only unknown or recycled ones
  expect((await notice([], true)).status).toBe(400);
  expect((await notice([99_999_999, first.id], true)).status).toBe(404);
});
