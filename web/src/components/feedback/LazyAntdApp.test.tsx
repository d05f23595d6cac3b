import { describe, expect, it } from "@jest/globals";
import { fireEvent, screen } from "@testing-library/react";
import { App } from "antd";
import { renderWithProviders } from "../../../test/render.js";
import { useFeedback } from "./appContext.js";

function Toaster() {
  const { message } = useFeedback();
  return (
    <button type="button" onClick={() => void message.success("已保存")}>
      save
    </button>
  );
}

function Confirmer() {
  const { modal } = App.useApp();
  return (
    <button type="button" onClick={() => modal.confirm({ title: "确定删除？" })}>
      delete
    </button>
  );
}

describe("LazyAntdApp", () => {
  it("shows a toast asked for before the feedback code was loaded, and keeps the API object", async () => {
    renderWithProviders(<Toaster />);
    expect(document.querySelector(".ant-message")).toBeNull();
    fireEvent.click(await screen.findByRole("button", { name: "save" }));
    expect(await screen.findByText("已保存")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "save" }));
    expect((await screen.findAllByText("已保存")).length).toBe(2);
  });

  it("serves antd's App.useApp() too (modal.confirm)", async () => {
    renderWithProviders(<Confirmer />);
    fireEvent.click(await screen.findByRole("button", { name: "delete" }));
    expect((await screen.findAllByText("确定删除？")).length).toBeGreaterThan(0);
  });
});
