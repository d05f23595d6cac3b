import { describe, expect, it, jest } from "@jest/globals";
import { fireEvent, screen, within } from "@testing-library/react";

// A phone: the size class is what decides (jsdom lays nothing out).
jest.unstable_mockModule("../hooks/useSizeClass.js", () => ({ useSizeClass: () => "mobile" }));
const { SideBar } = await import("./SideBar.js");
const { renderWithProviders } = await import("../../test/render.js");

describe("SideBar on a phone", () => {
  it("folds the two actions behind one button", async () => {
    renderWithProviders(<SideBar />);
    const bar = await screen.findByRole("navigation", { name: "快捷操作" });
    const toggle = within(bar).getByRole("button", { name: "快捷操作" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(within(bar).queryAllByRole("link")).toEqual([]);

    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(
      within(bar)
        .getAllByRole("link")
        .map((a) => a.getAttribute("href")),
    ).toEqual(["/post", "/upload"]);

    fireEvent.click(toggle);
    expect(within(bar).queryAllByRole("link")).toEqual([]);
  });
});
