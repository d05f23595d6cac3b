// The document page's VIP parts: the VIP badge, "开通 VIP 下载" for non-members of a VIP document, and a
// VIP member's confirmation (free downloads left, or the VIP price) before DownloadDocument(Vip).
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { Code, ConnectError, type ConnectRouter } from "@connectrpc/connect";
import { describe, expect, it, jest } from "@jest/globals";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { DocumentAPI, DocumentSchema } from "@wenku/proto/api/v1/document_pb.js";
import { DocumentStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { UserVipAPI, UserVipSchema } from "@wenku/proto/api/v1/vip_pb.js";
import { emptyServices, renderRoutes, testDeps } from "../../../test/render.js";
import { RootLayout } from "../../layouts/RootLayout.js";
import DocumentPage from "./DocumentPage.js";

jest.setTimeout(60_000);

const routes = [{ element: <RootLayout />, children: [{ path: "/document/:id?", element: <DocumentPage /> }] }];

function setup(
  doc: MessageInitShape<typeof DocumentSchema>,
  vip?: MessageInitShape<typeof UserVipSchema>,
  user: { isVip?: boolean } = {},
  permissions: { id: number; method: string; path: string; title: string }[] = [],
) {
  const calls: string[] = [];
  const refuse = (name: string) => () => {
    calls.push(name);
    throw new ConnectError("测试：不真的下载", Code.FailedPrecondition);
  };
  const deps = testDeps({
    services: (router: ConnectRouter) => {
      emptyServices(router);
      router.service(DocumentAPI, {
        getDocument: () =>
          create(DocumentSchema, {
            id: 9n,
            title: "高等数学",
            ext: ".pdf",
            pages: 3,
            preview: 3,
            status: DocumentStatus.CONVERTED,
            userId: 5n,
            username: "teacher",
            ...doc,
          }),
        getRelatedDocuments: () => ({ total: 0n, document: [] }),
        downloadDocument: refuse("downloadDocument"),
        downloadDocumentVip: refuse("downloadDocumentVip"),
      });
      router.service(UserVipAPI, {
        getUserVip: () => {
          if (!vip) throw new ConnectError("您还不是VIP会员", Code.NotFound);
          return create(UserVipSchema, { userId: 7n, ...vip });
        },
      });
    },
  });
  deps.sessionStore.login({ id: "7", username: "reader", ...user }, "token-7");
  if (permissions.length) deps.sessionStore.setPermissions(permissions, []);
  renderRoutes(routes, { path: "/document/9", deps });
  return { calls };
}

/** The download button once the membership is known (a loading button takes no click). */
async function clickDownload() {
  const button = await screen.findByTestId("document-download", {}, { timeout: 15_000 });
  await waitFor(() => expect(button.className).not.toContain("ant-btn-loading"), { timeout: 15_000 });
  fireEvent.click(button);
}

const confirmTitle = (text: string) =>
  screen.findByText(text, { selector: ".ant-modal-confirm-title" }, { timeout: 15_000 });

describe("document page: VIP", () => {
  it("a VIP document shows its badge; a reader who is not VIP is offered /joinvip instead of the download", async () => {
    const { calls } = setup({ isVip: true, price: 0 });
    const join = await screen.findByTestId("document-join-vip", {}, { timeout: 15_000 });
    expect(join.textContent).toContain("开通 VIP 下载");
    expect(join.closest("a")?.getAttribute("href")).toBe("/joinvip");
    expect(screen.getByTestId("document-vip").textContent).toContain("VIP 文档");
    expect(screen.queryByTestId("document-download")).toBeNull();
    expect(calls).toEqual([]);
  });

  it("staff holding DownloadDocument's permission download a VIP or priced document directly, as the server lets them", async () => {
    const grant = [{ id: 40, method: "GRPC", path: "/api.v1.DocumentAPI/DownloadDocument", title: "下载文档" }];
    const { calls } = setup({ isVip: true, price: 6 }, undefined, {}, grant);
    await clickDownload();
    await waitFor(() => expect(calls).toEqual(["downloadDocument"]));
    expect(screen.queryByTestId("document-join-vip")).toBeNull();
    expect(screen.queryByText(/下载需支付/)).toBeNull();
  });

  it("a VIP member downloads a VIP document through DownloadDocumentVip, without a confirmation when it is free", async () => {
    const { calls } = setup({ isVip: true, price: 0 }, { downloadLeft: 2, documentDiscount: 85 }, { isVip: true });
    await clickDownload();
    await waitFor(() => expect(calls).toEqual(["downloadDocumentVip"]));
    expect(screen.queryByTestId("document-join-vip")).toBeNull();
  });

  it("a VIP member with free downloads left confirms a free download of a priced document", async () => {
    const { calls } = setup({ price: 8 }, { downloadLeft: 3, download: 5, documentDiscount: 85 }, { isVip: true });
    await clickDownload();
    expect(await confirmTitle("VIP 免费下载（剩余 3 次）")).toBeTruthy();
    expect(screen.getByText("本次下载使用 1 次 VIP 免费下载，不扣除积分。")).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "免费下载" }));
    await waitFor(() => expect(calls).toEqual(["downloadDocument"]));
  });

  it("a VIP member without free downloads left sees the VIP price, rounded down", async () => {
    const { calls } = setup({ price: 10 }, { downloadLeft: 0, download: 5, documentDiscount: 85 }, { isVip: true });
    await clickDownload();
    expect(await confirmTitle("VIP 价：下载需支付 8 积分（原价 10）")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "支付并下载" }));
    await waitFor(() => expect(calls).toEqual(["downloadDocument"]));
  });
});
