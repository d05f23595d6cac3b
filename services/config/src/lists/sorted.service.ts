// The rules banners, friend links and advertisements share: create, update, delete and get one item
// (each kind validates its own fields), the staff list's filters, and paging a cached public list.
import { DomainError, paging } from "@wenku/kit";
import type { SortedRepository } from "./sorted.repository.js";

/** What staff are told when they name no item, or one that is gone. */
export interface SortedMessages {
  notFound: string;
  pickEdit: string;
  pickDelete: string;
}

/** Staff list pages: 10 rows unless asked, at most 100. */
export const STAFF_PAGE = { max: 100, fallback: 10 } as const;

/**
 * Writes and reads of one item kind: `validate` turns the RPC's message into the row to store (or
 * throws a DomainError naming the field); `changed` runs after every write that changed something.
 */
export function createSortedItems<Row, Data, Where, Input extends { id: bigint }>(opts: {
  repo: SortedRepository<Row, Data, Where>;
  validate(input: Input): Data;
  messages: SortedMessages;
  changed(): Promise<void>;
}) {
  const { repo, messages } = opts;
  const notFound = () => new DomainError("not_found", messages.notFound);
  return {
    async create(input: Input): Promise<Row> {
      const row = await repo.create(opts.validate(input));
      await opts.changed();
      return row;
    },

    async update(input: Input): Promise<void> {
      if (input.id <= 0n) throw new DomainError("invalid_argument", messages.pickEdit);
      if (!(await repo.update(input.id, opts.validate(input)))) throw notFound();
      await opts.changed();
    },

    /** Deletes the items that exist among `ids` (several at once: the back office's batch delete). */
    async delete(ids: readonly bigint[]): Promise<void> {
      const wanted = [...new Set(ids.filter((id) => id > 0n))];
      if (!wanted.length) throw new DomainError("invalid_argument", messages.pickDelete);
      if ((await repo.deleteMany(wanted)) > 0) await opts.changed();
    },

    async get(id: bigint): Promise<Row> {
      const row = id > 0n ? await repo.byId(id) : null;
      if (!row) throw notFound();
      return row;
    },

    /** One page of the staff list. */
    async page(where: Where, page: bigint, size: bigint): Promise<{ total: number; rows: Row[] }> {
      const { skip, take } = paging(page, size, STAFF_PAGE);
      return repo.page(where, skip, take);
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

/** `field`'s trimmed text of at most `max` characters, or a refusal saying so. */
export function text(value: string, field: string, max: number, tooLong: string): string {
  const out = value.trim();
  if ([...out].length > max) throw invalid(field, tooLong);
  return out;
}
