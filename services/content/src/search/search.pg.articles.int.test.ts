// The article index contract on the PostgreSQL backend, on a real database migrated like production.
import { createTestDatabase } from "../../../../jest/db.js";
import { createDb, type Db } from "../db.js";
import { articleIndexContract } from "./search.articles.contract.js";
import { createPgSearchIndex } from "./search.pg.js";

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

describe("PostgreSQL article index", () => {
  articleIndexContract(async () => {
    const { articles } = createPgSearchIndex(db);
    await articles.clear();
    return articles;
  });
});
