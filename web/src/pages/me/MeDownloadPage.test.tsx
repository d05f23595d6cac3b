import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { describe, expect, it, jest } from "@jest/globals";
import { screen } from "@testing-library/react";
import { type ListUserDownloadRequest, UserAPI, UserDownloadSchema, UserSchema } from "@wenku/proto/api/v1/user_pb.js";
import { emptyServices, renderRoutes, testDeps } from "../../../test/render.js";
import MeDownloadPage from "./MeDownloadPage.js";

jest.setTimeout(60_000);

describe("/me/download", () => {
  it("lists the downloads newest first: a link per document, its pages and size, paid ones marked, removed ones unlinked", async () => {
    const asked: ListUserDownloadRequest[] = [];
    const at = timestampFromDate(new Date("2025-03-04T05:06:07Z"));
    const deps = testDeps({
      services: (router) => {
        emptyServices(router);
        router.service(UserAPI, {
          getUser: () => create(UserSchema, { id: 7n, username: "alice" }),
          listUserDownload: (req) => {
            asked.push(req);
            return {
              total: 2n,
              download: [
                create(UserDownloadSchema, {
                  id: 2n,
                  documentId: 9n,
                  title: "线性代数讲义",
                  ext: ".pdf",
                  pages: 12,
                  size: 2048n,
                  isPay: true,
                  createdAt: at,
                }),
                create(UserDownloadSchema, { id: 1n, documentId: 8n, title: "", createdAt: at }),
              ],
            };
          },
        });
      },
    });
    deps.sessionStore.login({ id: "7", username: "alice" }, "token-1");
    renderRoutes([{ path: "/me/download", element: <MeDownloadPage /> }], { path: "/me/download", deps });
    const link = await screen.findByText("线性代数讲义", {}, { timeout: 15_000 });
    expect(link.closest("a")?.getAttribute("href")).toBe("/document/9");
    const [paid, gone] = screen.getAllByTestId("download-row");
    expect(paid?.textContent).toContain("12 页");
    expect(paid?.textContent).toContain("2.00 KB");
    expect(paid?.textContent).toContain("已付费");
    expect(gone?.textContent).toContain("文档已删除");
    expect(gone?.querySelector("a")).toBeNull();
    expect(asked[0]).toMatchObject({ page: 1n, size: 20n });
  });
});
