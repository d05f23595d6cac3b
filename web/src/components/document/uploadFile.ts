/** The REST upload endpoint for document files (multipart field "file"). */
export const UPLOAD_DOCUMENT_URL = "/api/v1/upload/document";
/** The REST upload endpoint for the signed-in user's avatar (JPEG, PNG, GIF or WebP, at most 2 MB). */
export const UPLOAD_AVATAR_URL = "/api/v1/upload/avatar";
/** The REST upload endpoint for images of config keys (logo, favicon, QR codes); the same checks as avatars. */
export const UPLOAD_CONFIG_IMAGE_URL = "/api/v1/upload/config";
/** Uploaded images are at most this large (the server's limit). */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** The attachment the server stored (its id goes into CreateDocumentItem.attachment_id). */
export interface UploadedAttachment {
  id: bigint;
  hash: string;
  name: string;
  size: number;
  ext: string;
}

/** A refused or failed upload: the HTTP status (0: network) and the server's message when it gave one. */
export class UploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "UploadError";
  }
}

interface UploadReply {
  code?: number;
  message?: string;
  data?: { id?: number | string; hash?: string; name?: string; size?: number | string; ext?: string; path?: string };
}

function parseReply(text: string): UploadReply | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null ? (value as UploadReply) : null;
  } catch {
    return null;
  }
}

/**
 * POSTs one file with XMLHttpRequest (fetch has no upload progress), reporting the sent fraction
 * 0–1. Resolves with the attachment; rejects with an UploadError carrying the server's message, or
 * an empty message when there was none (the caller picks the wording: 413 → too big, …).
 */
export function uploadDocumentFile(
  file: Blob,
  fileName: string,
  token: string,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedAttachment> {
  return postFile(UPLOAD_DOCUMENT_URL, file, fileName, token, onProgress, signal);
}

/** Uploads an image to one of the image routes (avatar, config …); resolves with its path (/uploads/<md5><ext>). */
export async function uploadImage(url: string, file: Blob, fileName: string, token: string): Promise<string> {
  return (await postFile(url, file, fileName, token, () => {})).path;
}

function postFile(
  url: string,
  file: Blob,
  fileName: string,
  token: string,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedAttachment & { path: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const reply = parseReply(xhr.responseText);
      const data = reply?.data;
      if (xhr.status >= 200 && xhr.status < 300 && (reply?.code ?? 200) === 200 && data?.id !== undefined) {
        resolve({
          id: BigInt(data.id),
          hash: data.hash ?? "",
          name: data.name ?? fileName,
          size: Number(data.size ?? file.size),
          ext: data.ext ?? "",
          path: data.path ?? "",
        });
        return;
      }
      reject(new UploadError(xhr.status, reply?.message?.trim() ?? ""));
    };
    xhr.onerror = () => reject(new UploadError(0, ""));
    xhr.onabort = () => reject(new DOMException("Aborted", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append("file", file, fileName);
    xhr.send(body);
  });
}
