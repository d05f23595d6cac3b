// Friend links (the home page's footer): a title and an http(s) link to another site, larger sort
// first. Visitors get the enabled ones (from a short-lived cache dropped on every change); holders of
// the list permission see every link and filter by enable and keyword.
import type { CallContext } from "@wenku/kit";
import type { VisitorLists } from "../cache.js";
import { isHttpUrl } from "../links.js";
import { createSortedItems, invalid, oneValue, text } from "../lists/sorted.service.js";
import { type FriendlinkData, type FriendlinkRepository, friendlinkWhere } from "./friendlink.repository.js";

/** A friend link as the RPCs send it (Friendlink): the stored fields and the id (0 when new). */
export interface FriendlinkInput extends FriendlinkData {
  id: bigint;
}

export interface ListFriendlinkInput {
  page: bigint;
  size: bigint;
  enable: readonly boolean[];
  wd: string;
}

/** Visitors get at most this many links in one page (moredoc clients ask without a size). */
export const FRIENDLINK_PUBLIC_MAX = 1_000;

export const friendlinkMessages = {
  titleRequired: "请输入友链名称",
  titleTooLong: "友链名称不能超过64个字符",
  linkRequired: "请输入友链地址",
  link: "友链地址须以 http:// 或 https:// 开头",
  linkTooLong: "友链地址不能超过1024个字符",
  descriptionTooLong: "友链描述不能超过255个字符",
  notFound: "友链不存在",
  pickEdit: "请指定要修改的友链",
  pickDelete: "请选择要删除的友链",
} as const;

/** Checks one link; returns it trimmed, ready to store. A friend link leads to another site: http(s) only. */
export function validateFriendlink(input: FriendlinkInput): FriendlinkData {
  const m = friendlinkMessages;
  const title = text(input.title, "title", 64, m.titleTooLong);
  if (!title) throw invalid("title", m.titleRequired);
  const link = text(input.link, "link", 1024, m.linkTooLong);
  if (!link) throw invalid("link", m.linkRequired);
  if (!isHttpUrl(link)) throw invalid("link", m.link);
  const description = text(input.description, "description", 255, m.descriptionTooLong);
  return { title, link, description, sort: input.sort, enable: input.enable };
}

export function createFriendlinkService(deps: { repo: FriendlinkRepository; lists: VisitorLists }) {
  const items = createSortedItems({
    repo: deps.repo,
    validate: validateFriendlink,
    messages: friendlinkMessages,
    lists: deps.lists,
    shown: friendlinkWhere({ enable: true }),
  });
  return {
    ...items.writes,

    /**
     * Staff (holders of ListFriendlink's permission): every link, by enable and keyword. Others: the
     * enabled links, whatever `enable` and `wd` say, public fields only.
     */
    list: (call: CallContext, req: ListFriendlinkInput) =>
      items.list(call, req, {
        staff: () => friendlinkWhere({ enable: oneValue(req.enable), wd: req.wd.trim() }),
        visitors: (shown) => shown,
        max: FRIENDLINK_PUBLIC_MAX,
      }),
  };
}
export type FriendlinkService = ReturnType<typeof createFriendlinkService>;
