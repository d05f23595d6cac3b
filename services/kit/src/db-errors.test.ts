import { isDatabaseUnavailable, isForeignKeyViolation, isUniqueViolation } from "./db-errors.js";

describe("database error recognition", () => {
  it.each([
    ["Prisma client", { code: "P2002" }],
    ["node-postgres", { code: "23505" }],
    ["wrapped driver error", { cause: { code: "23505" } }],
    ["pg driver adapter", { meta: { driverAdapterError: { cause: { kind: "UniqueConstraintViolation" } } } }],
  ])("recognises a unique violation from the %s", (_, err) => {
    expect(isUniqueViolation(err)).toBe(true);
    expect(isForeignKeyViolation(err)).toBe(false);
  });

  it.each([
    ["Prisma client", { code: "P2003" }],
    ["node-postgres", { code: "23503" }],
    ["pg driver adapter", { meta: { driverAdapterError: { cause: { kind: "ForeignKeyConstraintViolation" } } } }],
  ])("recognises a foreign-key violation from the %s", (_, err) => {
    expect(isForeignKeyViolation(err)).toBe(true);
    expect(isUniqueViolation(err)).toBe(false);
  });

  it.each([null, undefined, "text", new Error("boom"), { code: "P2025" }])("ignores %p", (err) => {
    expect(isUniqueViolation(err)).toBe(false);
    expect(isForeignKeyViolation(err)).toBe(false);
  });
});

describe("an unreachable database", () => {
  it.each([
    ["Prisma: cannot reach", { code: "P1001" }],
    ["Prisma: pool timeout", { code: "P2024" }],
    ["pg adapter: refused", { meta: { driverAdapterError: { cause: { kind: "DatabaseNotReachable" } } } }],
    ["pg adapter: closed", { meta: { driverAdapterError: { cause: { kind: "ConnectionClosed" } } } }],
    ["pg adapter: shutting down", { meta: { driverAdapterError: { cause: { kind: "postgres", code: "57P01" } } } }],
    ["server starting up", { code: "57P03" }],
    [
      "socket refused, wrapped",
      new Error("query failed", { cause: Object.assign(new Error("x"), { code: "ECONNREFUSED" }) }),
    ],
    ["node-postgres: terminated", new Error("Connection terminated unexpectedly")],
  ])("is recognised (%s)", (_, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.each([
    ["a unique violation", { code: "23505" }],
    ["a syntax error", { meta: { driverAdapterError: { cause: { kind: "postgres", code: "42601" } } } }],
    ["a plain error", new Error("boom")],
    ["nothing", undefined],
  ])("is not %s", (_, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});
