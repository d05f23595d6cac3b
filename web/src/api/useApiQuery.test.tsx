import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, type ConnectRouter } from "@connectrpc/connect";
import { describe, expect, it, jest } from "@jest/globals";
import { screen, waitFor } from "@testing-library/react";
import { NavigationAPI, NavigationSchema } from "@wenku/proto/api/v1/navigation_pb.js";
import { renderWithProviders, testDeps } from "../../test/render.js";
import { useApiQuery } from "./useApiQuery.js";

jest.setTimeout(30_000);

const REQUEST = { page: 1n, size: 10n };

/** Shows the first navigation title, or the error the hook reports. */
function FirstItem({ testId }: { testId: string }) {
  const query = useApiQuery(NavigationAPI.method.listNavigation, REQUEST, "加载失败");
  if (query.error) return <p data-testid={testId}>{`${query.error.status} ${query.error.message}`}</p>;
  return <p data-testid={testId}>{query.data?.navigation[0]?.title ?? "…"}</p>;
}

function navigationServices(calls: { count: number }, answer: () => string) {
  return (router: ConnectRouter) => {
    router.service(NavigationAPI, {
      listNavigation: () => {
        calls.count += 1;
        return { total: 1n, navigation: [create(NavigationSchema, { id: 1n, title: answer() })] };
      },
    });
  };
}

describe("useApiQuery", () => {
  it("asks once when two components want the same method and input", async () => {
    const calls = { count: 0 };
    const deps = testDeps({ services: navigationServices(calls, () => "首页") });
    renderWithProviders(
      <>
        <FirstItem testId="a" />
        <FirstItem testId="b" />
      </>,
      deps,
    );
    await waitFor(() => expect(screen.getByTestId("a").textContent).toBe("首页"));
    expect(screen.getByTestId("b").textContent).toBe("首页");
    expect(calls.count).toBe(1);
  });

  it("reports a final failure at once with the server's message and HTTP-like status", async () => {
    const calls = { count: 0 };
    const deps = testDeps({
      services: navigationServices(calls, () => {
        throw new ConnectError("没有权限", Code.PermissionDenied);
      }),
    });
    renderWithProviders(<FirstItem testId="a" />, deps);
    await waitFor(() => expect(screen.getByTestId("a").textContent).toBe("403 没有权限"));
    // PermissionDenied cannot be fixed by asking again: no retries.
    expect(calls.count).toBe(1);
  });

  it("falls back to the caller's sentence when the server sent no message", async () => {
    const deps = testDeps({
      services: navigationServices({ count: 0 }, () => {
        throw new ConnectError("", Code.NotFound);
      }),
    });
    renderWithProviders(<FirstItem testId="a" />, deps);
    await waitFor(() => expect(screen.getByTestId("a").textContent).toBe("404 加载失败"));
  });
});
