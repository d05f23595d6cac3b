import { DomainError } from "@wenku/kit";
import { isImageSource } from "../links.js";
import type { CatalogEntry } from "./catalog.js";

const MAX_TEXT = 1024;
const MAX_LONG_TEXT = 65_535;
const INTEGER = /^-?\d{1,15}$/;
/** One address: a local part, @, a dotted domain; no spaces, commas or angle brackets (never a list). */
const EMAIL = /^[^\s@,<>;"]+@[^\s@,<>;"]+\.[^\s@,<>;"]+$/;

function optionValues(options: string): string[] {
  return options
    .split("\n")
    .map((line) => line.split(":")[0]?.trim() ?? "")
    .filter(Boolean);
}

/** A refusal naming the field for people (its label) and for forms (the FieldViolation "category.name"). */
const invalid = (key: CatalogEntry, why: string) =>
  new DomainError("invalid_argument", `「${key.label}」${why}`, undefined, `${key.category}.${key.name}`);

function isHttpUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === "http:" || u.protocol === "https:") && !!u.hostname;
  } catch {
    return false;
  }
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/** An API endpoint of an outside platform: https, or http on this machine only; no query, fragment or credentials. */
function isEndpoint(v: string): boolean {
  try {
    const u = new URL(v);
    const scheme = u.protocol === "https:" || (u.protocol === "http:" && LOOPBACK.test(u.hostname));
    return scheme && !!u.hostname && !u.username && !u.password && !/[?#]/.test(v);
  } catch {
    return false;
  }
}

/** "amount:discount" per line (e.g. "1000:0.9"): amount a positive integer, 0 < discount ≤ 1. */
function normalizeTiers(key: CatalogEntry, raw: string): string {
  const lines = raw
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  for (const line of lines) {
    const m = /^(\d{1,9})\s*:\s*(\d*\.?\d+)$/.exec(line);
    const discount = Number(m?.[2]);
    if (!m || Number(m[1]) <= 0 || !(discount > 0 && discount <= 1)) {
      throw invalid(key, `格式不正确：「${line}」，每行应为 充值积分:折扣，如 1000:0.9`);
    }
  }
  return lines.join("\n");
}

/**
 * Checks a value sent for `key` and returns it normalised for storage (trimmed numbers, "true"/
 * "false" switches, de-duplicated multi-selects). Throws an InvalidArgument DomainError naming
 * the field otherwise.
 */
export function normalizeValue(key: CatalogEntry, raw: string): string {
  switch (key.inputType) {
    case "number": {
      const v = raw.trim();
      if (!INTEGER.test(v)) throw invalid(key, "须为整数");
      const n = Number(v);
      if (key.min !== undefined && n < key.min) throw invalid(key, `不能小于 ${key.min}`);
      if (key.max !== undefined && n > key.max) throw invalid(key, `不能大于 ${key.max}`);
      return String(n);
    }
    case "switch": {
      const v = raw.trim().toLowerCase();
      if (v === "true" || v === "1") return "true";
      if (v === "false" || v === "0" || v === "") return "false";
      throw invalid(key, "须为 true 或 false");
    }
    case "select": {
      const v = raw.trim();
      if (!optionValues(key.options).includes(v)) throw invalid(key, `不是可选的值：${v || "（空）"}`);
      return v;
    }
    case "select-multi": {
      const allowed = optionValues(key.options);
      const picked = [
        ...new Set(
          raw
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ];
      const bad = picked.filter((p) => !allowed.includes(p));
      if (bad.length) throw invalid(key, `包含不可选的值：${bad.join(", ")}`);
      return picked.join(",");
    }
    case "image": {
      const v = raw.trim();
      if (v.length > MAX_TEXT) throw invalid(key, `不能超过 ${MAX_TEXT} 个字符`);
      // this site's image only: the app's CSP loads no image from another site (no visitor's address leaks)
      if (v && !isImageSource(v)) throw invalid(key, "须为本站图片（/开头），不能使用其他网站的图片地址，请上传图片");
      return v;
    }
    case "textarea":
    case "password": {
      if (key.format === "tiers") return normalizeTiers(key, raw);
      if (raw.length > MAX_LONG_TEXT) throw invalid(key, `不能超过 ${MAX_LONG_TEXT} 个字符`);
      return key.inputType === "password" ? raw : raw.replace(/\r\n/g, "\n");
    }
    case "text": {
      const v = raw.trim();
      if (v.length > MAX_TEXT) throw invalid(key, `不能超过 ${MAX_TEXT} 个字符`);
      if (key.format === "url" && v && !isHttpUrl(v)) throw invalid(key, "须为 http:// 或 https:// 开头的地址");
      if (key.format === "link" && v && !(v.startsWith("/") && !v.startsWith("//")) && !isHttpUrl(v)) {
        throw invalid(key, "须为站内路径（/开头）或 http:// 、https:// 开头的地址");
      }
      if (key.format === "email" && v && !EMAIL.test(v)) throw invalid(key, "须为邮箱地址，如 admin@example.com");
      if (key.format === "endpoint" && v && !isEndpoint(v)) {
        throw invalid(key, "须为 https:// 开头的地址，不含查询参数（仅本机地址可用 http://，供测试）");
      }
      if (key.format === "url" || key.format === "endpoint") return v.replace(/\/+$/, "");
      return v;
    }
  }
}

/** Typed reads over stored values (validated on write, so they parse; 0 / "" / false otherwise). */
export class ConfigValues {
  constructor(private readonly values: ReadonlyMap<string, string>) {}

  /** These values with `changes` applied (what they would be once saved). */
  with(changes: ReadonlyArray<{ category: string; name: string; value: string }>): ConfigValues {
    const next = new Map(this.values);
    for (const c of changes) next.set(`${c.category}.${c.name}`, c.value);
    return new ConfigValues(next);
  }

  str(category: string, name: string): string {
    return this.values.get(`${category}.${name}`) ?? "";
  }

  bool(category: string, name: string): boolean {
    return this.str(category, name) === "true";
  }

  int(category: string, name: string): number {
    const n = Number.parseInt(this.str(category, name), 10);
    return Number.isFinite(n) ? Math.max(-2_147_483_648, Math.min(2_147_483_647, n)) : 0;
  }

  list(category: string, name: string): string[] {
    return this.str(category, name)
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  }
}
