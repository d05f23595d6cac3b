// The article index contract on the PostgreSQL backend, on a real database migrated like production.
import { useContentDatabase } from "../../test/db.js";
import { articleIndexContract } from "../../test/search.articles.contract.js";
import { createPgSearchIndex } from "./search.pg.js";

const db = useContentDatabase();

describe("PostgreSQL article index", () => {
  articleIndexContract(async () => {
    const { articles } = createPgSearchIndex(db());
    await articles.clear();
    return articles;
  });
});
