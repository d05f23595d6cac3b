// One error type for the domain; its kind picks the Connect code, the code picks the HTTP status.
import { Code, ConnectError } from "@connectrpc/connect";
import { FieldViolationSchema } from "@wenku/proto/api/v1/errors_pb.js";
import { accessMessages, DomainError, type ErrorKind, httpStatusOf, toConnectError } from "./errors.js";

describe("DomainError", () => {
  test("carries kind and the user-facing message, and is a real Error", () => {
    const err = new DomainError("already_exists", "该用户名已被注册");
    expect(err).toBeInstanceOf(Error);
    expect(err).toBeInstanceOf(DomainError);
    expect(err.kind).toBe("already_exists");
    expect(err.message).toBe("该用户名已被注册");
    expect(err.name).toBe("DomainError");
    expect(String(err)).toBe("DomainError: 该用户名已被注册");
    expect(err.stack).toContain("errors.test.ts");
  });
});

describe("toConnectError", () => {
  // A Record so that a new ErrorKind without a row here fails the typecheck.
  const expected: Record<ErrorKind, Code> = {
    invalid_argument: Code.InvalidArgument,
    unauthenticated: Code.Unauthenticated,
    permission_denied: Code.PermissionDenied,
    not_found: Code.NotFound,
    already_exists: Code.AlreadyExists,
    failed_precondition: Code.FailedPrecondition,
    resource_exhausted: Code.ResourceExhausted,
    unimplemented: Code.Unimplemented,
    unavailable: Code.Unavailable,
    internal: Code.Internal,
  };
  const cases = Object.entries(expected).map(([kind, code]) => [kind as ErrorKind, Code[code], code] as const);

  test.each(cases)("%s → Code.%s, message kept verbatim", (kind, _name, code) => {
    const out = toConnectError(new DomainError(kind, "文档不存在"));
    expect(out).toBeInstanceOf(ConnectError);
    expect(out.code).toBe(code);
    expect(out.rawMessage).toBe("文档不存在");
  });

  test("a refusal about one field carries a FieldViolation detail naming it; others carry none", () => {
    const out = toConnectError(
      new DomainError(
        "invalid_argument",
        "「网站域名」须为 http:// 或 https:// 开头的地址",
        undefined,
        "system.domain",
      ),
    );
    expect(out.findDetails(FieldViolationSchema).map((d) => d.field)).toEqual(["system.domain"]);
    expect(toConnectError(new DomainError("invalid_argument", "x")).details).toEqual([]);
  });
});

describe("httpStatusOf (grpc-gateway's table, which moredoc clients expect)", () => {
  const table: Array<[keyof typeof Code, number]> = [
    ["Canceled", 499],
    ["Unknown", 500],
    ["InvalidArgument", 400],
    ["DeadlineExceeded", 504],
    ["NotFound", 404],
    ["AlreadyExists", 409],
    ["PermissionDenied", 403],
    ["ResourceExhausted", 429],
    ["FailedPrecondition", 400],
    ["Aborted", 409],
    ["OutOfRange", 400],
    ["Unimplemented", 501],
    ["Internal", 500],
    ["Unavailable", 503],
    ["DataLoss", 500],
    ["Unauthenticated", 401],
  ];

  test("the table covers every Connect code", () => {
    const all = Object.keys(Code).filter((k) => Number.isNaN(Number(k)));
    expect(table.map(([name]) => name).sort()).toEqual(all.sort());
  });

  test.each(table)("Code.%s → %i", (name, status) => {
    expect(httpStatusOf(Code[name])).toBe(status);
  });

  test("a code outside the enum → 500", () => {
    expect(httpStatusOf(999 as Code)).toBe(500);
  });
});

test("access messages are written for users (Chinese), one per refusal", () => {
  expect(Object.keys(accessMessages).sort()).toEqual(
    [
      "internal",
      "internalOnly",
      "loginRequired",
      "permissionDenied",
      "sessionExpired",
      "siteClosed",
      "unauthenticated",
      "unavailable",
      "unimplemented",
    ].sort(),
  );
  for (const message of Object.values(accessMessages)) expect(message).toMatch(/\p{Script=Han}/u);
});
