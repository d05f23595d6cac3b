import { Code, ConnectError } from "@connectrpc/connect";
import { QueryClient } from "@tanstack/react-query";

/** Errors a retry cannot fix: the request itself or the caller's rights are wrong. */
const FINAL = new Set<Code>([
  Code.InvalidArgument,
  Code.NotFound,
  Code.AlreadyExists,
  Code.PermissionDenied,
  Code.Unauthenticated,
  Code.FailedPrecondition,
  Code.Unimplemented,
  Code.ResourceExhausted,
]);

/**
 * The app's one server-state cache (TanStack Query, fed by connect-query hooks). Reads are cached
 * briefly and deduplicated; a transient failure is retried twice, a final one never; mutations are
 * never retried (they may not be idempotent).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) => failures < 2 && !(error instanceof ConnectError && FINAL.has(error.code)),
      },
      mutations: { retry: false },
    },
  });
}
