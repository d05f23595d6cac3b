import { fireEvent, screen } from "@testing-library/react";

// What the back-office screens' tests do on the page: find a table row, the open drawer, pick an option.

/** The open form drawer. */
export const openDrawer = (): HTMLElement => document.querySelector(".ant-drawer-open") as HTMLElement;

/**
 * The table row showing `text`. Found by text, not by role: *ByRole computes the accessible name of
 * every element of the antd table on each retry, which took tens of seconds on a loaded CI machine.
 */
export async function tableRow(text: string): Promise<HTMLElement> {
  const cell = await screen.findByText(
    text,
    { selector: ".ant-table-tbody td, .ant-table-tbody td *" },
    { timeout: 15_000 },
  );
  return cell.closest("tr") as HTMLElement;
}

/** Opens an antd Select and clicks its option `label`. */
export async function pickOption(select: HTMLElement, label: string): Promise<void> {
  fireEvent.mouseDown(select);
  fireEvent.click(await screen.findByText(label, { selector: ".ant-select-item-option-content" }));
}
