import type { DescMessage, DescMethodUnary, MessageInitShape, MessageShape } from "@bufbuild/protobuf";
import type { ColumnType } from "antd/es/table";
import type { Translate } from "../../i18n/I18nProvider.js";
import { SortCell } from "../../pages/admin/document/SortCell.js";
import { useAdminMutation } from "./list/useAdminMutation.js";

// The lists staff order by hand (banners, friend links, advertisements): the sort edited in place and
// the enable switch, each sending the whole item back with its one change.

/**
 * An inline change of one item (`patch`: enable, sort) through its update call, shown only when it
 * fails; rejects then, so a sort cell goes back to the stored value.
 */
export function useInlineUpdate<I extends DescMessage, O extends DescMessage>(
  update: DescMethodUnary<I, O>,
): (item: MessageShape<I>, patch: Partial<MessageShape<I>>) => Promise<void> {
  const mutation = useAdminMutation(update, { success: false });
  return async (item, patch) => {
    // The item is its own update message (the server ignores the times it keeps).
    if (!(await mutation.run({ ...item, ...patch } as MessageInitShape<I>))) throw new Error("not saved");
  };
}

/** The sort column: a number edited in place (Enter or leaving the field saves it), named after the row. */
export function sortColumn<Row>(
  t: Translate,
  of: (row: Row) => { sort: number; name: string },
  onSave: (row: Row, sort: number) => Promise<void>,
  locked: boolean,
): ColumnType<Row> {
  return {
    title: t("adm.common.sort"),
    key: "sort",
    width: 104,
    responsive: ["sm"],
    render: (_, row) => (
      <SortCell
        value={of(row).sort}
        disabled={locked}
        label={`${t("adm.common.sort")} ${of(row).name}`}
        onSave={(sort) => onSave(row, sort)}
      />
    ),
  };
}
