// The site's public API as the suite uses it: signing in, a category, documents uploaded and created
// as a browser does (upload → create), and their conversion status. Every call has a deadline.
import { setTimeout as sleep } from "node:timers/promises";

/** A failed fetch in words: its message and the socket error under it (undici puts that in `cause`). */
export function failure(err: unknown): string {
  const e = err as Error & { cause?: { code?: string; message?: string } };
  return [e.message, e.cause?.code, e.cause?.message].filter(Boolean).join(": ");
}

export interface Answer {
  status: number;
  json: Record<string, unknown>;
}

/** One REST call with a deadline (a hung request is an answer too: status 0). */
export async function call(
  url: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  timeoutMs = 40_000,
): Promise<Answer> {
  try {
    const res = await fetch(url + path, {
      method,
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  } catch (err) {
    return { status: 0, json: { message: failure(err) } };
  }
}

export async function ok(url: string, method: string, path: string, body?: unknown, token?: string) {
  const r = await call(url, method, path, body, token);
  if (r.status !== 200) throw new Error(`${method} ${path}: HTTP ${r.status} ${JSON.stringify(r.json).slice(0, 300)}`);
  return r.json;
}

export async function signIn(url: string, username: string, password: string): Promise<string> {
  return (await ok(url, "POST", "/api/v1/user/login", { username, password })).token as string;
}

export async function createCategory(url: string, token: string, title: string): Promise<number> {
  await ok(url, "POST", "/api/v1/category", { title, enable: true }, token);
  const list = await ok(url, "GET", "/api/v1/category/list", undefined, token);
  const id = (list.category as Array<{ id: number; title: string }>).find((c) => c.title === title)?.id;
  if (!id) throw new Error(`category ${title} was not created`);
  return id;
}

export type Submitted = { accepted: true; id: number } | { accepted: false; status: number; message: string };

/**
 * Uploads `pdf` and creates a document of it, as the upload page does. Accepted: the document's id.
 * Refused: the HTTP status and message of the step that refused (a 503 is an honest refusal).
 */
export async function submitDocument(
  url: string,
  token: string,
  category: number,
  title: string,
  pdf: Uint8Array,
): Promise<Submitted> {
  const form = new FormData();
  form.append("file", new Blob([pdf], { type: "application/pdf" }), `${title}.pdf`);
  let uploaded: { data?: { id: number }; message?: string };
  let status: number;
  try {
    const res = await fetch(`${url}/api/v1/upload/document`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
      signal: AbortSignal.timeout(40_000),
    });
    status = res.status;
    uploaded = (await res.json()) as typeof uploaded;
  } catch (err) {
    return { accepted: false, status: 0, message: `upload: ${failure(err)}` };
  }
  if (status !== 200 || !uploaded.data) return { accepted: false, status, message: uploaded.message ?? "" };
  const created = await call(
    url,
    "POST",
    "/api/v1/document",
    { category_id: [category], document: [{ title, attachment_id: uploaded.data.id }] },
    token,
  );
  if (created.status !== 200) {
    return { accepted: false, status: created.status, message: String(created.json.message ?? "") };
  }
  const mine = await ok(url, "GET", `/api/v1/document/list?page=1&size=1&order=id%20desc`, undefined, token);
  const id = (mine.document as Array<{ id: number; title: string }>).find((d) => d.title === title)?.id;
  if (!id) throw new Error(`document ${title} was accepted but is not listed`);
  return { accepted: true, id };
}

/** The documents' statuses (api.v1.DocumentStatus: 2 converted, 3 failed). */
export async function statuses(url: string, token: string, ids: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const id of ids) {
    const r = await call(url, "GET", `/api/v1/document?id=${id}`, undefined, token);
    if (r.status === 200) out.set(id, Number(r.json.status ?? 0));
  }
  return out;
}

/** Waits until every document is converted or failed, or `timeoutMs` passed; the ones converted. */
export async function awaitConversions(
  url: string,
  token: string,
  ids: readonly number[],
  timeoutMs: number,
): Promise<{ converted: number[]; failed: number[]; waiting: number[] }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const s = await statuses(url, token, ids);
    const converted = ids.filter((id) => s.get(id) === 2);
    const failed = ids.filter((id) => s.get(id) === 3);
    const waiting = ids.filter((id) => !converted.includes(id) && !failed.includes(id));
    if (!waiting.length || Date.now() > deadline) return { converted, failed, waiting };
    await sleep(500);
  }
}

/** Registers `username` as a visitor from `ip` (the cluster trusts X-Forwarded-For from loopback). */
export async function register(url: string, username: string, ip: string): Promise<Answer & { ms: number }> {
  const t = performance.now();
  try {
    const res = await fetch(`${url}/api/v1/user/register`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body: JSON.stringify({ username, password: "faults-password" }),
      signal: AbortSignal.timeout(40_000),
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : {}, ms: performance.now() - t };
  } catch (err) {
    return { status: 0, json: { message: failure(err) }, ms: performance.now() - t };
  }
}
