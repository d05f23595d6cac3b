import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { ServiceImpl } from "@connectrpc/connect";
import { actor } from "@wenku/kit";
import { ContentKind } from "@wenku/proto/api/v1/enums_pb.js";
import { type Favorite, type FavoriteAPI, FavoriteSchema } from "@wenku/proto/api/v1/favorite_pb.js";
import type { FavoriteListed, TargetKind } from "./favorite.repository.js";
import type { FavoriteService } from "./favorite.service.js";

/** moredoc's requests carry no type: DOCUMENT (0) is its default. */
const kindOf = (type: ContentKind): TargetKind => (type === ContentKind.ARTICLE ? "article" : "document");

export function toFavorite(f: FavoriteListed): Favorite {
  const article = f.articleId !== null;
  return create(FavoriteSchema, {
    id: f.id,
    userId: f.userId,
    documentId: f.documentId ?? f.articleId ?? 0n,
    title: f.title,
    ext: f.ext,
    score: f.score,
    size: f.size,
    pages: f.pages,
    documentUuid: f.ref,
    type: article ? ContentKind.ARTICLE : ContentKind.DOCUMENT,
    createdAt: timestampFromDate(f.createdAt),
    updatedAt: timestampFromDate(f.createdAt),
  });
}

export function createFavoriteHandlers(favorites: FavoriteService): ServiceImpl<typeof FavoriteAPI> {
  return {
    async createFavorite(req, ctx) {
      return toFavorite(await favorites.add(actor(ctx), kindOf(req.type), req.documentId));
    },
    async deleteFavorite(req, ctx) {
      await favorites.remove(actor(ctx), req.id);
      return {};
    },
    async getFavorite(req, ctx) {
      const found = await favorites.mine(actor(ctx), kindOf(req.type), req.documentId);
      return found ? toFavorite(found) : create(FavoriteSchema); // none: an empty favorite (id 0), as moredoc
    },
    async listFavorite(req, ctx) {
      const { total, rows } = await favorites.list(actor(ctx), kindOf(req.type), req.page, req.size);
      return { total: BigInt(total), favorite: rows.map(toFavorite) };
    },
  };
}
