import { describe, expect, it } from "@jest/globals";
import { groupPermissionsByArea, permissionArea } from "./permissionTree.js";

const p = (id: number, path: string, method = "GRPC") => ({ id: BigInt(id), method, path, title: `t${id}` });

describe("permission tree", () => {
  it("finds the area of GRPC and HTTP permissions", () => {
    expect(permissionArea(p(1, "/api.v1.UserAPI/ListUser"))).toBe("UserAPI");
    expect(permissionArea(p(2, "/api/v1/upload/avatar", "POST"))).toBe("upload");
    expect(permissionArea(p(3, "weird"))).toBe("");
  });

  it("groups by area in a stable order", () => {
    const tree = groupPermissionsByArea([
      p(1, "/api.v1.UserAPI/SetUser"),
      p(2, "/api.v1.GroupAPI/ListGroup"),
      p(3, "/api.v1.UserAPI/AddUser"),
      p(4, "/api/v1/upload/banner", "POST"),
    ]);
    expect(tree.map((a) => [a.area, a.permissions.map((x) => Number(x.id))])).toEqual([
      ["GroupAPI", [2]],
      ["upload", [4]],
      ["UserAPI", [3, 1]],
    ]);
  });
});
