import { create } from "@bufbuild/protobuf";
import type { ConnectRouter } from "@connectrpc/connect";
import { describe, expect, it, jest } from "@jest/globals";
import { screen } from "@testing-library/react";
import { CreditLogSchema, OrderAPI } from "@wenku/proto/api/v1/order_pb.js";
import { emptyServices, renderWithProviders, testDeps } from "../../../test/render.js";
import type { Lang } from "../../i18n/language.js";
import { CreditLog } from "./CreditLog.js";

jest.setTimeout(30_000);

/** The content service's rewards and penalty as the ledger answers them (a partial penalty among them). */
const log = [
  { amount: 5, refType: "upload_document", reason: "上传文档《年度报告》获得 5 积分" },
  { amount: -1, refType: "delete_document", reason: "删除文档《旧稿》扣除 3 积分（余额不足，实扣 1）" },
  { amount: 2, refType: "document_collected", reason: "文档《年度报告》被收藏获得 2 积分" },
  { amount: 1, refType: "document_commented", reason: "文档《年度报告》被评论获得 1 积分" },
  { amount: 4, refType: "system_recharge", reason: "客服补偿" },
];

function signedIn(lang: Lang) {
  const deps = testDeps({
    lang,
    services: (router: ConnectRouter) => {
      emptyServices(router);
      router.service(OrderAPI, {
        listUserCreditLog: () => ({
          total: BigInt(log.length),
          creditLog: log.map((l, i) => create(CreditLogSchema, { id: BigInt(i + 1), balanceAfter: 9, ...l })),
        }),
      });
    },
  });
  deps.sessionStore.login({ id: "7", username: "alice" }, "token-1");
  return deps;
}

const lines = async () =>
  (await screen.findAllByTestId("credit-log-row", {}, { timeout: 8000 })).map(
    (r) => r.firstElementChild?.firstElementChild?.textContent,
  );

describe("CreditLog reasons", () => {
  it("words the document rewards and the penalty in Chinese with the amount really booked", async () => {
    renderWithProviders(<CreditLog />, signedIn("zh-CN"));
    expect(await lines()).toEqual([
      "上传文档《年度报告》获得 5 积分",
      "删除文档《旧稿》扣除 1 积分",
      "文档《年度报告》被收藏获得 2 积分",
      "文档《年度报告》被评论获得 1 积分",
      "客服补偿",
    ]);
  });

  it("words them in English with the document's title; other lines keep the server's reason", async () => {
    renderWithProviders(<CreditLog />, signedIn("en"));
    expect(await lines()).toEqual([
      "Uploaded “年度报告”: earned 5 Points",
      "Deleted “旧稿”: 1 Points deducted",
      "“年度报告” was added to a favorites list: earned 2 Points",
      "“年度报告” got a comment: earned 1 Points",
      "客服补偿",
    ]);
  });
});
