// Advertisements at the 17 page positions: HTML written by staff, or an image with a link
// (its HTML then written here, so every client renders both kinds from `content`). Visitors get the
// enabled ads of the positions they ask for, inside their start/end window, from a short-lived cache
// dropped on every change; VIP users get none (their state asked from the user service: a VIP answer
// kept briefly, a non-VIP one never, so a membership bought a moment ago hides the ads at once).
import type { CallContext } from "@wenku/kit";
import type { VisitorLists } from "../cache.js";
import { escapeHtml, isHttpUrl, isImageSource, isLink } from "../links.js";
import { createSortedItems, invalid, oneValue, text } from "../lists/sorted.service.js";
import type { VipCheck } from "../ports.js";
import {
  type AdvertisementData,
  type AdvertisementRepository,
  type AdvertisementRow,
  advertisementWhere,
} from "./advertisement.repository.js";
import { isAdPosition } from "./positions.js";

/** An advertisement as the RPCs send it, times as dates (null: open). */
export interface AdvertisementInput extends AdvertisementData {
  id: bigint;
}

export interface ListAdvertisementInput {
  page: bigint;
  size: bigint;
  position: readonly string[];
  enable: readonly boolean[];
  wd: string;
}

/** A VIP answer is trusted this long (a membership that just ended shows ads within it); a non-VIP one is never kept. */
export const VIP_TTL_MS = 30_000;
/** At most this many VIP answers are kept (the oldest goes first). */
const VIP_KEPT_MAX = 10_000;

/**
 * Whether a user is VIP, asked of `check` unless a VIP answer younger than VIP_TTL_MS is kept. Only
 * VIP answers are kept: a user who buys a membership (order paid → delivered) is VIP on the very next
 * request, while a VIP asks once per TTL.
 */
export function createVipUsers(check: VipCheck, now: () => number = Date.now): (userId: bigint) => Promise<boolean> {
  const seenVip = new Map<bigint, number>();
  return async (userId) => {
    const at = seenVip.get(userId);
    if (at !== undefined && now() - at < VIP_TTL_MS) return true;
    seenVip.delete(userId);
    const vip = await check(userId);
    if (vip) {
      seenVip.set(userId, now());
      if (seenVip.size > VIP_KEPT_MAX) seenVip.delete(seenVip.keys().next().value as bigint);
    }
    return vip;
  };
}
/** HTML of one ad: a snippet, not a page. */
export const CONTENT_MAX = 65_536;

export const advertisementMessages = {
  positionRequired: "请选择广告位",
  position: (p: string) => `广告位不存在：${p}`,
  titleRequired: "请输入广告名称",
  titleTooLong: "广告名称不能超过64个字符",
  contentRequired: "请输入广告内容代码",
  contentTooLong: `广告内容不能超过${CONTENT_MAX}个字符`,
  contentImage: "广告内容中的图片须是本站图片（以 / 开头），不能使用其他网站的图片地址，请先上传图片",
  image: "广告图片须是本站图片（以 / 开头），不能使用其他网站的图片地址，请上传图片",
  imageTooLong: "广告图片地址不能超过255个字符",
  link: "广告链接须以 / 、http:// 或 https:// 开头",
  linkTooLong: "广告链接不能超过1024个字符",
  window: "广告结束时间须晚于开始时间",
  time: (label: string) => `广告${label}不正确`,
  remarkTooLong: "广告备注不能超过255个字符",
  notFound: "广告不存在",
  pickEdit: "请指定要修改的广告",
  pickDelete: "请选择要删除的广告",
} as const;

/**
 * Staff HTML naming an image (or other media) on another site: an src, srcset, poster or background
 * attribute, or a CSS url(), holding an absolute or protocol-relative URL. The app's CSP would block it
 * anyway (no visitor's address leaks); refusing it tells staff at once instead of showing a broken ad.
 */
const OUTSIDE_MEDIA =
  /(?:\b(?:src|srcset|poster|background|data)\s*=\s*["']?\s*(?:[a-z][a-z0-9+.-]*:)?\/\/)|(?:url\(\s*["']?\s*(?:[a-z][a-z0-9+.-]*:)?\/\/)/i;

/** An image ad's HTML: the image, linked when there is a link (another site's in a new tab). */
export function imageAdHtml(image: string, link: string, title: string): string {
  const img = `<img src="${escapeHtml(image)}" alt="${escapeHtml(title)}">`;
  if (!link) return img;
  const outside = isHttpUrl(link) ? ' target="_blank" rel="noopener nofollow"' : "";
  return `<a href="${escapeHtml(link)}"${outside}>${img}</a>`;
}

/** A start or end time between the years 1 and 9999 (what a client can mean; any int64 can arrive). */
function checkTime(time: Date | null, field: string, label: string): Date | null {
  if (!time) return null;
  const year = time.getUTCFullYear();
  if (Number.isNaN(time.getTime()) || year < 1 || year > 9999) throw invalid(field, advertisementMessages.time(label));
  return time;
}

/** Checks one ad; returns it trimmed, ready to store (an image ad with its HTML written). */
export function validateAdvertisement(input: AdvertisementInput): AdvertisementData {
  const m = advertisementMessages;
  const position = input.position.trim();
  if (!position) throw invalid("position", m.positionRequired);
  if (!isAdPosition(position)) throw invalid("position", m.position(position));
  const title = text(input.title, "title", 64, m.titleTooLong);
  if (!title) throw invalid("title", m.titleRequired);
  const image = text(input.image, "image", 255, m.imageTooLong);
  if (image && !isImageSource(image)) throw invalid("image", m.image);
  const link = text(input.link, "link", 1024, m.linkTooLong);
  if (link && !isLink(link)) throw invalid("link", m.link);
  const content = image
    ? imageAdHtml(image, link, title)
    : text(input.content, "content", CONTENT_MAX, m.contentTooLong);
  if (!content) throw invalid("content", m.contentRequired);
  if (!image && OUTSIDE_MEDIA.test(content)) throw invalid("content", m.contentImage);
  const startTime = checkTime(input.startTime, "start_time", "开始时间");
  const endTime = checkTime(input.endTime, "end_time", "结束时间");
  if (startTime && endTime && endTime <= startTime) throw invalid("end_time", m.window);
  const remark = text(input.remark, "remark", 255, m.remarkTooLong);
  return { position, title, content, image, link, startTime, endTime, enable: input.enable, sort: input.sort, remark };
}

/** Shown at `at`: started (or no start) and not ended (or no end). */
export const shownAt = (ad: Pick<AdvertisementRow, "startTime" | "endTime">, at: Date): boolean =>
  (!ad.startTime || ad.startTime <= at) && (!ad.endTime || at < ad.endTime);

export function createAdvertisementService(deps: {
  repo: AdvertisementRepository;
  lists: VisitorLists;
  vip: VipCheck;
  clock?: () => Date;
}) {
  const now = deps.clock ?? (() => new Date());
  const isVip = createVipUsers(deps.vip, () => now().getTime());
  const items = createSortedItems({
    repo: deps.repo,
    validate: validateAdvertisement,
    messages: advertisementMessages,
    lists: deps.lists,
    shown: advertisementWhere({ position: [], enable: true }),
  });
  return {
    ...items.writes,

    /** The back office's list: every ad, by position, enable and keyword. */
    list: (req: ListAdvertisementInput) =>
      items.page(
        advertisementWhere({ position: req.position, enable: oneValue(req.enable), wd: req.wd.trim() }),
        req.page,
        req.size,
      ),

    /**
     * What a page shows at `positions` (none: every position): the enabled ads inside their window,
     * larger sort first; nothing for a VIP caller. An unknown position is refused (a page's typo).
     */
    async shown(call: CallContext, positions: readonly string[]): Promise<AdvertisementRow[]> {
      const wanted = new Set(positions.map((p) => p.trim()).filter(Boolean));
      for (const p of wanted) if (!isAdPosition(p)) throw invalid("position", advertisementMessages.position(p));
      const userId = call.identity?.userId;
      if (userId && (await isVip(userId))) return [];
      const at = now();
      return (await items.shown()).filter((ad) => (!wanted.size || wanted.has(ad.position)) && shownAt(ad, at));
    },
  };
}
export type AdvertisementService = ReturnType<typeof createAdvertisementService>;
