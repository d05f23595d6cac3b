import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it } from "@jest/globals";
import { fireEvent, screen, within } from "@testing-library/react";
import { ConfigAPI, ConfigSchema, type WechatPayCert, WechatPayCertSchema } from "@wenku/proto/api/v1/config_pb.js";
import { emptyServices, renderWithProviders, testDeps } from "../../../../test/render.js";
import { signInStaff } from "../../../../test/staff.js";
import { formatTime } from "../../../components/common/format.js";
import { ConfigForm } from "./ConfigForm.js";
import { CONFIG_SECTIONS } from "./sections.js";

const rows = [
  create(ConfigSchema, { category: "wechatpay", name: "enable", inputType: "switch", value: "true", label: "启用" }),
  create(ConfigSchema, {
    category: "wechatpay",
    name: "mch_id",
    inputType: "text",
    value: "1900000109",
    label: "商户号",
  }),
  create(ConfigSchema, { category: "alipay", name: "enable", inputType: "switch", value: "false", label: "启用" }),
];

/** ConfigAPI.GetWechatPayCert answering each call with the next of `answers`; the session holds `rpcs`. */
function setup(rpcs: string[], answers: Array<WechatPayCert | ConnectError>, lang?: "en") {
  let calls = 0;
  const deps = testDeps({
    ...(lang ? { lang } : {}),
    services: (router) => {
      emptyServices(router);
      router.service(ConfigAPI, {
        getWechatPayCert: () => {
          const next = answers[calls++];
          if (!next || next instanceof ConnectError) throw next ?? new ConnectError("no answer", Code.Internal);
          return next;
        },
      });
    },
  });
  signInStaff(deps, "ConfigAPI", rpcs, ["/admin/config/pay"]);
  renderWithProviders(<ConfigForm rows={rows} section={CONFIG_SECTIONS.pay as never} />, deps);
  return { calls: () => calls };
}

const from = new Date("2026-11-24T04:00:00Z");
const to = new Date("2031-11-23T04:00:00Z");
const certificate = create(WechatPayCertSchema, {
  serialNo: "5157F09EFDC096DE15EBE81A47057A7232F1B8E1",
  effectiveAt: timestampFromDate(from),
  expiredAt: timestampFromDate(to),
});

describe("the WeChat Pay check on /admin/config/pay", () => {
  it("is absent without the GetWechatPayCert permission", async () => {
    setup(["ListConfig", "UpdateConfig"], []);
    await screen.findByTestId("config-group-wechatpay", {}, { timeout: 8000 });
    expect(screen.queryByTestId("wechatpay-check")).toBeNull();
  }, 60_000);

  it("in the WeChat Pay group: shows the certificate's serial and validity, then a refusal's message", async () => {
    const refusal = new ConnectError("微信支付返回：SIGN_ERROR：签名错误。请检查商户号", Code.FailedPrecondition);
    const { calls } = setup(["GetWechatPayCert"], [certificate, refusal]);
    const group = within(await screen.findByTestId("config-group-wechatpay", {}, { timeout: 8000 }));
    expect(within(screen.getByTestId("config-group-alipay")).queryByTestId("wechatpay-check")).toBeNull();
    fireEvent.click(group.getByRole("button", { name: "获取微信支付平台证书" }));
    const result = within(await group.findByTestId("wechatpay-check-result"));
    expect(result.getByText("5157F09EFDC096DE15EBE81A47057A7232F1B8E1")).toBeTruthy();
    expect(result.getByText("平台证书序列号")).toBeTruthy();
    const range = `${formatTime(timestampFromDate(from))} 至 ${formatTime(timestampFromDate(to))}`;
    expect(result.getByText(range)).toBeTruthy();
    expect(range).toMatch(/^2026-11-2\d \d\d:\d\d 至 2031-11-2\d \d\d:\d\d$/);

    fireEvent.click(group.getByRole("button", { name: "获取微信支付平台证书" }));
    const error = await group.findByTestId("wechatpay-check-error");
    expect(error.textContent).toContain("微信支付检查未通过");
    expect(error.textContent).toContain("微信支付返回：SIGN_ERROR：签名错误。请检查商户号");
    expect(group.queryByTestId("wechatpay-check-result")).toBeNull();
    expect(calls()).toBe(2);
  }, 60_000);

  it("public key mode: the key's id without dates (English)", async () => {
    const key = create(WechatPayCertSchema, { serialNo: "PUB_KEY_ID_0114232134912410000000000000" });
    setup(["GetWechatPayCert"], [key], "en");
    fireEvent.click(await screen.findByRole("button", { name: "Check WeChat Pay" }, { timeout: 8000 }));
    const result = within(await screen.findByTestId("wechatpay-check-result"));
    expect(result.getByText("PUB_KEY_ID_0114232134912410000000000000")).toBeTruthy();
    expect(result.getByText("WeChat Pay public key ID")).toBeTruthy();
    expect(result.getByText(/Public key mode/)).toBeTruthy();
    expect(result.queryByText("Valid")).toBeNull();
  }, 60_000);
});
