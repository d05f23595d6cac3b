import { afterEach, beforeEach, describe, expect, it, jest } from "@jest/globals";
import { render, screen } from "@testing-library/react";
import { createMemoryRouter, data, RouterProvider } from "react-router";
import { renderRoutes } from "../../test/render.js";
import { RouteErrorPage } from "./ErrorPage.js";

function failingRoute(loader: () => never) {
  return [
    {
      path: "/",
      loader,
      element: <p>unreachable</p>,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <p>…</p>,
    },
  ];
}

describe("error page", () => {
  beforeEach(() => {
    // React and the router log caught errors; the assertions below check what the user sees.
    jest.spyOn(console, "error").mockImplementation(() => {});
    jest.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it("shows a thrown error's message and a 返回首页 button", async () => {
    renderRoutes(
      failingRoute(() => {
        throw new Error("文档服务暂时不可用");
      }),
    );
    expect((await screen.findByTestId("error-message")).textContent).toBe("文档服务暂时不可用");
    expect(screen.getByRole("link", { name: /返回首页/ }).getAttribute("href")).toBe("/");
  });

  it("shows the message of an error response", async () => {
    renderRoutes(
      failingRoute(() => {
        throw data({ message: "服务器繁忙" }, { status: 503 });
      }),
    );
    expect((await screen.findByTestId("error-message")).textContent).toBe("服务器繁忙");
  });

  it("falls back to plain English with a link home when the error page itself fails", async () => {
    // No providers at all: the error page cannot translate and throws while rendering.
    const router = createMemoryRouter(
      failingRoute(() => {
        throw new Error("boom");
      }),
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText("Something went wrong")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Return to home" }).getAttribute("href")).toBe("/");
  });
});
