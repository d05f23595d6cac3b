// The Alipay open-platform protocol pieces the provider follows (the test stand-in,
// @wenku/testkit/payments, has the platform's side of them):
// RSA2 signatures over the sorted "k=v&…" string, yuan strings ↔ integer cents, and the signed
// substring of a gateway answer. https://opendocs.alipay.com/common/02kf5q (签名) ·
// https://opendocs.alipay.com/common/02mse7 (验签)

/**
 * The string Alipay signs: every parameter except `excluded` and empty values, sorted by key
 * (ASCII), joined as `k=v` with `&`, values raw (not URL-encoded).
 */
export function signContent(params: Readonly<Record<string, string>>, excluded: readonly string[] = ["sign"]): string {
  return Object.keys(params)
    .filter((k) => !excluded.includes(k) && params[k] !== undefined && params[k] !== "")
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join("&");
}

/** Alipay's largest single amount: 100,000,000.00 yuan. */
const MAX_CENTS = 10_000_000_000;

/** Integer cents → "12.34" (exactly two decimals); undefined when not a payable amount. */
export function centsToYuan(cents: number): string | undefined {
  if (!Number.isSafeInteger(cents) || cents <= 0 || cents > MAX_CENTS) return undefined;
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** "12.34" / "12.3" / "12" → cents, exactly; undefined for negatives, a third decimal or anything else. */
export function yuanToCents(text: string | undefined): number | undefined {
  const m = text?.match(/^(0|[1-9]\d{0,8})(?:\.(\d{1,2}))?$/);
  if (!m) return undefined;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
  return cents <= MAX_CENTS ? cents : undefined;
}

/**
 * The exact text of the JSON value of `key` in a gateway answer, the bytes Alipay signed
 * (`{"alipay_trade_query_response":{…},"sign":"…"}`). undefined when the key or a balanced object
 * after it is missing. A re-serialisation would not do: it may reorder keys or re-escape strings.
 */
export function signedSubstring(body: string, key: string): string | undefined {
  const at = body.indexOf(`"${key}"`);
  if (at < 0) return undefined;
  let i = at + key.length + 2;
  while (i < body.length && /\s/.test(body[i] ?? "")) i++;
  if (body[i] !== ":") return undefined;
  i++;
  while (i < body.length && /\s/.test(body[i] ?? "")) i++;
  if (body[i] !== "{") return undefined;
  const start = i;
  let depth = 0;
  let inString = false;
  for (; i < body.length; i++) {
    const c = body[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return body.slice(start, i + 1);
  }
  return undefined;
}

/** Trade states that mean the money was taken. */
export function isPaidStatus(status: string | undefined): boolean {
  return status === "TRADE_SUCCESS" || status === "TRADE_FINISHED";
}
