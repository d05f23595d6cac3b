// ContentInternalAPI's host RPCs: the converter's environment and the host's resources, for the
// config service's GetEnvs and GetDeviceInfo (thin edges over envs.ts and device.ts).
import { create } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import { EnvsSchema } from "@wenku/proto/api/v1/config_pb.js";
import type { ContentInternalAPI } from "@wenku/proto/api/v1/content_internal_pb.js";
import type { ToolProbe } from "../conversion/tools.js";
import { deviceInfo, type WatchedDir } from "./device.js";
import { mupdfVersion, toEnvs } from "./envs.js";

export interface SystemHandlerDeps {
  /** Probes the converter's tools now. */
  probe: () => Promise<ToolProbe>;
  /** Directories whose disks are reported. */
  dirs: readonly WatchedDir[];
  clock: () => Date;
}

export function createSystemInternalHandlers(
  deps: SystemHandlerDeps,
): Pick<ServiceImpl<typeof ContentInternalAPI>, "getConverterEnvs" | "getDeviceInfo"> {
  return {
    async getConverterEnvs() {
      return create(EnvsSchema, { envs: toEnvs(await deps.probe(), mupdfVersion(), deps.clock()) });
    },
    getDeviceInfo() {
      return deviceInfo(deps.dirs);
    },
  };
}
