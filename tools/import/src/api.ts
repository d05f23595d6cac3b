// The calls of the site's public API the importer makes, in the site's JSON (moredoc's snake_case).
import type { ImportOptions } from "./options.js";
import { type Site, SiteError } from "./site.js";

export interface SiteRules {
  /** Allowed extensions, ".pdf" form, lower case. */
  allowedExt: ReadonlySet<string>;
  /** The upload size limit in bytes (0: none known). */
  maxBytes: number;
  /** Uploads one account may make per 24 hours (0: unlimited). */
  uploadsPerDay: number;
}

/** Signs in when a user name was given (the token is then the session's). */
export async function signIn(site: Site, auth: ImportOptions["auth"]): Promise<void> {
  if ("token" in auth) {
    site.setToken(auth.token);
    return;
  }
  const r = await site.post<{ token?: string }>("/api/v1/user/login", {
    username: auth.username,
    password: auth.password,
  });
  if (!r.token) throw new SiteError(401, "登录没有返回令牌");
  site.setToken(r.token);
}

/** What uploads may be: the public settings' allowed extensions and size limit. */
export async function siteRules(site: Site): Promise<SiteRules> {
  const s = await site.get<{ security?: { document_allowed_ext?: string[]; max_document_size?: number } }>(
    "/api/v1/settings",
  );
  const ext = (s.security?.document_allowed_ext ?? []).map((e) => e.trim().toLowerCase()).filter(Boolean);
  return {
    allowedExt: new Set(ext.map((e) => (e.startsWith(".") ? e : `.${e}`))),
    maxBytes: Math.max(0, s.security?.max_document_size ?? 0) * 1024 * 1024,
    uploadsPerDay: await uploadsPerDay(site),
  };
}

/** The daily upload quota, which only staff may read (ListConfig); 0 when it is off or not ours to read. */
async function uploadsPerDay(site: Site): Promise<number> {
  try {
    const r = await site.get<{ config?: { category: string; name: string; value: string }[] }>("/api/v1/config/list", {
      category: "security",
    });
    const v = r.config?.find((c) => c.name === "upload_max_per_day")?.value;
    return Math.max(0, Number(v) || 0);
  } catch (err) {
    if (err instanceof SiteError && (err.status === 401 || err.status === 403)) return 0;
    throw err;
  }
}

/** The id of the language named by code or id (0: none asked); an unknown one is a SiteError 400. */
export async function languageId(site: Site, wanted: string): Promise<number> {
  if (!wanted) return 0;
  const r = await site.get<{ language?: { id: number; code: string; enable: boolean }[] }>("/api/v1/language/list", {
    page: 1,
    size: 1000,
  });
  const all = r.language ?? [];
  const hit = /^\d+$/.test(wanted)
    ? all.find((l) => String(l.id) === wanted)
    : all.find((l) => l.code.toLowerCase() === wanted.toLowerCase());
  if (!hit) throw new SiteError(400, `站点没有语言 ${wanted}（可用：${all.map((l) => l.code).join(", ")}）`);
  return hit.id;
}

export interface Existing {
  /** The content is stored on the site (its attachment, now granted to us). */
  attachmentId: number;
  /** A document made from it (0: none). */
  documentId: number;
}

export async function exists(site: Site, hash: string, signal?: AbortSignal): Promise<Existing> {
  const r = await site.get<{ exist?: boolean; attachment_id?: number; document_id?: number }>(
    "/api/v1/document/exist",
    { hash },
    signal,
  );
  return r.exist
    ? { attachmentId: r.attachment_id ?? 0, documentId: r.document_id ?? 0 }
    : { attachmentId: 0, documentId: 0 };
}

/** Uploads the file; resolves with its attachment id. */
export async function upload(site: Site, file: string, name: string, signal?: AbortSignal): Promise<number> {
  const r = await site.upload<{ data?: { id?: number } }>("/api/v1/upload/document", file, name, signal);
  if (!r.data?.id) throw new SiteError(500, "上传没有返回附件");
  return r.data.id;
}

export interface NewDocument {
  attachmentId: number;
  title: string;
  categoryId: number;
  languageId: number;
  price: number;
  keywords: string;
  description: string;
}

export async function createDocument(site: Site, d: NewDocument, signal?: AbortSignal): Promise<void> {
  await site.post(
    "/api/v1/document",
    {
      category_id: [d.categoryId],
      language_id: d.languageId,
      price: d.price,
      document: [
        {
          title: d.title,
          attachment_id: d.attachmentId,
          price: d.price,
          keywords: d.keywords,
          description: d.description,
          language_id: d.languageId,
        },
      ],
    },
    signal,
  );
}
