import { afterEach, beforeEach } from "@jest/globals";

/**
 * jsdom lays nothing out: records which elements a test's code asks the browser to scroll into view
 * (registered for each test of the calling file). `scrolled()` lists them, oldest first.
 */
export function recordScrollIntoView(): { scrolled: () => Element[] } {
  let scrolled: Element[] = [];
  const original = Element.prototype.scrollIntoView;
  beforeEach(() => {
    scrolled = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
  });
  afterEach(() => {
    Element.prototype.scrollIntoView = original;
  });
  return { scrolled: () => scrolled };
}
