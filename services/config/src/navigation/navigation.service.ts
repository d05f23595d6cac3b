import {
  type CallContext,
  cleanName,
  cleanText,
  DomainError,
  filterTreeRows,
  paging,
  visibleTreeRows,
} from "@wenku/kit";
import { isLink } from "../links.js";
import type { NavigationData, NavigationRepository, NavigationRow } from "./navigation.repository.js";

/** A navigation item as the RPCs send it: the stored fields, the id, and 0 for "no parent". */
export interface NavigationInput extends Omit<NavigationData, "parentId"> {
  id: bigint;
  parentId: bigint;
}

export interface ListNavigationInput {
  page: bigint;
  size: bigint;
  wd: string;
  enable: boolean[];
}

/** A navigation item with its (filtered, ordered) sub-items. */
export type NavigationNode = NavigationRow & { children: NavigationNode[] };

/** Spec §7/§9: the navigation list is fetched with page 1 and size 10000. */
export const NAVIGATION_MAX_SIZE = 10_000;
const TARGETS = ["", "_blank", "_self", "_parent", "_top"];
const COLOR = /^(#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})|rgba?\(\s*[\d.%\s,/]+\))$/i;
const bad = (message: string) => new DomainError("invalid_argument", message);

const validHref = (href: string): boolean => !href || isLink(href);

/** Checks one item's fields; returns them trimmed, ready to store (parent checked separately). */
function validate(input: NavigationInput): NavigationData {
  const title = cleanName(input.title);
  const href = input.href.trim();
  const target = input.target.trim();
  const color = input.color.trim();
  const description = cleanText(input.description);
  if (!title) throw bad("请输入导航名称");
  if ([...title].length > 64) throw bad("导航名称不能超过64个字符");
  if (href.length > 255) throw bad("链接地址不能超过255个字符");
  if (!validHref(href)) throw bad("链接地址须以 / 、http:// 或 https:// 开头");
  if (!TARGETS.includes(target)) throw bad("打开方式只能是 _blank、_self、_parent 或 _top");
  if (color && (color.length > 32 || !COLOR.test(color))) throw bad("颜色格式不正确，请使用 #RRGGBB 或 rgb()/rgba()");
  if ([...description].length > 255) throw bad("描述不能超过255个字符");
  if (input.parentId < 0n) throw bad("上级导航不存在");
  return {
    title,
    href,
    target,
    color,
    sort: input.sort,
    enable: input.enable,
    parentId: input.parentId > 0n ? input.parentId : null,
    description,
  };
}

const byOrder = (a: NavigationRow, b: NavigationRow) => a.sort - b.sort || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Nests `rows` by parent_id; an item whose parent is not among `rows` becomes a root. */
function toTree(rows: NavigationRow[]): NavigationNode[] {
  const nodes = new Map(rows.map((r) => [r.id, { ...r, children: [] as NavigationNode[] }]));
  const roots: NavigationNode[] = [];
  for (const node of [...nodes.values()].sort(byOrder)) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** Header navigation rules: valid links and colors, a tree without cycles, public sees enabled items. */
export function createNavigationService(repo: NavigationRepository) {
  async function checkParent(id: bigint | null, parentId: bigint | null): Promise<void> {
    if (parentId === null) return;
    const parents = await repo.parents();
    if (!parents.has(parentId)) throw bad("上级导航不存在");
    // Walk up from the new parent: meeting the item itself would make a cycle.
    for (let at: bigint | null | undefined = parentId, hops = 0; at != null; at = parents.get(at), hops++) {
      if (at === id || hops > parents.size) throw bad("不能将导航移动到自己或自己的下级导航之下");
    }
  }

  return {
    async create(input: NavigationInput) {
      const data = validate(input);
      await checkParent(null, data.parentId);
      return repo.create(data);
    },

    async update(input: NavigationInput) {
      if (input.id <= 0n) throw bad("请指定要修改的导航");
      const data = validate(input);
      if (!(await repo.byId(input.id))) throw new DomainError("not_found", "导航不存在");
      await checkParent(input.id, data.parentId);
      await repo.update(input.id, data);
    },

    /** Deletes the items; an item keeping sub-items that are not deleted with it is refused. */
    async delete(ids: readonly bigint[]) {
      const wanted = [...new Set(ids.filter((id) => id > 0n))];
      if (!wanted.length) throw bad("请选择要删除的导航");
      const kept = (await repo.childrenOf(wanted)).filter((c) => !wanted.includes(c.id));
      if (kept.length) throw new DomainError("failed_precondition", `请先删除或移走子导航「${kept[0]?.title}」`);
      await repo.deleteMany(wanted);
    },

    async get(id: bigint) {
      const row = id > 0n ? await repo.byId(id) : null;
      if (!row) throw new DomainError("not_found", "导航不存在");
      return row;
    },

    /**
     * The menu as a tree, roots paged. Visitors get enabled items under enabled parents only;
     * holders of the permission see every item and may filter by wd and enable.
     */
    async list(call: CallContext, req: ListNavigationInput): Promise<{ total: number; items: NavigationNode[] }> {
      const { page, take: size } = paging(req.page, req.size, { max: NAVIGATION_MAX_SIZE });
      const all = await repo.all();
      const rows = call.identity?.granted ? filterTreeRows(all, req) : visibleTreeRows(all);
      const roots = toTree(rows);
      return { total: roots.length, items: roots.slice((page - 1) * size, page * size) };
    },
  };
}
export type NavigationService = ReturnType<typeof createNavigationService>;
