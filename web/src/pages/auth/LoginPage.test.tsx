import { Code, ConnectError, type ConnectRouter } from "@connectrpc/connect";
import { describe, expect, it, jest } from "@jest/globals";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { FieldViolationSchema } from "@wenku/proto/api/v1/errors_pb.js";
import { type RegisterAndLoginRequest, UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { emptyServices, renderWithProviders, testDeps } from "../../../test/render.js";
import LoginPage from "./LoginPage.js";

jest.setTimeout(30_000);

/** UserAPI answering `alice` / `secret123` with a token; anything else is refused with the server's words. */
function userServices(seen: RegisterAndLoginRequest[]) {
  return (router: ConnectRouter) => {
    emptyServices(router);
    router.service(UserAPI, {
      login: (req) => {
        seen.push(req);
        if (req.password !== "secret123") throw new ConnectError("用户名或密码错误", Code.InvalidArgument);
        return { token: "t-alice", user: { id: 7n, username: "alice" } };
      },
      getUserPermissions: () => ({ permission: [] }),
      listUserGroup: () => ({ group: [] }),
    });
  };
}

async function submit(username: string, password: string) {
  const form = within(await screen.findByTestId("login-form", {}, { timeout: 8000 }));
  fireEvent.change(form.getByLabelText("用户名"), { target: { value: username } });
  fireEvent.change(form.getByLabelText("密码"), { target: { value: password } });
  fireEvent.click(form.getByRole("button", { name: /登\s*录/ }));
}

describe("login page", () => {
  it("shows the server's refusal in the form, then a good login starts the session", async () => {
    const seen: RegisterAndLoginRequest[] = [];
    const deps = testDeps({ services: userServices(seen) });
    renderWithProviders(<LoginPage />, deps);

    await submit(" alice ", "wrong-pass");
    expect((await screen.findByTestId("form-error", {}, { timeout: 8000 })).textContent).toContain("用户名或密码错误");
    expect(deps.sessionStore.getSnapshot().token).toBe("");

    await submit("alice", "secret123");
    await waitFor(() => expect(deps.sessionStore.getSnapshot().token).toBe("t-alice"));
    expect(seen.map((r) => [r.username, r.captcha, r.captchaId])).toEqual([
      ["alice", "", ""],
      ["alice", "", ""],
    ]);
    expect(screen.queryByTestId("form-error")).toBeNull();
  });

  it("shows a captcha when the server asks for one on the spot, and the retry with its answer logs in", async () => {
    // As the user service answers an address past its failed logins (login captcha switched off in
    // the settings): InvalidArgument naming the captcha field, and GetUserCaptcha issues one.
    const seen: RegisterAndLoginRequest[] = [];
    const issued: string[] = [];
    const services = (router: ConnectRouter) => {
      emptyServices(router);
      router.service(UserAPI, {
        getUserCaptcha: (req) => {
          issued.push(req.type);
          return {
            enable: true,
            id: `c-${issued.length}`,
            captcha: "data:image/svg+xml;base64,PHN2Zy8+",
            type: "digit",
          };
        },
        login: (req) => {
          seen.push(req);
          if (req.captchaId !== "c-1" || req.captcha !== "12345") {
            const e = new ConnectError("该网络近期登录失败次数过多，请输入验证码后再登录", Code.InvalidArgument);
            e.details.push({ desc: FieldViolationSchema, value: { field: "captcha" } });
            throw e;
          }
          return { token: "t-bobby", user: { id: 8n, username: "bobby" } };
        },
        getUserPermissions: () => ({ permission: [] }),
        listUserGroup: () => ({ group: [] }),
      });
    };
    const deps = testDeps({ services });
    renderWithProviders(<LoginPage />, deps);
    expect(screen.queryByTestId("captcha-image")).toBeNull();

    await submit("bobby", "secret123");
    expect((await screen.findByTestId("form-error", {}, { timeout: 8000 })).textContent).toContain("请输入验证码");
    await screen.findByTestId("captcha-image", {}, { timeout: 8000 });
    expect(issued).toEqual(["login"]);

    const form = within(screen.getByTestId("login-form"));
    fireEvent.change(form.getByPlaceholderText("验证码"), { target: { value: " 12345 " } });
    fireEvent.click(form.getByRole("button", { name: /登\s*录/ }));
    await waitFor(() => expect(deps.sessionStore.getSnapshot().token).toBe("t-bobby"));
    expect(seen.map((r) => [r.username, r.captcha, r.captchaId])).toEqual([
      ["bobby", "", ""],
      ["bobby", "12345", "c-1"],
    ]);
  });
});
