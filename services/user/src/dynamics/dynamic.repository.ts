import type { TextParams } from "@wenku/kit";
import type { Db } from "../db.js";

/** moredoc's DynamicType values (model/dynamic.go), plus ours from 15 on. */
export const DynamicType = {
  comment: 1,
  favorite: 2,
  upload: 3,
  download: 4,
  login: 5,
  register: 6,
  avatar: 7,
  password: 8,
  info: 9,
  verify: 10,
  sign: 11,
  share: 12,
  follow: 13,
  deleteDocument: 14,
  /** Ours: moredoc records no article activity. */
  article: 15,
} as const;

/** The only module that touches the dynamics table (a user's activity feed). */
export function createDynamicRepository(db: Db) {
  return {
    /** One entry: its zh-CN text and what a client words it from (Dynamic.params). */
    add: (userId: bigint, type: number, content: string, params: TextParams = {}) =>
      db.dynamic.create({ data: { userId, type, content, params } }),

    addMany: (userId: bigint, type: number, entries: readonly { content: string; params: TextParams }[]) =>
      db.dynamic.createMany({ data: entries.map((e) => ({ userId, type, content: e.content, params: e.params })) }),

    /** A user's feed, newest first; of the given types only when `types` is given. */
    async list(userId: bigint, skip: number, take: number, types?: readonly number[]) {
      const where = { userId, ...(types ? { type: { in: [...types] } } : {}) };
      const [total, rows] = await db.$transaction([
        db.dynamic.count({ where }),
        db.dynamic.findMany({
          where,
          orderBy: { id: "desc" },
          skip,
          take,
          include: { user: { select: { username: true } } },
        }),
      ]);
      return { total, rows };
    },
  };
}
export type DynamicRepository = ReturnType<typeof createDynamicRepository>;
