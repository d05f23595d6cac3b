/**
 * Session actions shared by login, register, oauth, the layouts and logout (spec §4 "Session"):
 * set user and token, then load permissions (→ allowed admin pages) and groups.
 * Framework-free: takes the store and the app's transport, so tests run it on a router transport.
 * The calls are imperative (callUnaryMethod), not query hooks: each is one step of a sequence that
 * writes the session store (login → permissions → groups), run from event handlers and layouts alike,
 * and whose answer belongs to the session, not to a screen's cache.
 */
import { Code, ConnectError, type Transport } from "@connectrpc/connect";
import { callUnaryMethod } from "@connectrpc/connect-query";
import type { Permission } from "@wenku/proto/api/v1/permission_pb.js";
import { type LoginReply, type User, UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import type { SessionStore, SessionUser } from "./session.js";

/** The user fields the session keeps (spec §3 "User"). */
export function toSessionUser(user: User): SessionUser {
  return {
    id: user.id,
    username: user.username,
    realname: user.realname,
    email: user.email,
    mobile: user.mobile,
    avatar: user.avatar,
    address: user.address,
    signature: user.signature,
    identity: user.identity,
    isVip: user.isVip,
  };
}

/** The token whose permissions a store last loaded, so layouts reload only when it changed. */
const loadedFor = new WeakMap<SessionStore, string>();

/**
 * Loads the caller's permissions and groups into the store. A refused token (401) ends the
 * session: it was revoked or expired. Other failures are thrown for the caller to report
 * (fallback message 获取权限失败).
 */
export async function loadPermissions(store: SessionStore, transport: Transport): Promise<void> {
  const token = store.getSnapshot().token;
  if (!token) return;
  let permissions: Permission[];
  try {
    permissions = (await callUnaryMethod(transport, UserAPI.method.getUserPermissions, {})).permission;
  } catch (error) {
    if (error instanceof ConnectError && error.code === Code.Unauthenticated && store.getSnapshot().token === token) {
      store.logout();
      return;
    }
    throw error;
  }
  // The menu the allowed pages derive from is back-office code, loaded only for a signed-in user.
  const { allowedPagesFor } = await import("../router/adminPages.js");
  if (store.getSnapshot().token !== token) return; // logged out or switched meanwhile
  const list = permissions.map((p) => ({ id: p.id, method: p.method, path: p.path, title: p.title }));
  store.setPermissions(list, allowedPagesFor(list));
  loadedFor.set(store, token);
  try {
    const { group } = await callUnaryMethod(transport, UserAPI.method.listUserGroup, {});
    if (store.getSnapshot().token === token) store.setGroups(group.map((g) => ({ id: g.id, title: g.title })));
  } catch (error) {
    // Groups only decorate the UI (badges); permissions already decide access.
    console.warn("user groups unavailable", error);
  }
}

/** Loads permissions unless they were already loaded for the current token in this page. */
export async function ensurePermissions(store: SessionStore, transport: Transport): Promise<void> {
  const { token } = store.getSnapshot();
  if (!token || loadedFor.get(store) === token) return;
  loadedFor.set(store, token); // one load per token even when several layouts ask at once
  try {
    await loadPermissions(store, transport);
  } catch (error) {
    loadedFor.delete(store);
    throw error;
  }
}

/**
 * Login, register and oauth: adopt the reply's user and token, then load permissions and groups.
 * The user is logged in even when the permission load fails; that failure is returned to report.
 */
export async function startSession(
  store: SessionStore,
  transport: Transport,
  reply: LoginReply,
): Promise<{ permissionsError: unknown }> {
  if (!reply.token || !reply.user) throw new Error("login reply without token or user");
  store.login(toSessionUser(reply.user), reply.token);
  loadedFor.set(store, reply.token);
  try {
    await loadPermissions(store, transport);
    return { permissionsError: null };
  } catch (error) {
    loadedFor.delete(store);
    return { permissionsError: error ?? new Error("permissions") };
  }
}

/**
 * Logout (spec §4): revoke the token on the server, then clear the session whatever the server
 * said (an expired token or a network failure must not keep the user logged in locally).
 */
export async function endSession(store: SessionStore, transport: Transport): Promise<void> {
  try {
    if (store.getSnapshot().token) await callUnaryMethod(transport, UserAPI.method.logout, {});
  } catch (error) {
    console.warn("server logout failed; clearing the local session anyway", error);
  } finally {
    loadedFor.delete(store);
    store.logout();
  }
}
