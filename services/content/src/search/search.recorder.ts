// Records each non-empty search (keywords, who, from where, what it found, how long it took) after it
// answered: the search hands the record over and goes on; a background loop writes records in
// batches. Recording never fails or slows a search: the queue is bounded (records beyond it are
// dropped and counted), a failed write is logged and lost. A search made while
// security.search_record_retention_days is 0 is not recorded (the setting as of the search: the
// settings reader's cached copy, which the search itself has just read).
import { type CallContext, type Logger, MAX_PAGE, type SettingsReader } from "@wenku/kit";
import { ContentKind } from "@wenku/proto/api/v1/enums_pb.js";
import type { SearchRecordData, SearchRecordRepository } from "./search.record.repository.js";
import { MAX_QUERY_CHARS, type SearchService } from "./search.service.js";

/** Records waiting for the writer; more are dropped (a burst the database cannot follow). */
const MAX_PENDING = 2_000;
/** Records per INSERT. */
const BATCH = 200;
const MAX_INT32 = 2_147_483_647;

export interface SearchMade {
  call: Pick<CallContext, "identity" | "clientIp" | "userAgent">;
  /** As typed: trimmed and cut here. */
  keywords: string;
  type: ContentKind;
  page: bigint;
  total: number;
  /** Seconds the search took. */
  spend: number;
}

/** Control characters (PostgreSQL refuses NUL in text) become spaces. */
const CONTROL = /\p{Cc}/gu;
const cut = (s: string) => Array.from(s).slice(0, MAX_QUERY_CHARS).join("");

/** The search as searched, without control characters, at most MAX_QUERY_CHARS characters. */
export function cleanKeywords(raw: string): string {
  return cut(raw.replace(CONTROL, " ").trim());
}

/** One spelling per query: NFKC (full-width letters are letters), lower case, one space between words. */
export function normalizeKeywords(raw: string): string {
  return cut(raw.replace(CONTROL, " ").normalize("NFKC").toLowerCase().replace(/\s+/gu, " ").trim());
}

export interface SearchRecorderDeps {
  repo: Pick<SearchRecordRepository, "insertMany">;
  settings: Pick<SettingsReader, "current">;
  log: Logger;
  clock?: () => Date;
}

export function createSearchRecorder(deps: SearchRecorderDeps) {
  const now = deps.clock ?? (() => new Date());
  const { repo, log } = deps;
  const pending: SearchRecordData[] = [];
  let dropped = 0;
  let writing: Promise<void> | null = null;
  /** Records waiting for the settings (whether to keep them). */
  const deciding = new Set<Promise<void>>();

  async function write(): Promise<void> {
    while (pending.length) {
      const rows = pending.splice(0, BATCH);
      try {
        await repo.insertMany(rows);
      } catch (err) {
        log.warn({ err, lost: rows.length }, "search records not written");
      }
    }
    if (dropped) {
      log.warn({ dropped }, "search records dropped: more searches than the writer kept up with");
      dropped = 0;
    }
  }

  function kick() {
    if (writing || !pending.length) return;
    writing = write().finally(() => {
      writing = null;
      kick(); // records handed over while the last batch was being written
    });
  }

  function enqueue(row: SearchRecordData) {
    if (pending.length >= MAX_PENDING) {
      dropped++;
      return;
    }
    pending.push(row);
    kick();
  }

  return {
    /** Hands a search over for recording; returns at once and never throws. */
    record(s: SearchMade): void {
      try {
        const keywords = cleanKeywords(s.keywords);
        const normalized = normalizeKeywords(keywords);
        if (!normalized) return;
        const row: SearchRecordData = {
          userId: s.call.identity?.userId ?? 0n,
          keywords,
          normalized,
          ip: s.call.clientIp.slice(0, 64),
          userAgent: (s.call.userAgent ?? "").slice(0, 255),
          type: s.type,
          page: Number(s.page > 1n ? (s.page < BigInt(MAX_PAGE) ? s.page : BigInt(MAX_PAGE)) : 1n),
          total: Math.min(Math.max(0, Math.trunc(s.total)), MAX_INT32),
          spendMs: Math.min(Math.max(0, Math.round(s.spend * 1000)), MAX_INT32),
          createdAt: now(),
        };
        // handed-over order is kept: the reader answers from its cache, callbacks run in turn
        const decided = deps.settings.current().then(
          (settings) => {
            if ((settings.security?.searchRecordRetentionDays ?? 0) > 0) enqueue(row);
          },
          (err: unknown) => log.warn({ err }, "search not recorded: the settings could not be read"),
        );
        deciding.add(decided);
        void decided.finally(() => deciding.delete(decided));
      } catch (err) {
        log.warn({ err }, "search not recorded");
      }
    },

    /** Resolves once every record handed over so far is written (or given up): tests, shutdown. */
    async flush(): Promise<void> {
      await Promise.all(deciding);
      while (writing) await writing;
    },
  };
}
export type SearchRecorder = ReturnType<typeof createSearchRecorder>;

/** The search service, each document and article search handed to the recorder once it answered. */
export function recordingSearches(search: SearchService, recorder: Pick<SearchRecorder, "record">): SearchService {
  return {
    ...search,
    async documents(call, req) {
      const r = await search.documents(call, req);
      recorder.record({
        call,
        keywords: req.wd,
        type: ContentKind.DOCUMENT,
        page: req.page,
        total: r.total,
        spend: r.spend,
      });
      return r;
    },
    async articles(call, req) {
      const r = await search.articles(call, req);
      recorder.record({
        call,
        keywords: req.wd,
        type: ContentKind.ARTICLE,
        page: req.page,
        total: r.total,
        spend: r.spend,
      });
      return r;
    },
  };
}
