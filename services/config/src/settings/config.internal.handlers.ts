import type { ServiceImpl } from "@connectrpc/connect";
import type { ConfigInternalAPI } from "@wenku/proto/api/v1/config_internal_pb.js";
import type { ConfigService } from "./config.service.js";
import { toPaySettings, toVerificationSettings } from "./settings.mapper.js";

/** ConfigInternalAPI: the settings other services need with their secrets (the order service's pay settings, the user service's code lifetimes). */
export function createConfigInternalHandlers(configs: ConfigService): ServiceImpl<typeof ConfigInternalAPI> {
  return {
    async getPaySettings() {
      return toPaySettings(await configs.values());
    },
    async getVerificationSettings() {
      return toVerificationSettings(await configs.values());
    },
  };
}
