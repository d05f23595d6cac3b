import { Code, ConnectError, type ConnectRouter } from "@connectrpc/connect";
import { describe, expect, it, jest } from "@jest/globals";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { FieldViolationSchema } from "@wenku/proto/api/v1/errors_pb.js";
import { type SendSmsRequest, SmsAPI } from "@wenku/proto/api/v1/sms_pb.js";
import { type RegisterAndLoginRequest, UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { emptyServices, renderWithProviders, testDeps } from "../../../test/render.js";
import LoginPage from "./LoginPage.js";

jest.setTimeout(30_000);

/** SmsAPI sends to valid numbers; UserAPI signs in with code 123456 and refuses anything else. */
function services(sent: SendSmsRequest[], logins: RegisterAndLoginRequest[]) {
  return (router: ConnectRouter) => {
    emptyServices(router);
    router.service(SmsAPI, {
      sendSms: (req) => {
        sent.push(req);
        return {};
      },
    });
    router.service(UserAPI, {
      loginByMobile: (req) => {
        logins.push(req);
        if (req.code !== "123456") {
          throw new ConnectError("验证码错误或已过期", Code.InvalidArgument, undefined, [
            { desc: FieldViolationSchema, value: { field: "code", description: "验证码错误或已过期" } },
          ]);
        }
        return { token: "t-mobile", user: { id: 9n, username: "m1234" } };
      },
      getUserCaptcha: () => ({ enable: false }),
      getUserPermissions: () => ({ permission: [] }),
      listUserGroup: () => ({ group: [] }),
    });
  };
}

describe("the mobile tab of /login", () => {
  it("is absent while SMS is off", async () => {
    renderWithProviders(<LoginPage />, testDeps({ services: services([], []) }));
    await screen.findByTestId("login-form", {}, { timeout: 8000 });
    expect(screen.queryByRole("tab", { name: "手机号" })).toBeNull();
  });

  it("sends a login code to a valid number only, then signs in with it; a wrong code shows the server's words", async () => {
    const sent: SendSmsRequest[] = [];
    const logins: RegisterAndLoginRequest[] = [];
    const deps = testDeps({
      services: services(sent, logins),
      loadSettings: async () => ({ system: { enableSms: true } }),
    });
    renderWithProviders(<LoginPage />, deps);
    fireEvent.click(await screen.findByRole("tab", { name: "手机号" }, { timeout: 8000 }));
    const form = within(await screen.findByTestId("mobile-login-form"));

    fireEvent.change(form.getByLabelText("手机号码"), { target: { value: "12345" } });
    fireEvent.click(form.getByTestId("sms-send"));
    expect(await form.findByText("请输入正确的手机号码")).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(form.getByLabelText("手机号码"), { target: { value: "13800138000" } });
    fireEvent.click(form.getByTestId("sms-send"));
    await waitFor(() => expect(sent.map((r) => [r.mobile, r.type])).toEqual([["13800138000", 1]]));
    expect(await form.findByText(/秒后重发/)).toBeTruthy();

    fireEvent.change(form.getByLabelText("短信验证码"), { target: { value: "000000" } });
    fireEvent.click(form.getByRole("button", { name: /登\s*录/ }));
    expect((await form.findByTestId("form-error")).textContent).toContain("验证码错误或已过期");

    fireEvent.change(form.getByLabelText("短信验证码"), { target: { value: "123456" } });
    fireEvent.click(form.getByRole("button", { name: /登\s*录/ }));
    await waitFor(() => expect(deps.sessionStore.getSnapshot().token).toBe("t-mobile"));
    expect(logins.map((r) => [r.mobile, r.code])).toEqual([
      ["13800138000", "000000"],
      ["13800138000", "123456"],
    ]);
  });
});
