// Uploads: a document file streamed into storage, deduplicated by content hash, granted to its uploader.

import { Readable } from "node:stream";
import { conversionRouteOf, isAllowedExtension } from "@wenku/converter/contract";
import { type CallContext, DomainError, type Logger, requireSignedIn, type SettingsReader } from "@wenku/kit";
import { type Storage, StorageError } from "@wenku/kit/storage";
import type { Settings } from "@wenku/proto/api/v1/config_pb.js";
import type { UploadDocumentRequest } from "@wenku/proto/api/v1/document_pb.js";
import { AttachmentType } from "@wenku/proto/api/v1/enums_pb.js";
import { canSee } from "../documents/visibility.js";
import type { ConverterAvailability, UserDirectory } from "../ports.js";
import type { FileRepository } from "./file.repository.js";
import { extensionOf, isMd5, mimeOf, originalKey, sanitizeFileName, uploadLimit } from "./file.rules.js";
import type { QuotaSettings, UploadQuota } from "./upload.quota.js";

export const uploadMessages = {
  notAllowed: "您没有上传文档的权限",
  headerFirst: "上传请求须先发送文件信息",
  noName: "缺少文件名",
  empty: "不能上传空文件",
  sizeMismatch: "文件大小与声明不符",
  blocked: "该文件已被管理员禁用，不能上传",
  badHash: "文件哈希须为 32 位十六进制 MD5",
  badExt: (ext: string) => `不支持的文件类型：${ext || "（无扩展名）"}`,
  noConverter: (ext: string) => `服务器暂未安装 Office 文档转换程序（LibreOffice），不能上传 ${ext} 文件`,
  tooLarge: (mb: number) => `文件大小超过限制（最大 ${mb} MB）`,
} as const;

export interface UploadDeps {
  repo: FileRepository;
  storage: Storage;
  settings: Pick<SettingsReader, "current">;
  users: Pick<UserDirectory, "policy">;
  /** Per-user daily upload count and volume (security.upload_max_per_day, upload_max_mb_per_day). */
  quota: UploadQuota;
  /** Which formats can be converted now (office formats need LibreOffice); unset: all. */
  converters?: ConverterAvailability;
  log: Logger;
}

/** The quotas of the settings (0 or unset: unlimited). */
export function quotaSettings(settings: Settings): QuotaSettings {
  return {
    perDay: Math.max(0, settings.security?.uploadMaxPerDay ?? 0),
    mbPerDay: Math.max(0, settings.security?.uploadMaxMbPerDay ?? 0),
  };
}

export function createUploadService(deps: UploadDeps) {
  const { repo, storage } = deps;

  /** The chunks after the header, as bytes; a second header is a protocol error. */
  async function* chunks(rest: AsyncIterator<UploadDocumentRequest>): AsyncGenerator<Buffer> {
    for (;;) {
      const r = await rest.next();
      if (r.done) return;
      if (r.value.part.case !== "chunk") throw new DomainError("invalid_argument", uploadMessages.headerFirst);
      if (r.value.part.value.length > 0) yield Buffer.from(r.value.part.value);
    }
  }

  return {
    /** GetDocumentConverters: what the upload page may offer. */
    async converters(): Promise<{ office: boolean; unavailableExt: string[] }> {
      if (!deps.converters) return { office: true, unavailableExt: [] };
      const [office, unavailableExt] = await Promise.all([
        deps.converters.office(),
        deps.converters.unavailableExtensions(),
      ]);
      return { office, unavailableExt };
    },

    /**
     * CheckDocumentExist: whether usable content with this MD5 exists (an enabled row whose object is in
     * storage). A hit grants the caller the attachment, as an upload of the same bytes would, and names
     * the oldest document outside the recycle bin made from it that the caller may see (0n: none).
     */
    async exists(
      call: CallContext,
      hash: string,
    ): Promise<{ exist: boolean; attachmentId: bigint; documentId: bigint }> {
      const { userId } = requireSignedIn(call);
      const h = hash.trim().toLowerCase();
      if (!isMd5(h)) throw new DomainError("invalid_argument", uploadMessages.badHash);
      const row = await repo.findAttachmentByHash(h);
      if (!row?.enable || (await storage.stat(row.storageKey)) === null) {
        return { exist: false, attachmentId: 0n, documentId: 0n };
      }
      await repo.grant(row.id, userId);
      const docs = await repo.findPageDocumentsByHash(h);
      const doc = docs.find((d) => d.deletedAt === null && canSee(d, call));
      return { exist: true, attachmentId: row.id, documentId: doc?.id ?? 0n };
    },

    async upload(call: CallContext, parts: AsyncIterable<UploadDocumentRequest>) {
      const { userId } = requireSignedIn(call);
      const policy = await deps.users.policy(userId, "upload");
      if (!policy.allowed) throw new DomainError("permission_denied", policy.reason || uploadMessages.notAllowed);

      const it = parts[Symbol.asyncIterator]();
      const first = await it.next();
      if (first.done || first.value.part.case !== "header") {
        throw new DomainError("invalid_argument", uploadMessages.headerFirst);
      }
      const header = first.value.part.value;
      const name = sanitizeFileName(header.name);
      if (!name) throw new DomainError("invalid_argument", uploadMessages.noName);
      const ext = extensionOf(name);
      const declared = Number(header.size);
      const { settings, limit } = await admitFile(ext, declared);
      // The day's quota: refused before a byte is read when used up; the file may not exceed what is left.
      const quota = quotaSettings(settings);
      const room = await deps.quota.admit(userId, quota);
      if (declared > room.bytesLeft) throw room.overVolume();
      const quotaBound = room.bytesLeft < limit.bytes;

      const row = await receive({ userId, name, ext, ip: call.clientIp }, chunks(it), declared, {
        maxBytes: quotaBound ? room.bytesLeft : limit.bytes,
        tooLarge: () =>
          quotaBound ? room.overVolume() : new DomainError("resource_exhausted", uploadMessages.tooLarge(limit.mb)),
        // Counted once stored (uploads running at once may have used the quota up meanwhile: refused).
        count: {
          record: (size) => deps.quota.record(userId, size, quota),
          refund: (size) => deps.quota.refund(userId, size, quota),
        },
      });
      await repo.grant(row.id, userId);
      return row;
    },

    /**
     * The file checks of an upload, before a byte is read (ImportDocument runs them on its header):
     * an allowed extension something here converts, a declared size within the upload limit.
     */
    checkFile: (ext: string, declared: number) => admitFile(ext, declared).then(() => undefined),

    /**
     * Stores a file for `userId` as upload does, its exact length `size` (> 0) declared beforehand, and
     * grants it to them; no daily quota (staff import on the owner's behalf). A body that fails or ends
     * short of `size` leaves nothing stored.
     */
    async importFile(u: { userId: bigint; name: string; ext: string }, size: number, body: AsyncIterable<Buffer>) {
      if (!(size > 0)) throw new DomainError("invalid_argument", uploadMessages.empty);
      const { limit } = await admitFile(u.ext, size);
      const row = await receive({ ...u, ip: "" }, body, size, {
        maxBytes: limit.bytes,
        tooLarge: () => new DomainError("resource_exhausted", uploadMessages.tooLarge(limit.mb)),
      });
      await repo.grant(row.id, u.userId);
      return row;
    },
  };

  /** The extension and the declared size an upload may have; answers the settings read and the limit. */
  async function admitFile(ext: string, declared: number) {
    const settings = await deps.settings.current();
    if (!ext || !isAllowedExtension(ext, settings.security?.documentAllowedExt)) {
      throw new DomainError("invalid_argument", uploadMessages.badExt(ext));
    }
    // A format nothing here can convert would only end "convert failed": refused before a byte is stored.
    if (conversionRouteOf(ext) === "office" && deps.converters && !(await deps.converters.office())) {
      throw new DomainError("failed_precondition", uploadMessages.noConverter(ext));
    }
    const limit = uploadLimit(settings);
    if (declared > limit.bytes) throw new DomainError("resource_exhausted", uploadMessages.tooLarge(limit.mb));
    return { settings, limit };
  }

  /**
   * Streams `body` into storage under a new key and answers the attachment for its content (see keep).
   * Nothing stays stored when the body fails, is too large, differs from `declared` (> 0) or is empty,
   * or when `count.record` refuses it.
   */
  async function receive(
    u: { userId: bigint; name: string; ext: string; ip: string },
    body: AsyncIterable<Buffer>,
    declared: number,
    opts: {
      maxBytes: number;
      tooLarge: () => DomainError;
      count?: { record(size: number): Promise<void>; refund(size: number): Promise<void> };
    },
  ) {
    const key = originalKey(u.ext);
    let stored: { size: number; md5: string };
    try {
      stored = await storage.put(key, Readable.from(body), {
        maxBytes: opts.maxBytes,
        contentType: mimeOf(u.ext),
        ...(declared > 0 ? { size: declared } : {}),
      });
    } catch (err) {
      if (err instanceof StorageError && err.code === "too_large") throw opts.tooLarge();
      if (err instanceof StorageError && err.code === "size_mismatch") {
        throw new DomainError("invalid_argument", uploadMessages.sizeMismatch);
      }
      throw err;
    }
    try {
      if (stored.size === 0) throw new DomainError("invalid_argument", uploadMessages.empty);
      await opts.count?.record(stored.size);
      try {
        return await keep(stored, key, u);
      } catch (err) {
        await opts.count?.refund(stored.size).catch((e) => deps.log.warn({ err: e }, "upload: refund"));
        throw err;
      }
    } catch (err) {
      await storage.delete(key).catch((e) => deps.log.warn({ err: e, key }, "upload: cleanup failed"));
      throw err;
    }
  }

  /**
   * The attachment for the stored content: a new row, or the existing row of the same hash (the new object
   * is then a duplicate and goes, unless the row's own object is missing: then the row adopts the new one).
   * When this throws, the caller deletes the new object (no row refers to it then).
   */
  async function keep(
    stored: { size: number; md5: string },
    key: string,
    u: { userId: bigint; name: string; ext: string; ip: string },
  ) {
    const fresh = {
      hash: stored.md5,
      userId: u.userId,
      type: AttachmentType.DOCUMENT,
      name: u.name,
      size: BigInt(stored.size),
      ext: u.ext,
      mime: mimeOf(u.ext),
      storageKey: key,
      ip: u.ip.slice(0, 64),
    };
    const existing = (await repo.findAttachmentByHash(stored.md5)) ?? (await repo.insertAttachment(fresh));
    const row = existing ?? (await repo.findAttachmentByHash(stored.md5));
    if (!row) throw new Error(`attachment ${stored.md5} vanished after a unique violation`);
    if (row.storageKey === key) return row; // ours: keep the object
    if (!row.enable) throw new DomainError("permission_denied", uploadMessages.blocked);
    if ((await storage.stat(row.storageKey)) === null && (await repo.moveAttachment(row.id, row.storageKey, key))) {
      deps.log.info(
        { attachment: row.id.toString(), from: row.storageKey, to: key },
        "upload: replaced a missing object",
      );
      return { ...row, storageKey: key };
    }
    await storage.delete(key);
    return row;
  }
}

export type UploadService = ReturnType<typeof createUploadService>;
