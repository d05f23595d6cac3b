import { fromBinary, toBinary } from "@bufbuild/protobuf";
import { createClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import * as grpc from "@grpc/grpc-js";
import { GetUserRequestSchema, UserAPI, UserSchema } from "@wenku/proto/api/v1/user_pb.js";
import { loginAdmin, rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let adminToken: string;

beforeAll(async () => {
  stack = await startTestStack();
  adminToken = await loginAdmin(stack.url);
});
afterAll(() => stack.stop());

describe("one RPC, three ways (UserAPI.GetUser)", () => {
  test("REST per its HttpRule: GET /api/v1/user?id=1 → snake_case JSON, int64 as number", async () => {
    const r = await rest(stack.url, "GET", "/api/v1/user?id=1", undefined, adminToken);
    expect(r.status).toBe(200);
    expect(r.json.id).toBe(1);
    expect(r.json.username).toBe("admin");
    expect(r.json).toHaveProperty("last_login_ip"); // zero values present, proto field names
    expect(r.json.group_id).toEqual([1]);
  });

  test("Connect (typed client) through the gateway", async () => {
    const client = createClient(UserAPI, createConnectTransport({ baseUrl: stack.url, httpVersion: "1.1" }));
    const user = await client.getUser({ id: 1n }, { headers: { authorization: `Bearer ${adminToken}` } });
    expect(user.username).toBe("admin");
    expect(user.groupId).toEqual([1n]);
  });

  test("real gRPC (@grpc/grpc-js) over h2c on the same port", async () => {
    const client = new grpc.Client(`127.0.0.1:${stack.port}`, grpc.credentials.createInsecure());
    const md = new grpc.Metadata();
    md.set("authorization", `Bearer ${adminToken}`);
    const user = await new Promise<ReturnType<typeof fromBinary<typeof UserSchema>>>((resolve, reject) =>
      client.makeUnaryRequest(
        "/api.v1.UserAPI/GetUser",
        (m: { id: bigint }) =>
          Buffer.from(toBinary(GetUserRequestSchema, { $typeName: "api.v1.GetUserRequest", id: m.id })),
        (b: Buffer) => fromBinary(UserSchema, b),
        { id: 1n },
        md,
        (err, value) => (err || !value ? reject(err) : resolve(value)),
      ),
    );
    client.close();
    expect(user.username).toBe("admin");
  });

  test("real gRPC errors keep their status through the gateway (anonymous → UNAUTHENTICATED)", async () => {
    const client = new grpc.Client(`127.0.0.1:${stack.port}`, grpc.credentials.createInsecure());
    const err = await new Promise<grpc.ServiceError>((resolve, reject) =>
      client.makeUnaryRequest(
        "/api.v1.UserAPI/GetUserPermissions",
        () => Buffer.alloc(0),
        (b: Buffer) => b,
        {},
        new grpc.Metadata(),
        (e) => (e ? resolve(e) : reject(new Error("expected an error"))),
      ),
    );
    client.close();
    expect(err.code).toBe(grpc.status.UNAUTHENTICATED);
    expect(err.details).not.toBe("");
  });
});

describe("logout", () => {
  test("the token stops working at once", async () => {
    const reg = await rest(stack.url, "POST", "/api/v1/user/register", { username: "leaver", password: "secret123" });
    expect(reg.status).toBe(200);
    const token = reg.json.token as string;
    expect((await rest(stack.url, "GET", "/api/v1/user/permission", undefined, token)).status).toBe(200);
    expect((await rest(stack.url, "DELETE", "/api/v1/user/logout", undefined, token)).status).toBe(200);
    const after = await rest(stack.url, "GET", "/api/v1/user/permission", undefined, token);
    expect(after.status).toBe(401);
    expect(after.json).toMatchObject({ code: 16 });
  });
});
