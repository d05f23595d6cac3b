import { BannerType } from "@wenku/proto/api/v1/enums_pb.js";
import type { MessageKey } from "../../../i18n/zh-CN.js";

/** Website 0, mini-program 1, app 2 (spec §3), in enum order. */
export const BANNER_TYPES = [BannerType.WEBSITE, BannerType.MINI_PROGRAM, BannerType.APP];
export const bannerTypeKey = (type: BannerType) => `adm.banner.type.${type}` as MessageKey;
export const BANNER_TYPE_COLORS: Readonly<Record<BannerType, string>> = {
  [BannerType.WEBSITE]: "blue",
  [BannerType.MINI_PROGRAM]: "green",
  [BannerType.APP]: "orange",
};
