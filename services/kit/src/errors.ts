import { Code, ConnectError } from "@connectrpc/connect";
import { FieldViolationSchema } from "@wenku/proto/api/v1/errors_pb.js";

/** The kinds of failure the domain can report; each maps to one Connect/gRPC code. */
export type ErrorKind =
  | "invalid_argument"
  | "unauthenticated"
  | "permission_denied"
  | "not_found"
  | "already_exists"
  | "failed_precondition"
  | "resource_exhausted"
  | "unimplemented"
  | "unavailable"
  | "internal";

const codes: Record<ErrorKind, Code> = {
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

/** A rule the domain refuses to break. `message` is written for end users (Chinese per the spec). */
export class DomainError extends Error {
  override readonly name = "DomainError";
  constructor(
    readonly kind: ErrorKind,
    message: string,
    /** resource_exhausted: seconds until trying again makes sense (sent as `retry-after` metadata). */
    readonly retryAfterSeconds?: number,
    /** The request field the refusal is about ("system.domain"), sent as a FieldViolation detail. */
    readonly field?: string,
  ) {
    super(message);
  }
}

export function toConnectError(err: DomainError): ConnectError {
  const out = new ConnectError(err.message, codes[err.kind]);
  if (err.retryAfterSeconds !== undefined) out.metadata.set("retry-after", String(err.retryAfterSeconds));
  if (err.field) out.details.push({ desc: FieldViolationSchema, value: { field: err.field } });
  return out;
}

/** gRPC code → HTTP status, as grpc-gateway (and therefore moredoc clients) expect. */
export function httpStatusOf(code: Code): number {
  switch (code) {
    case Code.InvalidArgument:
    case Code.OutOfRange:
      return 400;
    case Code.FailedPrecondition:
      return 400;
    case Code.Unauthenticated:
      return 401;
    case Code.PermissionDenied:
      return 403;
    case Code.NotFound:
      return 404;
    case Code.AlreadyExists:
    case Code.Aborted:
      return 409;
    case Code.ResourceExhausted:
      return 429;
    case Code.Canceled:
      return 499;
    case Code.Unimplemented:
      return 501;
    case Code.Unavailable:
      return 503;
    case Code.DeadlineExceeded:
      return 504;
    default:
      return 500;
  }
}

/** Messages shown when the access policy refuses a call. */
export const accessMessages = {
  unauthenticated: "请先登录",
  /** A bearer token that is no live session (expired, revoked, malformed): see accessInterceptor. */
  sessionExpired: "登录已失效，请重新登录",
  permissionDenied: "您没有权限执行该操作",
  siteClosed: "网站已关闭",
  loginRequired: "请先登录后再访问",
  internalOnly: "内部接口，禁止访问",
  unimplemented: "该功能尚未实现",
  internal: "服务器内部错误",
  /** The database (or another server the service needs) cannot be reached for the moment. */
  unavailable: "服务暂时不可用，请稍后重试",
} as const;
