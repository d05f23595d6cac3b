import { Button, Flex, Typography } from "antd";

/** One labelled row of exclusive choices (type, sort) that wraps on narrow screens. */
export function FilterRow({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <Flex gap={8} align="baseline">
      <Typography.Text type="secondary" style={{ flexShrink: 0, minWidth: 40 }}>
        {label}
      </Typography.Text>
      <Flex wrap gap={4} role="group" aria-label={label}>
        {options.map((option) => (
          <Button
            key={option.value}
            size="small"
            autoInsertSpace={false}
            type={option.value === value ? "primary" : "text"}
            aria-pressed={option.value === value}
            onClick={() => onChange(option.value)}
          >
            {option.label}
          </Button>
        ))}
      </Flex>
    </Flex>
  );
}
