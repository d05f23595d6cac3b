import { Code, ConnectError, type ConnectRouter } from "@connectrpc/connect";
import { describe, expect, it, jest } from "@jest/globals";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { type User, UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { emptyServices, renderWithProviders, testDeps } from "../../../test/render.js";
import { useCurrentUser } from "../../hooks/useUser.js";
import { PasswordForm } from "./PasswordForm.js";
import { ProfileForm } from "./ProfileForm.js";

jest.setTimeout(30_000);

interface Server {
  gets: number;
  realname: string;
  updates: User[];
  refuse?: string;
}

function userServices(server: Server) {
  return (router: ConnectRouter) => {
    emptyServices(router);
    router.service(UserAPI, {
      getUser: (req) => {
        server.gets += 1;
        return { id: req.id, username: "alice", realname: server.realname, email: "a@example.com" };
      },
      updateUserProfile: (req) => {
        if (server.refuse) throw new ConnectError(server.refuse, Code.AlreadyExists);
        server.updates.push(req);
        server.realname = req.realname;
        return {};
      },
      updateUserPassword: () => {
        throw new ConnectError("原密码不正确", Code.InvalidArgument);
      },
    });
  };
}

/** Elsewhere on the screen (the personal centre's card): the same cached user. */
function RealName() {
  return <p data-testid="realname">{useCurrentUser().data?.realname ?? ""}</p>;
}

function signedIn(server: Server) {
  const deps = testDeps({ services: userServices(server) });
  deps.sessionStore.login({ id: "7", username: "alice" }, "token-1");
  return deps;
}

describe("ProfileForm", () => {
  it("shares one GetUser with the rest of the screen and refreshes it after a save", async () => {
    const server: Server = { gets: 0, realname: "旧名字", updates: [] };
    const deps = signedIn(server);
    renderWithProviders(
      <>
        <RealName />
        <ProfileForm />
      </>,
      deps,
    );
    const form = await screen.findByTestId("profile-form", {}, { timeout: 8000 });
    expect(screen.getByTestId("realname").textContent).toBe("旧名字");
    expect(server.gets).toBe(1);
    // Set e-mail is locked (spec §5), the username is shown read-only.
    expect((within(form).getByLabelText("联系邮箱") as HTMLInputElement).disabled).toBe(true);
    expect((within(form).getByLabelText("用户名") as HTMLInputElement).disabled).toBe(true);

    fireEvent.change(within(form).getByLabelText("真实姓名"), { target: { value: " 新名字 " } });
    fireEvent.click(within(form).getByRole("button", { name: /保存修改/ }));

    await waitFor(() => expect(screen.getByTestId("realname").textContent).toBe("新名字"));
    expect(server.updates).toHaveLength(1);
    expect(server.updates[0]).toMatchObject({ id: 7n, realname: "新名字", email: "a@example.com" });
    expect(server.gets).toBe(2);
    expect(await screen.findByText("修改成功")).toBeTruthy();
    // The header's copy of the user follows the server's.
    expect(deps.sessionStore.getSnapshot().user?.realname).toBe("新名字");
  });

  it("shows the server's reason when the save is refused, and keeps the cached user", async () => {
    const server: Server = { gets: 0, realname: "旧名字", updates: [], refuse: "该手机号已被使用" };
    renderWithProviders(<ProfileForm />, signedIn(server));
    const form = await screen.findByTestId("profile-form", {}, { timeout: 8000 });
    fireEvent.click(within(form).getByRole("button", { name: /保存修改/ }));
    expect((await within(form).findByTestId("form-error")).textContent).toContain("该手机号已被使用");
    expect(server.gets).toBe(1);
  });
});

describe("PasswordForm", () => {
  it("checks the repeat locally and shows the server's message on refusal", async () => {
    const server: Server = { gets: 0, realname: "", updates: [] };
    renderWithProviders(<PasswordForm />, signedIn(server));
    const form = await screen.findByTestId("password-form", {}, { timeout: 8000 });
    expect((within(form).getByLabelText("用户名") as HTMLInputElement).value).toBe("alice");
    fireEvent.change(within(form).getByLabelText("原密码"), { target: { value: "old-secret" } });
    fireEvent.change(within(form).getByLabelText("新密码"), { target: { value: "new-secret" } });
    fireEvent.change(within(form).getByLabelText("确认新密码"), { target: { value: "other-secret" } });
    fireEvent.click(within(form).getByRole("button", { name: /修改密码/ }));
    expect(await within(form).findByText("新密码和确认密码不一致")).toBeTruthy();

    fireEvent.change(within(form).getByLabelText("确认新密码"), { target: { value: "new-secret" } });
    fireEvent.click(within(form).getByRole("button", { name: /修改密码/ }));
    expect((await within(form).findByTestId("form-error")).textContent).toContain("原密码不正确");
  });
});
