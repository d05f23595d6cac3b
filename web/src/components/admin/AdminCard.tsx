import { Flex, Typography } from "antd";
import type { ReactNode } from "react";
import { useSizeClass } from "../../hooks/useSizeClass.js";

/** One back-office screen: a title, a wrapping toolbar (filters, actions) and the content. */
export function AdminCard({ title, toolbar, children }: { title: string; toolbar?: ReactNode; children: ReactNode }) {
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
      {children}
    </section>
  );
}
