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

interface LengthErrorShape {
  code?: string;
  message?: string;
  cause?: { code?: string; message?: string };
  meta?: { driverAdapterError?: { cause?: { kind?: string; originalMessage?: string } } };
}

/**
 * The column length a write overflowed ("value too long for type character varying(n)": Prisma P2000 /
 * P2010 over its pg adapter, or SQLSTATE 22001 from node-postgres): n, or undefined when `err` is another
 * failure (0 when the length is not said). Every edge check should stop such a value first; this is the
 * safety net that turns one it missed into a refusal instead of a 500.
 */
export function valueTooLongFor(err: unknown): number | undefined {
  const e = err as LengthErrorShape | null | undefined;
  const adapter = e?.meta?.driverAdapterError?.cause;
  const hit =
    adapter?.kind === "LengthMismatch" || e?.code === "P2000" || e?.code === "22001" || e?.cause?.code === "22001";
  if (!hit) return undefined;
  const text = adapter?.originalMessage ?? e?.cause?.message ?? e?.message ?? "";
  const n = /character varying\((\d+)\)/.exec(text)?.[1];
  return n === undefined ? 0 : Number(n);
}
