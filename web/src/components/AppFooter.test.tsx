import { describe, expect, it } from "@jest/globals";
import { screen } from "@testing-library/react";
import { renderWithProviders, testDeps } from "../../test/render.js";
import { AppFooter } from "./AppFooter.js";
import { PROJECT_HOME } from "./projectHome.js";

describe("AppFooter", () => {
  it("links 由 Wenku 强力驱动 to the project's home, in a new tab", async () => {
    const deps = testDeps({ loadSettings: async () => ({ system: { enablePoweredBy: true } }) });
    renderWithProviders(<AppFooter />, deps);
    const link = await screen.findByRole("link", { name: "由 Wenku 强力驱动" }, { timeout: 8000 });
    expect(link.getAttribute("href")).toBe(PROJECT_HOME);
    expect(PROJECT_HOME).toMatch(/^https:\/\/github\.com\/[\w.-]+\/[\w.-]+$/);
    expect(link.getAttribute("target")).toBe("_blank");
  });
});
