import { randomBytes } from "node:crypto";

/** How a value is edited and validated; values are always stored as strings. */
export type InputType = "text" | "textarea" | "number" | "switch" | "select" | "select-multi" | "image" | "password";

/**
 * Extra checks. text — `link`: empty, a site path (/…) or an http(s) URL; `url`: empty or http(s);
 * `email`: empty or an e-mail address; `endpoint`: empty or an https URL without query or credentials
 * (http only for a loopback host: a local test stand-in of a platform). textarea — `tiers`: recharge
 * tiers, one "amount:discount" per line.
 */
export type TextFormat = "url" | "link" | "email" | "endpoint" | "tiers";

/** One configuration key as the catalogue defines it (the table row's metadata and its default). */
export interface ConfigKey {
  category: string;
  name: string;
  label: string;
  inputType: InputType;
  /** Default stored when the key is first seeded. */
  value: string;
  placeholder: string;
  /** select / select-multi choices, one "value:label" per line. */
  options: string;
  /** Masked in ListConfig; never part of the public settings. */
  secret: boolean;
  /** number bounds (inclusive). */
  min?: number;
  max?: number;
  format?: TextFormat;
  /** Produces the default at first seed instead of `value` (e.g. a random signing key). */
  generate?: () => string;
}

type Extra = Partial<Pick<ConfigKey, "options" | "secret" | "min" | "max" | "format" | "generate">>;
type Maker = (name: string, label: string, value: string, placeholder: string, extra?: Extra) => ConfigKey;

/** Key constructors for one category: `const c = keysOf("system"); c.text(...)`. */
export function keysOf(category: string): Record<InputType, Maker> {
  const make =
    (inputType: InputType): Maker =>
    (name, label, value, placeholder, extra = {}) => ({
      category,
      name,
      label,
      inputType,
      value,
      placeholder,
      options: extra.options ?? "",
      secret: extra.secret ?? inputType === "password",
      ...(extra.min === undefined ? {} : { min: extra.min }),
      ...(extra.max === undefined ? {} : { max: extra.max }),
      ...(extra.format ? { format: extra.format } : {}),
      ...(extra.generate ? { generate: extra.generate } : {}),
    });
  return {
    text: make("text"),
    textarea: make("textarea"),
    number: make("number"),
    switch: make("switch"),
    select: make("select"),
    "select-multi": make("select-multi"),
    image: make("image"),
    password: make("password"),
  };
}

/** A fresh random secret for keys that must never ship with a well-known default. */
export const randomSecret = () => randomBytes(24).toString("base64url");

/** Non-negative integers: most counters, sizes and durations. */
export const NON_NEGATIVE = { min: 0 } as const;
