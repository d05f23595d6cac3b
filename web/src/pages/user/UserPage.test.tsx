import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, type ConnectRouter } from "@connectrpc/connect";
import { describe, expect, it, jest } from "@jest/globals";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { DocumentAPI, DocumentSchema } from "@wenku/proto/api/v1/document_pb.js";
import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { RootLayout } from "../../layouts/RootLayout.js";
import { emptyServices, renderRoutes, testDeps } from "../../test/render.js";
import UserDocumentPage from "./UserDocumentPage.js";
import UserIndexPage from "./UserIndexPage.js";

jest.setTimeout(30_000);

const routes = [
  {
    element: <RootLayout />,
    children: [
      { path: "/user/:id", element: <UserIndexPage /> },
      { path: "/user/:id/document", element: <UserDocumentPage /> },
    ],
  },
];

function services(calls: { getUser: number }) {
  return (router: ConnectRouter) => {
    emptyServices(router);
    router.service(UserAPI, {
      getUser: (req) => {
        calls.getUser += 1;
        if (req.id !== 5n) throw new ConnectError("用户不存在", Code.NotFound);
        return { id: 5n, username: "teacher" };
      },
    });
    router.service(DocumentAPI, {
      listDocument: (req) => ({
        total: 12n,
        document: [create(DocumentSchema, { id: 100n + req.page, title: `第 ${req.page} 页的文档` })],
      }),
    });
  };
}

describe("public user page", () => {
  it("is titled with the user's name and pages through their documents", async () => {
    const calls = { getUser: 0 };
    renderRoutes(routes, { path: "/user/5/document", deps: testDeps({ services: services(calls) }) });
    expect((await screen.findByTestId("profile-username", {}, { timeout: 8000 })).textContent).toContain("teacher");
    await waitFor(() => expect(document.title).toBe("teacher - 文库"));
    expect(await screen.findByRole("link", { name: "第 1 页的文档" })).toBeTruthy();
    fireEvent.click(screen.getByTitle("2"));
    expect(await screen.findByRole("link", { name: "第 2 页的文档" })).toBeTruthy();
    expect(calls.getUser).toBe(1);
  });

  it("reads as 页面不存在 for an unknown user, in the page and its title", async () => {
    renderRoutes(routes, { path: "/user/9", deps: testDeps({ services: services({ getUser: 0 }) }) });
    expect(await screen.findByRole("heading", { name: "页面不存在" }, { timeout: 8000 })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("页面不存在 - 文库"));
  });
});
