// Reading documents: one document, lists, the home page and related documents. Every read goes
// through the visibility rule (visibility.ts); unpublished documents never leak into public lists.
import type { CallContext, Logger, SettingsReader } from "@wenku/kit";
import type { CategoryRepository } from "../categories/category.repository.js";
import type { UserBrief, UserDirectory } from "../ports.js";
import { type ListInput, listQuery, NEWEST_FIRST } from "./document.filters.js";
import type { AttachmentRow, DocumentRepository } from "./document.repository.js";
import { notFound } from "./document.rules.js";
import type { DocumentRow } from "./document.types.js";
import { deriveKeywords, keywordSet } from "./keywords.js";
import type { ReadingRule } from "./reading.js";
import { canSee, DocStatus, isOwner, isPublic } from "./visibility.js";

/** GetDocument's `content`: the preview pages' text, at most this many characters. */
export const CONTENT_MAX_CHARS = 8192;
export const HOME_DEFAULT_LIMIT = 5;
export const HOME_MAX_LIMIT = 50;
export const RELATED_LIMIT = 10;
/** Related documents are ranked among this many newest candidates. */
const RELATED_CANDIDATES = 200;
/** A document uuid: 16 lowercase hex characters, as moredoc generates them (migration 0006). */
const UUID = /^[0-9a-f]{16}$/;
/** The earlier RFC 4122 form: migration 0006 kept its first 16 hex digits, so old links still resolve. */
const LEGACY_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function documentUuid(raw: string): string | null {
  const uuid = raw.trim().toLowerCase();
  if (UUID.test(uuid)) return uuid;
  return LEGACY_UUID.test(uuid) ? uuid.replaceAll("-", "").slice(0, 16) : null;
}

export interface DocumentView {
  row: DocumentRow;
  users: ReadonlyMap<bigint, UserBrief>;
  showError: boolean;
  content?: string;
  attachment?: AttachmentRow | null;
  /** The caller reads every page, past the preview (reading.ts). */
  readAll?: boolean;
}

export interface ListView {
  total: number;
  rows: DocumentRow[];
  users: ReadonlyMap<bigint, UserBrief>;
  /** Whether convert_error may be shown for a row. */
  showError: (row: DocumentRow) => boolean;
}

export interface HomeGroup {
  categoryId: bigint;
  cover: string;
  title: string;
  rows: DocumentRow[];
}

export interface DocumentQueryDeps {
  repo: DocumentRepository;
  reading: ReadingRule;
  categories: CategoryRepository;
  settings: Pick<SettingsReader, "current">;
  users: Pick<UserDirectory, "users">;
  log: Logger;
}

export function createDocumentQuery(deps: DocumentQueryDeps) {
  const { repo, log } = deps;

  async function usersOf(rows: readonly DocumentRow[]): Promise<ReadonlyMap<bigint, UserBrief>> {
    const ids = new Set<bigint>();
    for (const r of rows) {
      ids.add(r.userId);
      if (r.deletedUserId > 0n) ids.add(r.deletedUserId);
    }
    return ids.size ? deps.users.users([...ids]) : new Map();
  }

  const privilegedFor = (call: CallContext) => (row: DocumentRow) =>
    (call.identity?.granted ?? false) || isOwner(row, call);

  return {
    usersOf,

    /**
     * One document by id or uuid, if the caller may see it (else "not found": existence is never
     * revealed). A public view counts once in view_count; the count never fails the read.
     */
    async get(call: CallContext, req: { id: bigint; uuid: string }): Promise<DocumentView> {
      // By id when it is > 0, as moredoc (its admin lists link /document/<id>, whose page then asks
      // ?id=N&uuid=N); else, or when no document has that id, by uuid.
      const byId = req.id > 0n ? await repo.byId(req.id) : null;
      const uuid = byId || !req.uuid.trim() ? null : documentUuid(req.uuid);
      const row = byId ?? (uuid ? await repo.byUuid(uuid) : null);
      if (!row || !canSee(row, call)) throw notFound();
      const privileged = privilegedFor(call)(row);
      const [users, text, attachment, readAll] = await Promise.all([
        usersOf([row]),
        repo.previewText(row.attachmentHash),
        privileged ? repo.attachmentByHash(row.attachmentHash) : null,
        deps.reading.readsAll(call, row),
      ]);
      if (isPublic(row))
        repo.incrementViewCount(row.id).catch((err: unknown) => log.warn({ err, id: row.id.toString() }, "view count"));
      return {
        row,
        users,
        showError: privileged,
        content: [...text].slice(0, CONTENT_MAX_CHARS).join(""),
        attachment,
        readAll,
      };
    },

    async list(call: CallContext, req: ListInput): Promise<ListView> {
      const codes = [...new Set(req.language.map((c) => c.trim()).filter(Boolean))];
      const languageIds = codes.length ? (await repo.languagesByCode(codes)).map((l) => l.id) : [];
      const q = listQuery(call, req, languageIds);
      const { total, rows } = await repo.page(q.where, q.orderBy, q.skip, q.take);
      return { total, rows, users: await usersOf(rows), showError: privilegedFor(call) };
    },

    /** Each enabled top-level document category with its newest published documents. */
    async home(limit: bigint): Promise<{ groups: HomeGroup[]; users: ReadonlyMap<bigint, UserBrief> }> {
      const take = limit > 0n ? Math.min(Number(limit), HOME_MAX_LIMIT) : HOME_DEFAULT_LIMIT;
      const hideEmpty = (await deps.settings.current()).display?.hideCategoryWithoutDocument ?? false;
      const tops = (await deps.categories.all()).filter(
        (c) => c.type === 0 && c.parentId === null && c.enable && (!hideEmpty || c.docCount > 0),
      );
      const groups = await Promise.all(
        tops.map(async (c) => ({
          categoryId: c.id,
          cover: c.cover,
          title: c.title,
          rows: await repo.find(
            { statuses: [DocStatus.converted], deleted: false, categoryIds: [c.id] },
            NEWEST_FIRST,
            take,
          ),
        })),
      );
      return { groups, users: await usersOf(groups.flatMap((g) => g.rows)) };
    },

    /**
     * Published documents sharing a category with the given one (any published document when it has
     * none): most shared keywords first, then newest.
     */
    async related(
      call: CallContext,
      id: bigint,
    ): Promise<{ rows: DocumentRow[]; users: ReadonlyMap<bigint, UserBrief> }> {
      const doc = id > 0n ? await repo.byId(id) : null;
      if (!doc || !canSee(doc, call)) throw notFound();
      const categoryIds = doc.categories.map((c) => c.categoryId);
      const candidates = await repo.find(
        {
          statuses: [DocStatus.converted],
          deleted: false,
          notId: doc.id,
          ...(categoryIds.length ? { categoryIds } : {}),
        },
        NEWEST_FIRST,
        RELATED_CANDIDATES,
      );
      const mine = keywordSet(doc.keywords || deriveKeywords(doc.title));
      const overlap = (r: DocumentRow) => [...keywordSet(r.keywords)].filter((k) => mine.has(k)).length;
      const rows = candidates
        .map((r, i) => ({ r, i, n: overlap(r) }))
        .sort((a, b) => b.n - a.n || a.i - b.i)
        .slice(0, RELATED_LIMIT)
        .map((x) => x.r);
      return { rows, users: await usersOf(rows) };
    },
  };
}
export type DocumentQuery = ReturnType<typeof createDocumentQuery>;
