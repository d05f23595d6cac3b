// The editor's uploads and links, as plain functions (unit-tested): what may be picked (the server
// checks the bytes again), the upload to POST /api/v1/upload/article (moredoc's route, answering
// wangEditor's {errno: 0, data: {url, alt}}), and which link addresses the editor accepts.
import type { MessageKey } from "../../i18n/zh-CN.js";

export const UPLOAD_ARTICLE_URL = "/api/v1/upload/article";
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
export const VIDEO_TYPES = ["video/mp4", "video/webm"] as const;
/** The server's limits (image.rules.ts IMAGE_MAX_BYTES, VIDEO_MAX_BYTES). */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 20 * 1024 * 1024;

export type MediaKind = "image" | "video";

/** Why a picked file is not sent (a message key), or null when it may be uploaded. */
export function mediaProblem(kind: MediaKind, file: Pick<File, "type" | "size">): MessageKey | null {
  if (kind === "image") {
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return "post.upload.imageType";
    if (file.size > IMAGE_MAX_BYTES) return "post.upload.imageTooLarge";
    return null;
  }
  if (!(VIDEO_TYPES as readonly string[]).includes(file.type)) return "post.upload.videoType";
  if (file.size > VIDEO_MAX_BYTES) return "post.upload.videoTooLarge";
  return null;
}

/** A refused upload: the HTTP status (0: network) and the server's message, when it gave one. */
export class MediaUploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "MediaUploadError";
  }
}

/** The stored file's path (/uploads/<md5><ext>) from the route's answer, or null when it is not one. */
export function uploadedUrl(reply: unknown): string | null {
  if (typeof reply !== "object" || reply === null) return null;
  const { errno, data } = reply as { errno?: unknown; data?: { url?: unknown } };
  const url = data?.url;
  return errno === 0 && typeof url === "string" && /^\/uploads\/[0-9a-f]{32}\.[a-z0-9]{2,5}$/.test(url) ? url : null;
}

/** Uploads one picked file as the signed-in user; resolves with its path, rejects with MediaUploadError. */
export async function uploadArticleMedia(kind: MediaKind, file: File, token: string): Promise<string> {
  const body = new FormData();
  body.append("file", file, file.name);
  let res: Response;
  try {
    res = await fetch(`${UPLOAD_ARTICLE_URL}?type=${kind}`, {
      method: "POST",
      body,
      headers: { authorization: `Bearer ${token}`, accept: "application/json" },
    });
  } catch {
    throw new MediaUploadError(0, "");
  }
  const reply: unknown = await res.json().catch(() => null);
  const url = res.ok ? uploadedUrl(reply) : null;
  if (url) return url;
  const message = (reply as { message?: unknown } | null)?.message;
  throw new MediaUploadError(res.status, typeof message === "string" ? message.trim() : "");
}

/**
 * A link as the editor stores it: http(s) and mailto addresses, site paths ("/…", not "//host"), and a
 * bare host ("example.com/a") taken as https. Anything else (javascript:, data:, spaces) is null.
 */
export function normalizeLink(raw: string): string | null {
  const value = raw.trim();
  if (!value || /\s/.test(value)) return null;
  if (value.startsWith("/")) return value.startsWith("//") ? null : value;
  if (/^mailto:[^@]+@[^@]+$/i.test(value)) return value;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".") ? url.href : null;
  } catch {
    return null;
  }
}
