import type { DescMessage, DescMethodUnary, MessageInitShape, MessageShape } from "@bufbuild/protobuf";
import { type SkipToken, type UseQueryOptions, useQuery } from "@connectrpc/connect-query";
import { useCallback, useMemo } from "react";
import { type ApiError, toApiError } from "./errors.js";

export interface ApiQuery<T> {
  /** The last good reply (kept while a refetch runs, and after a failed refetch). */
  data: T | undefined;
  /** The failure as the UI shows it (spec §8): the server's message, else `fallback`. */
  error: ApiError | null;
  /** True while a request is in flight (first load or refetch). */
  loading: boolean;
  /** Asks the server again (a retry button). */
  reload: () => void;
}

/**
 * One unary read through the app's query cache (connect-query): the same method and input asked by
 * several components is one request, cached for a while and refreshed when a mutation invalidates
 * it. Errors come back as ApiError so every page words them the same way.
 */
export function useApiQuery<I extends DescMessage, O extends DescMessage>(
  method: DescMethodUnary<I, O>,
  input: MessageInitShape<I> | SkipToken,
  fallback: string,
  options: UseQueryOptions<O> = {},
): ApiQuery<MessageShape<O>> {
  const query = useQuery(method, input, options);
  const { error: cause, refetch } = query;
  const error = useMemo(() => (cause ? toApiError(cause, fallback) : null), [cause, fallback]);
  const reload = useCallback(() => void refetch(), [refetch]);
  return { data: query.data, error, loading: query.isFetching, reload };
}
