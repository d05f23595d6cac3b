// Category paths ("a/b/c") to ids: the site's document categories read once, missing ones created with the
// admin category API, one creation per path at a time.
import type { Site } from "./site.js";
import { SiteError } from "./site.js";

interface CategoryRow {
  id: number;
  parent_id: number;
  title: string;
}

const PAGE = 10_000;
const DOCUMENT = 0;

/** "a / b//c" → ["a", "b", "c"]. */
export const pathParts = (path: string): string[] =>
  path
    .split("/")
    .map((p) => p.trim())
    .filter(Boolean);

export function createCategories(site: Site, o: { dryRun: boolean }) {
  const ids = new Map<string, number>();
  /** Paths being resolved: concurrent files of one new category wait for one creation. */
  const pending = new Map<string, Promise<number>>();
  let loaded: Promise<void> | undefined;
  let planned = -1;
  const key = (parent: number, title: string) => `${parent}\u0000${title}`;

  async function list(query: Record<string, string | number | number[]>): Promise<CategoryRow[]> {
    const rows: CategoryRow[] = [];
    for (let page = 1; ; page++) {
      const r = await site.get<{ total?: number; category?: CategoryRow[] }>("/api/v1/category/list", {
        page,
        size: PAGE,
        type: DOCUMENT,
        ...query,
      });
      rows.push(...(r.category ?? []));
      if ((r.category ?? []).length < PAGE) return rows;
    }
  }

  async function load() {
    for (const c of await list({})) ids.set(key(c.parent_id ?? 0, c.title), c.id);
  }

  async function child(parent: number, title: string): Promise<number> {
    const known = ids.get(key(parent, title));
    if (known !== undefined) return known;
    if (o.dryRun) {
      const id = planned--; // a placeholder: nothing is created in a dry run
      ids.set(key(parent, title), id);
      return id;
    }
    try {
      await site.post("/api/v1/category", { parent_id: parent, title, enable: true, type: DOCUMENT });
    } catch (err) {
      // another importer (or an admin) created it meanwhile: read it back below
      if (!(err instanceof SiteError && err.status === 409)) throw err;
    }
    for (const c of await list({ parent_id: [parent], wd: title })) ids.set(key(c.parent_id ?? 0, c.title), c.id);
    const id = ids.get(key(parent, title));
    if (id === undefined) throw new SiteError(500, `分类「${title}」创建后未找到`);
    return id;
  }

  return {
    /** The id of the category at this path, created (with its parents) when missing. */
    async resolve(path: string): Promise<number> {
      loaded ??= load();
      await loaded;
      const parts = pathParts(path);
      let parent = 0;
      for (let i = 0; i < parts.length; i++) {
        const at = parts.slice(0, i + 1).join("/");
        const p = parent;
        const title = parts[i] as string;
        let step = pending.get(at);
        if (!step) {
          step = child(p, title);
          pending.set(at, step);
          step.catch(() => pending.delete(at));
        }
        parent = await step;
      }
      return parent;
    },
  };
}
