// Spider documents as the administrator drives them: rename, queue to download again (QUEUED) or to
// publish (QUEUED_TO_PUBLISH) one, a selection, or all (an empty selection), delete with their files.
// The download and publish themselves run in the jobs (jobs/workers.ts).
import { cleanName, DomainError, paging } from "@wenku/kit";
import type { Storage } from "@wenku/kit/storage";
import type { SpiderDocument } from "@wenku/proto/api/v1/spider_pb.js";
import type { SpiderJobs } from "../jobs/queue.js";
import { DocState } from "../states.js";
import type { DocRepository, DocRow } from "./document.repository.js";

export const docMessages = {
  notFound: "采集文档不存在",
  titleTooLong: "标题不能超过255个字符",
  status: "只能设置为“排队下载”或“排队发布”",
  notReady: "该文档当前状态不能进行此操作（发布前须先下载成功）",
  pick: "请选择要删除的采集文档",
} as const;

const invalid = (field: string, message: string) => new DomainError("invalid_argument", message, undefined, field);
const MAX_LIST = 100;

/** From which statuses an administrator may move a document to QUEUED or QUEUED_TO_PUBLISH. */
const movesFrom: ReadonlyMap<number, number[]> = new Map([
  [DocState.queued, [DocState.pendingDownload, DocState.downloaded, DocState.downloadFailed, DocState.publishFailed]],
  [DocState.queuedToPublish, [DocState.downloaded, DocState.publishFailed]],
]);

export function createDocService(deps: { repo: DocRepository; jobs: SpiderJobs; storage: Storage }) {
  const { repo, jobs } = deps;
  const must = async (id: bigint): Promise<DocRow> => {
    const row = id > 0n ? await repo.get(id) : null;
    if (!row) throw new DomainError("not_found", docMessages.notFound);
    return row;
  };

  /** Moves the documents (every one when `ids` is empty) and asks for their jobs; returns how many moved. */
  async function queue(ids: bigint[], status: number): Promise<number> {
    const from = movesFrom.get(status);
    if (!from) throw invalid("status", docMessages.status);
    const moved = await repo.move(ids, from, status);
    await (status === DocState.queued ? jobs.download(moved) : jobs.publish(moved));
    return moved.length;
  }

  return {
    get: must,

    /** Saves the title; a status other than the current one queues (see movesFrom). */
    async update(req: SpiderDocument): Promise<void> {
      const row = await must(req.id);
      const title = cleanName(req.title);
      if ([...title].length > 255) throw invalid("title", docMessages.titleTooLong);
      if (title && title !== row.title) await repo.setTitle(row.id, title);
      if (req.status !== row.status && (await queue([row.id], req.status)) === 0) {
        throw new DomainError("failed_precondition", docMessages.notReady);
      }
    },

    async batch(ids: readonly bigint[], status: number): Promise<void> {
      if (ids.some((id) => id <= 0n)) throw invalid("id", docMessages.notFound);
      await queue([...new Set(ids)], status);
    },

    async delete(ids: readonly bigint[]): Promise<void> {
      const picked = ids.filter((id) => id > 0n);
      if (!picked.length) throw invalid("id", docMessages.pick);
      for (const row of await repo.delete(picked)) {
        if (row.storageKey) await deps.storage.delete(row.storageKey);
      }
    },

    async list(req: {
      page: bigint;
      size: bigint;
      wd: string;
      status: readonly number[];
      spiderUrlId: readonly bigint[];
      ext: string;
    }) {
      const p = paging(req.page, req.size, { max: MAX_LIST, fallback: 10 });
      const ext = cleanName(req.ext).toLowerCase().replace(/^\./, "").slice(0, 16);
      return repo.list(
        { wd: cleanName(req.wd), status: [...req.status], spiderUrlId: [...req.spiderUrlId], ext },
        p.skip,
        p.take,
      );
    },
  };
}
export type DocService = ReturnType<typeof createDocService>;
