// Which crawler page a path gets and its status, over made-up service answers: found, missing (404),
// not known in time (the plain page, 200), a closed site (the plain page), categories and the home.
import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { ArticleSchema } from "@wenku/proto/api/v1/article_pb.js";
import { type Category, CategorySchema } from "@wenku/proto/api/v1/category_pb.js";
import { type Settings, SettingsSchema } from "@wenku/proto/api/v1/config_pb.js";
import {
  type CrawlerArticle,
  CrawlerArticleSchema,
  type CrawlerDocument,
  CrawlerDocumentSchema,
} from "@wenku/proto/api/v1/content_internal_pb.js";
import { DocumentSchema } from "@wenku/proto/api/v1/document_pb.js";
import type { CategoryList, Lookup, SeoData } from "./data.js";
import { seoAnswer } from "./pages.js";
import { categoryPath, type SeoAnswer } from "./pages.site.js";

const cat = (id: number, parentId: number, title: string) =>
  create(CategorySchema, { id: BigInt(id), parentId: BigInt(parentId), title, enable: true });
const CATS: Category[] = [cat(1, 0, "教育"), cat(2, 1, "数学"), cat(3, 0, "财经")];
const DOC: CrawlerDocument = create(CrawlerDocumentSchema, {
  document: create(DocumentSchema, {
    id: 7n,
    title: "高等数学讲义",
    description: "",
    keywords: "微积分,极限",
    pages: 30,
    ext: ".pdf",
    cover: "/view/cover/0123456789abcdef0123456789abcdef",
    username: "alice",
    price: 0,
    category: [CATS[0] as Category, CATS[1] as Category],
    createdAt: timestampFromDate(new Date("2024-03-01T08:00:00Z")),
    updatedAt: timestampFromDate(new Date("2024-03-02T08:00:00Z")),
  }),
  pageText: ["第一章 函数与极限\n\n极限的定义", "第二章 导数"],
});
const ARTICLE: CrawlerArticle = create(CrawlerArticleSchema, {
  article: create(ArticleSchema, {
    id: 12n,
    identifier: "about-us",
    title: "关于我们 <b>",
    keywords: "文库,介绍",
    author: "",
    username: "admin",
    category: [cat(20, 0, "站务"), cat(21, 20, "公告")],
    createdAt: timestampFromDate(new Date("2024-05-01T08:00:00Z")),
    updatedAt: timestampFromDate(new Date("2024-05-03T08:00:00Z")),
  }),
  text: "文库是一个文档分享平台。\n\n联系我们：<script>alert(1)</script>",
});
const SETTINGS = create(SettingsSchema, {
  system: {
    title: "文库 · 首页",
    sitename: "文库",
    description: "资料库",
    keywords: "文档",
    domain: "https://w.example",
  },
});

function data(
  over: Partial<{
    doc: Lookup<CrawlerDocument>;
    article: Lookup<CrawlerArticle>;
    cats: CategoryList | null;
    settings: Settings | null;
  }> = {},
): SeoData {
  const o = {
    doc: { found: DOC } as Lookup<CrawlerDocument>,
    article: { found: ARTICLE } as Lookup<CrawlerArticle>,
    cats: { list: CATS, complete: true },
    settings: SETTINGS,
    ...over,
  };
  return {
    document: async () => o.doc,
    article: async () => o.article,
    categories: async () => o.cats,
    categoryDocuments: async () => [create(DocumentSchema, { id: 7n, title: "高等数学讲义" })],
    settings: async () => o.settings,
    forget: () => undefined,
    close: () => undefined,
  };
}

const answer = (path: string, d = data(), origin: string | null = "http://fallback.example") =>
  seoAnswer({ data: d, origin: (domain) => (domain ? domain : origin) }, path) as Promise<SeoAnswer>;

test("paths without a crawler page: null (the app page as before)", () => {
  for (const p of ["/search", "/document", "/article", "/me", "/category", "/document/1/x", "/article/1/x"])
    expect(seoAnswer({ data: data(), origin: () => null }, p)).toBeNull();
});

test("a document: its page with title, canonical, breadcrumb, JSON-LD and the first pages' text", async () => {
  const { status, page } = await answer("/document/7");
  expect(status).toBe(200);
  expect(page?.title).toBe("高等数学讲义 - 文库 · 首页");
  expect(page?.canonical).toBe("https://w.example/document/7");
  expect(page?.description).toBe("第一章 函数与极限 极限的定义 第二章 导数"); // no description: the text's start
  expect(page?.og.image).toBe("https://w.example/view/cover/0123456789abcdef0123456789abcdef");
  const [digital, crumbs] = (page?.jsonLd ?? []) as Array<Record<string, unknown>>;
  expect(digital).toMatchObject({
    "@type": "DigitalDocument",
    url: "https://w.example/document/7",
    name: "高等数学讲义",
    encodingFormat: "application/pdf",
    dateCreated: "2024-03-01T08:00:00.000Z",
    dateModified: "2024-03-02T08:00:00.000Z",
    author: { "@type": "Person", name: "alice" },
    isAccessibleForFree: true,
  });
  expect(
    ((crumbs?.itemListElement ?? []) as Array<{ name: string; item: string }>).map((c) => [c.name, c.item]),
  ).toEqual([
    ["首页", "https://w.example/"],
    ["教育", "https://w.example/category/1"],
    ["数学", "https://w.example/category/2"],
    ["高等数学讲义", "https://w.example/document/7"],
  ]);
  const body = page?.body.value ?? "";
  expect(body).toContain('<a href="/category/2">数学</a>');
  expect(body).toContain('<section data-page="1"><h2>第 1 页</h2><p>第一章 函数与极限</p><p>极限的定义</p></section>');
  expect(body).toContain("<h2>第 2 页</h2><p>第二章 导数</p>");
});

test("a document: missing or a bad id → 404 (plain page); not known in time or a closed site → the plain page, 200", async () => {
  expect(await answer("/document/7", data({ doc: "missing" }))).toEqual({ status: 404, page: null });
  expect(await answer("/document/abc")).toEqual({ status: 404, page: null });
  expect(await answer("/document/0")).toEqual({ status: 404, page: null });
  expect(await answer("/document/99999999999999999999")).toEqual({ status: 404, page: null });
  expect(await answer("/document/7", data({ doc: "unknown" }))).toEqual({ status: 200, page: null });
  // a uuid (16 hex characters): the web app opens the document by it, so the plain page, never a 404
  expect(await answer("/document/0123456789abcdef")).toEqual({ status: 200, page: null });
  expect(await answer("/document/1234567890123456")).toEqual({ status: 200, page: null });
  const closed = create(SettingsSchema, { system: SETTINGS.system, security: { isClose: true } });
  expect(await answer("/document/7", data({ settings: closed }))).toEqual({ status: 200, page: null });
  // settings not known: the page still answers, under the library's name and the request's origin
  const { page } = await answer("/document/7", data({ settings: null }));
  expect([page?.title, page?.canonical]).toEqual(["高等数学讲义 - 文库", "http://fallback.example/document/7"]);
});

test("an article: its page with title, canonical by identifier, Article JSON-LD, breadcrumb and its text, all as text", async () => {
  for (const path of ["/article/12", "/article/about-us"]) {
    const { status, page } = await answer(path);
    expect(status).toBe(200);
    expect(page?.title).toBe("关于我们 <b> - 文库 · 首页");
    expect(page?.canonical).toBe("https://w.example/article/about-us");
    expect(page?.description).toBe("文库是一个文档分享平台。 联系我们：<script>alert(1)</script>"); // escaped when written
    expect(page?.og.type).toBe("article");
    const [ld, crumbs] = (page?.jsonLd ?? []) as Array<Record<string, unknown>>;
    expect(ld).toMatchObject({
      "@type": "Article",
      url: "https://w.example/article/about-us",
      headline: "关于我们 <b>",
      datePublished: "2024-05-01T08:00:00.000Z",
      dateModified: "2024-05-03T08:00:00.000Z",
      author: { "@type": "Organization", name: "admin" },
      publisher: { "@type": "Organization", name: "文库" },
      articleSection: ["站务", "公告"],
    });
    expect(((crumbs?.itemListElement ?? []) as Array<{ name: string }>).map((c) => c.name)).toEqual([
      "首页",
      "文章",
      "站务",
      "公告",
      "关于我们 <b>",
    ]);
    const body = page?.body.value ?? "";
    expect(body).toContain("<h1>关于我们 &lt;b&gt;</h1>");
    expect(body).toContain("<p>文库是一个文档分享平台。</p><p>联系我们：&lt;script&gt;alert(1)&lt;/script&gt;</p>");
    expect(body).toContain('<a href="/article?category_id=21">公告</a>');
    expect(body).not.toContain("<script>");
  }
});

test("an article: missing or a malformed reference → 404; not known in time or a closed site → the plain page", async () => {
  expect(await answer("/article/12", data({ article: "missing" }))).toEqual({ status: 404, page: null });
  expect(await answer("/article/a.b")).toEqual({ status: 404, page: null });
  expect(await answer("/article/0")).toEqual({ status: 404, page: null });
  expect(await answer(`/article/${"x".repeat(65)}`)).toEqual({ status: 404, page: null });
  expect(await answer("/article/12", data({ article: "unknown" }))).toEqual({ status: 200, page: null });
  const closed = create(SettingsSchema, { system: SETTINGS.system, security: { loginRequired: true } });
  expect(await answer("/article/12", data({ settings: closed }))).toEqual({ status: 200, page: null });
});

test("a category: its page with children and documents; absent from a complete list → 404, from a cut one → plain", async () => {
  const { status, page } = await answer("/category/1");
  expect(status).toBe(200);
  expect(page?.title).toBe("教育 - 文库 · 首页");
  expect(page?.jsonLd[0]).toMatchObject({ "@type": "CollectionPage", url: "https://w.example/category/1" });
  expect(page?.body.value).toContain('<a href="/category/2">数学</a>');
  expect(page?.body.value).toContain('<a href="/document/7">高等数学讲义</a>');
  expect(await answer("/category/9")).toEqual({ status: 404, page: null });
  expect(await answer("/category/9", data({ cats: { list: CATS, complete: false } }))).toEqual({
    status: 200,
    page: null,
  });
  expect(await answer("/category/1", data({ cats: null }))).toEqual({ status: 200, page: null });
});

test("the home page: site title, WebSite JSON-LD with a SearchAction on /search?wd=, top-level categories", async () => {
  const { page } = await answer("/");
  expect(page?.title).toBe("文库 · 首页");
  expect(page?.jsonLd[0]).toEqual({
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: "文库",
    description: "资料库",
    url: "https://w.example/",
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: "https://w.example/search?wd={search_term_string}" },
      "query-input": "required name=search_term_string",
    },
  });
  expect(page?.body.value).toContain('<a href="/category/3">财经</a>');
  expect(page?.body.value).not.toContain("/category/2");
  expect(await answer("/", data({ settings: null }))).toEqual({ status: 200, page: null });
});

test("categoryPath walks parents within the list and stops at a cycle", () => {
  expect(categoryPath(CATS, 2n).map((c) => c.title)).toEqual(["教育", "数学"]);
  const loop = [cat(5, 6, "a"), cat(6, 5, "b")];
  expect(categoryPath(loop, 5n).map((c) => c.title)).toEqual(["b", "a"]);
});
