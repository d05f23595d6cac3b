// Carousel banners: website, mini-program and app banners with an image, an optional link,
// larger sort first. Visitors get the enabled ones (from a short-lived cache dropped on every change);
// holders of the list permission see every banner and filter by enable and keyword.
import type { CallContext } from "@wenku/kit";
import type { VisitorLists } from "../cache.js";
import { isImageSource, isLink } from "../links.js";
import { createSortedItems, invalid, oneValue, text } from "../lists/sorted.service.js";
import { type BannerData, type BannerRepository, bannerWhere } from "./banner.repository.js";

/** A banner as the RPCs send it (Banner): the stored fields and the id (0 when new). */
export interface BannerInput extends BannerData {
  id: bigint;
}

export interface ListBannerInput {
  page: bigint;
  size: bigint;
  type: readonly number[];
  enable: readonly boolean[];
  wd: string;
}

/** BannerType: website 0, mini-program 1, app 2 (spec §3). */
export const BANNER_TYPES: readonly number[] = [0, 1, 2];
/** A carousel holds few banners: a visitor's page holds at most this many. */
export const BANNER_PUBLIC_MAX = 100;

export const bannerMessages = {
  titleRequired: "请输入横幅名称",
  titleTooLong: "横幅名称不能超过64个字符",
  pathRequired: "请上传横幅图片",
  path: "横幅图片须是本站图片（以 / 开头），不能使用其他网站的图片地址，请上传图片",
  pathTooLong: "横幅图片地址不能超过255个字符",
  url: "跳转链接须以 / 、http:// 或 https:// 开头",
  urlTooLong: "跳转链接不能超过1024个字符",
  type: "横幅类型不正确，可选：0 网站、1 小程序、2 APP",
  descriptionTooLong: "横幅描述不能超过255个字符",
  notFound: "横幅不存在",
  pickEdit: "请指定要修改的横幅",
  pickDelete: "请选择要删除的横幅",
} as const;

/**
 * Checks one banner; returns it trimmed, ready to store. The image is one uploaded here (the back
 * office's way) or on an https site (what the pages' Content-Security-Policy loads).
 */
export function validateBanner(input: BannerInput): BannerData {
  const m = bannerMessages;
  const title = text(input.title, "title", 64, m.titleTooLong);
  if (!title) throw invalid("title", m.titleRequired);
  const path = text(input.path, "path", 255, m.pathTooLong);
  if (!path) throw invalid("path", m.pathRequired);
  if (!isImageSource(path)) throw invalid("path", m.path);
  const url = text(input.url, "url", 1024, m.urlTooLong);
  if (url && !isLink(url)) throw invalid("url", m.url);
  if (!BANNER_TYPES.includes(input.type)) throw invalid("type", m.type);
  const description = text(input.description, "description", 255, m.descriptionTooLong);
  return { title, path, url, type: input.type, sort: input.sort, enable: input.enable, description };
}

export function createBannerService(deps: { repo: BannerRepository; lists: VisitorLists }) {
  const items = createSortedItems({
    repo: deps.repo,
    validate: validateBanner,
    messages: bannerMessages,
    lists: deps.lists,
    shown: bannerWhere({ type: [], enable: true }),
  });
  return {
    ...items.writes,

    /**
     * Staff (holders of ListBanner's permission): every banner, by type, enable and keyword. Others:
     * the enabled banners of the types asked for, public fields only.
     */
    list: (call: CallContext, req: ListBannerInput) =>
      items.list(call, req, {
        staff: () => bannerWhere({ type: req.type, enable: oneValue(req.enable), wd: req.wd.trim() }),
        visitors: (shown) => (req.type.length ? shown.filter((b) => req.type.includes(b.type)) : shown),
        max: BANNER_PUBLIC_MAX,
      }),
  };
}
export type BannerService = ReturnType<typeof createBannerService>;
