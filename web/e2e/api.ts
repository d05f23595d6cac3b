import { type APIRequestContext, expect } from "@playwright/test";

/**
 * The HTTP API as the e2e specs drive it to set up what a flow starts from: an admin's category, a
 * user, an uploaded PDF made into a converted document.
 */
export const STATUS_CONVERTED = 2;
export const STATUS_FAILED = 3;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A JSON call that must succeed; returns the body. */
export async function call<T>(
  request: APIRequestContext,
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  token: string | null,
  data?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await request.fetch(path, {
    method,
    headers: { ...headers, ...(token ? bearer(token) : {}) },
    ...(data === undefined ? {} : { data }),
  });
  const text = await response.text();
  expect(response.status(), `${method} ${path}: ${text}`).toBe(200);
  return (text ? JSON.parse(text) : {}) as T;
}

export interface ApiDocument {
  id: number | string;
  title: string;
  status?: number;
  pages?: number;
  preview?: number;
  convert_error?: string;
  review_reason?: string;
}

export interface ApiUser {
  token: string;
  user: { id: number };
}

/** A new top-level document category made by the admin; returns its id. */
/** A document category; `sort` (larger first) puts it ahead of other specs' categories where lists are cut. */
export async function createCategory(
  request: APIRequestContext,
  adminToken: string,
  title: string,
  sort = 0,
): Promise<number> {
  await call(request, "POST", "/api/v1/category", adminToken, { title, type: 0, enable: true, sort });
  const list = await call<{ category?: { id: number; title: string }[] }>(
    request,
    "GET",
    `/api/v1/category/list?type=0&size=1000&wd=${encodeURIComponent(title)}`,
    adminToken,
  );
  const id = list.category?.find((c) => c.title === title)?.id;
  expect(id, "the new category is listed").toBeTruthy();
  return id as number;
}

/**
 * A visitor's own address. The suite signs up some seventy users on one site from this one machine;
 * each arrives as the separate visitor it stands for (X-Forwarded-For, honoured because the e2e site
 * trusts loopback as its proxy: TRUSTED_PROXIES in scripts/test.mjs), so the per-address sign-up limit
 * (60 an hour; tests/api ratelimit and limits suites) is left to the flows that register through the page.
 */
const visitorAddress = () => `198.51.100.${1 + Math.floor(Math.random() * 254)}`;

/** A new user (the default group may upload; seed.ts), signed in. */
export const registerUser = (request: APIRequestContext, username: string, password: string) =>
  call<ApiUser>(
    request,
    "POST",
    "/api/v1/user/register",
    null,
    { username, password, email: `${username}@example.com` },
    { "x-forwarded-for": visitorAddress() },
  );

/**
 * Uploads `pdf` as `user`, creates the document `title` in `categoryId` and waits until it is
 * converted (and, with no review in the default group, published); returns it as its uploader reads it.
 */
export const publishPdf = (
  request: APIRequestContext,
  user: ApiUser,
  o: { title: string; categoryId: number; pdf: Buffer | Uint8Array; price?: number },
): Promise<ApiDocument> =>
  publishFile(request, user, { ...o, file: { ext: ".pdf", mimeType: "application/pdf", buffer: o.pdf } });

/** As publishPdf, for a file of any type the site converts (`ext` with the dot). */
export async function publishFile(
  request: APIRequestContext,
  user: ApiUser,
  o: {
    title: string;
    categoryId: number;
    file: { ext: string; mimeType: string; buffer: Buffer | Uint8Array };
    price?: number;
  },
): Promise<ApiDocument> {
  const upload = await request.post("/api/v1/upload/document", {
    headers: bearer(user.token),
    multipart: {
      file: { name: `${o.title}${o.file.ext}`, mimeType: o.file.mimeType, buffer: Buffer.from(o.file.buffer) },
    },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  // moredoc's upload envelope: { code, message, data: Attachment }.
  const uploaded = (await upload.json()) as { data?: { id: number }; id?: number };
  const attachmentId = uploaded.data?.id ?? uploaded.id;
  expect(attachmentId, "the upload answers the attachment").toBeTruthy();
  await call(request, "POST", "/api/v1/document", user.token, {
    category_id: [o.categoryId],
    document: [{ title: o.title, attachment_id: attachmentId, price: o.price ?? 0 }],
  });
  const own = await call<{ document?: ApiDocument[] }>(
    request,
    "GET",
    `/api/v1/document/list?user_id=${user.user.id}&size=20`,
    user.token,
  );
  const id = own.document?.find((d) => d.title === o.title)?.id;
  expect(id, "the uploader lists the new document").toBeTruthy();
  let doc: ApiDocument | undefined;
  await expect
    .poll(
      async () => {
        doc = await call<ApiDocument>(request, "GET", `/api/v1/document?id=${id}`, user.token);
        if (doc.status === STATUS_FAILED) throw new Error(`conversion failed: ${doc.convert_error}`);
        return doc.status ?? 0;
      },
      { timeout: 150_000, intervals: [250, 500, 1_000] },
    )
    .toBe(STATUS_CONVERTED);
  return doc as ApiDocument;
}
