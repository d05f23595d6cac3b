// Uploaded images (avatars, config images, banners, article images and videos; category covers come with
// their slice): checked by their bytes, stored once per content under images/<md5><ext>, served from our
// own origin as /uploads/<md5><ext>, so no page ever makes a visitor's browser fetch a third party's URL.
import { createHash } from "node:crypto";
import { type CallContext, DomainError, type Logger, requireSignedIn } from "@wenku/kit";
import type { Storage } from "@wenku/kit/storage";
import type { UploadImageRequest } from "@wenku/proto/api/v1/attachment_pb.js";
import { AttachmentType } from "@wenku/proto/api/v1/enums_pb.js";
import type { UserDirectory } from "../ports.js";
import { openRanged, type RangedRequest } from "./file.range.js";
import type { FileRepository } from "./file.repository.js";
import { etagMatches, sanitizeFileName } from "./file.rules.js";
import { type FileChunkInit, withData } from "./file.stream.js";
import {
  IMAGE_MAX_BYTES,
  IMAGE_MAX_SIDE,
  IMAGE_NAME,
  imagePath,
  sniffImage,
  sniffVideo,
  VIDEO_MAX_BYTES,
} from "./image.rules.js";

export const imageMessages = {
  headerFirst: "上传请求须先发送文件信息",
  type: "暂不支持上传该用途的图片",
  notImage: "请上传 JPG、PNG、GIF 或 WebP 格式的图片",
  tooLarge: `图片不能超过 ${IMAGE_MAX_BYTES / 1024 / 1024} MB`,
  tooWide: `图片的宽和高不能超过 ${IMAGE_MAX_SIDE} 像素`,
  blocked: "该图片已被管理员禁用，不能使用",
  notFound: "图片不存在",
  notMedia: "请上传 JPG、PNG、GIF、WebP 格式的图片或 MP4、WebM 格式的视频",
  videoTooLarge: `视频不能超过 ${VIDEO_MAX_BYTES / 1024 / 1024} MB`,
  noArticle: "您没有发布文章的权限",
} as const;

/** Images are content-addressed: a path always names the same bytes, so browsers may keep them long. */
const IMAGE_CACHE = "public, max-age=604800";
/** Kinds of attachment that are images served under /uploads/ (documents are served as pages). */
const servedTypes = new Set<number>([
  AttachmentType.AVATAR,
  AttachmentType.ARTICLE,
  AttachmentType.COMMENT,
  AttachmentType.BANNER,
  AttachmentType.CATEGORY_COVER,
  AttachmentType.CONFIG,
]);

export interface ImageDeps {
  repo: FileRepository;
  storage: Storage;
  users: Pick<UserDirectory, "setAvatar" | "policy">;
  log: Logger;
}

export function createImageService(deps: ImageDeps) {
  const { repo, storage } = deps;

  /** The bytes after the header, at most `max` (an image is small: it is held whole to check it). */
  async function readImage(
    rest: AsyncIterator<UploadImageRequest>,
    max = IMAGE_MAX_BYTES,
    tooLarge: string = imageMessages.tooLarge,
  ): Promise<Buffer> {
    const parts: Buffer[] = [];
    let size = 0;
    for (;;) {
      const r = await rest.next();
      if (r.done) return Buffer.concat(parts, size);
      if (r.value.part.case !== "chunk") throw new DomainError("invalid_argument", imageMessages.headerFirst);
      size += r.value.part.value.length;
      if (size > max) throw new DomainError("resource_exhausted", tooLarge);
      parts.push(Buffer.from(r.value.part.value));
    }
  }

  /** The image's kind and size, refused when it is not an image we take. */
  function checkedImage(bytes: Buffer): Media {
    const info = sniffImage(bytes);
    if (!info) throw new DomainError("invalid_argument", imageMessages.notImage);
    if (info.width > IMAGE_MAX_SIDE || info.height > IMAGE_MAX_SIDE) {
      throw new DomainError("invalid_argument", imageMessages.tooWide);
    }
    return info;
  }

  /** Stores checked bytes once per content (images/<md5><ext>) and records (or finds) their attachment. */
  async function store(call: CallContext, name: string, type: AttachmentType, bytes: Buffer, info: Media) {
    const { userId } = requireSignedIn(call);
    const hash = createHash("md5").update(bytes).digest("hex");
    const key = `images/${hash}${info.ext}`;
    const wrote = (await storage.stat(key)) === null;
    if (wrote) await storage.put(key, bytes, { contentType: info.mime, size: bytes.length });
    const refuse = async (err: DomainError) => {
      if (wrote) await storage.delete(key).catch((e) => deps.log.warn({ err: e, key }, "image: cleanup failed"));
      return err;
    };
    const fresh = {
      hash,
      userId,
      type,
      name: sanitizeFileName(name) || `${info.width ? "image" : "video"}${info.ext}`,
      size: BigInt(bytes.length),
      ext: info.ext,
      mime: info.mime,
      storageKey: key,
      ip: call.clientIp.slice(0, 64),
      width: info.width,
      height: info.height,
    };
    const row =
      (await repo.findAttachmentByHash(hash)) ??
      (await repo.insertAttachment(fresh)) ??
      (await repo.findAttachmentByHash(hash));
    if (!row) throw new Error(`attachment ${hash} vanished after a unique violation`);
    if (!row.enable) throw await refuse(new DomainError("permission_denied", imageMessages.blocked));
    if (!servedTypes.has(row.type) || row.storageKey !== key) {
      // the same bytes were uploaded as something else (a document): never serve those as an image
      throw await refuse(new DomainError("invalid_argument", imageMessages.notImage));
    }
    return row;
  }

  return {
    /**
     * Stores the image. UploadImage passes no `purpose` and takes the header's type (avatars only: the
     * image becomes the caller's avatar); UploadConfigImage passes CONFIG and UploadBanner BANNER, whatever the
     * header says.
     */
    async upload(call: CallContext, parts: AsyncIterable<UploadImageRequest>, purpose?: AttachmentType) {
      const { userId } = requireSignedIn(call);
      const it = parts[Symbol.asyncIterator]();
      const first = await it.next();
      if (first.done || first.value.part.case !== "header") {
        throw new DomainError("invalid_argument", imageMessages.headerFirst);
      }
      const header = first.value.part.value;
      // UploadImage (login only) takes avatars; every other kind has its own RPC and permission.
      if (purpose === undefined && header.type !== AttachmentType.AVATAR) {
        throw new DomainError("invalid_argument", imageMessages.type);
      }
      const type = purpose ?? AttachmentType.AVATAR;
      const bytes = await readImage(it);
      const row = await store(call, header.name, type, bytes, checkedImage(bytes));
      if (type === AttachmentType.AVATAR) await deps.users.setAvatar(userId, imagePath(row.hash, row.ext));
      return row;
    },

    /**
     * UploadArticle: an image (checked as above) or an MP4/WebM video for an article's body, from staff or a
     * user who may publish articles (the user service's article rule; its reason is the refusal).
     */
    async uploadArticle(call: CallContext, parts: AsyncIterable<UploadImageRequest>) {
      const { userId } = requireSignedIn(call);
      if (!call.identity?.staff) {
        const policy = await deps.users.policy(userId, "article");
        if (!policy.allowed) throw new DomainError("permission_denied", policy.reason || imageMessages.noArticle);
      }
      const it = parts[Symbol.asyncIterator]();
      const first = await it.next();
      if (first.done || first.value.part.case !== "header") {
        throw new DomainError("invalid_argument", imageMessages.headerFirst);
      }
      const bytes = await readImage(it, VIDEO_MAX_BYTES, imageMessages.videoTooLarge);
      const video = sniffVideo(bytes);
      let media: Media;
      if (video) media = { ...video, width: 0, height: 0 };
      else if (!sniffImage(bytes)) throw new DomainError("invalid_argument", imageMessages.notMedia);
      else if (bytes.length > IMAGE_MAX_BYTES) throw new DomainError("resource_exhausted", imageMessages.tooLarge);
      else media = checkedImage(bytes);
      return store(call, first.value.part.value.name, AttachmentType.ARTICLE, bytes, media);
    },

    /**
     * An image the server fetched or decoded for what it is saving (remote.images.ts: an article's pasted
     * images, a category's icon or cover): checked and stored as an uploaded image of `type` is. The caller
     * may already write what the image belongs to.
     */
    async storeFetchedImage(call: CallContext, name: string, bytes: Buffer, type: AttachmentType) {
      if (bytes.length > IMAGE_MAX_BYTES) throw new DomainError("resource_exhausted", imageMessages.tooLarge);
      if (!sniffImage(bytes)) throw new DomainError("invalid_argument", imageMessages.notImage);
      return store(call, name, type, bytes, checkedImage(bytes));
    },

    /** ViewImage: an enabled uploaded image by its name "<md5><ext>". */
    async *view(
      name: string,
      ifNoneMatch: string,
      signal?: AbortSignal,
      ranged: RangedRequest = { range: "", ifRange: "" },
    ): AsyncGenerator<FileChunkInit> {
      const m = IMAGE_NAME.exec(name);
      const row = m ? await repo.findAttachmentByHash(m[1] as string) : null;
      if (!m || !row?.enable || !servedTypes.has(row.type) || row.ext !== m[2]) {
        throw new DomainError("not_found", imageMessages.notFound);
      }
      const etag = `"${row.hash}"`;
      if (etagMatches(ifNoneMatch, etag)) {
        yield { notModified: true, etag, cacheControl: IMAGE_CACHE };
        return;
      }
      const info = await storage.stat(row.storageKey);
      if (!info) throw new DomainError("not_found", imageMessages.notFound);
      // Ranges for every type: a video is played by seeking (Safari asks for nothing but ranges).
      const { first, body } = await openRanged(
        storage,
        row.storageKey,
        info.size,
        { contentType: row.mime, etag, cacheControl: IMAGE_CACHE },
        ranged,
        imageMessages.notFound,
      );
      if (!body) {
        yield first;
        return;
      }
      yield* withData(first, body, signal);
    },
  };
}

export type ImageService = ReturnType<typeof createImageService>;

/** What is stored: an image (with its size in pixels) or a video (0 × 0). */
interface Media {
  ext: string;
  mime: string;
  width: number;
  height: number;
}
