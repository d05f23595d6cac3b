import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it } from "@jest/globals";
import { act, screen, waitFor } from "@testing-library/react";
import { PermissionSchema } from "@wenku/proto/api/v1/permission_pb.js";
import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { renderWithProviders, testDeps } from "../../../test/render.js";
import { usePermissionReload } from "./permissions.js";

function Probe() {
  const reload = usePermissionReload();
  return (
    <output data-testid="reload">{reload.state === "failed" ? `failed: ${reload.error.code}` : reload.state}</output>
  );
}

/** A user service answering GetUserPermissions with `code` (or one permission), recording each call's token. */
function depsAnswering(calls: string[], code?: Code) {
  return testDeps({
    services: (router) =>
      router.service(UserAPI, {
        getUserPermissions(_req, ctx) {
          calls.push(ctx.requestHeader.get("Authorization") ?? "none");
          if (code !== undefined) throw new ConnectError("refused", code);
          return {
            permission: [create(PermissionSchema, { id: 1n, method: "GRPC", path: "/api.v1.UserAPI/ListUser" })],
          };
        },
      }),
  });
}

describe("usePermissionReload", () => {
  it("asks once the layout opens and for each new token, into the session store, never from a cache", async () => {
    const calls: string[] = [];
    const deps = depsAnswering(calls);
    deps.sessionStore.login({ id: 5, username: "amy" } as never, "tok-a");
    const view = renderWithProviders(<Probe />, deps);
    await waitFor(() => expect(screen.getByTestId("reload").textContent).toBe("ready"), { timeout: 8000 });
    expect(deps.sessionStore.getSnapshot().permissions.map((p) => p.path)).toEqual(["/api.v1.UserAPI/ListUser"]);
    expect(calls).toHaveLength(1);

    act(() => deps.sessionStore.login({ id: 6, username: "bob" } as never, "tok-b"));
    await waitFor(() => expect(calls).toHaveLength(2), { timeout: 8000 });
    await waitFor(() => expect(screen.getByTestId("reload").textContent).toBe("ready"), { timeout: 8000 });

    // The layout opened again: asked again, although the token is the same.
    view.unmount();
    renderWithProviders(<Probe />, deps);
    await waitFor(() => expect(calls).toHaveLength(3), { timeout: 8000 });
  });

  it("logs out on a refused token; other failures are reported and keep the session", async () => {
    const refused = depsAnswering([], Code.Unauthenticated);
    refused.sessionStore.login({ id: 5, username: "amy" } as never, "stale");
    const view = renderWithProviders(<Probe />, refused);
    await waitFor(() => expect(refused.sessionStore.getSnapshot().token).toBe(""), { timeout: 8000 });
    await waitFor(() => expect(screen.getByTestId("reload").textContent).toBe("ready"));
    view.unmount();

    const broken = depsAnswering([], Code.Internal);
    broken.sessionStore.login({ id: 5, username: "amy" } as never, "tok");
    renderWithProviders(<Probe />, broken);
    await waitFor(() => expect(screen.getByTestId("reload").textContent).toBe(`failed: ${Code.Internal}`), {
      timeout: 8000,
    });
    expect(broken.sessionStore.getSnapshot().token).toBe("tok");
  });
});
