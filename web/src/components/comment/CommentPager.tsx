import { Pagination } from "antd";

/** The comments' pages: its own chunk (antd's Pagination brings Select along), loaded only past one page. */
export default function CommentPager(props: {
  current: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}) {
  return <Pagination align="center" size="small" showSizeChanger={false} {...props} />;
}
