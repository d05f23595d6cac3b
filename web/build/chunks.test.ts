/** @jest-environment node */
import { describe, expect, it } from "@jest/globals";
import type { Rolldown } from "vite";
import { assign } from "./chunks.js";

type Chunk = Pick<Rolldown.OutputChunk, "fileName" | "facadeModuleId" | "imports" | "isEntry" | "isDynamicEntry">;

const chunk = (fileName: string, moduleIds: string[], o: Partial<Chunk> = {}) =>
  ({
    fileName,
    moduleIds,
    facadeModuleId: null,
    imports: [],
    isEntry: false,
    isDynamicEntry: false,
    ...o,
  }) as unknown as Rolldown.OutputChunk;

// The first build's answer: an entry, two lazy pages sharing an icon and a button, a page of its own.
const chunks = [
  chunk("index.js", ["/main.tsx"], { isEntry: true, facadeModuleId: "/main.tsx" }),
  chunk("Home.js", ["/Home.tsx", "/banner.ts"], {
    isDynamicEntry: true,
    facadeModuleId: "/Home.tsx",
    imports: ["index.js", "Icon.js", "Button.js"],
  }),
  chunk("Doc.js", ["/Doc.tsx"], {
    isDynamicEntry: true,
    facadeModuleId: "/Doc.tsx",
    imports: ["index.js", "Icon.js", "Button.js", "Reader.js"],
  }),
  chunk("Icon.js", ["/icon.js", "/icon-svg.js"], { imports: ["index.js"] }),
  chunk("Button.js", ["/button.js"], { imports: ["Icon.js"] }),
  chunk("Reader.js", ["/descriptions.js"]),
  chunk("Admin.js", ["/Admin.tsx"], { isDynamicEntry: true, facadeModuleId: "/Admin.tsx", imports: ["Table.js"] }),
  chunk("Table.js", ["/table.js"]),
];

describe("assign (which route chunk takes a module)", () => {
  it("gives a route every module of the chunks its pages load, but not the pages' and the entry's own", () => {
    const owner = new Map<string, string>();
    assign(chunks, [{ name: "front", roots: ["/Home.tsx"] }], owner);
    expect(Object.fromEntries(owner)).toEqual({ "/icon.js": "front", "/icon-svg.js": "front", "/button.js": "front" });
  });

  it("leaves to a later route only what the earlier ones do not load", () => {
    const owner = new Map<string, string>();
    assign(
      chunks,
      [
        { name: "front", roots: ["/Home.tsx"] },
        { name: "reader", roots: ["/Doc.tsx"] },
      ],
      owner,
    );
    expect(owner.get("/button.js")).toBe("front");
    expect(owner.get("/descriptions.js")).toBe("reader");
    expect(owner.has("/table.js")).toBe(false); // no route names the admin page: its chunks stay as they are
  });

  it("fails the build when a root has no chunk (a page moved or renamed)", () => {
    expect(() => assign(chunks, [{ name: "front", roots: ["/Home.tsx", "/Gone.tsx"] }], new Map())).toThrow(
      "no chunk for /Gone.tsx",
    );
  });
});
