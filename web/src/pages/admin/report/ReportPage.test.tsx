import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { describe, expect, it } from "@jest/globals";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { ReportReason } from "@wenku/proto/api/v1/enums_pb.js";
import { type ListReportRequest, type Report, ReportAPI, ReportSchema } from "@wenku/proto/api/v1/report_pb.js";
import { pickOption, tableRow } from "../../../../test/adminScreen.js";
import { emptyServices, renderWithProviders, testDeps } from "../../../../test/render.js";
import { signInStaff } from "../../../../test/staff.js";
import ReportPage, { reportListRequest } from "./ReportPage.js";

const report = (id: number, title: string, reason: ReportReason, status = false, remark = "") =>
  create(ReportSchema, {
    id: BigInt(id),
    documentId: BigInt(100 + id),
    documentTitle: title,
    userId: 7n,
    username: "alice",
    reason,
    status,
    remark,
    createdAt: timestampFromDate(new Date("2025-03-04T05:06:07Z")),
  });

/** An in-process ReportAPI over an in-memory table, filtering like the server. */
function setup(rpcs: string[]) {
  const rows = [
    report(1, "广告文档", ReportReason.SPAM_AD),
    report(2, "骂人文档", ReportReason.PERSONAL_ATTACK, true, "已删除"),
  ];
  const lists: ListReportRequest[] = [];
  const updates: Report[] = [];
  const deps = testDeps({
    services: (router) => {
      emptyServices(router);
      router.service(ReportAPI, {
        listReport: (req) => {
          lists.push(req);
          const found = rows.filter(
            (r) =>
              (!req.status.length || req.status.includes(r.status)) &&
              (!req.reason.length || req.reason.includes(r.reason)) &&
              (!req.wd || r.documentTitle.includes(req.wd)),
          );
          return { total: BigInt(found.length), report: found };
        },
        updateReport: (req) => {
          updates.push(req);
          const r = rows.find((x) => x.id === req.id);
          if (r) Object.assign(r, { status: req.status, remark: req.remark });
          return {};
        },
        deleteReport: () => ({}),
      });
    },
  });
  signInStaff(deps, "ReportAPI", rpcs, ["/admin/report"]);
  return { deps, lists, updates };
}

describe("admin reports", () => {
  it("maps the URL's filters to ListReport (status open/handled, one of the six reasons)", () => {
    const base = { page: 2, size: 20, wd: "x" };
    expect(reportListRequest({ ...base, filters: {} })).toMatchObject({
      page: 2n,
      size: 20n,
      wd: "x",
      status: [],
      reason: [],
    });
    expect(reportListRequest({ ...base, filters: { status: "open", reason: "3" } })).toMatchObject({
      status: [false],
      reason: [ReportReason.FAKE_PRIZE],
    });
    expect(reportListRequest({ ...base, filters: { status: "handled", reason: "9" } })).toMatchObject({
      status: [true],
      reason: [],
    });
  });

  it("lists reports with reason and state, filters them, and handles one with a note", async () => {
    const { deps, lists, updates } = setup(["ListReport", "UpdateReport", "DeleteReport"]);
    renderWithProviders(<ReportPage />, deps);
    const open = within(await tableRow("广告文档"));
    expect(open.getByText("垃圾广告")).toBeTruthy();
    expect(open.getByText("待处理")).toBeTruthy();
    expect(within(await tableRow("骂人文档")).getByText("已删除")).toBeTruthy();

    await pickOption(screen.getByLabelText("状态"), "已处理");
    await waitFor(() => expect(screen.queryByText("广告文档")).toBeNull());
    expect(lists.at(-1)?.status).toEqual([true]);
    await pickOption(screen.getByLabelText("状态"), "待处理");
    fireEvent.click(within(await tableRow("广告文档")).getByLabelText("处理"));
    const note = await screen.findByTestId("confirm-input");
    fireEvent.change(note, { target: { value: "  已下架  " } });
    fireEvent.click(await screen.findByText(/^确\s*定$/));
    await waitFor(() => expect(updates).toEqual([expect.objectContaining({ id: 1n, status: true, remark: "已下架" })]));
  }, 120_000);

  it("offers no handling or deleting without the permissions", async () => {
    const { deps } = setup(["ListReport"]);
    renderWithProviders(<ReportPage />, deps);
    const row = within(await tableRow("广告文档"));
    expect(row.queryByLabelText("处理")).toBeNull();
    expect(row.queryByLabelText("删除")).toBeNull();
  }, 120_000);
});
