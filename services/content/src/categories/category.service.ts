import {
  type CallContext,
  cleanName,
  cleanText,
  DomainError,
  filterTreeRows,
  paging,
  type SettingsReader,
  visibleTreeRows,
} from "@wenku/kit";
import { FetchRefused } from "@wenku/kit/net";
import { AttachmentType } from "@wenku/proto/api/v1/enums_pb.js";
import { imageLabel, isRemoteImage, type RemoteImages } from "../files/remote.images.js";
import type { CategoryConflict, CategoryData, CategoryRepository, CategoryRow } from "./category.repository.js";

/** A category as the RPCs send it: the stored fields, the id, and 0 for "no parent". */
export interface CategoryInput extends Omit<CategoryData, "parentId"> {
  id: bigint;
  parentId: bigint;
}

export interface ListCategoryInput {
  page: bigint;
  size: bigint;
  parentId: bigint[];
  wd: string;
  enable: boolean[];
  type: number[];
}

/** The whole tree is fetched at once by the front end; a list never returns more than this. */
export const CATEGORY_MAX_SIZE = 10_000;
const TYPES = [0, 1];
const bad = (message: string) => new DomainError("invalid_argument", message);
const chars = (s: string) => [...s].length;

function validImage(url: string): boolean {
  if (!url) return true;
  if (/^https?:\/\//i.test(url)) {
    try {
      return !!new URL(url).hostname;
    } catch {
      return false;
    }
  }
  return url.startsWith("/") && !url.startsWith("//");
}

/** Checks one category's fields; returns them trimmed, ready to store (parent checked separately). */
function validate(input: CategoryInput): CategoryData {
  const title = cleanName(input.title);
  const icon = input.icon.trim();
  const cover = input.cover.trim();
  const description = cleanText(input.description);
  if (!title) throw bad("请输入分类名称");
  if (chars(title) > 64) throw bad("分类名称不能超过64个字符");
  if (!TYPES.includes(input.type)) throw bad("分类类型只能是文档分类或文章分类");
  if (icon.length > 255 || cover.length > 255) throw bad("图标或封面地址不能超过255个字符");
  if (!validImage(icon)) throw bad("图标地址须以 / 、http:// 或 https:// 开头");
  if (!validImage(cover)) throw bad("封面地址须以 / 、http:// 或 https:// 开头");
  if (chars(description) > 500) throw bad("分类描述不能超过500个字符");
  if (input.parentId < 0n) throw bad("上级分类不存在");
  return {
    parentId: input.parentId > 0n ? input.parentId : null,
    title,
    type: input.type,
    icon,
    cover,
    description,
    showDescription: input.showDescription,
    enable: input.enable,
    sort: input.sort,
  };
}

/**
 * The icon and cover as they are stored: one given by another site's URL is fetched once and stored here
 * (remote.images.ts), so the public tree never makes a visitor's browser ask a third party; one that
 * cannot be stored refuses the save, naming it on its field.
 */
async function storeImages(
  data: CategoryData,
  images: Pick<RemoteImages, "store"> | undefined,
  call: CallContext | undefined,
): Promise<CategoryData> {
  const local = async (src: string, field: "icon" | "cover", label: string) => {
    if (!src || !isRemoteImage(src)) return src;
    try {
      if (!images || !call) throw new DomainError("invalid_argument", "请使用本站图片");
      return await images.store(call, src, AttachmentType.CATEGORY_COVER);
    } catch (err) {
      if (!(err instanceof FetchRefused) && !(err instanceof DomainError)) throw err;
      const message = `${label}「${imageLabel(src)}」无法保存：${err.message}`;
      throw new DomainError("invalid_argument", message, undefined, field);
    }
  };
  return {
    ...data,
    icon: await local(data.icon, "icon", "分类图标"),
    cover: await local(data.cover, "cover", "分类封面"),
  };
}

/** What a category of this type holds, as messages name it. */
const itemsOf = (type: number) => (type === 1 ? "文章" : "文档");

const duplicate = (title: string) => new DomainError("already_exists", `同一上级分类下已有名为「${title}」的分类`);

/** What the user reads when a constraint refused a write the checks above let through (a race). */
function refused(conflict: CategoryConflict, title: string): DomainError {
  switch (conflict) {
    case "duplicate_title":
      return duplicate(title);
    case "parent_missing":
      return bad("上级分类不存在");
    case "still_referenced":
      // a sub-category, a document or an article was linked meanwhile
      return new DomainError("failed_precondition", "分类下还有子分类、文档或文章，请先移走后再删除");
  }
}

/**
 * Category rules: a tree without cycles whose children share their parent's type, unique titles
 * among siblings, no deletion while children or documents remain; visitors see enabled categories
 * under enabled parents (and, with display.hide_category_without_document, only those with documents).
 */
export function createCategoryService(
  repo: CategoryRepository,
  settings: Pick<SettingsReader, "current">,
  /** Stores icons and covers given by URL (absent: such a URL is refused). */
  images?: Pick<RemoteImages, "store">,
) {
  async function checkParent(id: bigint | null, data: CategoryData): Promise<void> {
    if (data.parentId === null) return;
    const parent = await repo.byId(data.parentId);
    if (!parent) throw bad("上级分类不存在");
    if (parent.type !== data.type) throw bad("上级分类必须是同一类型的分类");
    if (id === null) return;
    const parents = await repo.parents();
    // Walk up from the new parent: meeting the category itself would make a cycle.
    for (let at: bigint | null | undefined = data.parentId, hops = 0; at != null; at = parents.get(at), hops++) {
      if (at === id || hops > parents.size) throw bad("不能将分类移动到自己或自己的下级分类之下");
    }
  }

  async function checkUnique(data: CategoryData, except?: bigint): Promise<void> {
    if (await repo.sibling(data, except)) throw duplicate(data.title);
  }

  return {
    async create(input: CategoryInput, call?: CallContext) {
      const checked = validate(input);
      await checkParent(null, checked);
      await checkUnique(checked);
      const data = await storeImages(checked, images, call);
      const created = await repo.create(data);
      if (!created.ok) throw refused(created.conflict, data.title);
      return created.value;
    },

    async update(input: CategoryInput, call?: CallContext) {
      if (input.id <= 0n) throw bad("请指定要修改的分类");
      const data = validate(input);
      const current = await repo.byId(input.id);
      if (!current) throw new DomainError("not_found", "分类不存在");
      await checkParent(input.id, data);
      if (current.type !== data.type) {
        if ((await repo.childrenOf([input.id])).length)
          throw new DomainError("failed_precondition", "该分类下还有子分类，不能修改分类类型");
        if (await repo.firstWithItems([input.id]))
          throw new DomainError("failed_precondition", `该分类下还有${itemsOf(current.type)}，不能修改分类类型`);
      }
      await checkUnique(data, input.id);
      const updated = await repo.update(input.id, await storeImages(data, images, call));
      if (!updated.ok) throw refused(updated.conflict, data.title);
    },

    /**
     * Deletes the categories; one keeping sub-categories that are not deleted with it, or linked to
     * any document (the recycle bin included), is refused and nothing is deleted.
     */
    async delete(ids: readonly bigint[]) {
      const wanted = [...new Set(ids.filter((id) => id > 0n))];
      if (!wanted.length) throw bad("请选择要删除的分类");
      const kept = (await repo.childrenOf(wanted)).filter((c) => !wanted.includes(c.id));
      if (kept.length) throw new DomainError("failed_precondition", `请先删除或移走子分类「${kept[0]?.title}」`);
      const withItems = await repo.firstWithItems(wanted);
      if (withItems !== null) {
        const category = await repo.byId(withItems);
        const items = itemsOf(category?.type ?? 0);
        throw new DomainError(
          "failed_precondition",
          `分类「${category?.title ?? ""}」下还有${items}（含回收站中的${items}），请先移走${items}`,
        );
      }
      const deleted = await repo.deleteMany(wanted);
      if (!deleted.ok) throw refused(deleted.conflict, "");
    },

    async get(id: bigint) {
      const row = id > 0n ? await repo.byId(id) : null;
      if (!row) throw new DomainError("not_found", "分类不存在");
      return row;
    },

    /**
     * A flat list (the tree is built from parent_id), larger sort first. Holders of the permission
     * see every category and may filter by wd and enable; everyone else sees the public tree.
     */
    async list(call: CallContext, req: ListCategoryInput): Promise<{ total: number; items: CategoryRow[] }> {
      const { page, take: size } = paging(req.page, req.size, { max: CATEGORY_MAX_SIZE });
      const all = await repo.all();
      let rows: CategoryRow[];
      if (call.identity?.granted) {
        rows = filterTreeRows(all, req);
      } else {
        const hideEmpty = (await settings.current()).display?.hideCategoryWithoutDocument ?? false;
        rows = visibleTreeRows(all, (r) => r.enable && (!hideEmpty || r.docCount > 0));
      }
      const parents = new Set(req.parentId);
      const types = new Set(req.type);
      rows = rows.filter((r) => (!parents.size || parents.has(r.parentId ?? 0n)) && (!types.size || types.has(r.type)));
      return { total: rows.length, items: rows.slice((page - 1) * size, page * size) };
    },
  };
}
export type CategoryService = ReturnType<typeof createCategoryService>;
