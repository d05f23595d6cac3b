import { type CallContext, DomainError, paging } from "@wenku/kit";
import type { LanguageData, LanguageRepository, LanguageRow } from "./language.repository.js";

export interface LanguageInput {
  id: bigint;
  language: string;
  code: string;
  enable: boolean;
  sort: number;
}

export interface ListLanguageInput {
  page: bigint;
  size: bigint;
  wd: string;
  enable: boolean[];
  /** The fields wanted (moredoc's field); empty: all. Without "total" no document is counted. */
  field: string[];
}

export interface LanguageServiceDeps {
  repo: LanguageRepository;
  /**
   * After a language was written: the public settings list the enabled languages, so every process's
   * copy of them is dropped (a settings change broadcast, heard by GetSettings' kept answers too).
   */
  onChanged?: () => Promise<void>;
}

export type LanguageWithTotal = LanguageRow & { total: number };

/** The settings list every language at once; a list never returns more than this. */
export const LANGUAGE_MAX_SIZE = 1_000;
/** BCP 47 style: a primary subtag and optional region/script subtags (zh-CN, en, zh-Hant-TW). */
const CODE = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i;
const bad = (message: string) => new DomainError("invalid_argument", message);
const duplicate = (code: string) => new DomainError("already_exists", `语言代码「${code}」已存在`);

function validate(input: LanguageInput): LanguageData {
  const name = input.language.trim();
  const code = input.code.trim();
  if (!name) throw bad("请输入语言名称");
  if ([...name].length > 64) throw bad("语言名称不能超过64个字符");
  if (!code) throw bad("请输入语言代码");
  if (code.length > 16 || !CODE.test(code)) throw bad("语言代码格式不正确，例如 zh-CN、en");
  return { code, name, enable: input.enable, sort: input.sort };
}

function ids(raw: readonly bigint[], empty: string): bigint[] {
  const wanted = [...new Set(raw.filter((id) => id > 0n))];
  if (!wanted.length) throw bad(empty);
  return wanted;
}

/**
 * Document language rules: unique codes; visitors (and the public settings) see enabled languages
 * only. Every write is announced (onChanged) so the settings, which keep the enabled ones, follow
 * at once.
 */
export function createLanguageService({ repo, onChanged = async () => {} }: LanguageServiceDeps) {
  return {
    async create(input: LanguageInput) {
      const data = validate(input);
      if (await repo.sameCode(data.code)) throw duplicate(data.code);
      const created = await repo.create(data);
      if (!created.ok) throw duplicate(data.code);
      await onChanged();
      return created.value;
    },

    async update(input: LanguageInput) {
      if (input.id <= 0n) throw bad("请指定要修改的语言");
      const data = validate(input);
      if (!(await repo.byId(input.id))) throw new DomainError("not_found", "语言不存在");
      if (await repo.sameCode(data.code, input.id)) throw duplicate(data.code);
      if (!(await repo.update(input.id, data)).ok) throw duplicate(data.code);
      await onChanged();
    },

    async setEnable(raw: readonly bigint[], enable: boolean) {
      const wanted = ids(raw, "请选择要启用或禁用的语言");
      if (!(await repo.setEnable(wanted, enable))) throw new DomainError("not_found", "语言不存在");
      await onChanged();
    },

    /** Deletes the languages; documents in them are left without a language. */
    async delete(raw: readonly bigint[]) {
      const wanted = ids(raw, "请选择要删除的语言");
      if (await repo.deleteMany(wanted)) await onChanged();
    },

    /**
     * Languages, larger sort first, each with its document count unless a field list leaves "total"
     * out (the settings' list). Holders of the permission see every language and may filter by wd
     * (name or code) and enable; everyone else gets enabled ones.
     */
    async list(call: CallContext, req: ListLanguageInput): Promise<{ total: number; items: LanguageWithTotal[] }> {
      const { page, take: size } = paging(req.page, req.size, { max: LANGUAGE_MAX_SIZE });
      let rows = await repo.all();
      if (call.identity?.granted) {
        const enable = [...new Set(req.enable)];
        const wd = req.wd.trim().toLowerCase();
        rows = rows.filter(
          (r) =>
            (enable.length !== 1 || r.enable === enable[0]) &&
            (!wd || r.name.toLowerCase().includes(wd) || r.code.toLowerCase().includes(wd)),
        );
      } else {
        rows = rows.filter((r) => r.enable);
      }
      const pageRows = rows.slice((page - 1) * size, page * size);
      const counted = !req.field.length || req.field.includes("total");
      const counts = counted ? await repo.documentCounts(pageRows.map((r) => r.id)) : new Map<bigint, number>();
      return { total: rows.length, items: pageRows.map((r) => ({ ...r, total: counts.get(r.id) ?? 0 })) };
    },
  };
}
export type LanguageService = ReturnType<typeof createLanguageService>;
