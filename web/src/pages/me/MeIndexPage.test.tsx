import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { describe, expect, it, jest } from "@jest/globals";
import { screen, waitFor, within } from "@testing-library/react";
import { DynamicSchema, type ListUserDynamicRequest, UserAPI, UserSchema } from "@wenku/proto/api/v1/user_pb.js";
import { emptyServices, renderRoutes, testDeps } from "../../../test/render.js";
import MeIndexPage from "./MeIndexPage.js";

jest.setTimeout(60_000);

describe("/me", () => {
  it("shows the user's own counts and their whole activity feed (id 0: every kind), hostile markup inert", async () => {
    const asked: ListUserDynamicRequest[] = [];
    const at = timestampFromDate(new Date());
    const deps = testDeps({
      services: (router) => {
        emptyServices(router);
        router.service(UserAPI, {
          getUser: () =>
            create(UserSchema, { id: 7n, username: "alice", docCount: 4, articleCount: 2, favoriteCount: 9 }),
          listUserDynamic: (req) => {
            asked.push(req);
            return {
              total: 3n,
              dynamic: [
                create(DynamicSchema, {
                  id: 3n,
                  content: `发布了文章《<a href="/article/intro">入门</a>》`,
                  createdAt: at,
                }),
                create(DynamicSchema, {
                  id: 2n,
                  content: `上传了文档《<a href="javascript:alert(1)" onclick="x()">坏链接</a><img src=x onerror="y()">》`,
                  createdAt: at,
                }),
                create(DynamicSchema, { id: 1n, content: "修改了登录密码", createdAt: at }),
              ],
            };
          },
        });
      },
    });
    deps.sessionStore.login({ id: "7", username: "alice" }, "token-1");
    renderRoutes([{ path: "/me", element: <MeIndexPage /> }], { path: "/me", deps });
    const stats = await screen.findByTestId("user-stats", {}, { timeout: 15_000 });
    for (const [label, value] of [
      ["文档", "4"],
      ["文章", "2"],
      ["收藏", "9"],
    ] as const)
      await waitFor(() =>
        expect(within(stats).getByText(label).closest(".ant-statistic")?.textContent).toContain(value),
      );
    const feed = await screen.findByTestId("user-dynamics");
    await waitFor(() => expect(within(feed).getAllByTestId("dynamic-row")).toHaveLength(3));
    expect(asked[0]).toMatchObject({ id: 0n, page: 1n, size: 10n });
    const [article, hostile, password] = within(feed).getAllByTestId("dynamic-row");
    expect(
      within(article as HTMLElement)
        .getByRole("link", { name: "入门" })
        .getAttribute("href"),
    ).toBe("/article/intro");
    // an unsafe link is text, and no markup of the line reaches the page
    expect(hostile?.textContent).toContain("上传了文档《坏链接》");
    expect(hostile?.querySelector("a, img, [onclick], [onerror]")).toBeNull();
    expect(password?.textContent).toContain("修改了登录密码");
    // one page: no pager
    expect(feed.querySelector(".ant-pagination")).toBeNull();
  });
});
