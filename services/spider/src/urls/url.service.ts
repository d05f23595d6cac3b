// Spider URLs: what an administrator may save (checked here, the field named), and the crawl's
// lifecycle as the admin drives it: create queues a crawl, status PENDING crawls again, status FAILED
// stops a crawl ("已停止"). The crawl itself is crawl/crawler.ts, run by the jobs (jobs/queue.ts).
import { type CallContext, cleanName, DomainError, paging, requireSignedIn } from "@wenku/kit";
import type { SpiderUrl } from "@wenku/proto/api/v1/spider_pb.js";
import type { SpiderJobs } from "../jobs/queue.js";
import { CrawlState, STOPPED } from "../states.js";
import type { UrlData, UrlRepository, UrlRow } from "./url.repository.js";

export const urlMessages = {
  url: "采集网址须以 http:// 或 https:// 开头",
  urlTooLong: "采集网址不能超过2048个字符",
  titleTooLong: "名称不能超过255个字符",
  interval: "采集间隔须在 1 到 86400 秒之间",
  price: "价格不能为负数",
  depth: "采集深度须在 0 到 5 之间",
  category: "请选择有效的分类",
  language: "请选择有效的语言",
  user: "请选择有效的用户",
  notFound: "采集网址不存在",
  pick: "请选择要删除的采集网址",
  busy: "正在采集，请先停止再重新采集",
} as const;

const invalid = (field: string, message: string) => new DomainError("invalid_argument", message, undefined, field);
const MAX_LIST = 100;

/** The URL parsed when it is an http(s) address of a host, else null. */
export function httpUrl(raw: string): URL | null {
  try {
    const u = new URL(raw.trim());
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname && !u.username && !u.password ? u : null;
  } catch {
    return null;
  }
}

/** Checks one URL as sent; `creator` owns its documents when it names no user. */
export function validateUrl(req: SpiderUrl, creator: bigint): UrlData {
  const m = urlMessages;
  if ([...req.url].length > 2048) throw invalid("url", m.urlTooLong);
  const url = httpUrl(req.url);
  if (!url || url.href.length > 2048) throw invalid("url", m.url);
  const title = cleanName(req.title);
  if ([...title].length > 255) throw invalid("title", m.titleTooLong);
  const interval = req.interval === 0 ? 1 : req.interval;
  if (interval < 1 || interval > 86_400) throw invalid("interval", m.interval);
  if (req.price < 0) throw invalid("price", m.price);
  if (req.depth < 0 || req.depth > 5) throw invalid("depth", m.depth);
  if (req.categoryId.length > 32 || req.categoryId.some((c) => c <= 0n)) throw invalid("category_id", m.category);
  if (req.languageId < 0n) throw invalid("language_id", m.language);
  if (req.userId < 0n) throw invalid("user_id", m.user);
  return {
    url: url.href,
    title: title || url.hostname,
    categoryIds: [...new Set(req.categoryId)],
    languageId: req.languageId,
    price: req.price,
    interval,
    depth: req.depth,
    userId: req.userId > 0n ? req.userId : creator,
  };
}

export function createUrlService(deps: { repo: UrlRepository; jobs: SpiderJobs }) {
  const { repo, jobs } = deps;
  const must = async (id: bigint): Promise<UrlRow> => {
    const row = id > 0n ? await repo.get(id) : null;
    if (!row) throw new DomainError("not_found", urlMessages.notFound);
    return row;
  };
  return {
    async create(call: CallContext, req: SpiderUrl): Promise<UrlRow> {
      const me = requireSignedIn(call);
      const row = await repo.create(validateUrl(req, me.userId));
      await jobs.crawl(row.id, row.run);
      return row;
    },

    /** Saves the fields; status PENDING crawls again (refused while a crawl runs), FAILED stops a crawl. */
    async update(call: CallContext, req: SpiderUrl): Promise<void> {
      const me = requireSignedIn(call);
      const row = await must(req.id);
      const data = validateUrl(req, row.userId > 0n ? row.userId : me.userId);
      const running = row.status === CrawlState.crawling && row.leaseUntil !== null && row.leaseUntil > new Date();
      if (req.status === CrawlState.pending && row.status !== CrawlState.pending) {
        if (running) throw new DomainError("failed_precondition", urlMessages.busy);
        await repo.update(row.id, { ...data, status: CrawlState.pending, error: "", leaseUntil: null });
        await jobs.crawl(row.id, row.run);
        return;
      }
      if (req.status === CrawlState.failed && (row.status === CrawlState.pending || running)) {
        // the crawler sees its run is no longer crawling at its next request and ends there
        await repo.update(row.id, { ...data, status: CrawlState.failed, error: STOPPED, leaseUntil: null });
        return;
      }
      await repo.update(row.id, data);
    },

    async delete(ids: readonly bigint[]): Promise<void> {
      const picked = ids.filter((id) => id > 0n);
      if (!picked.length) throw invalid("id", urlMessages.pick);
      await repo.delete(picked);
    },

    get: must,

    async list(req: { page: bigint; size: bigint; wd: string; status: readonly number[] }) {
      const p = paging(req.page, req.size, { max: MAX_LIST, fallback: 10 });
      return repo.list({ wd: cleanName(req.wd), status: [...req.status] }, p.skip, p.take);
    },
  };
}
export type UrlService = ReturnType<typeof createUrlService>;
