import { isUniqueViolation } from "@wenku/kit";
import type { Db } from "../db.js";

export interface LanguageData {
  code: string;
  name: string;
  enable: boolean;
  sort: number;
}

/** A create or update refused because another language won a race to the same code. */
export type LanguageWrite<T> = { ok: true; value: T } | { ok: false; conflict: "duplicate_code" };

async function guarded<T>(write: () => Promise<T>): Promise<LanguageWrite<T>> {
  try {
    return { ok: true, value: await write() };
  } catch (err) {
    if (isUniqueViolation(err)) return { ok: false, conflict: "duplicate_code" };
    throw err;
  }
}

/** The only module that touches Prisma for languages. */
export function createLanguageRepository(db: Db) {
  return {
    byId: (id: bigint) => db.language.findUnique({ where: { id } }),

    /** Another language with this code (codes compare case-insensitively: zh-cn is zh-CN). */
    sameCode: (code: string, except?: bigint) =>
      db.language.findFirst({
        where: { code: { equals: code, mode: "insensitive" }, ...(except ? { NOT: { id: except } } : {}) },
      }),

    /** Every language, larger sort first: the table is small (the list API caps it at 1 000). */
    all: () => db.language.findMany({ orderBy: [{ sort: "desc" }, { id: "asc" }] }),

    /** Documents outside the recycle bin per language. */
    async documentCounts(ids: bigint[]): Promise<Map<bigint, number>> {
      if (!ids.length) return new Map();
      const rows = await db.document.groupBy({
        by: ["languageId"],
        where: { languageId: { in: ids }, deletedAt: null },
        _count: { _all: true },
      });
      return new Map(rows.flatMap((r) => (r.languageId === null ? [] : [[r.languageId, r._count._all] as const])));
    },

    create: (data: LanguageData) => guarded(() => db.language.create({ data })),

    update: (id: bigint, data: LanguageData) => guarded(() => db.language.update({ where: { id }, data })),

    /** Enables or disables the languages; returns how many exist. */
    async setEnable(ids: bigint[], enable: boolean): Promise<number> {
      return (await db.language.updateMany({ where: { id: { in: ids } }, data: { enable } })).count;
    },

    /** Deletes the languages; their documents keep no language (ON DELETE SET NULL). */
    async deleteMany(ids: bigint[]): Promise<number> {
      return (await db.language.deleteMany({ where: { id: { in: ids } } })).count;
    },

    /**
     * Inserts `defaults` when the table is empty (first start), so languages an admin deleted do
     * not come back on the next start; concurrent first starts insert each code once.
     */
    async seed(defaults: readonly LanguageData[]): Promise<number> {
      if (await db.language.count()) return 0;
      return (await db.language.createMany({ data: [...defaults], skipDuplicates: true })).count;
    },
  };
}
export type LanguageRepository = ReturnType<typeof createLanguageRepository>;
export type LanguageRow = Awaited<ReturnType<LanguageRepository["all"]>>[number];
