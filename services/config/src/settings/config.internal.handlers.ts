import type { ServiceImpl } from "@connectrpc/connect";
import type { ConfigInternalAPI } from "@wenku/proto/api/v1/config_internal_pb.js";
import { catalog } from "./catalog.js";
import type { ConfigService } from "./config.service.js";
import {
  toMailSettings,
  toMiniProgramSettings,
  toOAuthSettings,
  toOfficialAccountSettings,
  toPaySettings,
  toSmsSettings,
  toVerificationSettings,
} from "./settings.internal.mapper.js";

/** The key names of an SMS provider category (empty for smsLog and anything unknown). */
const keyNames = (category: string) =>
  category.startsWith("sms") && category !== "sms"
    ? catalog.filter((k) => k.category === category).map((k) => k.name)
    : [];

/**
 * ConfigInternalAPI: the settings other services need with their secrets (the order service's pay
 * settings, the user service's code lifetimes, SMS provider, WeChat official account, mail and login
 * providers).
 */
export function createConfigInternalHandlers(configs: ConfigService): ServiceImpl<typeof ConfigInternalAPI> {
  return {
    async getPaySettings() {
      return toPaySettings(await configs.values());
    },
    async getMailSettings() {
      return toMailSettings(await configs.values());
    },
    async getVerificationSettings() {
      return toVerificationSettings(await configs.values());
    },
    async getSmsSettings() {
      return toSmsSettings(await configs.values(), keyNames);
    },
    async getOfficialAccountSettings() {
      return toOfficialAccountSettings(await configs.values());
    },
    async getMiniProgramSettings() {
      return toMiniProgramSettings(await configs.values());
    },
    async getOAuthSettings() {
      return toOAuthSettings(await configs.values());
    },
  };
}
