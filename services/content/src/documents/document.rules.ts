// Field rules shared by creating, editing and batch-editing documents.
import { cleanName, cleanText, DomainError, type SettingsReader } from "@wenku/kit";
import type { CategoryRepository } from "../categories/category.repository.js";
import type { DocumentRepository } from "./document.repository.js";
import { normalizeKeywords } from "./keywords.js";

export const bad = (message: string) => new DomainError("invalid_argument", message);
export const notFound = () => new DomainError("not_found", "文档不存在");
const chars = (s: string) => [...s].length;

export const TITLE_MAX = 255;
const DESCRIPTION_MAX = 1000;
const SOURCE_MAX = 64;
const SOURCE_URL_MAX = 1024;

/** Document ids from a request: positive, deduplicated; none at all is refused. */
export function idsOf(raw: readonly bigint[], empty = "请选择文档"): bigint[] {
  const ids = [...new Set(raw.filter((id) => id > 0n))];
  if (!ids.length) throw bad(empty);
  return ids;
}

/** `noun` names the thing in messages: 文档 here, 文章 for articles (which share these rules). */
export function checkTitle(raw: string, noun = "文档"): string {
  const title = cleanName(raw);
  if (!title) throw bad(`${noun}标题不能为空`);
  if (chars(title) > TITLE_MAX) throw bad(`${noun}标题不能超过${TITLE_MAX}个字符`);
  return title;
}

export function checkKeywords(raw: string): string {
  const keywords = normalizeKeywords(cleanName(raw));
  if (keywords === null) throw bad("关键词不能超过255个字符");
  return keywords;
}

export function checkDescription(raw: string, noun = "文档"): string {
  const description = cleanText(raw);
  if (chars(description) > DESCRIPTION_MAX) throw bad(`${noun}描述不能超过${DESCRIPTION_MAX}个字符`);
  return description;
}

export function checkSource(source: string, sourceUrl: string): { source: string; sourceUrl: string } {
  const s = cleanName(source);
  const url = sourceUrl.trim();
  if (chars(s) > SOURCE_MAX) throw bad(`来源不能超过${SOURCE_MAX}个字符`);
  if (url.length > SOURCE_URL_MAX) throw bad(`来源地址不能超过${SOURCE_URL_MAX}个字符`);
  if (url && !/^https?:\/\/[^\s]+$/i.test(url)) throw bad("来源地址须以 http:// 或 https:// 开头");
  return { source: s, sourceUrl: url };
}

/**
 * Price in credits: not negative, and not above download.max_price when the site sets one (> 0).
 */
export async function checkPrice(price: number, settings: Pick<SettingsReader, "current">): Promise<number> {
  if (!Number.isInteger(price) || price < 0) throw bad("文档价格不能小于0");
  if (price > 0) {
    const max = (await settings.current()).download?.maxPrice ?? 0;
    if (max > 0 && price > max) throw bad(`文档价格不能超过${max}`);
  }
  return price;
}

/**
 * The categories to link a document (an article: type 1, 文章) to: every chosen one must exist, be of
 * that type and be enabled (with its ancestors); the result holds each one's whole path, root … leaf.
 */
export async function resolveCategories(
  categories: Pick<CategoryRepository, "all">,
  raw: readonly bigint[],
  kind: { type: number; noun: string } = { type: 0, noun: "文档" },
): Promise<bigint[]> {
  const { type, noun } = kind;
  const chosen = [...new Set(raw.filter((id) => id > 0n))];
  if (!chosen.length) throw bad(`请选择${noun}分类`);
  const all = new Map((await categories.all()).map((c) => [c.id, c]));
  const out = new Set<bigint>();
  for (const id of chosen) {
    const path: bigint[] = [];
    for (let at: bigint | null = id; at !== null && path.length <= all.size; ) {
      const c = all.get(at);
      if (c?.type !== type) throw bad(`${noun}分类不存在`);
      if (!c.enable) throw bad(`${noun}分类「${c.title}」已禁用`);
      path.push(c.id);
      at = c.parentId;
    }
    for (const p of path) out.add(p);
  }
  return [...out];
}

/**
 * A language given by id or by code (id wins): it must exist and be enabled. Neither given: null.
 */
export async function resolveLanguage(
  repo: Pick<DocumentRepository, "languageById" | "languageByCode">,
  id: bigint,
  code: string,
): Promise<bigint | null> {
  const c = code.trim();
  if (id <= 0n && !c) return null;
  const lang = id > 0n ? await repo.languageById(id) : await repo.languageByCode(c);
  if (!lang) throw bad("文档语言不存在");
  if (!lang.enable) throw bad(`文档语言「${lang.name}」未启用`);
  return lang.id;
}
