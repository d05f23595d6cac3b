import { theme } from "antd";
import type { useAppProps } from "antd/lib/app/context";
import { type ReactNode, Suspense, useCallback, useMemo, useRef, useState } from "react";
import { lazyComponent } from "../../router/lazyPage.js";
import { AppContext } from "./appContext.js";

type Api = useAppProps;
type Call = (api: Api) => void;

const FeedbackHolders = lazyComponent(() => import("./FeedbackHolders.js"));

/** An API object whose every method runs `call` with the real one once it is there. */
function deferred<K extends keyof Api>(area: K, run: (call: Call) => void): Api[K] {
  return new Proxy({} as Api[K], {
    get:
      (_, method: string) =>
      (...args: unknown[]) =>
        run((api) => (api[area] as unknown as Record<string, (...a: unknown[]) => unknown>)[method]?.(...args)),
  });
}

/**
 * antd's App (message, notification and modal through `App.useApp()`, and the root element's text
 * style), with the feedback code loaded on first use: most page views never show a toast or a
 * confirmation, and that code (Modal, notifications, dialogs) stays out of their first load. A call
 * made before it is loaded runs once it is; the API object never changes identity.
 */
export function LazyAntdApp({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const [wanted, setWanted] = useState(false);
  const real = useRef<Api | null>(null);
  const queue = useRef<Call[]>([]);
  const api = useMemo<Api>(() => {
    const run = (call: Call) => {
      if (real.current) {
        call(real.current);
        return;
      }
      queue.current.push(call);
      setWanted(true);
    };
    return {
      message: deferred("message", run),
      notification: deferred("notification", run),
      modal: deferred("modal", run),
    };
  }, []);
  const ready = useCallback((loaded: Api) => {
    real.current = loaded;
    for (const call of queue.current.splice(0)) call(loaded);
  }, []);
  return (
    <AppContext value={api}>
      <div
        className="ant-app"
        style={{
          color: token.colorText,
          fontSize: token.fontSize,
          lineHeight: token.lineHeight,
          fontFamily: token.fontFamily,
        }}
      >
        {wanted && (
          <Suspense fallback={null}>
            <FeedbackHolders onReady={ready} />
          </Suspense>
        )}
        {children}
      </div>
    </AppContext>
  );
}
