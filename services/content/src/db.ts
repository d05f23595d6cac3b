import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../gen/prisma/client.js";

/** This service's Postgres schema: its tables live nowhere else. */
export const CONTENT_SCHEMA = "wenku_content";

export function createDb(connectionString: string): PrismaClient {
  return new PrismaClient({
    adapter: new PrismaPg(
      // search_path also covers raw SQL ($queryRaw), which the adapter's schema option does not qualify
      { connectionString, max: 5, options: `-c search_path=${CONTENT_SCHEMA}` },
      { schema: CONTENT_SCHEMA },
    ),
  });
}
export type Db = PrismaClient;

/** True for a unique-constraint violation (a concurrent insert won the race). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as {
    code?: string;
    cause?: { code?: string };
    meta?: { driverAdapterError?: { cause?: { kind?: string } } };
  };
  return (
    e?.code === "P2002" ||
    e?.code === "23505" ||
    e?.cause?.code === "23505" ||
    e?.meta?.driverAdapterError?.cause?.kind === "UniqueConstraintViolation"
  );
}

/** True for a foreign-key violation (a row still referenced, or a reference to a missing row). */
export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as {
    code?: string;
    cause?: { code?: string };
    meta?: { driverAdapterError?: { cause?: { kind?: string } } };
  };
  return (
    e?.code === "P2003" ||
    e?.code === "23503" ||
    e?.cause?.code === "23503" ||
    e?.meta?.driverAdapterError?.cause?.kind === "ForeignKeyConstraintViolation"
  );
}
