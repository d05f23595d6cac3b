import { Alert, Button } from "antd";
import type { ReactNode } from "react";

/**
 * The end of an account form: the last failure (the server's message) above its submit button. `large`
 * is the login and register cards' full-width button.
 */
export function FormSubmit({
  error,
  loading,
  large = false,
  children,
}: {
  error: string;
  loading: boolean;
  large?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="form-error" />}
      <Button type="primary" htmlType="submit" loading={loading} {...(large ? { size: "large", block: true } : {})}>
        {children}
      </Button>
    </>
  );
}
