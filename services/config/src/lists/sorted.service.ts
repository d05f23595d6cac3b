// The rules banners, friend links and advertisements share: create, update, delete and get one item
// (each kind validates its own fields), the staff list's filters, and paging a cached public list.
import { type CallContext, cleanText, DomainError, paging } from "@wenku/kit";
import type { VisitorLists } from "../cache.js";
import type { SortedRepository } from "./sorted.repository.js";

/** What staff are told when they name no item, or one that is gone. */
export interface SortedMessages {
  notFound: string;
  pickEdit: string;
  pickDelete: string;
}

/** Staff list pages: 10 rows unless asked, at most 100. */
export const STAFF_PAGE = { max: 100, fallback: 10 } as const;

/** How one list request is answered for staff and for everyone else. */
export interface ListRule<Row, Where> {
  /** Staff (holders of the list's permission): the rows matching this, paged in the database. */
  staff(): Where;
  /** Everyone else: these of the shown rows (cached), paged in memory, at most `max` a page. */
  visitors(shown: Row[]): Row[];
  max: number;
}

/**
 * Writes and reads of one item kind: `validate` turns the RPC's message into the row to store (or
 * throws a DomainError naming the field); after every write that changed something the visitors'
 * lists are dropped (`lists.changed`). `shown` picks the rows visitors may get (the enabled ones),
 * read once and kept in `lists`.
 */
export function createSortedItems<Row, Data, Where, Input extends { id: bigint }>(opts: {
  repo: SortedRepository<Row, Data, Where>;
  validate(input: Input): Data;
  messages: SortedMessages;
  lists: VisitorLists;
  shown: Where;
}) {
  const { repo, messages, lists } = opts;
  const notFound = () => new DomainError("not_found", messages.notFound);
  const visible = lists.list<Row[]>();
  const page = async (where: Where, p: bigint, size: bigint): Promise<{ total: number; rows: Row[] }> => {
    const { skip, take } = paging(p, size, STAFF_PAGE);
    return repo.page(where, skip, take);
  };
  /** The rows visitors may get, in list order (cached until a change). */
  const shown = () => visible.get("all", () => repo.all(opts.shown));
  return {
    /** The RPCs' writes and the staff's single read. */
    writes: {
      async create(input: Input): Promise<Row> {
        const row = await repo.create(opts.validate(input));
        await lists.changed();
        return row;
      },

      async update(input: Input): Promise<void> {
        if (input.id <= 0n) throw new DomainError("invalid_argument", messages.pickEdit);
        if (!(await repo.update(input.id, opts.validate(input)))) throw notFound();
        await lists.changed();
      },

      /** Deletes the items that exist among `ids` (several at once: the back office's batch delete). */
      async delete(ids: readonly bigint[]): Promise<void> {
        const wanted = [...new Set(ids.filter((id) => id > 0n))];
        if (!wanted.length) throw new DomainError("invalid_argument", messages.pickDelete);
        if ((await repo.deleteMany(wanted)) > 0) await lists.changed();
      },

      async get(id: bigint): Promise<Row> {
        const row = id > 0n ? await repo.byId(id) : null;
        if (!row) throw notFound();
        return row;
      },
    },

    /** One page of the staff list. */
    page,
    shown,

    /**
     * A list request: staff get every row `rule.staff` matches; everyone else the shown rows
     * `rule.visitors` keeps, whatever filters they sent (`staff` false: send the public fields only).
     */
    async list(
      call: CallContext,
      req: { page: bigint; size: bigint },
      rule: ListRule<Row, Where>,
    ): Promise<{ total: number; rows: Row[]; staff: boolean }> {
      if (call.identity?.granted) return { ...(await page(rule.staff(), req.page, req.size)), staff: true };
      return { ...pageOf(rule.visitors(await shown()), req.page, req.size, rule.max), staff: false };
    },
  };
}

/** A repeated flag as moredoc sends it: exactly one value filters by it; none or both mean any. */
export function oneValue<T>(values: readonly T[]): T | undefined {
  const distinct = [...new Set(values)];
  return distinct.length === 1 ? distinct[0] : undefined;
}

/** One page of a list already in memory (the cached public lists), paged like every list. */
export function pageOf<T>(rows: readonly T[], page: bigint, size: bigint, max: number): { total: number; rows: T[] } {
  const { skip, take } = paging(page, size, { max });
  return { total: rows.length, rows: rows.slice(skip, skip + take) };
}

/** A refusal of one request field (`field`: its JSON name), sent with a FieldViolation naming it. */
export const invalid = (field: string, message: string) =>
  new DomainError("invalid_argument", message, undefined, field);

/**
 * `field`'s text (kit cleanText: no control, bidi or other invisible character, NFC, trimmed) of at most
 * `max` characters, or a refusal saying so.
 */
export function text(value: string, field: string, max: number, tooLong: string): string {
  const out = cleanText(value);
  if ([...out].length > max) throw invalid(field, tooLong);
  return out;
}
