import { create } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import { actor } from "@wenku/kit";
import { type CategoryAPI, ListCategoryReplySchema } from "@wenku/proto/api/v1/category_pb.js";
import { toCategory } from "./category.mapper.js";
import type { CategoryService } from "./category.service.js";

/** Thin RPC edge of CategoryAPI. */
export function createCategoryHandlers(categories: CategoryService): ServiceImpl<typeof CategoryAPI> {
  return {
    async createCategory(req, ctx) {
      await categories.create(req, actor(ctx));
      return {};
    },
    async updateCategory(req, ctx) {
      await categories.update(req, actor(ctx));
      return {};
    },
    async deleteCategory(req) {
      await categories.delete(req.id);
      return {};
    },
    async getCategory(req) {
      return toCategory(await categories.get(req.id));
    },
    async listCategory(req, ctx) {
      const { total, items } = await categories.list(actor(ctx), req);
      return create(ListCategoryReplySchema, { total: BigInt(total), category: items.map(toCategory) });
    },
  };
}
