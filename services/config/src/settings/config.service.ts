import { DomainError } from "@wenku/kit";
import { type CatalogEntry, catalog, catalogEntry, categories, SECRET_MASK } from "./catalog.js";
import type { ConfigRepository, ConfigRow } from "./config.repository.js";
import { checkMail, type SendMail } from "./mail.check.js";
import { ConfigValues, normalizeValue } from "./values.js";

export interface ConfigServiceDeps {
  repo: ConfigRepository;
  /** Tells every process that settings changed (called after the values are committed). */
  onChanged: () => Promise<void>;
  /** Sends the test mail when category email is saved with a test address (mail.check.ts). */
  sendMail: SendMail;
}

export interface ConfigInput {
  category: string;
  name: string;
  value: string;
}

/** A row as the back office sees it: secrets masked. */
export type ListedConfig = ConfigRow & { masked: boolean };

/** Configuration rules: which keys exist, what values they accept, who sees secrets (nobody). */
export function createConfigService(deps: ConfigServiceDeps) {
  const known = (row: ConfigRow) => catalogEntry(row.category, row.name) !== undefined;
  const values = async (): Promise<ConfigValues> => {
    const rows = await deps.repo.all();
    return new ConfigValues(new Map(rows.filter(known).map((r) => [`${r.category}.${r.name}`, r.value])));
  };

  return {
    /** First start and every start after: new keys appear with their defaults; stored values stay. */
    seed(): Promise<number> {
      return deps.repo.seed(catalog.map((k) => ({ ...k, initial: k.generate ? k.generate() : k.value })));
    },

    /** Rows of the given categories (all when none given), secret values replaced by the mask. */
    async list(wanted: readonly string[]): Promise<ListedConfig[]> {
      const unknown = wanted.filter((c) => !categories.includes(c));
      if (unknown.length) throw new DomainError("invalid_argument", `未知的配置分类：${unknown.join(", ")}`);
      const rows = wanted.length ? await deps.repo.inCategories([...new Set(wanted)]) : await deps.repo.all();
      return rows.filter(known).map((row) => {
        const masked = row.isSecret && row.value !== "";
        return { ...row, value: masked ? SECRET_MASK : row.value, masked };
      });
    },

    /**
     * Validates every value by its key's input type, then saves all of them or none. A secret
     * sent back as the mask keeps its stored value. Saving category email with a test address sends
     * the test mail first, with the settings as they would be saved; a failure saves nothing.
     */
    async update(input: readonly ConfigInput[]): Promise<void> {
      if (!input.length) throw new DomainError("invalid_argument", "没有要保存的配置");
      const seen = new Set<string>();
      const save: ConfigInput[] = [];
      for (const item of input) {
        const category = item.category.trim();
        const name = item.name.trim();
        const key: CatalogEntry | undefined = catalogEntry(category, name);
        const id = `${category}.${name}`;
        if (!key) {
          throw new DomainError("invalid_argument", `配置项 ${category || "?"}.${name || "?"} 不存在`, undefined, id);
        }
        if (seen.has(id)) throw new DomainError("invalid_argument", `配置项 ${id} 重复提交`, undefined, id);
        seen.add(id);
        if (key.secret && item.value === SECRET_MASK) continue;
        save.push({ category, name, value: normalizeValue(key, item.value) });
      }
      if (!save.length) return;
      if (save.some((i) => i.category === "email")) await checkMail(deps.sendMail, (await values()).with(save));
      await deps.repo.saveValues(save);
      await deps.onChanged();
    },

    /** Every stored value, typed reads for the settings builders. */
    values,
  };
}
export type ConfigService = ReturnType<typeof createConfigService>;
