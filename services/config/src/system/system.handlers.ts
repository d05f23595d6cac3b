// ConfigAPI's system RPCs: the converter's environment and the host's resources (asked from the content
// service, where documents are converted), the licence and the release checks. Thin edges.
import type { ServiceImpl } from "@connectrpc/connect";
import { actor } from "@wenku/kit";
import type { ConfigAPI } from "@wenku/proto/api/v1/config_pb.js";
import type { ConverterHost, WechatPayCheck } from "../ports.js";
import type { ConfigService } from "../settings/config.service.js";
import { type ProgramInfo, toLicense } from "./license.js";
import type { ReleaseService } from "./release.service.js";

export interface SystemHandlerDeps {
  configs: ConfigService;
  host: ConverterHost;
  releases: ReleaseService;
  program: ProgramInfo;
  /** GetWechatPayCert: asked from the order service, which holds the WeChat Pay provider. */
  wechatpay: WechatPayCheck;
}

export function createSystemHandlers(
  deps: SystemHandlerDeps,
): Pick<
  ServiceImpl<typeof ConfigAPI>,
  | "getEnvs"
  | "getDeviceInfo"
  | "getLicense"
  | "getWechatPayCert"
  | "getLatestRelease"
  | "refreshLatestRelease"
  | "ignoreRelease"
  | "setReleaseSource"
> {
  return {
    getEnvs: () => deps.host.envs(),
    getDeviceInfo: () => deps.host.device(),
    async getLicense() {
      return toLicense(await deps.configs.values(), deps.program);
    },
    getWechatPayCert: (_req, ctx) => deps.wechatpay(ctx.signal),
    getLatestRelease: (_req, ctx) => deps.releases.latest(actor(ctx)),
    // Nothing to fetch: this build never asks the network (the reply's note says so).
    refreshLatestRelease: (_req, ctx) => deps.releases.latest(actor(ctx)),
    async ignoreRelease(req, ctx) {
      await deps.releases.ignore(actor(ctx), req.tagName);
      return {};
    },
    async setReleaseSource(req, ctx) {
      await deps.releases.setSource(actor(ctx), req.source);
      return {};
    },
  };
}
