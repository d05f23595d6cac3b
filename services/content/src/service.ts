import type { ServiceModule } from "@wenku/kit";
import { createStorage } from "@wenku/kit/storage/index.js";
import { loadContentConfig } from "./config.js";
import { createConversionQueue } from "./conversion/queue.js";
import { CONTENT_SCHEMA, createDb } from "./db.js";
import { createLanguageRepository } from "./languages/language.repository.js";
import { defaultLanguages } from "./languages/language.seed.js";
import { buildServer } from "./server.js";
import { createUserDirectory } from "./users.client.js";

export const migrationsDir = new URL("../prisma/migrations", import.meta.url).pathname;

/**
 * The content service as every runner (one process, its own process, Kubernetes) starts it: the
 * document languages seeded on first start, storage opened, then the RPC definition.
 */
export const service: ServiceModule = {
  name: "content",
  migrations: [{ schema: CONTENT_SCHEMA, dir: migrationsDir }],
  async start(ctx) {
    const config = loadContentConfig(ctx.env);
    const db = createDb(ctx.databaseUrl);
    try {
      const seeded = await createLanguageRepository(db).seed(defaultLanguages);
      if (seeded) ctx.log.info({ seeded }, "document languages seeded");
      const storage = await createStorage(config);
      const definition = buildServer({
        db,
        storage,
        authorizer: ctx.authorizer,
        internalToken: ctx.internalToken,
        log: ctx.log,
        settings: ctx.settings,
        siteGate: ctx.siteGate,
        users: createUserDirectory(),
        conversions: createConversionQueue(),
      });
      return { definition, close: () => db.$disconnect() };
    } catch (err) {
      await db.$disconnect();
      throw err;
    }
  },
};
