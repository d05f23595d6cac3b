import { Pagination } from "antd";

/**
 * The pager under a public or personal list (categories, articles, the /me lists): centred, no size
 * changer, and nothing at all while everything fits on one page.
 */
export function ListPager({
  total,
  page,
  pageSize,
  onChange,
  simple,
}: {
  total: number;
  page: number;
  pageSize: number;
  onChange: (page: number) => void;
  /** The compact form (phones). */
  simple?: boolean;
}) {
  if (total <= pageSize) return null;
  return (
    <Pagination
      style={{ marginTop: 16, justifyContent: "center" }}
      current={page}
      pageSize={pageSize}
      total={total}
      showSizeChanger={false}
      simple={simple}
      onChange={onChange}
    />
  );
}
