import { Code, ConnectError, type ConnectRouter } from "@connectrpc/connect";
import { describe, expect, it, jest } from "@jest/globals";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { type RegisterAndLoginRequest, UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { emptyServices, renderWithProviders, testDeps } from "../../test/render.js";
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
});
