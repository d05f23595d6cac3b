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

/** The wall-clock fields of `at` in `timeZone`. */
function wallClock(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { y: get("year"), m: get("month"), d: get("day"), h: get("hour"), min: get("minute"), s: get("second") };
}

/** How far `timeZone`'s wall clock is ahead of UTC at `at`, in ms (+8 h for Asia/Shanghai). */
function offsetMs(at: Date, timeZone: string): number {
  const w = wallClock(at, timeZone);
  return Date.UTC(w.y, w.m - 1, w.d, w.h, w.min, w.s) - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The instant the local day that holds `at` began in `timeZone` (the site's day: daily download
 * limits, caps). Midnight's offset is asked again after the first guess, so a day that starts
 * across a daylight-saving change still starts at its own midnight.
 */
export function startOfLocalDay(at: Date, timeZone: string): Date {
  const w = wallClock(at, timeZone);
  const midnightAsUtc = Date.UTC(w.y, w.m - 1, w.d);
  const guess = midnightAsUtc - offsetMs(at, timeZone);
  return new Date(midnightAsUtc - offsetMs(new Date(guess), timeZone));
}
