// The differences between what schema.prisma describes and what the migrations built, one readable
// line each. Direction matters: everything the schema describes must exist exactly; the database may
// hold more only where the allowance says so (things Prisma cannot express or must not see).
import type { ForeignKey, Index, Table, Tables } from "./expected.js";

export interface Allowance {
  /** Tables the migrations create outside Prisma's view. */
  tables: string[];
  /** Extra indexes by name ("table.index"), for indexes Prisma's schema language cannot express. */
  indexes: string[];
  /** Foreign keys the migrations add without a Prisma relation ("table(columns)"). */
  foreignKeys: string[];
}

export interface Mismatch {
  table: string;
  /** Column, index or foreign key concerned; "" for the table itself. */
  item: string;
  expected: string;
  actual: string;
}

const ACTIONS: Record<string, string> = {
  a: "NO ACTION",
  r: "RESTRICT",
  c: "CASCADE",
  n: "SET NULL",
  d: "SET DEFAULT",
};
const fkText = (k: ForeignKey) =>
  `→ ${k.refTable}(${k.refColumns.join(", ")}) ON DELETE ${ACTIONS[k.onDelete]} ON UPDATE ${ACTIONS[k.onUpdate]}`;
const idxText = (i: Index) => `${i.unique ? "unique " : ""}index (${i.columns.join(", ")})`;
const sameCols = (a: string[], b: string[]) => a.join(",") === b.join(",");

function compareTable(name: string, want: Table, have: Table, allow: Allowance, out: Mismatch[]): void {
  const push = (item: string, expected: string, actual: string) => out.push({ table: name, item, expected, actual });
  for (const [col, w] of want.columns) {
    const h = have.columns.get(col);
    if (!h) {
      push(col, `column ${w.type}${w.nullable ? "" : " NOT NULL"}`, "missing");
      continue;
    }
    if (w.type !== h.type) push(col, `type ${w.type}`, `type ${h.type}`);
    if (w.nullable !== h.nullable)
      push(col, w.nullable ? "nullable" : "NOT NULL", h.nullable ? "nullable" : "NOT NULL");
    if (w.default !== h.default) push(col, `default ${w.default ?? "(none)"}`, `default ${h.default ?? "(none)"}`);
  }
  for (const [col, h] of have.columns) {
    if (!want.columns.has(col)) push(col, "no such column", `column ${h.type}${h.nullable ? "" : " NOT NULL"}`);
  }

  const pk = (k: string[] | null) => (k ? `primary key (${k.join(", ")})` : "no primary key");
  if (pk(want.primaryKey) !== pk(have.primaryKey)) push("primary key", pk(want.primaryKey), pk(have.primaryKey));

  const unmatched = [...have.indexes];
  for (const w of want.indexes) {
    const i = unmatched.findIndex((h) => !h.special && h.unique === w.unique && sameCols(h.columns, w.columns));
    if (i >= 0) unmatched.splice(i, 1);
    else {
      const near = have.indexes.find((h) => sameCols(h.columns, w.columns));
      push(`(${w.columns.join(", ")})`, idxText(w), near ? `${idxText(near)} ${near.name}` : "missing");
    }
  }
  for (const h of unmatched) {
    if (allow.indexes.includes(`${name}.${h.name}`)) continue;
    push(h.name ?? "", "no such index", idxText(h) + (h.special ? " (partial/expression)" : ""));
  }

  const fks = [...have.foreignKeys];
  for (const w of want.foreignKeys) {
    const i = fks.findIndex((h) => sameCols(h.columns, w.columns));
    const h = i >= 0 ? fks.splice(i, 1)[0] : undefined;
    if (!h) push(`foreign key (${w.columns.join(", ")})`, fkText(w), "missing");
    else if (fkText(h) !== fkText(w)) push(`foreign key (${w.columns.join(", ")})`, fkText(w), fkText(h));
  }
  for (const h of fks) {
    if (allow.foreignKeys.includes(`${name}(${h.columns.join(", ")})`)) continue;
    push(`foreign key (${h.columns.join(", ")})`, "no such foreign key", fkText(h));
  }
}

/** Every difference between the tables schema.prisma describes and the migrated ones. */
export function compareTables(want: Tables, have: Tables, allow: Allowance): Mismatch[] {
  const out: Mismatch[] = [];
  for (const [name, w] of want) {
    const h = have.get(name);
    if (!h) out.push({ table: name, item: "", expected: "table", actual: "missing" });
    else compareTable(name, w, h, allow, out);
  }
  for (const name of have.keys()) {
    if (!want.has(name) && !allow.tables.includes(name))
      out.push({ table: name, item: "", expected: "no such table", actual: "table" });
  }
  return out;
}
