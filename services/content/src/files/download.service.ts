// Download links (limits, records, signing) and the file behind a link.
import { type CallContext, cleanName, DomainError, paging, type SettingsReader, startOfLocalDay } from "@wenku/kit";
import type { Storage } from "@wenku/kit/storage";
import { isOwner, isPublic } from "../documents/visibility.js";
import type { OrderDesk } from "../ports.js";
import { downloadKey, signDownload, verifyDownload } from "./download.token.js";
import { openRanged, type RangedRequest } from "./file.range.js";
import type { DocumentFile, FileRepository } from "./file.repository.js";
import { type FileChunkInit, withData } from "./file.stream.js";

export const downloadMessages = {
  noDocument: "文档不存在",
  notPublished: "文档尚未公开，暂不能下载",
  login: "请先登录",
  priced: "付费文档暂不能下载：订单服务未接入",
  vipLogin: "VIP文档仅限VIP会员下载，请先登录",
  disabled: "当前不允许下载文档",
  userLimit: (n: number) => `您今日的下载次数已达上限（${n} 次），请明天再来`,
  ipLimit: (n: number) => `当前网络今日的下载次数已达上限（${n} 次），请明天再来`,
  expired: "下载链接已失效",
  withdrawn: "文档已下架，下载链接已失效",
  noFile: "文件不存在",
} as const;

/** download.url_duration when unset or ≤ 0. */
export const DEFAULT_URL_SECONDS = 60;

/** GetDocumentUuids answers at most this many documents. */
const MAX_UUIDS = 1000;

/** A page of a user's download history holds at most this many. */
const MAX_HISTORY_SIZE = 100;

/** DocumentInternalAPI.GetDocumentProduct's answer, as plain data. */
export interface DocumentProduct {
  id: bigint;
  title: string;
  price: number;
  userId: bigint;
  public: boolean;
  isVip: boolean;
}

export interface DownloadDeps {
  repo: FileRepository;
  storage: Storage;
  settings: Pick<SettingsReader, "current">;
  internalToken: string;
  /** Charges priced downloads (the order service); absent: priced documents are refused. */
  orders?: OrderDesk;
  /** Link expiry and the day the limits count from; the wall clock when unset. */
  clock?: () => Date;
  /** The site's time zone (SITE_TIME_ZONE): the daily limits count from its midnight. */
  timeZone: string;
}

export function createDownloadService(deps: DownloadDeps) {
  const key = downloadKey(deps.internalToken);
  const now = deps.clock ?? (() => new Date());

  const live = async (id: bigint): Promise<DocumentFile> => {
    const doc = id > 0n ? await deps.repo.findDocumentFile(id) : null;
    if (!doc || doc.deletedAt !== null) throw new DomainError("not_found", downloadMessages.noDocument);
    return doc;
  };

  const link = (doc: DocumentFile, userId: bigint, seconds: number, review = false) => {
    const expiresAt = Math.floor(now().getTime() / 1000) + (seconds > 0 ? seconds : DEFAULT_URL_SECONDS);
    return { url: `/download/${signDownload(key, { documentId: doc.id, userId, expiresAt, review })}` };
  };

  return {
    /** A document as the order service sells it: its price, uploader and whether it is public. */
    async product(id: bigint): Promise<DocumentProduct> {
      const doc = await live(id);
      return {
        id: doc.id,
        title: doc.title,
        price: doc.price,
        userId: doc.userId,
        public: isPublic(doc),
        isVip: doc.isVip,
      };
    },

    /** The uuids of documents by id (the order lists link them), at most MAX_UUIDS. */
    uuids(ids: readonly bigint[]): Promise<Map<bigint, string>> {
      const wanted = [...new Set(ids)].filter((id) => id > 0n);
      if (wanted.length > MAX_UUIDS)
        throw new DomainError("invalid_argument", `最多查询 ${MAX_UUIDS} 个文档`, undefined, "id");
      return wanted.length ? deps.repo.documentUuids(wanted) : Promise.resolve(new Map());
    },

    /** A user's download history, newest first (the user service checked who is asking). */
    history(userId: bigint, page: bigint, size: bigint) {
      const { skip, take } = paging(page, size, { max: MAX_HISTORY_SIZE, fallback: 10 });
      return deps.repo.userDownloads(userId, skip, take);
    },

    /**
     * DownloadDocument: published documents only (moredoc defect #3), within the daily limits; priced ones
     * charged by the order service, which also serves VIP members their benefits and refuses VIP
     * documents to others. DownloadDocumentVip (`vip`): the same, for VIP members only.
     */
    async download(call: CallContext, id: bigint, opts: { vip?: boolean } = {}): Promise<{ url: string }> {
      const doc = await live(id);
      if (!isPublic(doc)) {
        if (!isOwner(doc, call)) throw new DomainError("not_found", downloadMessages.noDocument);
        throw new DomainError("failed_precondition", downloadMessages.notPublished);
      }
      const s = await deps.settings.current();
      const dl = s.download;
      const who = call.identity;
      if (!who && !dl?.enableGuestDownload) throw new DomainError("unauthenticated", downloadMessages.login);
      // Priced documents are free for their owner and for holders of this RPC's permission (an elevated
      // grant an administrator gives on purpose), not for anyone who happens to hold some permission.
      // Everyone else pays with credits (the order service), visitors cannot.
      const exempt = !!who?.granted || isOwner(doc, call);
      const paying = doc.price > 0 && !exempt;
      // VIP documents and the VIP path: the order service decides who is a member (never the uploader's own).
      const vipOnly = (doc.isVip || !!opts.vip) && !exempt;
      if (vipOnly && !who) throw new DomainError("unauthenticated", downloadMessages.vipLogin);
      if (paying && !who) throw new DomainError("unauthenticated", downloadMessages.login);
      if ((paying || vipOnly) && !deps.orders) throw new DomainError("failed_precondition", downloadMessages.priced);
      const perUser = dl?.timesEveryDay ?? 0;
      const perIp = dl?.timesEveryIp ?? 0;
      if ((who && perUser <= 0) || perIp <= 0) throw new DomainError("failed_precondition", downloadMessages.disabled);
      const since = startOfLocalDay(now(), deps.timeZone);
      const recorded = await deps.repo.recordDownload({
        documentId: doc.id,
        userId: who?.userId ?? 0n,
        ip: call.clientIp.slice(0, 64),
        since,
        perUser,
        perIp,
      });
      if (recorded === "user" || recorded === "ip") {
        // the day's limits reset at the site's next midnight: that is when to come back (Retry-After)
        const tomorrow = startOfLocalDay(new Date(since.getTime() + 36 * 3_600_000), deps.timeZone);
        const wait = Math.max(1, Math.ceil((tomorrow.getTime() - now().getTime()) / 1000));
        const message = recorded === "user" ? downloadMessages.userLimit(perUser) : downloadMessages.ipLimit(perIp);
        throw new DomainError("resource_exhausted", message, wait);
      }
      if ((paying || vipOnly) && who && deps.orders) {
        // Recorded first (the day's limits hold), charged second, taken back when the charge fails: the
        // two services share no transaction, and a refused charge must neither count nor use a limit.
        let served: { charged: number; vip: boolean };
        try {
          const freeDays = Math.max(0, dl?.freeDownloadDuration ?? 0);
          served = await deps.orders.chargeDownload(who.userId, doc.id, freeDays, vipOnly);
        } catch (err) {
          await deps.repo.undoDownload(recorded.id, doc.id);
          throw err;
        }
        // Paid: bought now or served by a purchase; a VIP member's free download is not.
        if (paying && (served.charged > 0 || !served.vip)) await deps.repo.markDownloadPaid(recorded.id);
      }
      return link(doc, who?.userId ?? 0n, dl?.urlDuration ?? 0);
    },

    /** DownloadDocumentToBeReviewed (staff with the permission): any status, no limits, not recorded. */
    async downloadForReview(call: CallContext, id: bigint): Promise<{ url: string }> {
      const doc = await live(id);
      const s = await deps.settings.current();
      return link(doc, call.identity?.userId ?? 0n, s.download?.urlDuration ?? 0, true);
    },

    /**
     * FetchDocumentDownload: the token is the credential, checked against the document as it is now: a link
     * stops working when its document is recycled, disabled, rejected or its file blocked (a reviewer's link
     * works in any status while the document exists).
     */
    async *fetch(
      token: string,
      signal?: AbortSignal,
      ranged: RangedRequest = { range: "", ifRange: "" },
    ): AsyncGenerator<FileChunkInit> {
      const v = verifyDownload(key, token, Math.floor(now().getTime() / 1000));
      if (!v.ok) throw new DomainError("permission_denied", downloadMessages.expired);
      const doc = await live(v.claims.documentId);
      if (!doc.attachment.enable || (!v.claims.review && !isPublic(doc))) {
        throw new DomainError("permission_denied", downloadMessages.withdrawn);
      }
      const info = await deps.storage.stat(doc.attachment.storageKey);
      if (!info) throw new DomainError("not_found", downloadMessages.noFile);
      // Ranges resume a cut download; the etag (the file's content hash) keeps a resumed one whole.
      const { first, body } = await openRanged(
        deps.storage,
        doc.attachment.storageKey,
        info.size,
        {
          contentType: doc.attachment.mime || "application/octet-stream",
          etag: doc.attachmentHash ? `"${doc.attachmentHash}"` : "",
          fileName: saveAs(doc.title, doc.ext || doc.attachment.ext),
          cacheControl: "private, no-store",
        },
        ranged,
        downloadMessages.noFile,
      );
      if (!body) {
        yield first;
        return;
      }
      yield* withData(first, body, signal);
    },
  };
}

/**
 * "<title><ext>", the extension not doubled, without path separators, control, bidi or other invisible
 * characters (titles stored before kit cleanName may hold them).
 */
export function saveAs(title: string, ext: string): string {
  const base = cleanName(title).replace(/[/\\]/g, "_").trim() || "document";
  return base.toLowerCase().endsWith(ext.toLowerCase()) ? base : `${base}${ext}`;
}

export type DownloadService = ReturnType<typeof createDownloadService>;
