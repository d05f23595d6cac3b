import { describe, expect, it } from "@jest/globals";
import { act, render, screen } from "@testing-library/react";
import { sizeClassOf, useSizeClass } from "./useSizeClass.js";

function resizeTo(width: number) {
  Object.defineProperty(window, "innerWidth", { configurable: true, writable: true, value: width });
  window.dispatchEvent(new Event("resize"));
}

describe("size classes", () => {
  it("uses the spec's breakpoints: mobile < 768 <= tablet < 992 <= desktop", () => {
    expect(sizeClassOf(320)).toBe("mobile");
    expect(sizeClassOf(767)).toBe("mobile");
    expect(sizeClassOf(768)).toBe("tablet");
    expect(sizeClassOf(991)).toBe("tablet");
    expect(sizeClassOf(992)).toBe("desktop");
    expect(sizeClassOf(1920)).toBe("desktop");
  });

  it("re-renders when the window crosses a breakpoint", () => {
    act(() => resizeTo(1280));
    let renders = 0;
    function Probe() {
      renders++;
      return <p data-testid="size">{useSizeClass()}</p>;
    }
    render(<Probe />);
    expect(screen.getByTestId("size").textContent).toBe("desktop");
    const before = renders;
    act(() => resizeTo(1100)); // same class: no re-render
    expect(renders).toBe(before);
    act(() => resizeTo(800));
    expect(screen.getByTestId("size").textContent).toBe("tablet");
    act(() => resizeTo(375));
    expect(screen.getByTestId("size").textContent).toBe("mobile");
  });
});
