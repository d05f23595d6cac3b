import { readFileSync } from "node:fs";
import { describe, expect, it } from "@jest/globals";
import { PROJECT_HOME } from "./projectHome.js";

describe("the project's home", () => {
  it("is the root package.json's homepage, which its repository field names too", () => {
    const pkg = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as {
      homepage?: string;
      repository?: { url?: string };
    };
    expect(PROJECT_HOME).toBe(pkg.homepage);
    expect(pkg.repository?.url).toBe(`git+${PROJECT_HOME}.git`);
  });
});
