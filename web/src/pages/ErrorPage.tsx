import { Result } from "antd";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { HomeLink } from "../components/HomeLink.js";
import { NotFoundResult } from "../components/NotFoundResult.js";
import type { Translate } from "../i18n/I18nProvider.js";
import { useI18n } from "../i18n/I18nProvider.js";

/** The message to show for anything a route can throw. */
export function errorMessageOf(error: unknown, t: Translate): string {
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    if (typeof data === "object" && data !== null && "message" in data && typeof data.message === "string") {
      return data.message;
    }
    if (typeof data === "string" && data.trim() !== "") return data;
    return `${error.status} ${error.statusText}`.trim();
  }
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === "string" && error.trim() !== "") return error;
  return t("error.unknown");
}

type ResultStatus = "403" | "404" | "500" | "error";

function statusOf(error: unknown): ResultStatus {
  if (!isRouteErrorResponse(error)) return "error";
  if (error.status === 403 || error.status === 404) return String(error.status) as ResultStatus;
  return error.status >= 500 ? "500" : "error";
}

/** Spec §2: the error message and a button back to home (返回首页). A 404 shows the 404 page. */
export function ErrorPage({ error }: { error: unknown }) {
  const { t } = useI18n();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundResult />;
  return (
    <Result
      status={statusOf(error)}
      title={t("error.title")}
      subTitle={<span data-testid="error-message">{errorMessageOf(error, t)}</span>}
      extra={<HomeLink />}
    />
  );
}

/** Plain English, no providers, no antd: what shows when the error page itself cannot render. */
export function ErrorPageFallback() {
  return (
    <div role="alert" style={{ padding: "48px 16px", textAlign: "center", fontFamily: "sans-serif" }}>
      <h1 style={{ fontSize: 20 }}>Something went wrong</h1>
      <p>An unexpected error occurred and the error page could not be displayed.</p>
      <a href="/">Return to home</a>
    </div>
  );
}

export class ErrorPageBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error("The error page failed to render", error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorPageFallback /> : this.props.children;
  }
}

/** The router's errorElement. */
export function RouteErrorPage() {
  const error = useRouteError();
  return (
    <ErrorPageBoundary>
      <ErrorPage error={error} />
    </ErrorPageBoundary>
  );
}
