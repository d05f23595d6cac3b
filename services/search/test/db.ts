// The PostgreSQL backend's tables live in the content service's schema (its migrations create them and
// the wenku_search text search configuration), so its tests run on a database migrated like
// production and opened as the content service opens it.
import { createDb } from "@wenku/content";
import { useTestDatabase } from "../../../jest/db.js";

/** The content service's database for the calling test file (see useTestDatabase). */
export const useContentDatabase = () => useTestDatabase(createDb);
