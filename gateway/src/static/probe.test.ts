// The page probe against the content service's contract (a router transport: the RPCs' answers are
// set per test); only a definite NotFound makes a page 404.
import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, createRouterTransport } from "@connectrpc/connect";
import { CategoryAPI, CategorySchema, ListCategoryReplySchema } from "@wenku/proto/api/v1/category_pb.js";
import { DocumentAPI, ListDocumentReplySchema } from "@wenku/proto/api/v1/document_pb.js";
import { createProbe } from "./probe.js";

function contentService(opts: { categories?: bigint[]; total?: bigint; categoryError?: Code }) {
  const calls = { related: [] as bigint[], categories: 0, auth: [] as (string | null)[] };
  const transport = createRouterTransport(({ service }) => {
    service(DocumentAPI, {
      getRelatedDocuments(req, ctx) {
        calls.related.push(req.id);
        calls.auth.push(ctx.requestHeader.get("authorization"));
        if (req.id === 404n) throw new ConnectError("文档不存在", Code.NotFound);
        if (req.id === 503n) throw new ConnectError("down", Code.Unavailable);
        if (req.id === 500n) throw new Error("boom");
        return create(ListDocumentReplySchema, {});
      },
    });
    service(CategoryAPI, {
      listCategory() {
        calls.categories++;
        if (opts.categoryError) throw new ConnectError("x", opts.categoryError);
        const ids = opts.categories ?? [];
        return create(ListCategoryReplySchema, {
          total: opts.total ?? BigInt(ids.length),
          category: ids.map((id) => create(CategorySchema, { id })),
        });
      },
    });
  });
  return { transport, calls };
}

describe("documents", () => {
  test("a document the service does not find is missing; found, unavailable or failing ones exist", async () => {
    const { transport, calls } = contentService({});
    const probe = createProbe({ content: transport, timeoutMs: 1_000 });
    expect(await probe("/document/7", {})).toBe(true);
    expect(await probe("/document/404", {})).toBe(false);
    expect(await probe("/document/503", {})).toBe(true);
    expect(await probe("/document/500", {})).toBe(true);
    expect(calls.related).toEqual([7n, 404n, 503n, 500n]);
  });

  test("an id the app cannot read is missing without asking; other pages exist without asking", async () => {
    const { transport, calls } = contentService({});
    const probe = createProbe({ content: transport, timeoutMs: 1_000 });
    for (const path of ["/document/abc", "/document/0", "/document/-1", "/document/99999999999999999999"]) {
      expect([path, await probe(path, {})]).toEqual([path, false]);
    }
    expect(await probe("/document", {})).toBe(true);
    expect(await probe("/search", {})).toBe(true);
    expect(calls.related).toEqual([]);
  });

  test("the caller's credentials go along", async () => {
    const { transport, calls } = contentService({});
    const probe = createProbe({ content: transport, timeoutMs: 1_000 });
    await probe("/document/9", { authorization: "Bearer t" });
    expect(calls.auth).toEqual(["Bearer t"]);
  });
});

describe("categories", () => {
  test("visible ids come from one list, reused for the TTL", async () => {
    let now = 0;
    const { transport, calls } = contentService({ categories: [1n, 2n] });
    const probe = createProbe({ content: transport, timeoutMs: 1_000, categoryTtlMs: 100, now: () => now });
    expect(await probe("/category/1", {})).toBe(true);
    expect(await probe("/category/3", {})).toBe(false);
    expect(await probe("/category/x", {})).toBe(false);
    expect(calls.categories).toBe(1);
    now = 200;
    expect(await probe("/category/2", {})).toBe(true);
    expect(calls.categories).toBe(2);
  });

  test("a partial list or a failing service proves nothing: the page exists", async () => {
    const partial = contentService({ categories: [1n], total: 20_000n });
    expect(await createProbe({ content: partial.transport, timeoutMs: 1_000 })("/category/3", {})).toBe(true);
    const down = contentService({ categoryError: Code.Unavailable });
    const probe = createProbe({ content: down.transport, timeoutMs: 1_000 });
    expect(await probe("/category/3", {})).toBe(true);
    expect(await probe("/category/3", {})).toBe(true);
    expect(down.calls.categories).toBe(2); // a failure is not cached
  });
});
