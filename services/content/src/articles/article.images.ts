// Images an author pasted into an article from another site (or as data: URLs) become this site's
// images when the article is saved (remote.images.ts: fetched once under the kit's guard, or decoded,
// then stored as the editor's uploads are). An image that cannot be stored refuses the save with a 400
// on `content` naming that image (what an editor expects: nothing vanishes from the article silently;
// the author uploads it or removes it).
import { type CallContext, DomainError } from "@wenku/kit";
import { FetchRefused } from "@wenku/kit/net";
import { AttachmentType } from "@wenku/proto/api/v1/enums_pb.js";
import { imageLabel, type RemoteImages } from "../files/remote.images.js";

/** Remote and data: images stored for one save at most (a paste of a whole web page is refused, not fetched for minutes). */
export const ARTICLE_REMOTE_IMAGES_MAX = 30;
/** Images fetched at once for one save. */
const PARALLEL = 4;

export const articleImageMessages = {
  tooMany: `一篇文章中需要保存的外部图片不能超过 ${ARTICLE_REMOTE_IMAGES_MAX} 张，请用编辑器上传图片`,
  failed: (image: string, why: string) =>
    `文章中的图片「${image}」无法保存：${why}。请将图片下载后用编辑器上传，或删除该图片后再保存`,
} as const;

export function createArticleImages(remote: RemoteImages) {
  async function storeOne(call: CallContext, src: string): Promise<string> {
    try {
      return await remote.store(call, src, AttachmentType.ARTICLE);
    } catch (err) {
      if (!(err instanceof FetchRefused) && !(err instanceof DomainError)) throw err;
      const message = articleImageMessages.failed(imageLabel(src), err.message);
      throw new DomainError("invalid_argument", message, undefined, "content");
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

    /**
     * Stores what it can of the first ARTICLE_REMOTE_IMAGES_MAX images `sources` names and answers where
     * each stored one now is; one that cannot be stored is left out (CrawlArticle: the sanitiser then
     * drops it, and the imported article is saved without it). `skipped` hears each one left out.
     */
    async storeSome(
      call: CallContext,
      sources: readonly string[],
      skipped: (src: string, why: string) => void,
    ): Promise<ReadonlyMap<string, string>> {
      const stored = new Map<string, string>();
      const queue = sources.slice(0, ARTICLE_REMOTE_IMAGES_MAX);
      for (const src of sources.slice(ARTICLE_REMOTE_IMAGES_MAX)) skipped(src, "too many images");
      const worker = async () => {
        for (let src = queue.shift(); src !== undefined; src = queue.shift()) {
          try {
            stored.set(src, await remote.store(call, src, AttachmentType.ARTICLE));
          } catch (err) {
            if (!(err instanceof FetchRefused) && !(err instanceof DomainError)) throw err;
            skipped(src, err.message);
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL, queue.length) }, worker));
      return stored;
    },
  };
}

export type ArticleImages = ReturnType<typeof createArticleImages>;
