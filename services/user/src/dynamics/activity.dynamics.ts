// The activity-feed entries other services report (RecordUserActivity): a user uploaded, commented on,
// favorited or downloaded a document, or published an article. One entry per item, linked to its page,
// the title HTML-escaped (the feed's content is HTML, as moredoc's is).
import { DomainError, type TextParams, toTextParams } from "@wenku/kit";
import { type DynamicRepository, DynamicType } from "./dynamic.repository.js";

export type Activity = "comment" | "favorite" | "upload" | "download" | "article";

export interface ActivityItem {
  kind: "document" | "article";
  id: bigint;
  /** The document's uuid or the article's identifier; the id is linked when it is empty or unsafe. */
  ref: string;
  title: string;
}

/** At most this many items per report (CreateDocument's own batch limit is lower). */
const MAX_ITEMS = 1000;
const SAFE_REF = { document: /^[0-9a-f]{16}$/, article: /^[A-Za-z0-9_-]{1,64}$/ } as const;
const NOUN = { document: "文档", article: "文章" } as const;
const VERB: Record<Activity, string> = {
  comment: "评论了",
  favorite: "收藏了",
  upload: "上传了",
  download: "下载了",
  article: "发布了",
};
const TYPE: Record<Activity, number> = {
  comment: DynamicType.comment,
  favorite: DynamicType.favorite,
  upload: DynamicType.upload,
  download: DynamicType.download,
  article: DynamicType.article,
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

const refOf = (item: ActivityItem) => (SAFE_REF[item.kind].test(item.ref) ? item.ref : String(item.id));

/** The feed line of one activity: the verb, then the item's title (HTML-escaped) linked to its page. */
export function activityLine(activity: Activity, item: ActivityItem): string {
  return `${VERB[activity]}${NOUN[item.kind]}《<a href="/${item.kind}/${refOf(item)}">${escapeHtml(item.title)}</a>》`;
}

/** What a client words the line from (Dynamic.params): the item's kind, its page's ref and its title, as given. */
export function activityParams(item: ActivityItem): TextParams {
  return toTextParams({ kind: item.kind, ref: refOf(item), title: item.title });
}

export function createActivityDynamics(deps: {
  dynamics: DynamicRepository;
  userExists(id: bigint): Promise<boolean>;
}) {
  return {
    async record(userId: bigint, activity: Activity, items: readonly ActivityItem[]): Promise<void> {
      if (items.length === 0) return;
      if (items.length > MAX_ITEMS) throw new DomainError("invalid_argument", `一次最多记录 ${MAX_ITEMS} 条动态`);
      if (!(await deps.userExists(userId))) throw new DomainError("not_found", "用户不存在");
      await deps.dynamics.addMany(
        userId,
        TYPE[activity],
        items.map((item) => ({ content: activityLine(activity, item), params: activityParams(item) })),
      );
    },
  };
}
export type ActivityDynamics = ReturnType<typeof createActivityDynamics>;
