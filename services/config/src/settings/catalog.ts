import { integrationKeys } from "./catalog.integrations.js";
import { limitKeys } from "./catalog.limits.js";
import { moreKeys } from "./catalog.more.js";
import { siteKeys } from "./catalog.site.js";
import { smsKeys } from "./catalog.sms.js";
import type { ConfigKey } from "./catalog.types.js";

export type { ConfigKey, InputType } from "./catalog.types.js";

/** Shown instead of a stored secret; sending it back keeps the stored value. */
export const SECRET_MASK = "******";

export interface CatalogEntry extends ConfigKey {
  /** Order inside its category (smaller first), from the catalogue's order. */
  sort: number;
}

const keyOf = (category: string, name: string) => `${category}\u0000${name}`;

/** Every configuration key the product has, in catalogue order. */
export const catalog: readonly CatalogEntry[] = (() => {
  const seen = new Map<string, number>();
  const out: CatalogEntry[] = [];
  for (const k of [...siteKeys, ...moreKeys, ...smsKeys, ...integrationKeys, ...limitKeys]) {
    const id = keyOf(k.category, k.name);
    if (seen.has(id)) throw new Error(`config key ${k.category}.${k.name} is defined twice`);
    const sort = [...seen.keys()].filter((s) => s.startsWith(`${k.category}\u0000`)).length + 1;
    seen.set(id, sort);
    out.push({ ...k, sort });
  }
  return out;
})();

const byKey = new Map(catalog.map((k) => [keyOf(k.category, k.name), k]));

export function catalogEntry(category: string, name: string): CatalogEntry | undefined {
  return byKey.get(keyOf(category, name));
}

export const categories: readonly string[] = [...new Set(catalog.map((k) => k.category))];
