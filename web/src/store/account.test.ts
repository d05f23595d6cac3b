/**
 * @jest-environment node
 */
import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, createRouterTransport } from "@connectrpc/connect";
import { describe, expect, it } from "@jest/globals";
import { GroupSchema } from "@wenku/proto/api/v1/group_pb.js";
import { PermissionSchema } from "@wenku/proto/api/v1/permission_pb.js";
import { LoginReplySchema, UserAPI, UserSchema } from "@wenku/proto/api/v1/user_pb.js";
import { memoryStorage } from "../../test/memoryStorage.js";
import { endSession, ensurePermissions, startSession } from "./account.js";
import { createSessionStore } from "./session.js";

const perm = (id: bigint, path: string) => create(PermissionSchema, { id, method: "GRPC", path, title: path });

function usersWith(options: { permissionsCode?: Code; calls?: string[] } = {}) {
  const calls = options.calls ?? [];
  const transport = createRouterTransport((router) =>
    router.service(UserAPI, {
      getUserPermissions(_req, ctx) {
        calls.push(`permissions ${ctx.requestHeader.get("Authorization")}`);
        if (options.permissionsCode !== undefined) throw new ConnectError("nope", options.permissionsCode);
        return { permission: [perm(3n, "/api.v1.DocumentAPI/ListDocument"), perm(0n, "/api.v1.UserAPI/ListUser")] };
      },
      listUserGroup: () => ({ group: [create(GroupSchema, { id: 2n, title: "编辑" })] }),
      logout(_req, ctx) {
        calls.push(`logout ${ctx.requestHeader.get("Authorization")}`);
        return {};
      },
    }),
  );
  return { calls, transport };
}

const reply = create(LoginReplySchema, { token: "tok-1", user: create(UserSchema, { id: 5n, username: "amy" }) });

describe("session actions", () => {
  it("login stores user and token, then permissions, allowed pages and groups", async () => {
    const store = createSessionStore(memoryStorage());
    const { transport } = usersWith();
    const { permissionsError } = await startSession(store, transport, reply);
    expect(permissionsError).toBeNull();
    const state = store.getSnapshot();
    expect(state.user).toMatchObject({ id: 5n, username: "amy" });
    expect(state.token).toBe("tok-1");
    expect(state.permissions.map((p) => p.path)).toEqual([
      "/api.v1.DocumentAPI/ListDocument",
      "/api.v1.UserAPI/ListUser",
    ]);
    expect(state.allowedPages).toEqual(["/admin/document/list"]);
    expect(state.groups).toEqual([{ id: 2n, title: "编辑" }]);
  });

  it("a refused token (401) while loading permissions ends the session", async () => {
    const store = createSessionStore(memoryStorage());
    store.login({ id: 5, username: "amy" }, "stale");
    await ensurePermissions(store, usersWith({ permissionsCode: Code.Unauthenticated }).transport);
    expect(store.getSnapshot().token).toBe("");
    expect(store.getSnapshot().user).toBeNull();
  });

  it("other permission failures keep the user logged in and are reported", async () => {
    const store = createSessionStore(memoryStorage());
    const { permissionsError } = await startSession(
      store,
      usersWith({ permissionsCode: Code.Internal }).transport,
      reply,
    );
    expect(permissionsError).toBeInstanceOf(ConnectError);
    expect(store.getSnapshot().token).toBe("tok-1");
  });

  it("loads permissions once per token", async () => {
    const store = createSessionStore(memoryStorage());
    const calls: string[] = [];
    const { transport } = usersWith({ calls });
    store.login({ id: 5, username: "amy" }, "tok-a");
    await Promise.all([ensurePermissions(store, transport), ensurePermissions(store, transport)]);
    expect(calls).toHaveLength(1);
  });

  it("logout revokes the token on the server, then clears the session even if that fails", async () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    const calls: string[] = [];
    store.login({ id: 5, username: "amy" }, "tok-x");
    await endSession(store, usersWith({ calls }).transport);
    expect(calls).toEqual(["logout null"]); // the router transport has no bearer interceptor
    expect(store.getSnapshot().token).toBe("");

    store.login({ id: 5, username: "amy" }, "tok-y");
    await endSession(
      store,
      createRouterTransport(() => {}),
    );
    expect(store.getSnapshot().token).toBe("");
  });
});
