import { Component, type ErrorInfo, lazy, type ReactNode, Suspense } from "react";

// The route error page uses antd's Result, whose three illustrations alone are ~30 KB: it loads on
// the first error instead of with every page.
const RouteErrorPage = lazy(async () => ({ default: (await import("../pages/ErrorPage.js")).RouteErrorPage }));

/** What shows when the error page's own chunk cannot load (offline, or a deploy replaced it). */
function Unreachable() {
  return (
    <div role="alert" style={{ padding: "48px 16px", textAlign: "center", fontFamily: "sans-serif" }}>
      <h1 style={{ fontSize: 20 }}>Something went wrong · 出错了</h1>
      <a href="/">Return to home · 返回首页</a>
    </div>
  );
}

class LoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error("The error page could not be loaded", error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <Unreachable /> : this.props.children;
  }
}

/** The router's errorElement: the error page, loaded when first needed. */
export function LazyRouteErrorPage() {
  return (
    <LoadBoundary>
      <Suspense fallback={<div aria-busy="true" style={{ minHeight: 240 }} />}>
        <RouteErrorPage />
      </Suspense>
    </LoadBoundary>
  );
}
