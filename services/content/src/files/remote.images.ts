// Images given by URL (pasted into an article, typed as a category's icon or cover) become this site's
// images when what holds them is saved: a remote http(s) image is fetched once through the kit's guarded
// fetcher (public addresses only, size and time capped, a JPEG/PNG/GIF/WebP by its bytes), a data: image
// decoded, and both stored exactly as uploads are (image.service: checked by their bytes, deduplicated by
// content, served from /uploads/). Readers' browsers then never ask a third party for them.
import type { CallContext } from "@wenku/kit";
import { DomainError } from "@wenku/kit";
import { type AllowHosts, fetchImage } from "@wenku/kit/net";
import type { AttachmentType } from "@wenku/proto/api/v1/enums_pb.js";
import { IMAGE_MAX_BYTES, imagePath } from "./image.rules.js";
import type { ImageService } from "./image.service.js";

/** One image's fetch, redirects and body included. */
export const REMOTE_IMAGE_TIMEOUT_MS = 10_000;

const DATA_IMAGE = /^data:image\/[a-z0-9.+-]+;base64,([A-Za-z0-9+/=\s]+)$/i;

/** An image this site would have to store before showing it: an http(s) URL or a data: image. */
export const isRemoteImage = (src: string): boolean => /^https?:\/\//i.test(src) || DATA_IMAGE.test(src);

export interface RemoteImagesDeps {
  images: Pick<ImageService, "storeFetchedImage">;
  /** What the fetcher may reach although private: the operator's FETCH_ALLOW_HOSTS. */
  allow?: AllowHosts;
  timeoutMs?: number;
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

/** How a refusal names an image: the URL, shortened; a data: URL by its start. */
export function imageLabel(src: string): string {
  const shown = src.startsWith("data:") ? `${src.slice(0, src.indexOf(",") + 1)}…` : src;
  return shown.length > 120 ? `${shown.slice(0, 117)}…` : shown;
}

export function createRemoteImages(deps: RemoteImagesDeps) {
  const timeoutMs = deps.timeoutMs ?? REMOTE_IMAGE_TIMEOUT_MS;

  async function bytesOf(src: string): Promise<Buffer> {
    const data = DATA_IMAGE.exec(src);
    if (data) {
      const base64 = (data[1] ?? "").replace(/\s+/g, "");
      // the decoded size, before decoding anything that large
      if (Math.floor((base64.length * 3) / 4) > IMAGE_MAX_BYTES + 2)
        throw new DomainError("invalid_argument", `图片不能超过 ${IMAGE_MAX_BYTES / 1024 / 1024} MB`);
      return Buffer.from(base64, "base64");
    }
    return (await fetchImage(src, { maxBytes: IMAGE_MAX_BYTES, timeoutMs, allow: deps.allow })).bytes;
  }

  return {
    /**
     * Fetches (or decodes) `src` and stores it as an image of `type`; answers its /uploads/ path. Refusals
     * are the fetcher's FetchRefused or the image checks' DomainError, each with a message for users.
     */
    async store(call: CallContext, src: string, type: AttachmentType): Promise<string> {
      const row = await deps.images.storeFetchedImage(call, nameOf(src), await bytesOf(src), type);
      return imagePath(row.hash, row.ext);
    },
  };
}

export type RemoteImages = ReturnType<typeof createRemoteImages>;
