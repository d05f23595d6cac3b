// A write the service's own checks let through but a constraint refused (a concurrent request won the
// race) comes back from the repository as a conflict; the user reads the same sentence as when the
// check had caught it. Fake repository: the constraints themselves are PostgreSQL's (tests/api).
import type { CategoryConflict, CategoryRepository } from "./category.repository.js";
import { type CategoryInput, createCategoryService } from "./category.service.js";

const input = (over: Partial<CategoryInput> = {}): CategoryInput => ({
  id: 0n,
  parentId: 0n,
  title: "数学",
  type: 0,
  icon: "",
  cover: "",
  description: "",
  showDescription: false,
  enable: true,
  sort: 0,
  ...over,
});

function service(conflict: CategoryConflict) {
  const refused = async () => ({ ok: false as const, conflict });
  const repo = {
    byId: async (id: bigint) => ({ id, type: 0, title: "父分类", parentId: null }),
    parents: async () => new Map(),
    sibling: async () => null,
    childrenOf: async () => [],
    firstWithItems: async () => null,
    create: refused,
    update: refused,
    deleteMany: refused,
  } as unknown as CategoryRepository;
  return createCategoryService(repo, { current: async () => ({}) as never });
}

test("a sibling with the same title that won the race: already exists, naming the title", async () => {
  const categories = service("duplicate_title");
  await expect(categories.create(input())).rejects.toMatchObject({
    kind: "already_exists",
    message: "同一上级分类下已有名为「数学」的分类",
  });
  await expect(categories.update(input({ id: 3n, title: " 数学 " }))).rejects.toMatchObject({
    kind: "already_exists",
  });
});

test("a parent deleted meanwhile: the parent does not exist", async () => {
  await expect(service("parent_missing").create(input({ parentId: 2n }))).rejects.toMatchObject({
    kind: "invalid_argument",
    message: "上级分类不存在",
  });
});

test("a sub-category or document linked meanwhile: nothing deleted, a precondition failed", async () => {
  await expect(service("still_referenced").delete([4n])).rejects.toMatchObject({
    kind: "failed_precondition",
    message: "分类下还有子分类、文档或文章，请先移走后再删除",
  });
});
