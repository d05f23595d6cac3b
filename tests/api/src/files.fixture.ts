// The site the file-side suites share (content.upload, content.pages, content.downloads): one stack per
// test file, three users, alice's upload of a two-page PDF, and helpers that write documents directly
// (the document RPCs have their own suite). ES module bindings are live: a suite imports `alice` and
// sees the value this file's beforeAll assigned.
import { createHash } from "node:crypto";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { createStorage, type Storage } from "@wenku/kit/storage";
import { makePdf } from "@wenku/testkit/documents";
import { type ContentDb, openContentDb } from "./db.js";
import { loginAdmin, registerUser, rest, startTestStack, testClock } from "./testing.js";

export let stack: Awaited<ReturnType<typeof startTestStack>>;
export let db: ContentDb;
export let storage: Storage;
export let admin: string;
export type User = { token: string; id: number };
export let alice: User;
export let bob: User;
export let carol: User;
/** The site's clock: a test moves it (download links expire) instead of sleeping. */
export const clock = testClock();

export const md5 = (b: Uint8Array) => createHash("md5").update(b).digest("hex");
export const pdf = makePdf({ pages: 2 });

export const register = (username: string): Promise<User> => registerUser(stack.url, username);
export async function setConfig(category: string, name: string, value: string) {
  const r = await rest(stack.url, "PUT", "/api/v1/config", { config: [{ category, name, value }] }, admin);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
}
export async function upload(bytes: Uint8Array, name: string, token?: string, field = "file") {
  const form = new FormData();
  form.append("title", "ignored");
  form.append(field, new Blob([bytes]), name);
  const res = await fetch(`${stack.url}/api/v1/upload/document`, {
    method: "POST",
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await res.text();
  return { status: res.status, json: JSON.parse(text) as Record<string, unknown> };
}
export async function originals(): Promise<string[]> {
  const dir = join(stack.storageDir, "originals");
  try {
    return (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
  } catch {
    return [];
  }
}
export const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  fetch(stack.url + path, { method, headers });
export const bearer = (u: User | string) => ({ authorization: `Bearer ${typeof u === "string" ? u : u.token}` });

export let docSeq = 0;
export async function addDocument(
  hash: string,
  fields: { userId: number; status?: number; price?: number; deleted?: boolean },
) {
  docSeq++;
  const doc = await db.document.create({
    data: {
      title: `文档 ${docSeq}`,
      userId: BigInt(fields.userId),
      attachmentHash: hash,
      ext: ".pdf",
      type: "pdf",
      pages: 3,
      preview: 2,
      status: fields.status ?? 2,
      price: fields.price ?? 0,
      deletedAt: fields.deleted ? new Date() : null,
    },
  });
  return Number(doc.id);
}

export let uploaded: { id: number; hash: string };
let firstUpload: Promise<Awaited<ReturnType<typeof upload>>> | undefined;
/** Alice's upload of `pdf`, once per file (tests that need it run alone too, with -t). */
export async function uploadOnce() {
  firstUpload ??= upload(pdf, "季度报告.pdf", alice.token);
  const r = await firstUpload;
  uploaded = { id: (r.json.data as { id: number }).id, hash: md5(pdf) };
  return r;
}

/** Starts the shared site for the calling test file (call once, at its top level). */
export function setupFilesSite(): void {
  beforeAll(async () => {
    stack = await startTestStack({ clock: clock.now });
    db = openContentDb(stack);
    storage = await createStorage({ STORAGE_DIR: stack.storageDir });
    admin = await loginAdmin(stack.url);
    alice = await register("filealice");
    bob = await register("filebob");
    carol = await register("filecarol");
    // every request of this file comes from 127.0.0.1: keep the per-IP limit out of the way
    await setConfig("download", "times_every_ip", "1000");
    // each download of a priced document is a purchase unless a test opens a re-download window
    await setConfig("download", "free_download_duration", "0");
    await uploadOnce();
  }, 60_000);
  afterAll(async () => {
    await db.$disconnect();
    await stack.stop();
  });
}
