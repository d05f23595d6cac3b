// Writing and reading articles as their authors and readers do: create, edit, move to the recycle
// bin, one article, lists. Staff batch operations and the recycle bin are article.admin.ts.
import { type CallContext, DomainError, type Logger, requireSignedIn } from "@wenku/kit";
import type { CategoryRepository } from "../categories/category.repository.js";
import {
  bad,
  checkDescription,
  checkKeywords,
  checkSource,
  checkTitle,
  resolveCategories,
} from "../documents/document.rules.js";
import { deriveKeywords } from "../documents/keywords.js";
import type { UserBrief, UserDirectory } from "../ports.js";
import type { ArticleImages } from "./article.images.js";
import type { ArticleChanges, ArticleRepository, ArticleRow } from "./article.repository.js";
import {
  type ArticleListInput,
  ArticleStatus,
  articleIds,
  articleListQuery,
  CONTENT_MAX,
  canSee,
  checkAuthor,
  checkIdentifier,
  isAuthor,
  isPublic,
  NEWEST_FIRST,
  notFound,
} from "./article.rules.js";
import { articleImageSources, sanitizeArticleHtml } from "./sanitize.js";

export const ARTICLE_CATEGORY = { type: 1, noun: "文章" } as const;
export const RELATED_LIMIT = 10;

export interface ArticleInput {
  id: bigint;
  identifier: string;
  author: string;
  title: string;
  keywords: string;
  description: string;
  content: string;
  categoryId: readonly bigint[];
  status: number;
  source: string;
  sourceUrl: string;
}

export interface ArticleView {
  rows: ArticleRow[];
  total: number;
  users: ReadonlyMap<bigint, UserBrief>;
}

export interface ArticleServiceDeps {
  repo: ArticleRepository;
  categories: Pick<CategoryRepository, "all">;
  users: Pick<UserDirectory, "policy" | "users" | "recordActivity">;
  /** Stores the remote and data: images of a saved article as this site's images. */
  images: ArticleImages;
  log: Logger;
  clock?: () => Date;
}

/** A field's check; its refusal names the field (a FieldViolation), so a form shows it on that field. */
function onField<T>(field: string, check: () => T): T {
  try {
    return check();
  } catch (err) {
    if (err instanceof DomainError && !err.field) throw new DomainError(err.kind, err.message, undefined, field);
    throw err;
  }
}

/** The HTML as it is stored: sanitised (with `stored` images in their sources' place), not empty, not too long. */
function checkContent(raw: string, stored: ReadonlyMap<string, string>): string {
  const html = sanitizeArticleHtml(raw, stored);
  if (!html) throw bad("文章内容不能为空");
  if (html.length > CONTENT_MAX) throw bad(`文章内容不能超过${CONTENT_MAX}个字符`);
  return html;
}

export function createArticleService(deps: ArticleServiceDeps) {
  const { repo } = deps;

  async function usersOf(rows: readonly ArticleRow[]): Promise<ReadonlyMap<bigint, UserBrief>> {
    const ids = new Set(rows.flatMap((r) => [r.userId, r.deletedUserId]).filter((id) => id > 0n));
    return ids.size ? deps.users.users([...ids]) : new Map();
  }

  /**
   * The fields an author writes, checked (title, keywords, description, content, source, author); the
   * content's remote and data: images are stored here (after the other fields passed) and point here.
   */
  async function fields(call: CallContext, req: ArticleInput) {
    const title = onField("title", () => checkTitle(req.title, "文章"));
    const checked = {
      title,
      keywords: onField("keywords", () => checkKeywords(req.keywords)) || deriveKeywords(title),
      description: onField("description", () => checkDescription(req.description, "文章")),
      author: onField("author", () => checkAuthor(req.author)),
      ...onField("source_url", () => checkSource(req.source, req.sourceUrl)),
    };
    const stored = await deps.images.store(call, articleImageSources(req.content));
    return { ...checked, content: onField("content", () => checkContent(req.content, stored)) };
  }

  async function freeIdentifier(raw: string, except?: bigint): Promise<string> {
    const identifier = onField("identifier", () => checkIdentifier(raw));
    if (await repo.identifierTaken(identifier, except))
      throw new DomainError("already_exists", "文章标识已被使用", undefined, "identifier");
    return identifier;
  }

  /**
   * Staff granted the RPC (UpdateArticle's permission) write freely; anyone else needs the user service's yes (a group with
   * enable_article, no article or account punishment) and, with enable_article_approval, waits for review.
   */
  async function statusFor(call: CallContext): Promise<number> {
    if (call.identity?.granted) return ArticleStatus.approved;
    const policy = await deps.users.policy(requireSignedIn(call).userId, "article");
    if (!policy.allowed) throw new DomainError("permission_denied", policy.reason || "您没有发布文章的权限");
    return policy.needsReview ? ArticleStatus.pending : ArticleStatus.approved;
  }

  /** One article by identifier (when given) or id, if the caller may see it; else "not found". */
  async function load(call: CallContext, req: { id: bigint; identifier: string }): Promise<ArticleRow> {
    // The identifier names the article when given; an id naming another one finds nothing.
    const identifier = req.identifier.trim();
    const row = identifier ? await repo.byIdentifier(identifier) : req.id > 0n ? await repo.byId(req.id) : null;
    if (!row || (req.id > 0n && row.id !== req.id) || !canSee(row, call)) throw notFound();
    return row;
  }

  /** GetArticle: a reader's view (not the author's own) counts once in view_count; the count never fails the read. */
  async function get(call: CallContext, req: { id: bigint; identifier: string }): Promise<ArticleView> {
    const row = await load(call, req);
    if (isPublic(row) && !isAuthor(row, call))
      repo.incrementViewCount(row.id).catch((err: unknown) => deps.log.warn({ err, id: `${row.id}` }, "view count"));
    // stored sanitised; sanitised again on the way out, so a later, stricter allow-list covers old articles
    return { rows: [{ ...row, content: sanitizeArticleHtml(row.content) }], total: 1, users: await usersOf([row]) };
  }

  return {
    usersOf,
    get,

    /**
     * Publishes an article; returns it as GetArticle shows it to its author. `review`: it waits for
     * review whoever writes it (an imported article: CrawlArticle).
     */
    async create(call: CallContext, req: ArticleInput, opts: { review?: boolean } = {}): Promise<ArticleView> {
      const me = requireSignedIn(call).userId;
      const asked = await statusFor(call);
      const status = opts.review ? ArticleStatus.pending : asked;
      const data = await fields(call, req);
      // Only staff (members of a group holding a permission: CreateArticle is a login-level RPC, no
      // permission of its own) choose identifiers, so no member claims a page's address; others get 16 hex.
      if (req.identifier.trim() && !call.identity?.staff)
        throw new DomainError("permission_denied", "只有管理员可以设置文章标识");
      const identifier = req.identifier.trim() ? await freeIdentifier(req.identifier) : "";
      const categoryIds = req.categoryId.length
        ? await resolveCategories(deps.categories, req.categoryId, ARTICLE_CATEGORY)
        : [];
      const id = await repo.create({ ...data, ...(identifier ? { identifier } : {}), userId: me, status, categoryIds });
      const view = await get(call, { id, identifier: "" });
      await deps.users.recordActivity?.(me, "article", [
        { kind: "article", id, ref: view.rows[0]?.identifier ?? "", title: data.title },
      ]);
      return view;
    },

    /**
     * Authors edit their article's fields, replaced as a whole like the editor's form (and, where their group reviews articles, send it back to
     * review); staff may also change its identifier and status (0 = unchanged: proto3 cannot tell an
     * omitted status from PENDING; CheckArticles sets any status).
     */
    async update(call: CallContext, req: ArticleInput): Promise<void> {
      requireSignedIn(call);
      const staff = call.identity?.granted ?? false;
      const row = req.id > 0n ? await repo.byId(req.id) : null;
      if (!row || row.deletedAt || !canSee(row, call)) throw notFound();
      if (!staff && !isAuthor(row, call)) throw new DomainError("permission_denied", "只能修改自己发布的文章");

      const changes: ArticleChanges = await fields(call, req);
      const identifier = req.identifier.trim();
      if (identifier && identifier !== row.identifier) {
        if (!staff) throw new DomainError("permission_denied", "只有管理员可以修改文章标识");
        changes.identifier = await freeIdentifier(identifier, row.id);
      }
      if (staff) {
        if (req.status !== ArticleStatus.pending) {
          if (req.status !== ArticleStatus.approved && req.status !== ArticleStatus.rejected)
            throw bad("文章状态不正确");
          changes.status = req.status;
        }
      } else if ((await statusFor(call)) === ArticleStatus.pending) {
        [changes.status, changes.rejectReason] = [ArticleStatus.pending, ""];
      }
      // The whole form, categories included, as every other field: none sent = in no category.
      const categoryIds = req.categoryId.length
        ? await resolveCategories(deps.categories, req.categoryId, ARTICLE_CATEGORY)
        : [];
      await repo.update(row.id, changes, categoryIds);
    },

    /** Moves articles to the recycle bin: authors their own, staff any. */
    async delete(call: CallContext, raw: readonly bigint[]): Promise<void> {
      const me = requireSignedIn(call).userId;
      const rows = (await repo.find({ ids: articleIds(raw), deleted: false })).filter((a) => canSee(a, call));
      if (!rows.length) throw notFound();
      if (!call.identity?.granted && rows.some((a) => a.userId !== me))
        throw new DomainError("permission_denied", "只能删除自己发布的文章");
      const now = (deps.clock ?? (() => new Date()))();
      await repo.updateMany({ ids: rows.map((a) => a.id), deleted: false }, { deletedAt: now, deletedUserId: me });
    },

    async list(call: CallContext, req: ArticleListInput): Promise<ArticleView> {
      const q = articleListQuery(call, req);
      const { total, rows } = await repo.page(q.where, q.orderBy, q.skip, q.take, false);
      return { total, rows, users: await usersOf(rows) };
    },

    /**
     * Approved articles sharing a category with the given one first (newest first), then the newest
     * other approved ones; never the article itself nor a footer single page.
     */
    async related(call: CallContext, req: { id: bigint; identifier: string }): Promise<ArticleView> {
      const article = await load(call, req);
      const categoryIds = article.categories.map((c) => c.categoryId);
      const approved = { deleted: false, statuses: [ArticleStatus.approved], singlePage: false };
      const newest = async (extra: { categoryIds?: bigint[] }, take: number) =>
        (await repo.page({ ...approved, ...extra }, NEWEST_FIRST, 0, take, false)).rows;
      const picked = categoryIds.length ? await newest({ categoryIds }, RELATED_LIMIT + 1) : [];
      const seen = new Set([article.id, ...picked.map((a) => a.id)]);
      const rest = picked.length > RELATED_LIMIT ? [] : await newest({}, RELATED_LIMIT + seen.size);
      const others = [...picked.filter((a) => a.id !== article.id), ...rest.filter((a) => !seen.has(a.id))].slice(
        0,
        RELATED_LIMIT,
      );
      return { rows: others, total: others.length, users: await usersOf(others) };
    },
  };
}
export type ArticleService = ReturnType<typeof createArticleService>;
