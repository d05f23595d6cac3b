import { Code, ConnectError, type ConnectRouter } from "@connectrpc/connect";
import { describe, expect, it, jest } from "@jest/globals";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { type FindPasswordRequest, UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { emptyServices, renderRoutes, testDeps } from "../../../test/render.js";
import FindPasswordPage from "./FindPasswordPage.js";

jest.setTimeout(30_000);

const TOKEN = "A".repeat(43);

/** UserAPI's recovery: step one takes any address; step two only TOKEN, and refuses a reused one. */
function recoveryServices(seen: { one: FindPasswordRequest[]; two: FindPasswordRequest[] }) {
  return (router: ConnectRouter) => {
    emptyServices(router);
    router.service(UserAPI, {
      findPasswordStepOne: (req) => {
        seen.one.push(req);
        return {};
      },
      findPasswordStepTwo: (req) => {
        seen.two.push(req);
        if (req.token !== TOKEN || seen.two.length > 1) {
          throw new ConnectError("找回密码链接无效或已过期，请重新找回密码", Code.InvalidArgument);
        }
        return {};
      },
    });
  };
}

const routes = [
  { path: "/findpassword", element: <FindPasswordPage /> },
  { path: "/login", element: <p>login page</p> },
];

describe("find password page", () => {
  it("step one mails the link and says so without telling whether the address has an account", async () => {
    const seen = { one: [] as FindPasswordRequest[], two: [] as FindPasswordRequest[] };
    renderRoutes(routes, { path: "/findpassword", deps: testDeps({ services: recoveryServices(seen) }) });
    const form = within(await screen.findByTestId("recover-form", {}, { timeout: 8000 }));
    fireEvent.click(form.getByRole("button", { name: /发送重置邮件/ }));
    expect(await form.findByText("请输入您的电子邮箱")).toBeTruthy();
    fireEvent.change(form.getByLabelText("电子邮箱"), { target: { value: "reader@example.org" } });
    fireEvent.click(form.getByRole("button", { name: /发送重置邮件/ }));
    const sent = await screen.findByTestId("recover-sent");
    expect(sent.textContent).toContain("如果 reader@example.org 是本站账号的邮箱");
    expect(seen.one.map((r) => r.email)).toEqual(["reader@example.org"]);
  });

  it("the link's step two sets the password and leads to the login page; a used link shows the server's words", async () => {
    const seen = { one: [] as FindPasswordRequest[], two: [] as FindPasswordRequest[] };
    const path = `/findpassword?${new URLSearchParams({ email: "Reader@example.org", token: TOKEN })}`;
    renderRoutes(routes, { path, deps: testDeps({ services: recoveryServices(seen) }) });
    const form = within(await screen.findByTestId("reset-form", {}, { timeout: 8000 }));
    expect(screen.getByText("为账号邮箱 Reader@example.org 设置新的登录密码")).toBeTruthy();
    fireEvent.change(form.getByLabelText("新密码"), { target: { value: "new-password-1" } });
    fireEvent.change(form.getByLabelText("确认密码"), { target: { value: "new-password-2" } });
    fireEvent.click(form.getByRole("button", { name: /确认修改/ }));
    expect(await form.findByText("两次输入的密码不一致")).toBeTruthy();
    expect(seen.two).toHaveLength(0);
    fireEvent.change(form.getByLabelText("确认密码"), { target: { value: "new-password-1" } });
    fireEvent.click(form.getByRole("button", { name: /确认修改/ }));
    expect(await screen.findByText("login page")).toBeTruthy();
    expect(seen.two.map((r) => [r.email, r.token, r.password])).toEqual([
      ["Reader@example.org", TOKEN, "new-password-1"],
    ]);
  });

  it("a refused link shows why and offers to start again", async () => {
    const seen = { one: [] as FindPasswordRequest[], two: [] as FindPasswordRequest[] };
    const path = `/findpassword?${new URLSearchParams({ email: "reader@example.org", token: "B".repeat(43) })}`;
    renderRoutes(routes, { path, deps: testDeps({ services: recoveryServices(seen) }) });
    const form = within(await screen.findByTestId("reset-form", {}, { timeout: 8000 }));
    fireEvent.change(form.getByLabelText("新密码"), { target: { value: "new-password-1" } });
    fireEvent.change(form.getByLabelText("确认密码"), { target: { value: "new-password-1" } });
    fireEvent.click(form.getByRole("button", { name: /确认修改/ }));
    await waitFor(() =>
      expect(screen.getByTestId("form-error").textContent).toContain("找回密码链接无效或已过期，请重新找回密码"),
    );
    expect(screen.getByRole("link", { name: "重新找回密码" }).getAttribute("href")).toBe("/findpassword");
  });
});
