import { describe, expect, it } from "@jest/globals";
import { screen } from "@testing-library/react";
import { renderWithProviders, testDeps } from "../../test/render.js";
import { AppFooter } from "./AppFooter.js";

describe("AppFooter", () => {
  it("links 由 Wenku 强力驱动 to the about page (version, license, source) inside the app", async () => {
    const deps = testDeps({ loadSettings: async () => ({ system: { enablePoweredBy: true } }) });
    renderWithProviders(<AppFooter />, deps);
    const link = await screen.findByRole("link", { name: "由 Wenku 强力驱动" }, { timeout: 8000 });
    expect(link.getAttribute("href")).toBe("/about-wenku");
    expect(link.getAttribute("target")).toBeNull();
  });
});
