import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../gen/prisma/client.js";

/** This service's Postgres schema: its tables live nowhere else. */
export const SPIDER_SCHEMA = "wenku_spider";

export function createDb(connectionString: string): PrismaClient {
  return new PrismaClient({
    adapter: new PrismaPg(
      // search_path also covers raw SQL ($queryRaw), which the adapter's schema option does not qualify
      { connectionString, max: 5, options: `-c search_path=${SPIDER_SCHEMA}` },
      { schema: SPIDER_SCHEMA },
    ),
  });
}
export type Db = PrismaClient;
