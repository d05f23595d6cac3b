import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { describe, expect, it, jest } from "@jest/globals";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { ContentKind } from "@wenku/proto/api/v1/enums_pb.js";
import {
  type Favorite,
  FavoriteAPI,
  FavoriteSchema,
  type ListFavoriteRequest,
} from "@wenku/proto/api/v1/favorite_pb.js";
import { UserAPI, UserSchema } from "@wenku/proto/api/v1/user_pb.js";
import { emptyServices, renderRoutes, testDeps } from "../../../test/render.js";
import MeFavoritePage, { favoritePath } from "./MeFavoritePage.js";

jest.setTimeout(60_000);

const fav = (id: number, type: ContentKind, documentId: number, title: string, ref: string): Favorite =>
  create(FavoriteSchema, {
    id: BigInt(id),
    type,
    documentId: BigInt(documentId),
    title,
    documentUuid: ref,
    ext: ".pdf",
    createdAt: timestampFromDate(new Date("2025-03-04T05:06:07Z")),
  });

/** The caller's favorites as FavoriteAPI keeps them: listed by type, removed by id. */
function setup() {
  let rows = [
    fav(1, ContentKind.DOCUMENT, 9, "线性代数讲义", "0123456789abcdef"),
    fav(2, ContentKind.ARTICLE, 5, "关于我们", "about"),
  ];
  const lists: ListFavoriteRequest[] = [];
  const deletes: bigint[][] = [];
  const deps = testDeps({
    services: (router) => {
      emptyServices(router);
      router.service(UserAPI, { getUser: () => create(UserSchema, { id: 7n, username: "alice" }) });
      router.service(FavoriteAPI, {
        listFavorite: (req) => {
          lists.push(req);
          const found = rows.filter((r) => r.type === req.type);
          return { total: BigInt(found.length), favorite: found };
        },
        deleteFavorite: (req) => {
          deletes.push(req.id);
          rows = rows.filter((r) => !req.id.includes(r.id));
          return {};
        },
      });
    },
  });
  deps.sessionStore.login({ id: "7", username: "alice" }, "token-1");
  renderRoutes([{ path: "/me/favorite", element: <MeFavoritePage /> }], { path: "/me/favorite", deps });
  return { lists, deletes };
}

describe("/me/favorite", () => {
  it("lists favorite documents, then articles in their tab, each linking to its page; removes after asking", async () => {
    const { lists, deletes } = setup();
    const doc = await screen.findByText("线性代数讲义", {}, { timeout: 15_000 });
    expect(doc.closest("a")?.getAttribute("href")).toBe("/document/9");
    expect(lists[0]).toMatchObject({ type: ContentKind.DOCUMENT, page: 1n, size: 20n });

    fireEvent.click(screen.getByRole("tab", { name: "文章" }));
    const article = await screen.findByText("关于我们");
    expect(article.closest("a")?.getAttribute("href")).toBe("/article/about");
    expect(lists.at(-1)?.type).toBe(ContentKind.ARTICLE);

    fireEvent.click(screen.getByTestId("favorite-remove"));
    expect(deletes).toEqual([]); // asks first
    fireEvent.click(await screen.findByText(/^确\s*定$/));
    await waitFor(() => expect(deletes).toEqual([[2n]]));
    await waitFor(() => expect(screen.queryByText("关于我们")).toBeNull());
  });

  it("links documents by id and articles by identifier (else id)", () => {
    expect(favoritePath(fav(1, ContentKind.DOCUMENT, 9, "d", "abc"))).toBe("/document/9");
    expect(favoritePath(fav(2, ContentKind.ARTICLE, 5, "a", ""))).toBe("/article/5");
  });
});
