/** @jest-environment node */
import { readdirSync, readFileSync } from "node:fs";
import { createFileRegistry, type DescFile, fromBinary } from "@bufbuild/protobuf";
import { boot, messageDesc } from "@bufbuild/protobuf/codegenv2";
import { FileDescriptorProtoSchema, file_google_protobuf_descriptor } from "@bufbuild/protobuf/wkt";
import { describe, expect, it } from "@jest/globals";
import { clientDescriptorBoot } from "./descriptorSchema.js";
import { stripServerOptions } from "./descriptors.js";

const GEN = new URL("../../proto/gen/", import.meta.url);
const WKT = new URL("../../node_modules/@bufbuild/protobuf/dist/esm/wkt/gen/google/protobuf/", import.meta.url);
const EMBEDDED = /fileDesc\("([A-Za-z0-9+/=]+)"/;

/** Every descriptor the browser decodes: the app's (as the build strips them) and the well-known types'. */
function descriptors(): Array<[string, Uint8Array]> {
  const out: Array<[string, Uint8Array]> = [];
  const walk = (dir: URL, strip: boolean) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      // (compiler/plugin.proto describes protoc plugins: no browser reads it)
      if (entry.isDirectory()) {
        if (entry.name !== "compiler") walk(new URL(`${entry.name}/`, dir), strip);
      } else if (/_pb\.(ts|js)$/.test(entry.name) && !entry.name.endsWith("features_pb.js")) {
        // (the *_features files extend editions' FeatureSet for C++, Go, Java: no browser reads them)
        const b64 = EMBEDDED.exec(readFileSync(new URL(entry.name, dir), "utf8"))?.[1];
        if (!b64) continue;
        const bytes = new Uint8Array(Buffer.from(b64, "base64"));
        out.push([entry.name, strip ? stripServerOptions(bytes) : bytes]);
      }
    }
  };
  walk(GEN, true);
  walk(WKT, false);
  return out;
}

const clientDescriptor = boot(clientDescriptorBoot());
/** The schema the browser build decodes descriptors with (descriptorSchema.ts clientDescriptorSchema). */
const clientSchema = messageDesc(
  clientDescriptor,
  clientDescriptorBoot().messageType.findIndex((m) => m.name === "FileDescriptorProto"),
) as unknown as typeof FileDescriptorProtoSchema;

/** What the runtime takes from a file's descriptors: every type, field and method as the registry makes it. */
function shape(file: DescFile) {
  return {
    messages: file.messages.map(function message(m): unknown {
      return {
        name: m.typeName,
        fields: m.fields.map((f) => ({
          name: f.name,
          number: f.number,
          json: f.jsonName,
          kind: f.fieldKind,
          scalar: "scalar" in f ? f.scalar : undefined,
          long: "longAsString" in f ? f.longAsString : undefined,
          packed: "packed" in f ? f.packed : undefined,
          type: ("message" in f && f.message?.typeName) || ("enum" in f && f.enum?.typeName) || undefined,
          oneof: f.oneof?.name,
          presence: f.presence,
        })),
        nested: m.nestedMessages.map(message),
      };
    }),
    enums: file.enums.map((e) => ({ name: e.typeName, values: e.values.map((v) => [v.name, v.number]) })),
    services: file.services.map((s) => ({
      name: s.typeName,
      methods: s.methods.map((m) => [m.name, m.methodKind, m.idempotency, m.input.typeName, m.output.typeName]),
    })),
  };
}

describe("the browser build's schema for reading file descriptors", () => {
  const all = descriptors();

  it("finds the app's and the well-known types' descriptors", () => {
    expect(all.length).toBeGreaterThan(30);
    expect(all.map(([name]) => name)).toEqual(expect.arrayContaining(["document_pb.ts", "timestamp_pb.js"]));
  });

  it("is far smaller than descriptor.proto's", () => {
    expect(JSON.stringify(clientDescriptorBoot()).length).toBeLessThan(8_000);
  });

  it("reads every descriptor to the same types, fields and methods as descriptor.proto's own schema", () => {
    // One set of files per schema. The embedded descriptors name no dependencies (fileDesc gets them
    // from the generated imports): each file depends on the files defining the types it refers to.
    const registries = (
      [
        [FileDescriptorProtoSchema, file_google_protobuf_descriptor],
        [clientSchema, clientDescriptor],
      ] as const
    ).map(([schema, descriptorFile]) => {
      const protos = [descriptorFile.proto, ...all.map(([, bytes]) => fromBinary(schema, bytes))];
      const definedIn = new Map<string, string>();
      const refs = new Map<string, Set<string>>();
      for (const p of protos) {
        const used = new Set<string>();
        const walk = (prefix: string, m: (typeof p.messageType)[number]) => {
          definedIn.set(`${prefix}.${m.name}`, p.name);
          for (const f of m.field) if (f.typeName) used.add(f.typeName);
          for (const e of m.enumType) definedIn.set(`${prefix}.${m.name}.${e.name}`, p.name);
          for (const n of m.nestedType) walk(`${prefix}.${m.name}`, n);
        };
        for (const m of p.messageType) walk(`.${p.package}`, m);
        for (const e of p.enumType) definedIn.set(`.${p.package}.${e.name}`, p.name);
        for (const x of p.extension) used.add(x.extendee).add(x.typeName);
        for (const sv of p.service) for (const m of sv.method) used.add(m.inputType).add(m.outputType);
        refs.set(p.name, used);
      }
      const byName = new Map(protos.map((p) => [p.name, p]));
      const files = new Map<string, DescFile>([[descriptorFile.proto.name, descriptorFile]]);
      const add = (name: string): DescFile => {
        const done = files.get(name);
        if (done) return done;
        const proto = byName.get(name);
        if (!proto) throw new Error(`no descriptor for ${name}`);
        const depNames = [...(refs.get(name) ?? [])].map((t) => definedIn.get(t)).filter((f) => f && f !== name);
        const deps = [...new Set(depNames as string[])].map(add);
        proto.dependency = deps.map((d) => d.proto.name);
        const file = createFileRegistry(proto, (dep) => deps.find((d) => d.proto.name === dep)).getFile(name);
        if (!file) throw new Error(`no file ${name}`);
        files.set(name, file);
        return file;
      };
      for (const p of protos) add(p.name);
      return files;
    });
    const [full, client] = registries as [Map<string, DescFile>, Map<string, DescFile>];
    expect([...client.keys()].sort()).toEqual([...full.keys()].sort());
    full.delete(file_google_protobuf_descriptor.proto.name);
    client.delete(file_google_protobuf_descriptor.proto.name);
    for (const [name, file] of full) expect([name, shape(client.get(name) as DescFile)]).toEqual([name, shape(file)]);
    // …and nothing they hold is left unread but the file options (java_package, go_package…: for
    // other languages' generators).
    const unknown = (value: unknown): boolean =>
      typeof value === "object" && value !== null && !(value instanceof Uint8Array)
        ? ((value as { $typeName?: string }).$typeName !== "google.protobuf.FileOptions" &&
            Object.hasOwn(value, "$unknown")) ||
          Object.values(value).some(unknown)
        : false;
    for (const [name, bytes] of all) expect([name, unknown(fromBinary(clientSchema, bytes))]).toEqual([name, false]);
  });
});
