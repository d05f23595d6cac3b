import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, type ConnectRouter } from "@connectrpc/connect";
import { describe, expect, it } from "@jest/globals";
import { screen, waitFor } from "@testing-library/react";
import {
  AdvertisementAPI,
  AdvertisementSchema,
  type GetAdvertisementByPositionRequest,
} from "@wenku/proto/api/v1/advertisement_pb.js";
import { emptyServices, renderWithProviders, testDeps } from "../../test/render.js";
import { AdSlot } from "./AdSlot.js";

const ad = (id: number, position: string, content: string) =>
  create(AdvertisementSchema, { id: BigInt(id), position, content, enable: true });

function deps(answer: () => unknown, asked: GetAdvertisementByPositionRequest[] = []) {
  return testDeps({
    services: (router: ConnectRouter) => {
      emptyServices(router);
      router.service(AdvertisementAPI, {
        getAdvertisementByPosition: (req) => {
          asked.push(req);
          return answer() as never;
        },
      });
    },
  });
}

describe("AdSlot", () => {
  it("shows its position's ads (one request for every slot of the page), in the server's order", async () => {
    const asked: GetAdvertisementByPositionRequest[] = [];
    const ads = [
      ad(1, "global_top", '<a href="/joinvip"><img src="/uploads/ad.png" alt="加入 VIP"></a>'),
      ad(2, "search_top", "<b>搜索广告</b>"),
      ad(3, "global_top", "<span>第二条</span>"),
    ];
    const view = renderWithProviders(
      <>
        <AdSlot position="global_top" />
        <AdSlot position="search_top" />
        <AdSlot position="document_top" />
      </>,
      deps(() => ({ total: 3n, advertisement: ads }), asked),
    );
    await screen.findByRole("img", { name: "加入 VIP" });
    const top = view.container.querySelector("[data-ad-position='global_top']") as HTMLElement;
    expect([...top.children].map((c) => c.textContent)).toEqual(["", "第二条"]);
    expect(view.container.querySelector("[data-ad-position='search_top']")?.textContent).toBe("搜索广告");
    expect(view.container.querySelector("[data-ad-position='document_top']")).toBeNull();
    expect(asked).toHaveLength(1);
    expect(asked[0]?.position).toEqual([]);
  });

  it("stays empty when the fetch fails (spec §8: ad errors are swallowed)", async () => {
    const asked: GetAdvertisementByPositionRequest[] = [];
    const view = renderWithProviders(
      <AdSlot position="global_top" />,
      deps(() => {
        throw new ConnectError("广告服务不可用", Code.FailedPrecondition);
      }, asked),
    );
    await waitFor(() => expect(asked).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(view.container.querySelector(".wk-ad")).toBeNull();
    expect(view.container.textContent).not.toContain("广告服务不可用");
  });
});
