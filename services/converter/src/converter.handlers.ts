// ConverterInternalAPI: what this converter finds on its machine, for the config service's GetEnvs
// (the environment check) and the content service's uploads (which formats to accept now).
import { create } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import { EnvsSchema } from "@wenku/proto/api/v1/config_pb.js";
import type { ConverterInternalAPI } from "@wenku/proto/api/v1/converter_internal_pb.js";
import { mupdfVersion, toEnvs } from "./envs.js";
import type { ConverterAvailability } from "./tools.js";

export interface ConverterHandlerDeps {
  availability: ConverterAvailability;
  clock: () => Date;
}

export function createConverterHandlers(d: ConverterHandlerDeps): ServiceImpl<typeof ConverterInternalAPI> {
  return {
    async getConverterEnvs() {
      return create(EnvsSchema, { envs: toEnvs(await d.availability.check(), mupdfVersion(), d.clock()) });
    },
    async getConverterFormats() {
      const [office, unavailableExt] = await Promise.all([
        d.availability.office(),
        d.availability.unavailableExtensions(),
      ]);
      return { office, unavailableExt };
    },
  };
}
