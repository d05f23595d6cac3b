// Images an author pasted into an article from another site (or as data: URLs) become this site's
// images when the article is saved: each remote one is fetched once through the kit's guarded fetcher
// (public addresses only, size and time capped, a JPEG/PNG/GIF/WebP by its bytes), each data: one
// decoded, and both stored exactly as the editor's uploads are (image.service: checked by their bytes,
// deduplicated by content, served from /uploads/). Readers' browsers then never ask a third party.
// An image that cannot be stored refuses the save with a 400 on `content` naming that image (what an
// editor expects: nothing vanishes from the article silently; the author uploads it or removes it).
import { type CallContext, DomainError } from "@wenku/kit";
import { type AddressAllowList, FetchRefused, fetchImage } from "@wenku/kit/net";
import { IMAGE_MAX_BYTES, imagePath } from "../files/image.rules.js";
import type { ImageService } from "../files/image.service.js";

/** Remote and data: images stored for one save at most (a paste of a whole web page is refused, not fetched for minutes). */
export const ARTICLE_REMOTE_IMAGES_MAX = 30;
/** One image's fetch, redirects and body included. */
export const ARTICLE_IMAGE_TIMEOUT_MS = 10_000;
/** Images fetched at once for one save. */
const PARALLEL = 4;

const DATA_IMAGE = /^data:image\/[a-z0-9.+-]+;base64,([A-Za-z0-9+/=\s]+)$/i;

export const articleImageMessages = {
  tooMany: `一篇文章中需要保存的外部图片不能超过 ${ARTICLE_REMOTE_IMAGES_MAX} 张，请用编辑器上传图片`,
  failed: (image: string, why: string) =>
    `文章中的图片「${image}」无法保存：${why}。请将图片下载后用编辑器上传，或删除该图片后再保存`,
  dataTooLarge: `图片不能超过 ${IMAGE_MAX_BYTES / 1024 / 1024} MB`,
} as const;

export interface ArticleImagesDeps {
  images: Pick<ImageService, "storeArticleImage">;
  /** Addresses the fetcher may reach although private: tests' local servers only (TEST_FETCH_ALLOW). */
  allow?: AddressAllowList;
  timeoutMs?: number;
}

/** How the refusal names an image: the URL, shortened; a data: URL by its start. */
function label(src: string): string {
  const shown = src.startsWith("data:") ? `${src.slice(0, src.indexOf(",") + 1)}…` : src;
  return shown.length > 120 ? `${shown.slice(0, 117)}…` : shown;
}

/** The file name an image is recorded with: the URL's last segment ("image" for data: URLs). */
function nameOf(src: string): string {
  if (src.startsWith("data:")) return "image";
  try {
    return decodeURIComponent(new URL(src).pathname.split("/").pop() ?? "") || "image";
  } catch {
    return "image";
  }
}

export function createArticleImages(deps: ArticleImagesDeps) {
  const timeoutMs = deps.timeoutMs ?? ARTICLE_IMAGE_TIMEOUT_MS;

  async function bytesOf(src: string): Promise<Buffer> {
    const data = DATA_IMAGE.exec(src);
    if (data) {
      const base64 = (data[1] ?? "").replace(/\s+/g, "");
      // decoded size, before decoding anything that large
      if (Math.floor((base64.length * 3) / 4) > IMAGE_MAX_BYTES + 2)
        throw new DomainError("invalid_argument", articleImageMessages.dataTooLarge);
      return Buffer.from(base64, "base64");
    }
    const got = await fetchImage(src, { maxBytes: IMAGE_MAX_BYTES, timeoutMs, allow: deps.allow });
    return got.bytes;
  }

  async function storeOne(call: CallContext, src: string): Promise<string> {
    try {
      const row = await deps.images.storeArticleImage(call, nameOf(src), await bytesOf(src));
      return imagePath(row.hash, row.ext);
    } catch (err) {
      if (!(err instanceof FetchRefused) && !(err instanceof DomainError)) throw err;
      throw new DomainError(
        "invalid_argument",
        articleImageMessages.failed(label(src), err.message),
        undefined,
        "content",
      );
    }
  }

  return {
    /**
     * Stores every image `sources` names (articleImageSources of the submitted HTML) and answers where
     * each now is; refuses the save (invalid_argument on content) when one cannot be stored.
     */
    async store(call: CallContext, sources: readonly string[]): Promise<ReadonlyMap<string, string>> {
      if (sources.length > ARTICLE_REMOTE_IMAGES_MAX)
        throw new DomainError("invalid_argument", articleImageMessages.tooMany, undefined, "content");
      const stored = new Map<string, string>();
      const queue = [...sources];
      const worker = async () => {
        for (let src = queue.shift(); src !== undefined; src = queue.shift())
          stored.set(src, await storeOne(call, src));
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL, queue.length) }, worker));
      return stored;
    },
  };
}

export type ArticleImages = ReturnType<typeof createArticleImages>;
