// Database failures that repositories turn into domain outcomes, recognised whichever layer
// reports them: Prisma's client (P-codes), its pg driver adapter (kinds), or node-postgres (SQLSTATE).

interface DbErrorShape {
  code?: string;
  cause?: { code?: string };
  meta?: { code?: string; driverAdapterError?: { cause?: { kind?: string } } };
}

function matches(err: unknown, prismaCode: string, sqlState: string, adapterKind: string): boolean {
  const e = err as DbErrorShape | null | undefined;
  return (
    e?.code === prismaCode ||
    e?.code === sqlState ||
    e?.cause?.code === sqlState ||
    e?.meta?.code === sqlState ||
    e?.meta?.driverAdapterError?.cause?.kind === adapterKind
  );
}

/** True for a unique-constraint violation (a concurrent insert won the race). */
export function isUniqueViolation(err: unknown): boolean {
  return matches(err, "P2002", "23505", "UniqueConstraintViolation");
}

/** True for a foreign-key violation (a row still referenced, or a reference to a missing row). */
export function isForeignKeyViolation(err: unknown): boolean {
  return matches(err, "P2003", "23503", "ForeignKeyConstraintViolation");
}
