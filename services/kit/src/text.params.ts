// The parameters a stored text is made of (Dynamic.params, CreditLog.params): a client words the
// entry in its own language from its type and these; the zh-CN text stays beside them for moredoc
// clients. Kept as a jsonb object of strings; numbers are written as their decimal text.

export type TextParams = Record<string, string>;

/** At most this many parameters per entry, keys snake_case of at most 32, values of at most 255 characters. */
export const MAX_TEXT_PARAMS = 8;
const KEY = /^[a-z][a-z0-9_]{0,31}$/;
const MAX_VALUE = 255;

/** What a stored jsonb value holds as parameters: its string entries with a valid key, values cut to size. */
export function textParams(json: unknown): TextParams {
  if (!json || typeof json !== "object" || Array.isArray(json)) return {};
  const out: TextParams = {};
  for (const [k, v] of Object.entries(json).slice(0, MAX_TEXT_PARAMS)) {
    if (KEY.test(k) && typeof v === "string") out[k] = [...v].slice(0, MAX_VALUE).join("");
  }
  return out;
}

/** Parameters fit to store: undefined and empty values dropped, numbers and bigints as text. */
export function toTextParams(values: Record<string, string | number | bigint | undefined>): TextParams {
  const given: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== "") given[k] = String(v);
  return textParams(given);
}

/** The first problem of parameters a caller sent (invalid key, too many, too long), or "" when none. */
export function textParamsProblem(params: Record<string, string>): string {
  const entries = Object.entries(params);
  if (entries.length > MAX_TEXT_PARAMS) return `最多 ${MAX_TEXT_PARAMS} 个参数`;
  for (const [k, v] of entries) {
    if (!KEY.test(k)) return `参数名 ${k.slice(0, 40)} 无效`;
    if ([...v].length > MAX_VALUE) return `参数 ${k} 不能超过 ${MAX_VALUE} 个字符`;
  }
  return "";
}
