// Reports of documents: a signed-in user reports a public document for one of the six reasons
// (spec §3) or copyright infringement (7, ours), at most one open report per user and document; staff list them, handle them with a note
// and delete them.
import { type CallContext, DomainError, isUniqueViolation, paging, requireSignedIn } from "@wenku/kit";
import { parseOrderBy } from "../documents/document.filters.js";
import { notFound } from "../documents/document.rules.js";
import { isPublic } from "../documents/visibility.js";
import type { UserBrief, UserDirectory } from "../ports.js";
import type { ReportRepository, ReportRow, ReportSortColumn } from "./report.repository.js";

/** Spec §3's six reasons (moredoc's) and ours, 7: copyright infringement. */
export const REPORT_REASONS: readonly number[] = [1, 2, 3, 4, 5, 6, 7];
export const REMARK_MAX = 255;
const WD_MAX = 64;
const MAX_SIZE = 100;

const ORDER = new Map<string, ReportSortColumn>([
  ["id", "id"],
  ["created_at", "createdAt"],
  ["updated_at", "updatedAt"],
]);

export interface ReportView {
  rows: ReportRow[];
  total: number;
  titles: ReadonlyMap<bigint, string>;
  users: ReadonlyMap<bigint, UserBrief>;
}

export interface ReportListInput {
  page: bigint;
  size: bigint;
  wd: string;
  order: string;
  status: readonly boolean[];
  reason: readonly number[];
}

export function checkReason(reason: number): number {
  if (!REPORT_REASONS.includes(reason))
    throw new DomainError("invalid_argument", "请选择举报原因", undefined, "reason");
  return reason;
}

export function createReportService(deps: { repo: ReportRepository; users: Pick<UserDirectory, "users"> }) {
  const { repo } = deps;
  const ids = (raw: readonly bigint[]) => {
    const out = [...new Set(raw.filter((id) => id > 0n))];
    if (!out.length) throw new DomainError("invalid_argument", "请选择举报", undefined, "id");
    return out;
  };

  return {
    async create(call: CallContext, req: { documentId: bigint; reason: number }): Promise<void> {
      const me = requireSignedIn(call).userId;
      if (req.documentId <= 0n)
        throw new DomainError("invalid_argument", "请选择要举报的文档", undefined, "document_id");
      const reason = checkReason(req.reason);
      const doc = await repo.document(req.documentId);
      // public documents only (as comments): a hidden one is not reported, even by its owner or staff
      if (!doc || !isPublic(doc)) throw notFound();
      try {
        await repo.create({ documentId: doc.id, userId: me, reason });
      } catch (err) {
        if (isUniqueViolation(err)) throw new DomainError("already_exists", "您已举报过该文档，请等待处理");
        throw err;
      }
    },

    /** Marks a report handled (or open again) with the handler's note. */
    async handle(req: { id: bigint; status: boolean; remark: string }): Promise<void> {
      const remark = req.remark.trim();
      if ([...remark].length > REMARK_MAX)
        throw new DomainError("invalid_argument", `处理备注不能超过${REMARK_MAX}个字符`, undefined, "remark");
      const row = req.id > 0n ? await repo.byId(req.id) : null;
      if (!row) throw new DomainError("not_found", "举报不存在");
      try {
        await repo.update(row.id, { status: req.status, remark });
      } catch (err) {
        // reopening while the same user has another open report of the document
        if (isUniqueViolation(err))
          throw new DomainError("failed_precondition", "该用户对此文档还有一条未处理的举报，不能重新打开这条");
        throw err;
      }
    },

    async delete(raw: readonly bigint[]): Promise<void> {
      if (!(await repo.remove(ids(raw)))) throw new DomainError("not_found", "举报不存在");
    },

    async list(req: ReportListInput): Promise<ReportView> {
      const p = paging(req.page, req.size, { max: MAX_SIZE, fallback: 10 });
      const wd = req.wd.trim();
      if ([...wd].length > WD_MAX)
        throw new DomainError("invalid_argument", `关键词不能超过${WD_MAX}个字符`, undefined, "wd");
      for (const r of req.reason) checkReason(r);
      const sort = parseOrderBy(req.order, ORDER, [{ column: "id", dir: "desc" }]);
      const { total, rows } = await repo.page(
        { statuses: req.status, reasons: req.reason, ...(wd ? { wd } : {}) },
        sort,
        p.skip,
        p.take,
      );
      const [titles, users] = await Promise.all([
        repo.titles([...new Set(rows.map((r) => r.documentId))]),
        rows.length ? deps.users.users([...new Set(rows.map((r) => r.userId))]) : new Map<bigint, UserBrief>(),
      ]);
      return { rows, total, titles, users };
    },
  };
}
export type ReportService = ReturnType<typeof createReportService>;
