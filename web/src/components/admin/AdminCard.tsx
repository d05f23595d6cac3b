import { Flex, Typography } from "antd";
import type { ReactNode } from "react";
import type { ApiError } from "../../api/errors.js";
import { useSizeClass } from "../../hooks/useSizeClass.js";
import { ApiErrorAlert } from "../common/ApiErrorAlert.js";

/** One back-office screen: a title, a wrapping toolbar (filters, actions), the list's load error and the content. */
export function AdminCard({
  title,
  toolbar,
  list,
  children,
}: {
  title: string;
  toolbar?: ReactNode;
  /** The screen's list: a failed load shows above the content with a retry. */
  list?: { error: ApiError | null; reload: () => void };
  children: ReactNode;
}) {
  const mobile = useSizeClass() === "mobile";
  return (
    <section style={{ padding: mobile ? 12 : 24 }}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {toolbar && (
        <Flex wrap gap={8} align="center" style={{ marginBottom: 16 }}>
          {toolbar}
        </Flex>
      )}
      {list?.error && <ApiErrorAlert error={list.error} onRetry={list.reload} />}
      {children}
    </section>
  );
}
