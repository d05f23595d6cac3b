import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { FileDescriptorProtoSchema, MethodOptionsSchema } from "@bufbuild/protobuf/wkt";
import type { Plugin } from "vite";

/** A generated `*_pb` module of proto/gen and its one embedded file descriptor. */
const GENERATED = /[\\/]proto[\\/]gen[\\/].+_pb\.(ts|js)$/;
const EMBEDDED = /fileDesc\("([A-Za-z0-9+/=]+)"/;

/**
 * Removes what only servers read from the embedded file descriptor: the options of services and
 * methods (the REST route of google.api.http, the access policy, the deployable). A client needs a
 * method's name and its message types, which stay; the descriptors are about a quarter smaller, and
 * every page carries those of the APIs it calls. A method's idempotency level (which lets Connect
 * send GET) and message, field and enum options are kept.
 */
export function stripServerOptions(descriptor: Uint8Array): Uint8Array {
  const file = fromBinary(FileDescriptorProtoSchema, descriptor);
  if (file.service.length === 0) return descriptor;
  for (const service of file.service) {
    service.options = undefined;
    for (const method of service.method) {
      const idempotencyLevel = method.options?.idempotencyLevel;
      method.options = idempotencyLevel ? create(MethodOptionsSchema, { idempotencyLevel }) : undefined;
    }
  }
  return toBinary(FileDescriptorProtoSchema, file);
}

/** The browser build's descriptors without server-only options (see stripServerOptions). */
export function clientDescriptors(): Plugin {
  return {
    name: "wenku:client-descriptors",
    apply: "build",
    transform(code, id) {
      if (!GENERATED.test(id)) return null;
      const found = EMBEDDED.exec(code);
      if (!found?.[1]) return null;
      const stripped = stripServerOptions(Buffer.from(found[1], "base64"));
      const encoded = Buffer.from(stripped).toString("base64");
      return { code: code.replace(found[1], encoded), map: null };
    },
  };
}
