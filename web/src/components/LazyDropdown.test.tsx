import { describe, expect, it, jest } from "@jest/globals";
import { act, fireEvent, screen } from "@testing-library/react";
import { renderWithProviders } from "../../test/render.js";
import { LazyDropdown } from "./LazyDropdown.js";

describe("LazyDropdown", () => {
  it("renders only its trigger until used, then loads the menu open and reports clicks", async () => {
    const onClick = jest.fn();
    const own = jest.fn();
    renderWithProviders(
      <LazyDropdown menu={{ items: [{ key: "a", label: "第一项" }], onClick: ({ key }) => onClick(key) }}>
        <button type="button" onClick={own}>
          trigger
        </button>
      </LazyDropdown>,
    );
    const trigger = await screen.findByRole("button", { name: "trigger" });
    expect(screen.queryByRole("menuitem")).toBeNull();

    fireEvent.click(trigger);
    expect(own).toHaveBeenCalledTimes(1);
    fireEvent.click(await screen.findByRole("menuitem", { name: "第一项" }));
    expect(onClick).toHaveBeenCalledWith("a");
  });

  it("closes again when the pointer leaves the trigger, loaded or not", async () => {
    renderWithProviders(
      <LazyDropdown menu={{ items: [{ key: "b", label: "另一项" }] }} mouseLeaveDelay={0}>
        <span>trigger</span>
      </LazyDropdown>,
    );
    fireEvent.pointerEnter(await screen.findByText("trigger"));
    // Before the menu arrives the pointer events of our trigger count, after it antd's own.
    const current = screen.getByText("trigger");
    fireEvent.pointerLeave(current);
    fireEvent.mouseLeave(current);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole("menuitem", { name: "另一项" })).toBeNull();
  });

  it("keeps the keyboard focus on the trigger when the menu code arrives", async () => {
    renderWithProviders(
      <LazyDropdown menu={{ items: [{ key: "c", label: "第三项" }] }}>
        <button type="button">trigger</button>
      </LazyDropdown>,
    );
    const before = await screen.findByRole("button", { name: "trigger" });
    act(() => before.focus());
    // Focus loads and opens the menu; the trigger is mounted anew inside antd's Dropdown.
    await screen.findByRole("menuitem", { name: "第三项" });
    const after = screen.getByRole("button", { name: "trigger" });
    expect(after).not.toBe(before);
    expect(document.activeElement).toBe(after);
  });
});
