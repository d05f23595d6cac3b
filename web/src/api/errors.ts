import { Code, ConnectError } from "@connectrpc/connect";

/** A failed call as the UI sees it (spec §8): an HTTP-like status and a message for the user. */
export interface ApiError {
  status: number;
  code: Code;
  message: string;
}

/** Connect protocol's code → HTTP status table (the gateway answers REST with the same mapping). */
const HTTP_STATUS: Record<Code, number> = {
  [Code.Canceled]: 499,
  [Code.Unknown]: 500,
  [Code.InvalidArgument]: 400,
  [Code.DeadlineExceeded]: 504,
  [Code.NotFound]: 404,
  [Code.AlreadyExists]: 409,
  [Code.PermissionDenied]: 403,
  [Code.ResourceExhausted]: 429,
  [Code.FailedPrecondition]: 400,
  [Code.Aborted]: 409,
  [Code.OutOfRange]: 400,
  [Code.Unimplemented]: 501,
  [Code.Internal]: 500,
  [Code.Unavailable]: 503,
  [Code.DataLoss]: 500,
  [Code.Unauthenticated]: 401,
};

export function httpStatusOf(code: Code): number {
  return HTTP_STATUS[code];
}

/**
 * Turns anything a call can throw into an ApiError. The message is the server's when it sent one;
 * otherwise (network failure, empty message, a non-Connect error) it is `fallback`, e.g.
 * t("error.loginFailed").
 */
export function toApiError(error: unknown, fallback: string): ApiError {
  if (error instanceof ConnectError) {
    const serverMessage = error.rawMessage.trim();
    // connect-web reports transport failures (offline, CORS, aborted fetch) as Unknown/Unavailable
    // with the browser's own text, which is not a message from our server.
    const fromServer = serverMessage !== "" && !isTransportFailure(error);
    return { status: httpStatusOf(error.code), code: error.code, message: fromServer ? serverMessage : fallback };
  }
  return { status: 500, code: Code.Unknown, message: fallback };
}

function isTransportFailure(error: ConnectError): boolean {
  return error.cause instanceof TypeError || /^(Failed to fetch|NetworkError|Load failed)/i.test(error.rawMessage);
}
