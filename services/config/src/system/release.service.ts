// Release checks (GetLatestRelease, RefreshLatestRelease, IgnoreRelease, SetReleaseSource). This build
// never asks the network for new versions, so no newer release is ever known; every answer carries the
// running version and says so. Staff only, as in moredoc (any group holding a permission).
import { create } from "@bufbuild/protobuf";
import { type CallContext, DomainError, requireSignedIn } from "@wenku/kit";
import { type Release, ReleaseSchema } from "@wenku/proto/api/v1/config_pb.js";
import type { ConfigService } from "../settings/config.service.js";

export const releaseMessages = {
  staffOnly: "只有管理人员可以查看版本信息",
  note: (version: string) => `本程序不联网检查新版本，因此无法得知是否有更新；当前运行的版本为 ${version}。`,
  unknownSource: (source: string) =>
    `「版本检测来源」不是可选的值：${source || "（空）"}，可选 none、auto、gitee、github`,
  offline: "本程序不联网检查新版本，「版本检测来源」只能设为 none（不检测）",
  noTag: "请提供要忽略的版本号 tag_name",
  tagTooLong: "版本号 tag_name 不能超过 64 个字符",
} as const;

const SOURCES = ["none", "auto", "gitee", "github"];

export function createReleaseService(deps: { configs: ConfigService; version: string }) {
  const staff = (call: CallContext) => {
    if (!requireSignedIn(call).staff) throw new DomainError("permission_denied", releaseMessages.staffOnly);
  };
  const current = async (): Promise<Release> => {
    const v = await deps.configs.values();
    return create(ReleaseSchema, {
      current: deps.version,
      source: v.str("release", "source") || "none",
      ignore: v.str("release", "ignore"),
      note: releaseMessages.note(deps.version),
    });
  };
  return {
    async latest(call: CallContext): Promise<Release> {
      staff(call);
      return current();
    },
    async ignore(call: CallContext, tagName: string): Promise<void> {
      staff(call);
      const tag = tagName.trim();
      if (!tag) throw new DomainError("invalid_argument", releaseMessages.noTag, undefined, "tag_name");
      if (tag.length > 64) throw new DomainError("invalid_argument", releaseMessages.tagTooLong, undefined, "tag_name");
      await deps.configs.update([{ category: "release", name: "ignore", value: tag }]);
    },
    async setSource(call: CallContext, source: string): Promise<void> {
      staff(call);
      const s = source.trim();
      if (!SOURCES.includes(s)) {
        throw new DomainError("invalid_argument", releaseMessages.unknownSource(s), undefined, "source");
      }
      if (s !== "none") throw new DomainError("failed_precondition", releaseMessages.offline, undefined, "source");
      await deps.configs.update([{ category: "release", name: "source", value: s }]);
    },
  };
}
export type ReleaseService = ReturnType<typeof createReleaseService>;
