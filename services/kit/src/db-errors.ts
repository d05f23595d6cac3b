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

/** Prisma's codes for a database it cannot reach: P1001 unreachable, P1002 timed out, P1017 closed, P2024 pool timeout. */
const UNREACHABLE_PRISMA = new Set(["P1001", "P1002", "P1017", "P2024"]);
/** Its pg adapter's kinds for the same. */
const UNREACHABLE_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
/** SQLSTATE class 08 (connection exception), 57P01-57P03 (shut down, crashed, starting), 53300 (too many connections). */
const UNREACHABLE_STATE = /^(08\w{3}|57P0[123]|53300)$/;
const UNREACHABLE_SOCKET = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN"]);
/** node-postgres's own words when the server goes away or a connect times out. */
const UNREACHABLE_TEXT =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/;

interface UnreachableShape {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: { cause?: { kind?: string; code?: string } } };
}

/**
 * True when `err` says the database cannot be reached right now (down, restarting, failing over, out
 * of connections), as opposed to a query it refused: the request can be answered "unavailable, try
 * again" at once instead of as an internal error. Follows `cause` chains.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as UnreachableShape | undefined, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const code = typeof e.code === "string" ? e.code : undefined;
    const adapter = e.meta?.driverAdapterError?.cause;
    if (code && (UNREACHABLE_PRISMA.has(code) || UNREACHABLE_STATE.test(code) || UNREACHABLE_SOCKET.has(code))) {
      return true;
    }
    if (adapter?.kind && UNREACHABLE_KINDS.has(adapter.kind)) return true;
    if (adapter?.kind === "postgres" && adapter.code && UNREACHABLE_STATE.test(adapter.code)) return true;
    if (typeof e.message === "string" && UNREACHABLE_TEXT.test(e.message)) return true;
    e = e.cause as UnreachableShape | undefined;
  }
  return false;
}
