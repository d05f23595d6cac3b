import { InputNumber } from "antd";
import { useEffect, useState } from "react";

/** A sort value edited in place: saved on Enter or when the field loses focus, if it changed. */
export function SortCell({
  value,
  disabled,
  label,
  onSave,
}: {
  value: number;
  disabled: boolean;
  label: string;
  onSave: (value: number) => Promise<void>;
}) {
  const [draft, setDraft] = useState<number | null>(value);
  const [saving, setSaving] = useState(false);
  useEffect(() => setDraft(value), [value]);

  const commit = () => {
    if (draft === null || draft === value || saving) {
      if (draft === null) setDraft(value);
      return;
    }
    setSaving(true);
    onSave(draft)
      .catch(() => setDraft(value))
      .finally(() => setSaving(false));
  };

  return (
    <InputNumber
      size="small"
      min={0}
      precision={0}
      value={draft}
      disabled={disabled || saving}
      aria-label={label}
      style={{ width: 80 }}
      onChange={(next) => setDraft(next)}
      onPressEnter={commit}
      onBlur={commit}
    />
  );
}
