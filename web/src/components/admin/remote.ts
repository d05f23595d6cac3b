import { useCallback, useEffect, useState } from "react";
import { type ApiError, toApiError } from "../../api/errors.js";

export interface Remote<T> {
  data: T | undefined;
  error: ApiError | null;
  loading: boolean;
  /** Loads again with the same arguments (after a change, or from a retry button). */
  reload: () => void;
}

/**
 * Runs `load` now and whenever it changes (callers wrap it in useCallback over their query), and
 * keeps the last good data while a new load runs. A failure keeps the error for the page to show;
 * nothing is invented in its place.
 */
export function useRemote<T>(load: (signal: AbortSignal) => Promise<T>, fallbackMessage: string): Remote<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<ApiError | null>(null);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the reload trigger
  useEffect(() => {
    const abort = new AbortController();
    setLoading(true);
    load(abort.signal).then(
      (value) => {
        if (abort.signal.aborted) return;
        setData(value);
        setError(null);
        setLoading(false);
      },
      (cause: unknown) => {
        if (abort.signal.aborted) return;
        setError(toApiError(cause, fallbackMessage));
        setLoading(false);
      },
    );
    return () => abort.abort();
  }, [load, version, fallbackMessage]);

  return { data, error, loading, reload };
}
