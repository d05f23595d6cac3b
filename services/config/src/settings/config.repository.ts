import type { Db } from "../db.js";
import type { CatalogEntry } from "./catalog.js";

/** The only module that touches Prisma for config rows. */
export function createConfigRepository(db: Db) {
  return {
    /**
     * Inserts the keys missing from the table with their default and refreshes the metadata of
     * the others (label, input type, options …) — never their value. One statement, so replicas
     * starting at once cannot trip over each other. Returns how many keys were new.
     */
    async seed(entries: ReadonlyArray<CatalogEntry & { initial: string }>): Promise<number> {
      const col = <K extends keyof (CatalogEntry & { initial: string })>(k: K) => entries.map((e) => e[k]);
      const rows = await db.$queryRaw<Array<{ inserted: boolean }>>`
        INSERT INTO configs (category, name, label, value, placeholder, input_type, options, sort, is_secret)
        SELECT * FROM unnest(
          ${col("category")}::varchar[], ${col("name")}::varchar[], ${col("label")}::varchar[],
          ${col("initial")}::text[], ${col("placeholder")}::text[], ${col("inputType")}::varchar[],
          ${col("options")}::text[], ${col("sort")}::int[], ${col("secret")}::boolean[])
        ON CONFLICT (category, name) DO UPDATE SET
          label = EXCLUDED.label, placeholder = EXCLUDED.placeholder, input_type = EXCLUDED.input_type,
          options = EXCLUDED.options, sort = EXCLUDED.sort, is_secret = EXCLUDED.is_secret,
          updated_at = CASE
            WHEN (configs.label, configs.placeholder, configs.input_type, configs.options, configs.sort, configs.is_secret)
              IS DISTINCT FROM (EXCLUDED.label, EXCLUDED.placeholder, EXCLUDED.input_type, EXCLUDED.options,
                                EXCLUDED.sort, EXCLUDED.is_secret)
            THEN now() ELSE configs.updated_at END
        RETURNING (xmax = 0) AS inserted`;
      return rows.filter((r) => r.inserted).length;
    },

    all: () => db.config.findMany({ orderBy: [{ category: "asc" }, { sort: "asc" }, { id: "asc" }] }),

    inCategories: (categories: readonly string[]) =>
      db.config.findMany({
        where: { category: { in: [...categories] } },
        orderBy: [{ category: "asc" }, { sort: "asc" }, { id: "asc" }],
      }),

    /** Saves every value or none. */
    async saveValues(values: ReadonlyArray<{ category: string; name: string; value: string }>): Promise<void> {
      await db.$transaction(
        values.map((v) =>
          db.config.update({
            where: { category_name: { category: v.category, name: v.name } },
            data: { value: v.value },
          }),
        ),
      );
    },
  };
}
export type ConfigRepository = ReturnType<typeof createConfigRepository>;
export type ConfigRow = Awaited<ReturnType<ConfigRepository["all"]>>[number];
