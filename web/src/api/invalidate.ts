import type { DescMethodUnary, DescService } from "@bufbuild/protobuf";
import { createConnectQueryKey } from "@connectrpc/connect-query";
import type { QueryClient } from "@tanstack/react-query";

/**
 * After a change: every cached answer of `method` (any input) is stale, and the ones on screen are
 * asked again. E.g. `invalidateMethod(queryClient, UserAPI.method.getUser)` after a profile save.
 */
export function invalidateMethod(queryClient: QueryClient, method: DescMethodUnary): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: createConnectQueryKey({ schema: method, cardinality: undefined }) });
}

/** The same for every method of a service, e.g. DocumentAPI after a new document (lists, home, counts). */
export function invalidateService(queryClient: QueryClient, service: DescService): Promise<void> {
  return queryClient.invalidateQueries({
    queryKey: createConnectQueryKey({ schema: service, cardinality: undefined }),
  });
}
