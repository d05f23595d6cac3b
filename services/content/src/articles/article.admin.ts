// Staff operations on articles: review, recommend, site notices, batch categories, and the recycle bin.
import { paging } from "@wenku/kit";
import type { CategoryRepository } from "../categories/category.repository.js";
import { PRIVILEGED_MAX_SIZE } from "../documents/document.filters.js";
import { resolveCategories } from "../documents/document.rules.js";
import type { ArticleFilter, ArticleRepository, ArticleSort } from "./article.repository.js";
import { ArticleStatus, articleIds, checkReason, checkStatus, notFound } from "./article.rules.js";
import { ARTICLE_CATEGORY, type ArticleService, type ArticleView } from "./article.service.js";

export interface ArticleAdminDeps {
  repo: ArticleRepository;
  categories: Pick<CategoryRepository, "all">;
  usersOf: ArticleService["usersOf"];
  clock?: () => Date;
}

const IN_BIN: ArticleFilter = { deleted: true };
const LAST_DELETED_FIRST: ArticleSort[] = [
  { column: "deletedAt", dir: "desc" },
  { column: "id", dir: "desc" },
];

export function createArticleAdminService(deps: ArticleAdminDeps) {
  const { repo } = deps;
  const now = deps.clock ?? (() => new Date());

  /** Changes live articles among `raw`; none of them live is "not found". */
  async function changeLive(raw: readonly bigint[], changes: Parameters<ArticleRepository["updateMany"]>[1]) {
    if (!(await repo.updateMany({ ids: articleIds(raw), deleted: false }, changes))) throw notFound();
  }

  return {
    /** Approves, rejects (with a reason) or sends back to review; approving clears the old reason. */
    async check(raw: readonly bigint[], status: number, reason: string): Promise<void> {
      checkStatus(status);
      const why = checkReason(reason);
      await changeLive(raw, { status, rejectReason: status === ArticleStatus.rejected ? why : "" });
    },

    async recommend(raw: readonly bigint[], on: boolean): Promise<void> {
      await changeLive(raw, { recommendAt: on ? now() : null });
    },

    /** Marks articles as site notices (newest mark first on the home page) or takes the mark off. */
    async notice(raw: readonly bigint[], on: boolean): Promise<void> {
      await changeLive(raw, { noticeAt: on ? now() : null });
    },

    async setCategories(raw: readonly bigint[], categoryIds: readonly bigint[]): Promise<void> {
      const ids = articleIds(raw);
      const cats = await resolveCategories(deps.categories, categoryIds, ARTICLE_CATEGORY);
      const live = await repo.find({ ids, deleted: false });
      if (!live.length) throw notFound();
      await repo.setCategories(
        live.map((a) => a.id),
        cats,
      );
    },

    /** Articles in the bin, most recently deleted first (staff may search them with wd). */
    async recycled(req: { page: bigint; size: bigint; wd: string }): Promise<ArticleView> {
      const { skip, take } = paging(req.page, req.size, { max: PRIVILEGED_MAX_SIZE, fallback: 10 });
      const wd = req.wd.trim();
      const { total, rows } = await repo.page(wd ? { ...IN_BIN, wd } : IN_BIN, LAST_DELETED_FIRST, skip, take, false);
      return { total, rows, users: await deps.usersOf(rows) };
    },

    /** Puts articles back as they were (same categories, same status). */
    async restore(raw: readonly bigint[]): Promise<void> {
      const n = await repo.updateMany({ ids: articleIds(raw), ...IN_BIN }, { deletedAt: null, deletedUserId: 0n });
      if (!n) throw notFound();
    },

    async purge(raw: readonly bigint[]): Promise<void> {
      await repo.purge({ ids: articleIds(raw), ...IN_BIN });
    },

    async empty(): Promise<void> {
      await repo.purge(IN_BIN);
    },
  };
}
export type ArticleAdminService = ReturnType<typeof createArticleAdminService>;
