// Prisma's own parse of a schema.prisma (its DMMF), through the schema WebAssembly module the
// `prisma` CLI package ships (the same one `prisma generate` uses), so nothing here re-implements the
// Prisma schema language. `@prisma/internals` (the usual JS wrapper) is not a dependency; the module's
// only imports are wasm-bindgen's error/panic hooks, supplied below by name prefix (the suffixes are
// build hashes that change between Prisma releases).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

export interface DmmfField {
  name: string;
  dbName?: string | null;
  kind: "scalar" | "object" | "enum" | "unsupported";
  isList: boolean;
  isRequired: boolean;
  type: string;
  nativeType?: [string, string[]] | null;
  default?: unknown;
  isUpdatedAt: boolean;
  relationFromFields?: string[];
  relationToFields?: string[];
  relationOnDelete?: string;
  relationOnUpdate?: string;
}

export interface DmmfModel {
  name: string;
  dbName: string | null;
  fields: DmmfField[];
}

export interface DmmfIndex {
  model: string;
  type: "id" | "unique" | "normal" | "fulltext";
  fields: Array<{ name: string; sortOrder?: "asc" | "desc" }>;
}

export interface Datamodel {
  enums: Array<{ name: string; dbName?: string | null }>;
  models: DmmfModel[];
  indexes: DmmfIndex[];
}

// The few WebAssembly APIs used here (this project's TypeScript libs have no WebAssembly typings).
interface Wasm {
  Module: { new (bytes: Uint8Array): object; imports(m: object): Array<{ module: string; name: string }> };
  Instance: new (m: object, imports: Record<string, Record<string, unknown>>) => { exports: unknown };
}
const { WebAssembly: wasm } = globalThis as unknown as { WebAssembly: Wasm };

interface SchemaWasm {
  memory: { buffer: ArrayBuffer };
  __wbindgen_externrefs: { grow(n: number): number; get(i: number): unknown; set(i: number, v: unknown): void };
  __wbindgen_start(): void;
  __wbindgen_malloc(size: number, align: number): number;
  __wbindgen_free(ptr: number, size: number, align: number): void;
  __externref_table_dealloc(idx: number): void;
  get_dmmf(ptr: number, len: number): [number, number, number, number];
}

let instance: SchemaWasm | undefined;
let panic = ""; // a Rust panic's message, recorded by the module before it traps

function load(): SchemaWasm {
  if (instance) return instance;
  const cli = createRequire(import.meta.url).resolve("prisma/package.json");
  const module = new wasm.Module(readFileSync(join(dirname(cli), "build/prisma_schema_build_bg.wasm")));
  let ex: SchemaWasm | undefined;
  const text = (ptr: number, len: number) =>
    new TextDecoder().decode(new Uint8Array((ex as SchemaWasm).memory.buffer, ptr, len));
  const hooks: Record<string, (...args: number[]) => unknown> = {};
  for (const imp of wasm.Module.imports(module)) {
    const n = imp.name;
    if (n.startsWith("__wbg_Error_")) hooks[n] = (p, l) => new Error(text(p as number, l as number));
    else if (n.startsWith("__wbg___wbindgen_throw_"))
      hooks[n] = (p, l) => {
        throw new Error(text(p as number, l as number));
      };
    else if (n.startsWith("__wbg_set_message_")) hooks[n] = (p, l) => (panic = text(p as number, l as number));
    else if (n === "__wbindgen_init_externref_table")
      hooks[n] = () => {
        // wasm-bindgen's fixed slots: undefined, null, true, false
        const t = (ex as SchemaWasm).__wbindgen_externrefs;
        const base = t.grow(4);
        t.set(0, undefined);
        for (const [i, v] of [undefined, null, true, false].entries()) t.set(base + i, v);
      };
    else throw new Error(`unexpected import ${imp.module}.${n} of Prisma's schema module (Prisma upgraded?)`);
  }
  const exports = new wasm.Instance(module, { __wbindgen_placeholder__: hooks }).exports;
  ex = exports as unknown as SchemaWasm;
  ex.__wbindgen_start();
  instance = ex;
  return ex;
}

/** The datamodel part of Prisma's DMMF for `schema` (throws Prisma's validation errors). */
export function getDatamodel(schema: string): Datamodel {
  const ex = load();
  const input = new TextEncoder().encode(JSON.stringify({ prismaSchema: schema, noColor: true }));
  const ptr = ex.__wbindgen_malloc(input.length, 1);
  new Uint8Array(ex.memory.buffer, ptr, input.length).set(input);
  let result: [number, number, number, number];
  try {
    result = ex.get_dmmf(ptr, input.length);
  } catch (err) {
    instance = undefined; // a trapped module is unusable
    throw new Error(`Prisma's schema module failed: ${panic || (err as Error).message}`);
  }
  const [outPtr, outLen, errIdx, failed] = result;
  if (failed) {
    const err = ex.__wbindgen_externrefs.get(errIdx) as Error;
    ex.__externref_table_dealloc(errIdx);
    throw new Error(`schema.prisma does not validate: ${err.message}`);
  }
  const json = new TextDecoder().decode(new Uint8Array(ex.memory.buffer, outPtr, outLen));
  ex.__wbindgen_free(outPtr, outLen, 1);
  return (JSON.parse(json) as { datamodel: Datamodel }).datamodel;
}
