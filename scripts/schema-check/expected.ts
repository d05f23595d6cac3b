// What a schema.prisma says the database holds, in the terms PostgreSQL reports back (format_type()
// names, pg_get_expr() defaults), so the comparison with the migrated database is plain equality.
import type { Datamodel, DmmfField, DmmfModel } from "./dmmf.js";

export interface Column {
  type: string;
  nullable: boolean;
  /** Normalized default (see normalizeDefault), null when the database supplies none. */
  default: string | null;
}
export interface Index {
  /** Columns in order, " DESC" appended to descending ones. */
  columns: string[];
  unique: boolean;
  name?: string;
  /** Partial or expression index: Prisma cannot describe it. */
  special?: boolean;
}
export interface ForeignKey {
  columns: string[];
  refTable: string;
  refColumns: string[];
  onDelete: string;
  onUpdate: string;
}
export interface Table {
  columns: Map<string, Column>;
  primaryKey: string[] | null;
  indexes: Index[];
  foreignKeys: ForeignKey[];
}
export type Tables = Map<string, Table>;

// Prisma's PostgreSQL defaults for scalars without @db.* (what `prisma migrate` would create).
const SCALAR: Record<string, string> = {
  String: "text",
  Int: "integer",
  BigInt: "bigint",
  Float: "double precision",
  Decimal: "numeric(65,30)",
  Boolean: "boolean",
  DateTime: "timestamp(3) without time zone",
  Json: "jsonb",
  Bytes: "bytea",
};

const NUMERIC = new Set(["Int", "BigInt", "Float", "Decimal"]);

// @db.<Name>(args) → format_type() spelling; a precision/length argument goes where "%" is.
const NATIVE: Record<string, [plain: string, withArgs: string]> = {
  Text: ["text", "text"],
  VarChar: ["character varying", "character varying(%)"],
  Char: ["character", "character(%)"],
  Uuid: ["uuid", "uuid"],
  Inet: ["inet", "inet"],
  Citext: ["citext", "citext"],
  Xml: ["xml", "xml"],
  Bit: ["bit", "bit(%)"],
  VarBit: ["bit varying", "bit varying(%)"],
  SmallInt: ["smallint", "smallint"],
  Integer: ["integer", "integer"],
  Oid: ["oid", "oid"],
  BigInt: ["bigint", "bigint"],
  Real: ["real", "real"],
  DoublePrecision: ["double precision", "double precision"],
  Decimal: ["numeric", "numeric(%)"],
  Money: ["money", "money"],
  Boolean: ["boolean", "boolean"],
  Timestamp: ["timestamp without time zone", "timestamp(%) without time zone"],
  Timestamptz: ["timestamp with time zone", "timestamp(%) with time zone"],
  Date: ["date", "date"],
  Time: ["time without time zone", "time(%) without time zone"],
  Timetz: ["time with time zone", "time(%) with time zone"],
  Json: ["json", "json"],
  JsonB: ["jsonb", "jsonb"],
  ByteA: ["bytea", "bytea"],
};

// Prisma's referential actions → pg_constraint.confdeltype/confupdtype letters.
const ACTION: Record<string, string> = { Cascade: "c", Restrict: "r", NoAction: "a", SetNull: "n", SetDefault: "d" };

/**
 * One spelling for a default whichever way PostgreSQL or Prisma writes it: casts and wrapping
 * parentheses dropped, sequences read as autoincrement(), CURRENT_TIMESTAMP as now().
 */
export function normalizeDefault(expr: string | null): string | null {
  if (expr === null) return null;
  let e = expr.trim();
  if (/^nextval\(/i.test(e)) return "autoincrement()";
  // '{}' is an array literal only when cast to an array; a text or jsonb '{}' is the string itself.
  const array = /\[\]\)*$/.test(e);
  for (let prev = ""; prev !== e; ) {
    prev = e;
    e = e.replace(/::[a-z_" ]+(\([0-9, ]+\))?(\[\])?$/i, "").trim();
    if (/^\((.*)\)$/.test(e)) e = e.slice(1, -1).trim();
  }
  if (/^current_timestamp(\(\d*\))?$/i.test(e)) return "now()";
  if (/^'-?\d+(\.\d+)?'$/.test(e)) return e.slice(1, -1); // numbers PostgreSQL quoted
  if (array && /^'\{.*\}'$/.test(e)) return e.slice(1, -1); // array literals ('{}'::bigint[])
  if (/^array\[\]$/i.test(e)) return "{}"; // ARRAY[]::bigint[], as Prisma writes an empty list
  return e;
}

function columnType(model: DmmfModel, field: DmmfField, enums: Map<string, string>): string {
  let base: string;
  if (field.kind === "enum") base = enums.get(field.type) ?? field.type;
  else if (field.nativeType) {
    const [name, args] = field.nativeType;
    const spelling = NATIVE[name];
    if (!spelling) throw new Error(`${model.name}.${field.name}: @db.${name} has no PostgreSQL mapping here`);
    base = args.length ? spelling[1].replace("%", args.join(",")) : spelling[0];
  } else {
    const scalar = SCALAR[field.type];
    if (!scalar) throw new Error(`${model.name}.${field.name}: type ${field.type} has no PostgreSQL mapping here`);
    base = scalar;
  }
  return field.isList ? `${base}[]` : base;
}

function fieldDefault(field: DmmfField): string | null {
  const d = field.default;
  if (d === undefined || d === null) return null;
  // BigInt and Decimal defaults arrive as strings in the DMMF; numbers are written unquoted.
  if (typeof d === "string" && NUMERIC.has(field.type)) return d;
  if (typeof d === "string") return `'${d.replace(/'/g, "''")}'`;
  if (typeof d === "number" || typeof d === "boolean") return String(d);
  if (Array.isArray(d)) return `{${d.join(",")}}`;
  const fn = d as { name: string; args: unknown[] };
  switch (fn.name) {
    case "autoincrement":
      return "autoincrement()";
    case "now":
      return "now()";
    case "dbgenerated":
      return normalizeDefault(String(fn.args[0] ?? ""));
    default:
      return null; // uuid(), cuid(), nanoid(), ulid(): the client fills these in, not the database
  }
}

/**
 * Columns of an `Unsupported("…")` type (tsvector…), which Prisma's DMMF leaves out: read from the
 * schema text, by model. The type is PostgreSQL's own spelling; no default is read.
 */
export function unsupportedColumns(schema: string): Map<string, Map<string, Column>> {
  const out = new Map<string, Map<string, Column>>();
  for (const block of schema.matchAll(/^model\s+(\w+)\s*\{([\s\S]*?)^\}/gm)) {
    const columns = new Map<string, Column>();
    for (const line of (block[2] as string).split("\n")) {
      const f = /^\s*(\w+)\s+Unsupported\("([^"]+)"\)(\?)?(.*)$/.exec(line);
      if (!f) continue;
      const name = /@map\("([^"]+)"\)/.exec(f[4] as string)?.[1] ?? (f[1] as string);
      columns.set(name, { type: f[2] as string, nullable: f[3] === "?", default: null });
    }
    if (columns.size) out.set(block[1] as string, columns);
  }
  return out;
}

/** The tables `datamodel` describes (with the Unsupported() columns of `schema`), keyed by table name. */
export function expectedTables(datamodel: Datamodel, schema = ""): Tables {
  const unsupported = unsupportedColumns(schema);
  const enums = new Map(datamodel.enums.map((e) => [e.name, e.dbName ?? e.name]));
  const models = new Map(datamodel.models.map((m) => [m.name, m]));
  const tableOf = (m: DmmfModel) => m.dbName ?? m.name;
  const columnOf = (m: DmmfModel, fieldName: string) => {
    const f = m.fields.find((x) => x.name === fieldName);
    return f?.dbName ?? fieldName;
  };
  const tables: Tables = new Map();
  for (const model of datamodel.models) {
    const columns = new Map<string, Column>();
    const foreignKeys: ForeignKey[] = [];
    for (const field of model.fields) {
      if (field.kind === "object") {
        const from = field.relationFromFields ?? [];
        if (from.length === 0) continue; // the other side of the relation holds the key
        const target = models.get(field.type) as DmmfModel;
        // Prisma's defaults: SetNull when the key is optional, else Restrict; updates cascade.
        const optional = from.some((f) => !model.fields.find((x) => x.name === f)?.isRequired);
        foreignKeys.push({
          columns: from.map((f) => columnOf(model, f)),
          refTable: tableOf(target),
          refColumns: (field.relationToFields ?? []).map((f) => columnOf(target, f)),
          onDelete: ACTION[field.relationOnDelete ?? (optional ? "SetNull" : "Restrict")] as string,
          onUpdate: ACTION[field.relationOnUpdate ?? "Cascade"] as string,
        });
        continue;
      }
      if (field.kind === "unsupported") throw new Error(`${model.name}.${field.name}: Unsupported() type`);
      columns.set(field.dbName ?? field.name, {
        type: columnType(model, field, enums),
        // Prisma creates scalar lists without NOT NULL even though the field is required.
        nullable: field.isList || !field.isRequired,
        default: fieldDefault(field),
      });
    }
    for (const [name, column] of unsupported.get(model.name) ?? []) columns.set(name, column);
    tables.set(tableOf(model), { columns, primaryKey: null, indexes: [], foreignKeys });
  }
  for (const index of datamodel.indexes) {
    const model = models.get(index.model) as DmmfModel;
    const table = tables.get(tableOf(model)) as Table;
    const columns = index.fields.map((f) => columnOf(model, f.name) + (f.sortOrder === "desc" ? " DESC" : ""));
    if (index.type === "id") table.primaryKey = columns;
    else table.indexes.push({ columns, unique: index.type === "unique" });
  }
  return tables;
}
