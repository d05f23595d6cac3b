// What a migrated database holds in one Postgres schema, read from pg_catalog in the same shape
// expected.ts builds from schema.prisma.
import type pg from "pg";
import { type Column, type Index, normalizeDefault, type Table, type Tables } from "./expected.js";

export async function actualTables(client: pg.Client, schema: string): Promise<Tables> {
  const tables: Tables = new Map();
  const table = (name: string): Table => {
    let t = tables.get(name);
    if (!t) {
      t = { columns: new Map<string, Column>(), primaryKey: null, indexes: [], foreignKeys: [] };
      tables.set(name, t);
    }
    return t;
  };

  const cols = await client.query<{ tbl: string; col: string; type: string; notnull: boolean; def: string | null }>(
    `SELECT c.relname AS tbl, a.attname AS col, format_type(a.atttypid, a.atttypmod) AS type,
            a.attnotnull AS notnull,
            CASE WHEN a.attidentity <> '' THEN 'nextval(identity)' ELSE pg_get_expr(d.adbin, d.adrelid) END AS def
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
       LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
      WHERE n.nspname = $1 AND c.relkind IN ('r', 'p')
      ORDER BY c.relname, a.attnum`,
    [schema],
  );
  for (const r of cols.rows) {
    // An enum of this schema is reported schema-qualified when the schema is not on search_path.
    const type = r.type.replace(new RegExp(`^"?${schema}"?\\.`), "").replace(/^"(.*)"(\[\])?$/, "$1$2");
    table(r.tbl).columns.set(r.col, { type, nullable: !r.notnull, default: normalizeDefault(r.def) });
  }

  // indkey/indoption as arrays; an expression column is attnum 0.
  const idx = await client.query<{
    tbl: string;
    name: string;
    primary: boolean;
    unique: boolean;
    partial: boolean;
    cols: Array<string | null>;
    desc: boolean[];
  }>(
    `SELECT t.relname AS tbl, i.relname AS name, x.indisprimary AS primary, x.indisunique AS unique,
            x.indpred IS NOT NULL AS partial,
            array(SELECT a.attname::text FROM unnest(x.indkey::int2[]) WITH ORDINALITY k(num, ord)
                    LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.num ORDER BY k.ord) AS cols,
            array(SELECT (o & 1) = 1 FROM unnest(x.indoption::int2[]) WITH ORDINALITY k(o, ord) ORDER BY k.ord) AS desc
       FROM pg_index x
       JOIN pg_class t ON t.oid = x.indrelid
       JOIN pg_class i ON i.oid = x.indexrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = $1
      ORDER BY t.relname, i.relname`,
    [schema],
  );
  for (const r of idx.rows) {
    const columns = r.cols.slice(0, r.desc.length).map((c, i) => (c ?? "(expression)") + (r.desc[i] ? " DESC" : ""));
    if (r.primary) table(r.tbl).primaryKey = columns;
    else {
      const index: Index = { columns, unique: r.unique, name: r.name };
      if (r.partial || r.cols.includes(null)) index.special = true;
      table(r.tbl).indexes.push(index);
    }
  }

  const fks = await client.query<{
    tbl: string;
    cols: string[];
    reftbl: string;
    refcols: string[];
    del: string;
    upd: string;
  }>(
    `SELECT t.relname AS tbl, f.relname AS reftbl, c.confdeltype AS del, c.confupdtype AS upd,
            array(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY k(num, ord)
                    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.num ORDER BY k.ord) AS cols,
            array(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY k(num, ord)
                    JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.num ORDER BY k.ord) AS refcols
       FROM pg_constraint c
       JOIN pg_class t ON t.oid = c.conrelid
       JOIN pg_class f ON f.oid = c.confrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = $1 AND c.contype = 'f'
      ORDER BY t.relname, c.conname`,
    [schema],
  );
  for (const r of fks.rows) {
    table(r.tbl).foreignKeys.push({
      columns: r.cols,
      refTable: r.reftbl,
      refColumns: r.refcols,
      onDelete: r.del,
      onUpdate: r.upd,
    });
  }
  return tables;
}
