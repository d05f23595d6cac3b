// Config rows ↔ form values: every value is a string on the wire; the form holds booleans for
// switches, numbers for numbers and arrays for multi-selects, keyed [category, name].
import type { Config } from "@wenku/proto/api/v1/config_pb.js";

export type FieldValue = string | number | boolean | string[] | null | undefined;
export type FormValues = Record<string, Record<string, FieldValue>>;

/** "value:label" lines → select options (a line without a label shows its value). */
export function optionsOf(options: string): { value: string; label: string }[] {
  return options
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.indexOf(":");
      const value = (at < 0 ? line : line.slice(0, at)).trim();
      const label = (at < 0 ? line : line.slice(at + 1)).trim() || value;
      return { value, label };
    });
}

/** A stored value as its field holds it. */
export function toFieldValue(row: Config): FieldValue {
  switch (row.inputType) {
    case "switch":
      return row.value === "true";
    case "number":
      return row.value.trim() === "" ? null : Number(row.value);
    case "select-multi":
      return row.value
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
    default:
      return row.value;
  }
}

/** A field's value as the server stores it. */
export function toStoredValue(value: FieldValue): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.join(",");
  return String(value);
}

export function formValuesOf(rows: readonly Config[]): FormValues {
  const out: FormValues = {};
  for (const row of rows) {
    out[row.category] ??= {};
    (out[row.category] as Record<string, FieldValue>)[row.name] = toFieldValue(row);
  }
  return out;
}

/** Every row of the page with the form's value (a secret left as the mask keeps its stored value). */
export function toConfigInput(rows: readonly Config[], values: FormValues) {
  return rows.map((row) => ({
    category: row.category,
    name: row.name,
    value: toStoredValue(values[row.category]?.[row.name]),
  }));
}

/** Rows grouped by category, in the page's category order, each in catalogue order. */
export function groupByCategory(rows: readonly Config[], categories: readonly string[]): [string, Config[]][] {
  return categories
    .map((c): [string, Config[]] => [c, rows.filter((r) => r.category === c).sort((a, b) => a.sort - b.sort)])
    .filter(([, list]) => list.length > 0);
}

/**
 * The categories a chooser select hides: those among its choices other than the chosen one (all of
 * them while nothing is chosen yet). Empty without a chooser.
 */
export function hiddenByChooser(
  rows: readonly Config[],
  chooser: { category: string; name: string } | undefined,
  chosen: string | undefined,
): Set<string> {
  const select = chooser && rows.find((r) => r.category === chooser.category && r.name === chooser.name);
  if (!select) return new Set();
  return new Set(
    optionsOf(select.options)
      .map((o) => o.value)
      .filter((v) => v !== chosen),
  );
}
