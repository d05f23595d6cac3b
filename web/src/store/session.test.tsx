import { describe, expect, it } from "@jest/globals";
import { act, render, screen } from "@testing-library/react";
import { memoryStorage } from "../../test/memoryStorage.js";
import { SessionProvider, useSession } from "./SessionProvider.js";
import { createSessionStore, DEFAULT_OAUTH_REDIRECT, SESSION_STORAGE_KEY } from "./session.js";

const alice = { id: 7, username: "alice" };
const permission = { id: 1, method: "GRPC", path: "/api.v1.DocumentAPI/ListDocument", title: "文档列表" };

describe("session store", () => {
  it("persists login, permissions, groups and the oauth redirect across page loads", () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    expect(store.getSnapshot().oauthRedirect).toBe(DEFAULT_OAUTH_REDIRECT);

    store.login(alice, "tok-1");
    store.setPermissions([permission], ["/admin/document/list"]);
    store.setGroups([{ id: 2, title: "编辑" }]);
    store.setOauthRedirect("/document/9");

    const reloaded = createSessionStore(storage).getSnapshot();
    expect(reloaded.user).toEqual(alice);
    expect(reloaded.token).toBe("tok-1");
    expect(reloaded.permissions).toEqual([permission]);
    expect(reloaded.allowedPages).toEqual(["/admin/document/list"]);
    expect(reloaded.groups).toEqual([{ id: 2, title: "编辑" }]);
    expect(reloaded.oauthRedirect).toBe("/document/9");
  });

  it("persists proto int64 ids (bigint) as strings instead of failing", () => {
    const storage = memoryStorage();
    createSessionStore(storage).login({ id: 12n, username: "bob" }, "tok");
    expect(createSessionStore(storage).getSnapshot().user?.id).toBe("12");
  });

  it("logout clears user, token, permissions, allowed pages, groups and storage", () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    store.login(alice, "tok-1");
    store.setPermissions([permission], ["/admin/document/list"]);
    store.logout();
    const state = store.getSnapshot();
    expect(state.user).toBeNull();
    expect(state.token).toBe("");
    expect(state.permissions).toEqual([]);
    expect(state.allowedPages).toEqual([]);
    expect(state.groups).toEqual([]);
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it("expire(token) ends the session that holds the refused token, and only that one", () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    expect(store.expire("")).toBe(false);
    store.login(alice, "tok-dead");
    store.setPermissions([permission], ["/admin/document/list"]);
    let renders = 0;
    store.subscribe(() => renders++);
    expect(store.expire("tok-older")).toBe(false); // a late answer to an earlier session's call
    expect(store.getSnapshot().token).toBe("tok-dead");
    expect(store.expire("tok-dead")).toBe(true);
    expect(store.getSnapshot()).toMatchObject({ user: null, token: "", permissions: [], allowedPages: [] });
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(renders).toBe(1);
    expect(store.expire("tok-dead")).toBe(false); // several calls refused at once: one logout
  });

  it("expire(token) keeps a login made meanwhile in another tab", () => {
    const storage = memoryStorage();
    const thisTab = createSessionStore(storage);
    thisTab.login(alice, "tok-dead");
    createSessionStore(storage).login({ id: 8, username: "bob" }, "tok-new");
    expect(thisTab.expire("tok-dead")).toBe(false);
    expect(thisTab.getSnapshot().token).toBe("tok-new");
    expect(createSessionStore(storage).getSnapshot().token).toBe("tok-new");
  });

  it("treats malformed stored data as logged out", () => {
    expect(createSessionStore(memoryStorage({ [SESSION_STORAGE_KEY]: "{not json" })).getSnapshot().token).toBe("");
    const odd = createSessionStore(
      memoryStorage({ [SESSION_STORAGE_KEY]: '{"token":5,"oauthRedirect":"http://evil"}' }),
    );
    expect(odd.getSnapshot().token).toBe("");
    expect(odd.getSnapshot().oauthRedirect).toBe(DEFAULT_OAUTH_REDIRECT);
  });

  it("re-syncs on window focus only when another tab changed the token", () => {
    const storage = memoryStorage();
    const thisTab = createSessionStore(storage);
    const stop = thisTab.syncOnFocus(window);
    let renders = 0;
    thisTab.subscribe(() => renders++);

    createSessionStore(storage).login(alice, "tok-other-tab");
    expect(thisTab.getSnapshot().token).toBe("");
    window.dispatchEvent(new Event("focus"));
    expect(thisTab.getSnapshot().token).toBe("tok-other-tab");
    expect(thisTab.getSnapshot().user).toEqual(alice);
    expect(renders).toBe(1);

    window.dispatchEvent(new Event("focus"));
    expect(renders).toBe(1); // same token: nothing to adopt

    createSessionStore(storage).logout();
    stop();
    window.dispatchEvent(new Event("focus"));
    expect(thisTab.getSnapshot().token).toBe("tok-other-tab"); // unsubscribed
  });

  it("re-renders React consumers on login, logout and focus re-sync", () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    function Who() {
      const { user } = useSession();
      return <p data-testid="who">{user ? user.username : "anonymous"}</p>;
    }
    render(
      <SessionProvider store={store}>
        <Who />
      </SessionProvider>,
    );
    expect(screen.getByTestId("who").textContent).toBe("anonymous");
    act(() => store.login(alice, "tok-1"));
    expect(screen.getByTestId("who").textContent).toBe("alice");

    createSessionStore(storage).logout(); // another tab logs out
    act(() => {
      window.dispatchEvent(new Event("focus"));
    });
    expect(screen.getByTestId("who").textContent).toBe("anonymous");
  });
});
