// A registered user whose one extra group holds exactly the given permissions (by path): "staff" to the
// access rules (a group with a permission), allowed those RPCs and refused the rest.
import { registerUser, rest } from "./testing.js";

export async function staffUser(
  url: string,
  admin: string,
  username: string,
  paths: readonly string[],
): Promise<{ token: string; id: number }> {
  const user = await registerUser(url, username);
  const perms = await rest(url, "GET", "/api/v1/permission/list?size=1000", undefined, admin);
  const all = perms.json.permission as Array<{ id: number; path: string }>;
  const ids = paths.map((p) => {
    const id = all.find((x) => x.path === p)?.id;
    if (!id) throw new Error(`no permission ${p}`);
    return id;
  });
  const group = await rest(url, "POST", "/api/v1/group", { title: `${username}组` }, admin);
  if (group.status !== 200) throw new Error(`group for ${username}: ${group.status} ${group.text}`);
  const groupId = group.json.id as number;
  const grant = await rest(url, "PUT", "/api/v1/group/permission", { group_id: groupId, permission_id: ids }, admin);
  if (grant.status !== 200) throw new Error(`granting ${paths.join(", ")}: ${grant.status} ${grant.text}`);
  const current = (await rest(url, "GET", `/api/v1/user?id=${user.id}`, undefined, admin)).json.group_id as number[];
  const set = await rest(url, "PUT", "/api/v1/user", { id: user.id, group_id: [...current, groupId] }, admin);
  if (set.status !== 200) throw new Error(`adding ${username} to the group: ${set.status} ${set.text}`);
  return user;
}
