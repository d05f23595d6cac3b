import type { Friendlink, Prisma } from "../../gen/prisma/client.js";
import type { Db } from "../db.js";
import { createSortedRepository } from "../lists/sorted.repository.js";

export type FriendlinkRow = Friendlink;

export interface FriendlinkData {
  title: string;
  link: string;
  description: string;
  sort: number;
  enable: boolean;
}

export function friendlinkWhere(f: { enable?: boolean; wd?: string }): Prisma.FriendlinkWhereInput {
  return {
    ...(f.enable !== undefined ? { enable: f.enable } : {}),
    ...(f.wd
      ? {
          OR: [
            { title: { contains: f.wd, mode: "insensitive" } },
            { link: { contains: f.wd, mode: "insensitive" } },
            { description: { contains: f.wd, mode: "insensitive" } },
          ],
        }
      : {}),
  };
}

/** The only module that touches Prisma for friend links. */
export const createFriendlinkRepository = (db: Db) =>
  createSortedRepository<FriendlinkRow, FriendlinkData, Prisma.FriendlinkWhereInput>(db.friendlink);
export type FriendlinkRepository = ReturnType<typeof createFriendlinkRepository>;
