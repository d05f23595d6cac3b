// Comments as their authors, readers and moderators use them: post (with the user service's yes, the
// captcha and the interval), the per-target thread, staff lists, review, edit, delete. The counts on the
// targets and parents follow the rows in the database (migration 0016's trigger).
import { type CallContext, DomainError, requireSignedIn, type SettingsReader } from "@wenku/kit";
import { canSee as canSeeArticle, isPublic as isPublicArticle } from "../articles/article.rules.js";
import type { CreditRewards } from "../credits/credit.rewards.js";
import { canSee as canSeeDocument, isPublic as isPublicDocument } from "../documents/visibility.js";
import type { UserBrief, UserDirectory } from "../ports.js";
import {
  type CommentRepository,
  type CommentRow,
  type Target,
  type TargetKind,
  targetKey,
  targetOf,
} from "./comment.repository.js";
import {
  type CommentListInput,
  CommentStatus,
  canSeeComment,
  checkContent,
  checkStatus,
  commentIds,
  commentListQuery,
  isAuthor,
  isThread,
  kindOf,
  notFound,
  targetNotFound,
  tooSoon,
} from "./comment.rules.js";

export interface CommentInput {
  documentId: bigint;
  parentId: bigint;
  content: string;
  captchaId: string;
  captcha: string;
  type: number;
}

export interface CommentView {
  rows: CommentRow[];
  total: number;
  users: ReadonlyMap<bigint, UserBrief>;
  /** Each comment's target by targetKey, when asked for (titles, links). */
  targets: ReadonlyMap<string, Target>;
}

export interface CommentServiceDeps {
  repo: CommentRepository;
  settings: SettingsReader;
  users: Pick<UserDirectory, "policy" | "users" | "verifyCaptcha" | "recordActivity">;
  /** The uploader's reward for a visible comment (score.document_commented); absent: none. */
  rewards?: CreditRewards;
}

/** Public targets only: a hidden, pending, rejected or recycled document or article takes no comments. */
const isPublicTarget = (t: Target) => (t.kind === "article" ? isPublicArticle(t) : isPublicDocument(t));

/** Who sees a target's thread: anyone when it is public; its owner and staff (granted) while it is not. */
const canSeeTarget = (t: Target, call: CallContext) =>
  isPublicTarget(t) || (t.kind === "article" ? canSeeArticle(t, call) : canSeeDocument(t, call));

export function createCommentService(deps: CommentServiceDeps) {
  const { repo } = deps;

  async function usersOf(rows: readonly CommentRow[]): Promise<ReadonlyMap<bigint, UserBrief>> {
    const ids = new Set(rows.map((r) => r.userId).filter((id) => id > 0n));
    return ids.size ? deps.users.users([...ids]) : new Map();
  }

  async function target(kind: TargetKind, id: bigint): Promise<Target | undefined> {
    if (id <= 0n) return undefined;
    return (await repo.targets([{ kind, id }])).get(targetKey(kind, id));
  }

  /** The targets a list names: its document_id (with type) or its parents' targets; none when it names neither. */
  async function namedTargets(req: CommentListInput): Promise<Target[]> {
    const keys: { kind: TargetKind; id: bigint }[] = [];
    if (req.documentId > 0n) keys.push({ kind: kindOf(req.type), id: req.documentId });
    const parents = req.parentId.filter((id) => id > 0n);
    if (parents.length) keys.push(...(await repo.find({ ids: parents })).map(targetOf));
    if (!keys.length && !parents.length) return [];
    const found = await repo.targets(keys);
    // a named target or parent that does not exist is not found
    if (req.documentId > 0n && !found.has(targetKey(kindOf(req.type), req.documentId))) throw notFound();
    if (parents.length && !keys.length) throw notFound();
    return [...found.values()];
  }

  async function view(rows: CommentRow[], total: number, withTargets: boolean): Promise<CommentView> {
    const [users, targets] = await Promise.all([
      usersOf(rows),
      withTargets ? repo.targets(rows.map(targetOf)) : Promise.resolve(new Map<string, Target>()),
    ]);
    return { rows, total, users, targets };
  }

  /** Changes comments; an approval owes the uploaders their rewards (once per commenter and document). */
  async function changeStatus(ids: readonly bigint[], data: { status?: number; content?: string }) {
    const plan = data.status === CommentStatus.approved ? await deps.rewards?.plan() : undefined;
    if (!plan) return repo.updateMany(ids, data);
    let owed: string[] = [];
    const count = await repo.updateMany(ids, data, async (tx, rows) => {
      owed = await plan.commented(tx, rows);
    });
    await deps.rewards?.deliver(owed);
    return count;
  }

  return {
    /**
     * Posts a comment (or a reply) on a public document or approved article. The user service decides
     * whether the user may comment and whether it waits for review (group flags, punishments with their
     * reason); the captcha is checked when security.enable_captcha_comment is on; security.comment_interval
     * seconds must separate two comments of one user (race-safe: checked under the user's lock).
     */
    async create(call: CallContext, req: CommentInput): Promise<CommentRow> {
      const me = requireSignedIn(call).userId;
      const content = checkContent(req.content);
      const kind = kindOf([req.type]);
      const t = await target(kind, req.documentId);
      if (!t || !isPublicTarget(t)) throw targetNotFound(kind);
      let parentId: bigint | null = null;
      if (req.parentId > 0n) {
        const parent = await repo.byId(req.parentId);
        const on = parent && targetOf(parent);
        if (!parent || on?.kind !== kind || on.id !== t.id || !canSeeComment(parent, call))
          throw new DomainError("not_found", "要回复的评论不存在");
        parentId = parent.id;
      }

      const policy = await deps.users.policy(me, "comment");
      if (!policy.allowed) throw new DomainError("permission_denied", policy.reason || "您没有发表评论的权限");
      const { security } = await deps.settings.current();
      const interval = Math.max(security?.commentInterval ?? 0, 0);
      // Said before the captcha is used up: a user told to wait keeps the captcha they typed.
      const early = await repo.waitSeconds(me, interval);
      if (early > 0) throw tooSoon(early);
      if (security?.enableCaptchaComment) await deps.users.verifyCaptcha("comment", req.captchaId, req.captcha, call);

      const status = policy.needsReview ? CommentStatus.pending : CommentStatus.approved;
      // A visible comment on someone else's document owes its uploader the reward (once per commenter).
      const plan = status === CommentStatus.approved && kind === "document" ? await deps.rewards?.plan() : undefined;
      let owed: string[] = [];
      const made = await repo.insertSpaced(
        { userId: me, kind, targetId: t.id, parentId, content, status },
        interval,
        plan &&
          (async (tx) => {
            owed = await plan.commented(tx, [{ userId: me, documentId: t.id }]);
          }),
      );
      if ("wait" in made) throw tooSoon(made.wait);
      await deps.rewards?.deliver(owed);
      await deps.users.recordActivity?.(me, "comment", [{ kind, id: t.id, ref: t.ref, title: t.title }]);
      const row = await repo.byId(made.id);
      if (!row) throw notFound();
      return row;
    },

    /**
     * ListComment. A target's thread (document_id, or an article with type ARTICLE, and no other row
     * filter): the target must be visible to the caller; one page of top-level comments, newest first,
     * followed by their replies (oldest first), each approved or the caller's own. Otherwise a flat list
     * under commentListQuery's rules.
     */
    async list(call: CallContext, req: CommentListInput & { withDocumentTitle: boolean }): Promise<CommentView> {
      const thread = isThread(req);
      if (thread) {
        const kind = kindOf(req.type);
        const t = await target(kind, req.documentId);
        if (!t || !canSeeTarget(t, call)) throw targetNotFound(kind);
      }
      const q = commentListQuery(call, req, thread);
      if (!thread && !call.identity?.granted) {
        // Others see comments on what they may see: a named target or parent is checked; a list across
        // targets keeps to public documents and approved articles.
        const named = await namedTargets(req);
        if (named.some((t) => !canSeeTarget(t, call))) throw notFound();
        if (!named.length) {
          const { total, rows } = await repo.pageOnPublicTargets(q.where, q.orderBy, q.skip, q.take);
          return view(rows, total, req.withDocumentTitle);
        }
      }
      const { total, rows } = await repo.page(q.where, q.orderBy, q.skip, q.take);
      if (!thread || !rows.length) return view(rows, total, req.withDocumentTitle);
      const { topLevel: _, ...replyFilter } = q.where;
      const replies = await repo.replies(
        rows.map((r) => r.id),
        replyFilter,
      );
      return view([...rows, ...replies], total, true);
    },

    /** GetComment (staff): one comment with its target's title. */
    async get(id: bigint): Promise<CommentView> {
      const row = id > 0n ? await repo.byId(id) : null;
      if (!row) throw notFound();
      return view([row], 1, true);
    },

    /** CheckComment: approves, rejects or sends back to review; the counts follow. */
    async check(raw: readonly bigint[], status: number): Promise<void> {
      checkStatus(status);
      if (!(await changeStatus(commentIds(raw), { status }))) throw notFound();
    },

    /** UpdateComment (staff): new text and, unless 0 (PENDING cannot be told from "unchanged"), status. */
    async update(req: { id: bigint; content: string; status: number }): Promise<void> {
      const row = req.id > 0n ? await repo.byId(req.id) : null;
      if (!row) throw notFound();
      const data: { content?: string; status?: number } = {};
      if (req.content.trim()) data.content = checkContent(req.content);
      if (req.status !== CommentStatus.pending) data.status = checkStatus(req.status);
      if (!data.content && data.status === undefined) throw new DomainError("invalid_argument", "没有要修改的内容");
      await changeStatus([row.id], data);
    },

    /**
     * DeleteComment: authors their own, staff (granted the RPC) any. A deleted comment's replies are
     * deleted with it (whoever wrote them: they answer a text that is gone); the counts follow.
     */
    async delete(call: CallContext, raw: readonly bigint[]): Promise<void> {
      requireSignedIn(call);
      const rows = await repo.find({ ids: commentIds(raw) });
      if (!rows.length) throw notFound();
      if (!call.identity?.granted && rows.some((c) => !isAuthor(c, call)))
        throw new DomainError("permission_denied", "只能删除自己发表的评论");
      await repo.deleteMany(rows.map((c) => c.id));
    },
  };
}
export type CommentService = ReturnType<typeof createCommentService>;
