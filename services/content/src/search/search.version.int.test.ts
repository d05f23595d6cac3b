// documents.search_version, what the search indexer follows (search.source.repository.ts): the
// triggers of migration 0008 move it with what is indexed, never with the counters.
import pg from "pg";
import { createTestDatabase } from "../../../../jest/db.js";
import { createDb, type Db } from "../db.js";

let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = createDb(testDb.url);
});
afterAll(async () => {
  await db.$disconnect();
  await testDb.drop();
});

describe("documents.search_version (migration 0008 triggers)", () => {
  test("moves with the indexed fields, the categories and a category's name; not with counters", async () => {
    const cat = await db.category.create({ data: { title: "版本分类" } });
    await db.attachment.create({ data: { hash: "a".repeat(32), storageKey: "k" } });
    const doc = await db.document.create({
      data: { title: "t", userId: 1n, attachmentHash: "a".repeat(32), ext: ".pdf" },
    });
    let last = doc.searchVersion;
    /** Whether the version moved since the last call. */
    const moved = async () => {
      const now = (await db.document.findUniqueOrThrow({ where: { id: doc.id } })).searchVersion;
      const was = last;
      last = now;
      return now > was;
    };
    await db.document.update({ where: { id: doc.id }, data: { viewCount: 5, downloadCount: 2 } });
    expect(await moved()).toBe(false);
    await db.document.update({ where: { id: doc.id }, data: { title: "t2" } });
    expect(await moved()).toBe(true);
    await db.document.update({ where: { id: doc.id }, data: { status: 2, deletedAt: new Date() } });
    expect(await moved()).toBe(true);
    await db.documentCategory.create({ data: { documentId: doc.id, categoryId: cat.id } });
    expect(await moved()).toBe(true);
    await db.category.update({ where: { id: cat.id }, data: { sort: 3 } });
    expect(await moved()).toBe(false);
    await db.category.update({ where: { id: cat.id }, data: { title: "新名字" } });
    expect(await moved()).toBe(true);
    await db.documentCategory.deleteMany({ where: { documentId: doc.id } });
    expect(await moved()).toBe(true);

    // a writer whose search_path does not name the schema (another tool, a psql session) moves it too
    const raw = new pg.Client({ connectionString: testDb.url });
    await raw.connect();
    try {
      await raw.query("UPDATE wenku_content.documents SET title = 'other' WHERE id = $1", [doc.id.toString()]);
      await raw.query("UPDATE wenku_content.categories SET title = 'third' WHERE id = $1", [cat.id.toString()]);
    } finally {
      await raw.end();
    }
    expect(await moved()).toBe(true);
  });
});
