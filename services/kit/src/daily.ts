// Counts per day for the admin dashboard's trends: one query per series, in the service that owns
// the table, with the days and time zone the caller (ConfigAPI.GetStatsTrend) checked.

export interface DailyCount {
  /** YYYY-MM-DD in the asked time zone. */
  date: string;
  count: number;
}

/** What a service's Prisma client offers for this: a parameterised raw query. */
export interface RawQuery {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
}

export interface DailySeries {
  /** The table (schema-qualified or on the search path) and its timestamptz column: code constants. */
  table: string;
  column: string;
  /** An extra condition on the table's rows (alias t), a code constant such as "t.ok". */
  where?: string;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)?$/;
const CONDITION = /^(NOT )?t\.[a-z_][a-z0-9_]*$/;

/**
 * The last `days` days (today included) in `timeZone`, oldest first, each with the rows of the
 * series whose timestamp falls inside that local day. Days without rows count 0; a day's bounds are
 * converted to instants, so the column's index serves the range.
 */
export async function countPerDay(db: RawQuery, series: DailySeries, days: number, timeZone: string) {
  if (!IDENTIFIER.test(series.table) || !IDENTIFIER.test(series.column)) throw new Error("bad series name");
  if (series.where !== undefined && !CONDITION.test(series.where)) throw new Error("bad series condition");
  const column = `t.${series.column}`;
  const rows = await db.$queryRawUnsafe<{ date: string; count: number }[]>(
    `WITH days AS (
       SELECT generate_series((now() AT TIME ZONE $2)::date - ($1::int - 1), (now() AT TIME ZONE $2)::date, interval '1 day')::date AS day
     )
     SELECT to_char(d.day, 'YYYY-MM-DD') AS date, count(${column})::int AS count
     FROM days d
     LEFT JOIN ${series.table} t
       ON ${column} >= (d.day::timestamp AT TIME ZONE $2)
      AND ${column} < ((d.day + 1)::timestamp AT TIME ZONE $2)
      ${series.where ? `AND ${series.where}` : ""}
     GROUP BY d.day
     ORDER BY d.day`,
    days,
    timeZone,
  );
  return rows.map((r): DailyCount => ({ date: r.date, count: Number(r.count) }));
}
