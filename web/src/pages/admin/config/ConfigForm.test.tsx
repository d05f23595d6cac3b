import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it } from "@jest/globals";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { ConfigAPI, ConfigSchema, type Configs } from "@wenku/proto/api/v1/config_pb.js";
import { FieldViolationSchema } from "@wenku/proto/api/v1/errors_pb.js";
import { emptyServices, renderRoutes, renderWithProviders, testDeps } from "../../../../test/render.js";
import { ConfigForm } from "./ConfigForm.js";
import ConfigPage from "./ConfigPage.js";
import { CONFIG_SECTIONS } from "./sections.js";

type RowInit = Omit<MessageInitShape<typeof ConfigSchema>, "$typeName">;
const row = (category: string, name: string, inputType: string, value: string, extra: RowInit = {}) =>
  create(ConfigSchema, {
    category,
    name,
    inputType,
    value,
    label: `${name} 标签`,
    placeholder: `${name} 说明`,
    ...extra,
  });

/** One key of every input type, as ListConfig sends them (the password masked). */
const rows = [
  row("system", "sitename", "text", "文库"),
  row("system", "description", "textarea", "第一行\n第二行"),
  row("system", "pages", "number", "5", { min: 1n, max: 100n }),
  row("system", "enable_powered_by", "switch", "true"),
  row("system", "home_version", "select", "v1", { options: "v1:V1版\nv2:V2版" }),
  row("system", "exts", "select-multi", "pdf,docx", { options: "pdf:PDF\ndocx:Word\ntxt:文本" }),
  row("system", "logo", "image", "/uploads/0123456789abcdef0123456789abcdef.png"),
  row("system", "secret_key", "password", "******", { isSecret: true }),
  row("system", "api_key", "password", "", { isSecret: true }),
];

/** ConfigAPI.UpdateConfig recording what is sent; `refuse` answers the next save with a refusal. */
function setup(lang?: "en") {
  const saved: Configs[] = [];
  let refusal: ConnectError | undefined;
  const deps = testDeps({
    ...(lang ? { lang } : {}),
    services: (router) => {
      emptyServices(router);
      router.service(ConfigAPI, {
        updateConfig: (req) => {
          if (refusal) throw refusal;
          saved.push(req);
          return {};
        },
        listConfig: (req) => ({ config: rows.filter((r) => req.category.includes(r.category)) }),
      });
    },
  });
  return {
    deps,
    saved,
    refuse(field: string, message: string) {
      refusal = new ConnectError(message, Code.InvalidArgument);
      refusal.details.push({ desc: FieldViolationSchema, value: { field } });
    },
  };
}

const sent = (c: Configs | undefined) =>
  Object.fromEntries((c?.config ?? []).map((x) => [`${x.category}.${x.name}`, x.value]));
const itemOf = (testId: string) => screen.getByTestId(testId).closest(".ant-form-item") as HTMLElement;

describe("the generic config form", () => {
  it("renders each key with the input its type asks for, its label, help and stored value", async () => {
    renderWithProviders(<ConfigForm rows={rows} section={CONFIG_SECTIONS.system as never} />, setup().deps);
    expect(((await screen.findByTestId("cfg-system-sitename", {}, { timeout: 8000 })) as HTMLInputElement).value).toBe(
      "文库",
    );
    expect(screen.getByText("sitename 标签")).toBeTruthy();
    expect(screen.getByText("sitename 说明")).toBeTruthy();
    expect((screen.getByTestId("cfg-system-description") as HTMLTextAreaElement).value).toBe("第一行\n第二行");
    const pages = screen.getByTestId("cfg-system-pages") as HTMLInputElement;
    expect([pages.value, pages.getAttribute("aria-valuemin"), pages.getAttribute("aria-valuemax")]).toEqual([
      "5",
      "1",
      "100",
    ]);
    expect(screen.getByTestId("cfg-system-enable_powered_by").getAttribute("aria-checked")).toBe("true");
    expect(within(itemOf("cfg-system-home_version")).getByText("V1版")).toBeTruthy();
    const multi = within(itemOf("cfg-system-exts"));
    expect([multi.getByText("PDF"), multi.getByText("Word")]).toHaveLength(2);
    expect(multi.queryByText("文本")).toBeNull();
    expect(screen.getByTestId("cfg-system-logo-preview").querySelector("img")?.getAttribute("src")).toBe(
      "/uploads/0123456789abcdef0123456789abcdef.png",
    );
    const secret = screen.getByTestId("cfg-system-secret_key") as HTMLInputElement;
    expect([secret.type, secret.value]).toEqual(["password", "******"]);
    expect(within(itemOf("cfg-system-secret_key")).getByText(/已设置（显示为 \*\*\*\*\*\*）/)).toBeTruthy();
    expect(within(itemOf("cfg-system-api_key")).getByText(/未设置/)).toBeTruthy();
  }, 60_000);

  it("shows English labels, help and choices in English (the catalogue's are Chinese), else the server's", async () => {
    renderWithProviders(<ConfigForm rows={rows} section={CONFIG_SECTIONS.system as never} />, setup("en").deps);
    expect(await screen.findByText("Site name", {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByText("Your site's name, e.g. Wenku")).toBeTruthy();
    expect(screen.queryByText("sitename 标签")).toBeNull();
    expect(within(itemOf("cfg-system-home_version")).getByText("Version 1")).toBeTruthy();
    // A key the dictionary lacks (these test keys) keeps the server's text.
    expect(screen.getByText("pages 标签")).toBeTruthy();
  }, 60_000);

  it("saves every key as a string; a secret left as the mask is sent as the mask (the server keeps it)", async () => {
    const { deps, saved } = setup();
    renderWithProviders(<ConfigForm rows={rows} section={CONFIG_SECTIONS.system as never} />, deps);
    fireEvent.change(await screen.findByTestId("cfg-system-sitename", {}, { timeout: 8000 }), {
      target: { value: "我的文库" },
    });
    fireEvent.change(screen.getByTestId("cfg-system-pages"), { target: { value: "12" } });
    fireEvent.click(screen.getByTestId("cfg-system-enable_powered_by"));
    fireEvent.change(screen.getByTestId("cfg-system-api_key"), { target: { value: "new-key" } });
    fireEvent.click(within(screen.getByTestId("cfg-system-logo")).getByRole("button", { name: /移除/ }));
    fireEvent.click(screen.getByTestId("config-save"));
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 5000 });
    expect(sent(saved[0])).toEqual({
      "system.sitename": "我的文库",
      "system.description": "第一行\n第二行",
      "system.pages": "12",
      "system.enable_powered_by": "false",
      "system.home_version": "v1",
      "system.exts": "pdf,docx",
      "system.logo": "",
      "system.secret_key": "******",
      "system.api_key": "new-key",
    });
    expect(await screen.findByText("设置已保存", {}, { timeout: 5000 })).toBeTruthy();
  }, 60_000);

  it("shows the server's refusal on the field it names", async () => {
    const { deps, saved, refuse } = setup();
    refuse("system.sitename", "「sitename 标签」不能超过 1024 个字符");
    renderWithProviders(<ConfigForm rows={rows} section={CONFIG_SECTIONS.system as never} />, deps);
    fireEvent.click(await screen.findByTestId("config-save", {}, { timeout: 8000 }));
    const item = within(itemOf("cfg-system-sitename"));
    expect(await item.findByText("「sitename 标签」不能超过 1024 个字符", {}, { timeout: 5000 })).toBeTruthy();
    expect(within(itemOf("cfg-system-description")).queryByText(/1024/)).toBeNull();
    expect(saved).toHaveLength(0);
    // editing the field takes the refusal away
    fireEvent.change(screen.getByTestId("cfg-system-sitename"), { target: { value: "短名" } });
    await waitFor(() => expect(item.queryByText("「sitename 标签」不能超过 1024 个字符")).toBeNull());
  }, 60_000);
});

describe("a config page", () => {
  it("loads its categories and shows a titled group for each (pay: WeChat Pay and Alipay)", async () => {
    const payRows = [
      row("wechatpay", "enable", "switch", "false"),
      row("alipay", "enable", "switch", "true"),
      row("alipay", "app_id", "text", "2021"),
    ];
    rows.push(...payRows);
    try {
      renderRoutes([{ path: "/admin/config/:page", element: <ConfigPage /> }], {
        path: "/admin/config/pay",
        deps: setup().deps,
      });
      const wechat = within(await screen.findByTestId("config-group-wechatpay", {}, { timeout: 8000 }));
      expect(wechat.getByText("微信支付")).toBeTruthy();
      const alipay = within(screen.getByTestId("config-group-alipay"));
      expect(alipay.getByText("支付宝")).toBeTruthy();
      expect((alipay.getByTestId("cfg-alipay-app_id") as HTMLInputElement).value).toBe("2021");
      expect(screen.queryByTestId("cfg-system-sitename")).toBeNull();
    } finally {
      rows.splice(-payRows.length);
    }
  }, 60_000);
});

describe("the SMS page", () => {
  const smsRows = [
    row("sms", "enable", "switch", "true"),
    row("sms", "sms_provider", "select", "smsTencent", { options: "smsAliyun:阿里云\nsmsTencent:腾讯云" }),
    row("smsAliyun", "access_key_id", "text", "LTAI-kept"),
    row("smsAliyun", "access_key_secret", "password", "******", { isSecret: true }),
    row("smsTencent", "secret_id", "text", "AKID"),
  ];

  it("shows only the chosen provider's group; saving still sends the hidden provider's keys", async () => {
    const { deps, saved } = setup();
    renderWithProviders(<ConfigForm rows={smsRows} section={CONFIG_SECTIONS.sms as never} />, deps);
    const tencent = await screen.findByTestId("config-group-smsTencent", {}, { timeout: 8000 });
    await waitFor(() => expect(tencent.style.display).not.toBe("none"));
    expect(within(tencent).getByText("腾讯云短信")).toBeTruthy();
    expect(screen.getByTestId("config-group-smsAliyun").style.display).toBe("none");
    expect(screen.getByTestId("config-group-sms").style.display).not.toBe("none");
    fireEvent.change(screen.getByTestId("cfg-smsTencent-secret_id"), { target: { value: "AKID-new" } });
    fireEvent.click(screen.getByTestId("config-save"));
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 5000 });
    expect(sent(saved[0])).toEqual({
      "sms.enable": "true",
      "sms.sms_provider": "smsTencent",
      "smsAliyun.access_key_id": "LTAI-kept",
      "smsAliyun.access_key_secret": "******",
      "smsTencent.secret_id": "AKID-new",
    });
  }, 60_000);
});

describe("the pay page", () => {
  it("says on xunhupay's group that it is stored only, not offered at checkout", async () => {
    const rowsOfPay = [row("wechatpay", "enable", "switch", "false"), row("xunhupay", "enable", "switch", "true")];
    renderWithProviders(<ConfigForm rows={rowsOfPay} section={CONFIG_SECTIONS.pay as never} />, setup().deps);
    const group = within(await screen.findByTestId("config-group-xunhupay", {}, { timeout: 8000 }));
    expect(group.getByText("虎皮椒支付（仅保存配置）")).toBeTruthy();
    expect(group.getByText(/收银台不会提供虎皮椒支付/)).toBeTruthy();
    expect(within(screen.getByTestId("config-group-wechatpay")).queryByText(/虎皮椒/)).toBeNull();
  }, 60_000);
});
