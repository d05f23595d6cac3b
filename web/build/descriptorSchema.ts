// The browser reads every generated file descriptor (`fileDesc("…base64…")` in proto/gen and in
// @bufbuild/protobuf's well-known types) with fromBinary(FileDescriptorProtoSchema). That schema is
// descriptor.proto itself, booted from a 46 KB object literal (every option, feature, source info
// and edition default), on every page. The build gives fileDesc a schema of the same messages cut to
// what a client's descriptors hold and the registry reads; a field left out is an unknown field.
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { FileDescriptorProtoBoot } from "@bufbuild/protobuf/codegenv2";
import {
  type DescriptorProto,
  type EnumDescriptorProto,
  type FieldDescriptorProto,
  file_google_protobuf_descriptor,
  MethodOptions_IdempotencyLevel,
} from "@bufbuild/protobuf/wkt";
import type { Plugin } from "vite";

/** Messages (by name, nested as Parent.Child) and, for each, the fields kept (all: every one whose type is kept). */
const KEPT: Readonly<Record<string, readonly string[] | "all">> = {
  FileDescriptorProto: "all",
  DescriptorProto: "all",
  "DescriptorProto.ExtensionRange": ["start", "end"],
  "DescriptorProto.ReservedRange": "all",
  FieldDescriptorProto: "all",
  OneofDescriptorProto: ["name"],
  EnumDescriptorProto: "all",
  "EnumDescriptorProto.EnumReservedRange": "all",
  EnumValueDescriptorProto: "all",
  ServiceDescriptorProto: "all",
  MethodDescriptorProto: "all",
  // The options the registry reads (protoc writes no others into a client's descriptors: server
  // options are stripped by descriptors.ts, and these protos use no editions features).
  FileOptions: [],
  MessageOptions: ["deprecated", "map_entry"],
  FieldOptions: ["packed", "jstype", "deprecated"],
  EnumOptions: ["allow_alias", "deprecated"],
  EnumValueOptions: ["deprecated"],
  ServiceOptions: ["deprecated"],
  MethodOptions: ["deprecated", "idempotency_level"],
};
/** Top-level enums kept (those of the fields kept). */
const KEPT_ENUMS = new Set(["Edition"]);

const typeName = (path: string) => `.google.protobuf.${path}`;
const own = (o: object, key: string) => Object.hasOwn(o, key);
type BootMessage = FileDescriptorProtoBoot["messageType"][number];
type BootEnum = FileDescriptorProtoBoot["enumType"][number];

const bootEnum = (e: EnumDescriptorProto): BootEnum => ({
  name: e.name,
  value: e.value.map((v) => ({ name: v.name, number: v.number })),
});

function bootField(f: FieldDescriptorProto): NonNullable<BootMessage["field"]>[number] {
  return {
    name: f.name,
    number: f.number,
    type: f.type,
    ...(own(f, "label") ? { label: f.label } : {}),
    ...(own(f, "typeName") ? { typeName: f.typeName } : {}),
    ...(own(f, "defaultValue") ? { defaultValue: f.defaultValue } : {}),
  };
}

/** A message of descriptor.proto cut to KEPT (undefined: not kept), in the boot format. */
function trimMessage(message: DescriptorProto, path: string): BootMessage | undefined {
  const kept = KEPT[path];
  if (!kept) return undefined;
  const nested = new Map(message.enumType.map((e) => [typeName(`${path}.${e.name}`), e]));
  const typeKept = (name: string) =>
    Object.keys(KEPT).some((k) => typeName(k) === name) ||
    nested.has(name) ||
    [...KEPT_ENUMS].some((e) => typeName(e) === name);
  const field = message.field.filter(
    (f) => (kept === "all" || kept.includes(f.name)) && (!own(f, "typeName") || typeKept(f.typeName)),
  );
  const enumType = [...nested].filter(([name]) => field.some((f) => f.typeName === name)).map(([, e]) => bootEnum(e));
  const nestedType = message.nestedType
    .map((n) => trimMessage(n, `${path}.${n.name}`))
    .filter((n): n is BootMessage => n !== undefined);
  return {
    name: message.name,
    ...(field.length ? { field: field.map(bootField) } : {}),
    ...(nestedType.length ? { nestedType } : {}),
    ...(enumType.length ? { enumType } : {}),
  };
}

/** descriptor.proto cut to KEPT, as the boot object @bufbuild/protobuf's `boot()` takes. */
export function clientDescriptorBoot(): FileDescriptorProtoBoot {
  const proto = file_google_protobuf_descriptor.proto;
  return {
    name: "google/protobuf/descriptor.proto",
    package: "google.protobuf",
    messageType: proto.messageType.map((m) => trimMessage(m, m.name)).filter((m): m is BootMessage => m !== undefined),
    enumType: proto.enumType.filter((e) => KEPT_ENUMS.has(e.name)).map(bootEnum),
  };
}

/** How generated code names the module (resolved to the one made here). */
export const CLIENT_DESCRIPTOR_MODULE = "virtual:wenku-client-descriptor";

/**
 * Gives the browser build clientDescriptorBoot's descriptor.proto instead of the whole one: as the
 * schema fileDesc (codegenv2/file.js) decodes descriptors with, as the file the app's option
 * extensions (google/api/annotations, api/v1/access) extend, and for the one enum Connect takes from
 * it (MethodOptions_IdempotencyLevel); the build fails if an importer changed shape.
 */
export function clientDescriptorSchema(): Plugin {
  const fileJs = /[\\/]@bufbuild[\\/]protobuf[\\/]dist[\\/]esm[\\/]codegenv2[\\/]file\.js$/;
  const generated = /[\\/]proto[\\/]gen[\\/].+_pb\.(ts|js)$/;
  const connect = /[\\/]node_modules[\\/]@connectrpc[\\/]/;
  const IDEMPOTENCY_IMPORT = 'import { MethodOptions_IdempotencyLevel } from "@bufbuild/protobuf/wkt";';
  const SOURCE = "../wkt/gen/google/protobuf/descriptor_pb.js";
  const WKT_IMPORT = 'import { file_google_protobuf_descriptor } from "@bufbuild/protobuf/wkt";';
  const ID = "\0wenku:client-descriptor";
  let codegenDir = "";
  return {
    name: "wenku:client-descriptor-schema",
    apply: "build",
    enforce: "pre",
    async resolveId(source, from) {
      if (source === CLIENT_DESCRIPTOR_MODULE) {
        const file = await this.resolve("@bufbuild/protobuf/codegenv2", from, { skipSelf: true });
        if (!file) throw new Error("@bufbuild/protobuf/codegenv2 not found");
        codegenDir = dirname(file.id);
        return ID;
      }
      if (source !== SOURCE || !from || !fileJs.test(from)) return null;
      const file = await readFile(from, "utf8");
      if (!file.includes(`import { FileDescriptorProtoSchema } from "${SOURCE}";`)) {
        throw new Error(
          "@bufbuild/protobuf's codegenv2/file.js changed: it no longer imports only FileDescriptorProtoSchema",
        );
      }
      codegenDir = dirname(from);
      return ID;
    },
    transform(code, id) {
      // Connect takes one enum of descriptor.proto; importing it kept the module and all its enums.
      if (connect.test(id) && code.includes(IDEMPOTENCY_IMPORT)) {
        const from = IDEMPOTENCY_IMPORT.replace("@bufbuild/protobuf/wkt", CLIENT_DESCRIPTOR_MODULE);
        return { code: code.replace(IDEMPOTENCY_IMPORT, from), map: null };
      }
      if (!generated.test(id) || !code.includes("file_google_protobuf_descriptor")) return null;
      if (!code.includes(WKT_IMPORT))
        throw new Error(`${id}: file_google_protobuf_descriptor imported otherwise than expected`);
      return {
        code: code.replace(WKT_IMPORT, WKT_IMPORT.replace("@bufbuild/protobuf/wkt", CLIENT_DESCRIPTOR_MODULE)),
        map: null,
      };
    },
    load(id) {
      if (id !== ID) return null;
      const boot = clientDescriptorBoot();
      const index = boot.messageType.findIndex((m) => m.name === "FileDescriptorProto");
      return `import { boot } from ${JSON.stringify(join(codegenDir, "boot.js"))};
import { messageDesc } from ${JSON.stringify(join(codegenDir, "message.js"))};
export const file_google_protobuf_descriptor = /*@__PURE__*/ boot(${JSON.stringify(boot)});
export const FileDescriptorProtoSchema = /*@__PURE__*/ messageDesc(file_google_protobuf_descriptor, ${index});
export const MethodOptions_IdempotencyLevel = ${JSON.stringify(MethodOptions_IdempotencyLevel)};
`;
    },
  };
}
