// The optional manifest beside the files (wenku-import.csv or wenku-import.json in the folder): per file
// its title, category path, tags, description and price. Read whole at start (one short row per file);
// any bad row stops the run before anything is sent, naming the row and the field.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "csv-parse/sync";

export const MANIFEST_NAMES = ["wenku-import.csv", "wenku-import.json"] as const;

export interface ManifestEntry {
  title?: string;
  category?: string;
  tags?: string[];
  description?: string;
  price?: number;
}

export class ManifestError extends Error {
  override name = "ManifestError";
}

const PRICE_MAX = 2_147_483_647;
const FIELDS = new Set(["file", "title", "category", "tags", "description", "price"]);

function text(where: string, field: string, v: unknown): string | undefined {
  if (v === undefined || v === null || v === "") return undefined;
  if (typeof v !== "string") throw new ManifestError(`${where}：${field} 须为文本`);
  return v.trim() || undefined;
}

function entryOf(where: string, row: Record<string, unknown>): [string, ManifestEntry] {
  for (const k of Object.keys(row)) if (!FIELDS.has(k)) throw new ManifestError(`${where}：未知字段 ${k}`);
  const file = text(where, "file", row.file)?.replace(/^\.\//, "");
  if (!file) throw new ManifestError(`${where}：缺少 file`);
  const e: ManifestEntry = {};
  const title = text(where, "title", row.title);
  if (title) e.title = title;
  const category = text(where, "category", row.category);
  if (category) e.category = category;
  const description = text(where, "description", row.description);
  if (description) e.description = description;
  const tags = Array.isArray(row.tags) ? row.tags : text(where, "tags", row.tags)?.split(/[,，;；]/);
  if (tags) {
    if (!tags.every((t): t is string => typeof t === "string")) throw new ManifestError(`${where}：tags 须为文本`);
    e.tags = tags.map((t) => t.trim()).filter(Boolean);
  }
  if (row.price !== undefined && row.price !== "") {
    const n = Number(row.price);
    if (!Number.isInteger(n) || n < 0 || n > PRICE_MAX) {
      throw new ManifestError(`${where}：price 须为 0 到 ${PRICE_MAX} 之间的整数`);
    }
    e.price = n;
  }
  return [file, e];
}

/** The manifest's entries by file path (relative to the folder); empty without a manifest. */
export async function readManifest(
  folder: string,
): Promise<{ name: string | null; entries: Map<string, ManifestEntry> }> {
  for (const name of MANIFEST_NAMES) {
    const raw = await readFile(join(folder, name), "utf8").catch((err: NodeJS.ErrnoException) => {
      if (err.code === "ENOENT") return null;
      throw err;
    });
    if (raw === null) continue;
    const rows = name.endsWith(".csv") ? csvRows(name, raw) : jsonRows(name, raw);
    const entries = new Map<string, ManifestEntry>();
    for (const [i, row] of rows.entries()) {
      const where = `${name} 第${name.endsWith(".csv") ? i + 2 : i + 1}${name.endsWith(".csv") ? "行" : "项"}`;
      if (typeof row !== "object" || row === null || Array.isArray(row)) throw new ManifestError(`${where}：须为对象`);
      const [file, e] = entryOf(where, row as Record<string, unknown>);
      if (entries.has(file)) throw new ManifestError(`${where}：${file} 重复出现`);
      entries.set(file, e);
    }
    return { name, entries };
  }
  return { name: null, entries: new Map() };
}

function csvRows(name: string, raw: string): unknown[] {
  try {
    return parse(raw, { columns: true, bom: true, skip_empty_lines: true, trim: true }) as unknown[];
  } catch (err) {
    throw new ManifestError(`${name}：${(err as Error).message}`);
  }
}

function jsonRows(name: string, raw: string): unknown[] {
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch (err) {
    throw new ManifestError(`${name}：不是有效的 JSON（${(err as Error).message}）`);
  }
  const rows = Array.isArray(v) ? v : (v as { files?: unknown })?.files;
  if (!Array.isArray(rows)) throw new ManifestError(`${name}：须为数组，或带 files 数组的对象`);
  return rows;
}
