import { createDb as createConfigDb } from "@wenku/config";
import { createDb as createContentDb } from "@wenku/content";
import { createDb as createOrderDb } from "@wenku/order";
import { createDb as createUserDb } from "@wenku/user";

// Each service's own database client on a test stack's database, for a test that reads or pokes a
// service's tables directly. The only place the system tests import a service's `createDb`; the
// caller closes the client with `$disconnect()` when done.
type TestDatabase = { databaseUrl: string };

export type ConfigDb = ReturnType<typeof createConfigDb>;
export type ContentDb = ReturnType<typeof createContentDb>;
export type OrderDb = ReturnType<typeof createOrderDb>;
export type UserDb = ReturnType<typeof createUserDb>;

export function openConfigDb(stack: TestDatabase): ConfigDb {
  return createConfigDb(stack.databaseUrl);
}

export function openContentDb(stack: TestDatabase): ContentDb {
  return createContentDb(stack.databaseUrl);
}

export function openOrderDb(stack: TestDatabase): OrderDb {
  return createOrderDb(stack.databaseUrl);
}

export function openUserDb(stack: TestDatabase): UserDb {
  return createUserDb(stack.databaseUrl);
}
