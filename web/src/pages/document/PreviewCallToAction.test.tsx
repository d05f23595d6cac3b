// The block that ends a preview, per reader and document: a visitor signs in (and comes back to the page),
// a signed-in reader downloads a free document, buys a priced one at the price they pay (a VIP member's
// card price beside the document's, or free while VIP downloads last; balance and shortfall shown), joins VIP
// for a VIP document; a reader who has the file reads every page. After the download the reader shows
// the pages past the preview without a reload, at the page asked for.
import { create } from "@bufbuild/protobuf";
import type { ConnectRouter } from "@connectrpc/connect";
import { describe, expect, it, jest } from "@jest/globals";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { DocumentAPI, DocumentSchema } from "@wenku/proto/api/v1/document_pb.js";
import { DocumentStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { UserAPI, UserSchema } from "@wenku/proto/api/v1/user_pb.js";
import { UserVipAPI, UserVipSchema } from "@wenku/proto/api/v1/vip_pb.js";
import { emptyServices, renderRoutes, testDeps } from "../../../test/render.js";
import { recordScrollIntoView } from "../../../test/scrollSpy.js";
import { RootLayout } from "../../layouts/RootLayout.js";
import DocumentPage from "./DocumentPage.js";

jest.setTimeout(60_000);

const routes = [{ element: <RootLayout />, children: [{ path: "/document/:id?", element: <DocumentPage /> }] }];
const scrollSpy = recordScrollIntoView();

/** What the variants change of the document. */
type DocInit = { price?: number; isVip?: boolean; readAll?: boolean };

/** A VIP member's benefits (GetUserVip). */
type Membership = { documentDiscount: number; downloadLeft: number };

function setup(
  first: DocInit,
  opts: { signedIn?: boolean; isVip?: boolean; credits?: number; after?: DocInit; vip?: Membership } = {},
) {
  const downloads: bigint[] = [];
  const vipAsked: number[] = [];
  let current = first;
  const deps = testDeps({
    services: (router: ConnectRouter) => {
      emptyServices(router);
      router.service(DocumentAPI, {
        getDocument: () =>
          create(DocumentSchema, {
            id: 9n,
            title: "矩阵论",
            ext: ".pdf",
            pages: 8,
            preview: 3,
            status: DocumentStatus.CONVERTED,
            userId: 5n,
            ...current,
          }),
        getRelatedDocuments: () => ({ total: 0n, document: [] }),
        downloadDocument: (req) => {
          downloads.push(req.id);
          current = { ...current, ...opts.after };
          // a same-document link: jsdom follows it without leaving the page
          return { url: "#downloaded" };
        },
      });
      router.service(UserAPI, {
        getUser: (req) =>
          create(UserSchema, { id: req.id, username: "reader", creditCount: opts.credits ?? 0, isVip: opts.isVip }),
      });
      router.service(UserVipAPI, {
        getUserVip: () => {
          vipAsked.push(Date.now());
          return create(UserVipSchema, { userId: 7n, ...opts.vip });
        },
      });
    },
  });
  if (opts.signedIn ?? true) deps.sessionStore.login({ id: "7", username: "reader", isVip: opts.isVip }, "token-7");
  renderRoutes(routes, { path: "/document/9?page=5", deps });
  return { downloads, vipAsked };
}

const cta = () => screen.findByTestId("reader-cta", {}, { timeout: 8000 });
const shown = () => screen.queryAllByTestId(/^reader-page/).length;

describe("the call to action at the end of the preview", () => {
  it("a visitor: signs in and comes back to the page asked for", async () => {
    setup({}, { signedIn: false });
    const block = await cta();
    expect(block.getAttribute("data-offer")).toBe("login");
    expect(within(block).getByTestId("reader-cta-wanted").textContent).toBe("第 5 页在预览范围之外");
    expect(within(block).getByTestId("reader-preview-notice").textContent).toBe("预览已结束：可预览 3 页，共 8 页");
    expect(within(block).getByTestId("reader-cta-login").getAttribute("href")).toBe(
      `/login?redirect=${encodeURIComponent("/document/9?page=5")}`,
    );
    expect(shown()).toBe(3);
  });

  it("a free document: the download gives the reader every page, without a reload, at the page asked for", async () => {
    const { downloads } = setup({}, { after: { readAll: true } });
    const block = await cta();
    expect(block.getAttribute("data-offer")).toBe("download");
    expect(within(block).getByTestId("reader-cta-text").textContent).toBe("本文档免费，下载后即可在线阅读全部 8 页。");
    fireEvent.click(within(block).getByRole("button", { name: /免费下载并阅读全文/ }));
    await waitFor(() => expect(downloads).toEqual([9n]));
    await waitFor(() => expect(screen.queryByTestId("reader-cta")).toBeNull(), { timeout: 8000 });
    expect(shown()).toBe(5);
    await waitFor(() =>
      expect(scrollSpy.scrolled().some((el) => el.getAttribute("data-reader-slot") === "5")).toBe(true),
    );
    // pages past the preview are private: fetched with the reader's token, not as plain images
    expect(screen.getAllByTestId("reader-page").map((img) => img.getAttribute("data-page"))).toEqual(["1", "2", "3"]);
  });

  it("a priced document: buy for N credits, the balance and what is missing", async () => {
    setup({ price: 5 }, { credits: 2 });
    const block = await cta();
    expect(block.getAttribute("data-offer")).toBe("buy");
    expect(within(block).getByTestId("reader-cta-text").textContent).toBe(
      "使用 5 积分购买后即可下载，并在线阅读全部 8 页。",
    );
    expect(within(block).getByRole("button", { name: /购买全文（5 积分）/ })).toBeTruthy();
    expect((await within(block).findByTestId("reader-cta-balance", {}, { timeout: 8000 })).textContent).toContain(
      "当前余额 2 积分",
    );
    expect(within(block).getByTestId("reader-cta-short").textContent).toBe("还差 3 积分：每日签到或充值可获得积分。");
    // the existing buy flow: the price confirmed first
    fireEvent.click(within(block).getByRole("button", { name: /购买全文（5 积分）/ }));
    expect(
      await screen.findByText("下载需支付 5 积分", { selector: ".ant-modal-confirm-title" }, { timeout: 8000 }),
    ).toBeTruthy();
  });

  it("a priced document with enough credits: no shortfall", async () => {
    setup({ price: 5 }, { credits: 20 });
    const block = await cta();
    expect((await within(block).findByTestId("reader-cta-balance", {}, { timeout: 8000 })).textContent).toBe(
      "当前余额 20 积分",
    );
    expect(within(block).queryByTestId("reader-cta-short")).toBeNull();
  });

  it("a VIP member buys a priced document at the card's price: both prices, the shortfall from the VIP price", async () => {
    setup({ price: 10 }, { isVip: true, credits: 5, vip: { documentDiscount: 80, downloadLeft: 0 } });
    const block = await cta();
    expect(block.getAttribute("data-offer")).toBe("buy");
    const price = await within(block).findByTestId("reader-cta-price", {}, { timeout: 8000 });
    expect(price.textContent).toBe("VIP 价 8 积分 原价 10 积分");
    expect(within(block).getByTestId("reader-cta-text").textContent).toBe(
      "VIP 会员价 8 积分（原价 10 积分），购买后即可下载，并在线阅读全部 8 页。",
    );
    expect(within(block).getByRole("button", { name: /购买全文（8 积分）/ })).toBeTruthy();
    expect((await within(block).findByTestId("reader-cta-short", {}, { timeout: 8000 })).textContent).toBe(
      "还差 3 积分：每日签到或充值可获得积分。",
    );
    fireEvent.click(within(block).getByRole("button", { name: /购买全文（8 积分）/ }));
    expect(
      await screen.findByText("VIP 价：下载需支付 8 积分（原价 10）", { selector: ".ant-modal-confirm-title" }),
    ).toBeTruthy();
  });

  it("a VIP member whose card gives no discount sees the one price", async () => {
    const { vipAsked } = setup(
      { price: 10 },
      { isVip: true, credits: 20, vip: { documentDiscount: 100, downloadLeft: 0 } },
    );
    const block = await cta();
    await waitFor(() => expect(vipAsked.length).toBeGreaterThan(0), { timeout: 8000 });
    await waitFor(() =>
      expect(within(block).getByTestId("reader-cta-text").textContent).toBe(
        "使用 10 积分购买后即可下载，并在线阅读全部 8 页。",
      ),
    );
    expect(within(block).queryByTestId("reader-cta-price")).toBeNull();
  });

  it("a VIP member with free downloads left pays nothing for a priced document", async () => {
    setup({ price: 10 }, { isVip: true, credits: 0, vip: { documentDiscount: 80, downloadLeft: 2 } });
    const block = await cta();
    expect(
      (await within(block).findByRole("button", { name: /VIP 免费下载并阅读全文/ }, { timeout: 8000 })).textContent,
    ).toContain("VIP 免费下载并阅读全文");
    expect(within(block).getByTestId("reader-cta-text").textContent).toBe(
      "您的 VIP 会员还可免费下载 2 次：下载本文档不扣积分，并可在线阅读全部 8 页。",
    );
    expect(within(block).queryByTestId("reader-cta-short")).toBeNull();
  });

  it("a VIP document: a non-member is sent to join VIP", async () => {
    setup({ isVip: true });
    const block = await cta();
    expect(block.getAttribute("data-offer")).toBe("vip");
    expect(within(block).getByTestId("reader-cta-vip").getAttribute("href")).toBe("/joinvip");
  });

  it("a VIP member reading a VIP document is offered the download", async () => {
    setup({ isVip: true }, { isVip: true });
    const block = await cta();
    expect(block.getAttribute("data-offer")).toBe("download");
    expect(within(block).getByTestId("reader-cta-text").textContent).toContain("作为 VIP 会员");
  });

  it("a reader who has the file: every page, no call to action", async () => {
    setup({ price: 5, readAll: true });
    await waitFor(() => expect(shown()).toBe(5), { timeout: 8000 });
    fireEvent.click(screen.getByTestId("reader-continue"));
    await waitFor(() => expect(shown()).toBe(8));
    expect(screen.getByTestId("reader-end").textContent).toBe("全文完");
    expect(screen.queryByTestId("reader-cta")).toBeNull();
  });
});
