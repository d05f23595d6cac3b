import { describe, expect, it, jest } from "@jest/globals";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { renderWithProviders } from "../test/render.js";
import { BACK_TOP_AFTER, SideBar } from "./SideBar.js";

const scrollTo = (y: number) =>
  act(async () => {
    Object.defineProperty(window, "scrollY", { value: y, configurable: true });
    window.dispatchEvent(new Event("scroll"));
    await Promise.resolve();
  });

const bar = () => screen.getByRole("navigation", { name: "快捷操作" });

describe("SideBar (spec §2 right bar)", () => {
  it("links to publishing an article and uploading a document", async () => {
    renderWithProviders(<SideBar />);
    const links = within(await screen.findByRole("navigation", { name: "快捷操作" })).getAllByRole("link");
    expect(links.map((a) => [a.getAttribute("aria-label"), a.getAttribute("href")])).toEqual([
      ["发布文章", "/post"],
      ["上传文档", "/upload"],
    ]);
  });

  it("offers the way back to the top only once scrolled past the threshold, and scrolls there", async () => {
    // The next frame comes as a microtask (jsdom paints none).
    jest.spyOn(window, "requestAnimationFrame").mockImplementation((run) => {
      queueMicrotask(() => run(0));
      return 1;
    });
    const scroll = jest.spyOn(window, "scrollTo").mockImplementation(() => {});
    renderWithProviders(<SideBar />);
    await screen.findByRole("navigation", { name: "快捷操作" });
    expect(within(bar()).queryByRole("button", { name: "回到顶部" })).toBeNull();

    await scrollTo(BACK_TOP_AFTER + 1);
    fireEvent.click(within(bar()).getByRole("button", { name: "回到顶部" }));
    expect(scroll.mock.calls).toEqual([[{ top: 0, behavior: "smooth" }]]);

    await scrollTo(BACK_TOP_AFTER);
    expect(within(bar()).queryByRole("button", { name: "回到顶部" })).toBeNull();
  });
});
