import { isForeignKeyViolation, isUniqueViolation } from "./db-errors.js";

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
