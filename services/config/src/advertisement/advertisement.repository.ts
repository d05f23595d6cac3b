import type { Advertisement, Prisma } from "../../gen/prisma/client.js";
import type { Db } from "../db.js";
import { createSortedRepository } from "../lists/sorted.repository.js";

export type AdvertisementRow = Advertisement;

export interface AdvertisementData {
  position: string;
  title: string;
  content: string;
  image: string;
  link: string;
  startTime: Date | null;
  endTime: Date | null;
  enable: boolean;
  sort: number;
  remark: string;
}

export interface AdvertisementFilter {
  /** Any of these positions; empty: every position. */
  position: readonly string[];
  enable?: boolean;
  /** Part of the title, remark or content, any case. */
  wd?: string;
}

export function advertisementWhere(f: AdvertisementFilter): Prisma.AdvertisementWhereInput {
  return {
    ...(f.position.length ? { position: { in: [...f.position] } } : {}),
    ...(f.enable !== undefined ? { enable: f.enable } : {}),
    ...(f.wd
      ? {
          OR: [
            { title: { contains: f.wd, mode: "insensitive" } },
            { remark: { contains: f.wd, mode: "insensitive" } },
            { content: { contains: f.wd, mode: "insensitive" } },
          ],
        }
      : {}),
  };
}

/** The only module that touches Prisma for advertisements. */
export const createAdvertisementRepository = (db: Db) =>
  createSortedRepository<AdvertisementRow, AdvertisementData, Prisma.AdvertisementWhereInput>(db.advertisement);
export type AdvertisementRepository = ReturnType<typeof createAdvertisementRepository>;
