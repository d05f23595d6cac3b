import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "@jest/globals";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { ConfigAPI, type GetStatsTrendRequest, StatsTrendDaySchema } from "@wenku/proto/api/v1/config_pb.js";
import { emptyServices, renderWithProviders, testDeps } from "../../../../test/render.js";
import { signInStaff } from "../../../../test/staff.js";
import { niceMax } from "../../../components/admin/LineChart.js";
import { TrendCard } from "./TrendCard.js";

function setup(rpcs: string[]) {
  const asked: GetStatsTrendRequest[] = [];
  const deps = testDeps({
    services: (router) => {
      emptyServices(router);
      router.service(ConfigAPI, {
        getStatsTrend: (req) => {
          asked.push(req);
          return {
            day: Array.from({ length: req.days }, (_, i) =>
              create(StatsTrendDaySchema, {
                date: `2026-11-${String(i + 1).padStart(2, "0")}`,
                documents: i,
                users: 1,
                conversions: i % 2,
                conversionFailures: 0,
                downloads: 2,
              }),
            ),
          };
        },
      });
    },
  });
  signInStaff(deps, "ConfigAPI", rpcs, ["/admin/dashboard"]);
  return { deps, asked };
}

describe("dashboard trend card", () => {
  it("charts 30 days in the viewer's time zone with a line per series and the totals, and switches range", async () => {
    const { deps, asked } = setup(["GetStatsTrend"]);
    renderWithProviders(<TrendCard />, deps);
    const card = await screen.findByTestId("dashboard-trend");
    const totals = await within(card).findByTestId("trend-totals");
    expect(asked[0]).toMatchObject({ days: 30, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
    // 0 + 1 + … + 29 uploads, one registration a day, a conversion every other day, two downloads a day.
    expect([...totals.querySelectorAll("li")].map((li) => li.textContent)).toEqual([
      "上传文档435",
      "注册用户30",
      "转换完成15",
      "转换失败0",
      "下载60",
    ]);
    const chart = within(card).getByTestId("line-chart");
    expect(chart.querySelectorAll("[data-series]")).toHaveLength(5);
    expect(chart.querySelectorAll("[data-series='documents'] circle")).toHaveLength(30);
    expect(chart.querySelector("[data-series='documents'] circle title")?.textContent).toBe("11-01 上传文档: 0");

    fireEvent.click(within(card).getByText("7 天"));
    await waitFor(() => expect(asked.at(-1)?.days).toBe(7));
    await waitFor(() => expect(chart.ownerDocument.querySelectorAll("[data-series='users'] circle")).toHaveLength(7));
  });

  it("is not shown without the permission", async () => {
    const { deps, asked } = setup(["GetStats"]);
    renderWithProviders(<TrendCard />, deps);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId("dashboard-trend")).toBeNull();
    expect(asked).toEqual([]);
  });
});

describe("niceMax", () => {
  it("rounds the y axis up to 1, 2 or 5 times a power of ten", () => {
    expect([0, 1, 3, 7, 10, 11, 35, 99, 101, 4200].map(niceMax)).toEqual([1, 1, 5, 10, 10, 20, 50, 100, 200, 5000]);
  });
});
