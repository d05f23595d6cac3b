import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../gen/prisma/client.js";

/** This service's Postgres schema: its tables live nowhere else. */
export const USER_SCHEMA = "wenku_user";

export function createDb(connectionString: string): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString, max: 10 }, { schema: USER_SCHEMA }) });
}
export type Db = PrismaClient;
