import type { ServiceModule } from "@wenku/kit";
import { loadContentConfig } from "./config.js";
import { CONTENT_SCHEMA, createDb } from "./db.js";
import { createLanguageRepository } from "./languages/language.repository.js";
import { defaultLanguages } from "./languages/language.seed.js";
import { buildServer } from "./server.js";

export const migrationsDir = new URL("../prisma/migrations", import.meta.url).pathname;

/**
 * The content service as every runner (one process, its own process, Kubernetes) starts it: the
 * document languages seeded on first start, then the RPC definition.
 */
export const service: ServiceModule = {
  name: "content",
  migrations: [{ schema: CONTENT_SCHEMA, dir: migrationsDir }],
  async start(ctx) {
    loadContentConfig(ctx.env);
    const db = createDb(ctx.databaseUrl);
    try {
      const seeded = await createLanguageRepository(db).seed(defaultLanguages);
      if (seeded) ctx.log.info({ seeded }, "document languages seeded");
      const definition = buildServer({
        db,
        authorizer: ctx.authorizer,
        internalToken: ctx.internalToken,
        log: ctx.log,
        settings: ctx.settings,
        siteGate: ctx.siteGate,
      });
      return { definition, close: () => db.$disconnect() };
    } catch (err) {
      await db.$disconnect();
      throw err;
    }
  },
};
