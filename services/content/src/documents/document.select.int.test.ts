// The list statement (document.select.ts) against Prisma on a real database: every filter field
// selects what the repository's Prisma translation selects, the order whitelist sorts as Prisma
// sorted, and a row maps to the same Document as the same row read through Prisma.
import { createTestDatabase } from "../../../../jest/db.js";
import { createDb, type Db } from "../db.js";
import { toDocument } from "./document.mapper.js";
import { createDocumentRepository, type DocumentRepository } from "./document.repository.js";
import type { DocumentFilter, DocumentSortColumn } from "./document.types.js";

let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let repo: DocumentRepository;
const ids: bigint[] = [];
const cats: bigint[] = [];
const langs: bigint[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = createDb(testDb.url);
  repo = createDocumentRepository(db);
  await db.attachment.create({ data: { hash: "h1", storageKey: "documents/h1.pdf" } });
  for (const code of ["zh-CN", "en"]) langs.push((await db.language.create({ data: { code, name: code } })).id);
  const root = await db.category.create({ data: { title: "数学", cover: "/c.png", sort: 3 } });
  const leaf = await db.category.create({ data: { title: "代数", parentId: root.id, showDescription: true } });
  cats.push(root.id, leaf.id);
  const at = (day: number) => new Date(Date.UTC(2026, 0, day, 8, 30, 15, 123));
  const docs = [
    {
      title: "Linear Algebra",
      keywords: "matrix",
      ext: ".pdf",
      type: "pdf",
      price: 0,
      status: 2,
      cats: [root.id, leaf.id],
    },
    { title: "线性代数 100%_done", keywords: "", ext: ".docx", type: "word", price: 5, status: 2, cats: [root.id] },
    { title: "Calculus", keywords: "linear maps", ext: ".pptx", type: "ppt", price: 0, status: 6, cats: [] },
    { title: "Topology", keywords: "", ext: ".pdf", type: "pdf", price: 3, status: 0, cats: [leaf.id] },
    { title: "Old Linear", keywords: "", ext: ".txt", type: "text", price: 0, status: 2, cats: [] },
  ];
  for (const [i, d] of docs.entries()) {
    const row = await db.document.create({
      data: {
        title: d.title,
        keywords: d.keywords,
        ext: d.ext,
        type: d.type,
        price: d.price,
        status: d.status,
        userId: BigInt(1 + (i % 2)),
        attachmentHash: "h1",
        languageId: i < 3 ? langs[i % 2] : null,
        isVip: i === 1,
        recommendAt: i === 0 || i === 3 ? at(20 + i) : null,
        deletedAt: i === 4 ? at(25) : null,
        deletedUserId: i === 4 ? 1n : 0n,
        viewCount: [7, 7, 1, 9, 0][i],
        size: BigInt(1000 * (i + 1)),
        createdAt: at(i + 1),
        categories: { create: d.cats.map((categoryId) => ({ categoryId })) },
      },
    });
    ids.push(row.id);
  }
});
afterAll(async () => {
  await db.$disconnect();
  await testDb.drop();
});

const sorted = (values: bigint[]) => [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

describe("document list statement", () => {
  test("every filter field selects what Prisma's translation selects", async () => {
    const [a = 0n, b = 0n, c = 0n] = ids;
    const filters: DocumentFilter[] = [
      {},
      { deleted: true },
      { deleted: false },
      { ids: [a, c] },
      { ids: [] },
      { notId: b },
      { statuses: [2, 6] },
      { statuses: [] },
      { text: { wd: "linear", keywords: false } },
      { text: { wd: "LINEAR", keywords: true } },
      { text: { wd: "100%_", keywords: false } },
      // Prisma's contains never escaped LIKE's wildcards: neither does the statement
      { text: { wd: "%", keywords: true } },
      { text: { wd: "_", keywords: true } },
      { text: { wd: "0\\%", keywords: false } },
      { userIds: [2n] },
      { categoryIds: [cats[1] ?? 0n] },
      { categoryIds: [] },
      { kinds: { types: ["word"], exts: [".pdf"] } },
      { languageIds: [langs[0] ?? 0n] },
      { languageIds: [] },
      { price: "free" },
      { price: "charged" },
      { recommended: true },
      { recommended: false },
      { vip: true },
      { vip: false },
      { createdFrom: new Date(Date.UTC(2026, 0, 2)) },
      { createdTo: new Date(Date.UTC(2026, 0, 3, 8, 30, 15, 123)) },
      { deleted: false, statuses: [2], categoryIds: cats, price: "free", text: { wd: "a", keywords: true } },
    ];
    for (const filter of filters) {
      const viaPrisma = sorted((await repo.withAttachment(filter)).map((r) => r.id));
      const viaSql = sorted((await repo.find(filter, [], 100)).map((r) => r.id));
      expect({ filter, ids: viaSql }).toEqual({ filter, ids: viaPrisma });
    }
  });

  test("each order column sorts as Prisma does, recommend_at's NULLs last either way", async () => {
    const columns: DocumentSortColumn[] = ["id", "createdAt", "viewCount", "size", "price", "recommendAt", "deletedAt"];
    for (const column of columns)
      for (const dir of ["asc", "desc"] as const) {
        const sort = [
          { column, dir },
          { column: "id" as const, dir: "desc" as const },
        ];
        const first =
          column === "recommendAt" ? { recommendAt: { sort: dir, nulls: "last" as const } } : { [column]: dir };
        const viaPrisma = await db.document.findMany({
          orderBy: [first, { id: "desc" }],
          select: { id: true },
        });
        const viaSql = await repo.find({}, sort, 100);
        expect({ column, dir, ids: viaSql.map((r) => r.id) }).toEqual({ column, dir, ids: viaPrisma.map((r) => r.id) });
      }
  });

  test("a row maps to the same Document as through Prisma; the total counts past the page", async () => {
    const page = await repo.page({ deleted: false }, [{ column: "id", dir: "asc" }], 0, 10);
    expect(page.total).toBe(4);
    for (const row of page.rows) {
      const viaPrisma = await repo.byId(row.id);
      expect(viaPrisma).not.toBeNull();
      if (viaPrisma) expect(toDocument(row, { showError: true })).toEqual(toDocument(viaPrisma, { showError: true }));
    }
    expect(page.rows[0]?.categories.map((c) => c.category.title)).toEqual(["数学", "代数"]);
    expect(page.rows[0]?.language).toEqual({ code: "zh-CN" });

    const second = await repo.page({ deleted: false }, [{ column: "id", dir: "asc" }], 3, 2);
    expect({ total: second.total, ids: second.rows.map((r) => r.id) }).toEqual({ total: 4, ids: [ids[3]] });
    const past = await repo.page({ deleted: false }, [{ column: "id", dir: "asc" }], 10, 2);
    expect(past).toEqual({ total: 4, rows: [] });
    expect(await repo.page({ ids: [] }, [], 0, 2)).toEqual({ total: 0, rows: [] });
  });
});
