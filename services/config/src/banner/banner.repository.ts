import type { Banner, Prisma } from "../../gen/prisma/client.js";
import type { Db } from "../db.js";
import { createSortedRepository } from "../lists/sorted.repository.js";

export type BannerRow = Banner;

export interface BannerData {
  title: string;
  path: string;
  url: string;
  type: number;
  sort: number;
  enable: boolean;
  description: string;
}

export interface BannerFilter {
  /** Any of these types; empty: every type. */
  type: readonly number[];
  enable?: boolean;
  /** Part of the title or description, any case. */
  wd?: string;
}

export function bannerWhere(f: BannerFilter): Prisma.BannerWhereInput {
  return {
    ...(f.type.length ? { type: { in: [...f.type] } } : {}),
    ...(f.enable !== undefined ? { enable: f.enable } : {}),
    ...(f.wd
      ? {
          OR: [
            { title: { contains: f.wd, mode: "insensitive" } },
            { description: { contains: f.wd, mode: "insensitive" } },
          ],
        }
      : {}),
  };
}

/** The only module that touches Prisma for banners. */
export const createBannerRepository = (db: Db) =>
  createSortedRepository<BannerRow, BannerData, Prisma.BannerWhereInput>(db.banner);
export type BannerRepository = ReturnType<typeof createBannerRepository>;
