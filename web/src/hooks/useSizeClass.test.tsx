import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { act, render, screen } from "@testing-library/react";
import { narrowerThan, sizeClassOf, useSizeClass } from "./useSizeClass.js";

/**
 * A stand-in for the browser's matchMedia that understands the hook's queries
 * ("not all and (min-width: N px)") against a settable viewport width, and, like a browser, tells
 * a list's listeners only when its answer flips.
 */
class FakeViewport {
  width = 1280;
  readonly lists: { query: string; matches: boolean; listeners: Set<() => void> }[] = [];

  private evaluate(query: string): boolean {
    const parsed = /^not all and \(min-width: (\d+(?:\.\d+)?)px\)$/.exec(query);
    if (!parsed) throw new Error(`unexpected media query ${query}`);
    return !(this.width >= Number(parsed[1]));
  }

  matchMedia = (query: string): MediaQueryList => {
    const list = { query, matches: this.evaluate(query), listeners: new Set<() => void>() };
    this.lists.push(list);
    return {
      media: query,
      get matches() {
        return list.matches;
      },
      addEventListener: (_type: string, listener: () => void) => list.listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => list.listeners.delete(listener),
    } as unknown as MediaQueryList;
  };

  resize(width: number): void {
    this.width = width;
    for (const list of this.lists) {
      const now = this.evaluate(list.query);
      if (now === list.matches) continue;
      list.matches = now;
      for (const listener of list.listeners) listener();
    }
  }

  listenerCount(): number {
    return this.lists.reduce((n, list) => n + list.listeners.size, 0);
  }
}

const viewport = new FakeViewport();
const original = window.matchMedia;
beforeAll(() => {
  window.matchMedia = viewport.matchMedia;
});
afterAll(() => {
  window.matchMedia = original;
});

let renders = 0;
function Probe() {
  renders++;
  return <p data-testid="size">{useSizeClass()}</p>;
}
const shown = () => screen.getByTestId("size").textContent;

describe("size classes", () => {
  it("uses the spec's breakpoints: mobile < 768 <= tablet < 992 <= desktop", () => {
    expect(sizeClassOf(320)).toBe("mobile");
    expect(sizeClassOf(767)).toBe("mobile");
    expect(sizeClassOf(768)).toBe("tablet");
    expect(sizeClassOf(991)).toBe("tablet");
    expect(sizeClassOf(992)).toBe("desktop");
    expect(sizeClassOf(1920)).toBe("desktop");
    expect(narrowerThan(768)).toBe("not all and (min-width: 768px)");
  });

  it("follows the media queries exactly at the breakpoints, re-rendering only when a class changes", () => {
    viewport.resize(1280);
    const view = render(<Probe />);
    expect(shown()).toBe("desktop");
    const before = renders;
    act(() => viewport.resize(1100)); // same class: no query flips, no re-render
    act(() => viewport.resize(992));
    expect(renders).toBe(before);
    expect(shown()).toBe("desktop");
    act(() => viewport.resize(991.5)); // a fractional width under the line is below it
    expect(shown()).toBe("tablet");
    act(() => viewport.resize(768));
    expect(shown()).toBe("tablet");
    act(() => viewport.resize(767));
    expect(shown()).toBe("mobile");
    act(() => viewport.resize(375));
    expect(shown()).toBe("mobile");
    act(() => viewport.resize(1440)); // straight back across both lines
    expect(shown()).toBe("desktop");
    view.unmount();
    expect(viewport.listenerCount()).toBe(0);
  });

  it("reads the class a page opens at, and does not listen to resize events", () => {
    viewport.resize(600);
    render(<Probe />);
    expect(shown()).toBe("mobile");
    const before = renders;
    act(() => {
      window.dispatchEvent(new Event("resize"));
    });
    expect(renders).toBe(before);
  });
});
