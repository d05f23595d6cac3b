import { LockOutlined } from "@ant-design/icons";
import { Input } from "antd";
import type { PasswordProps } from "antd/es/input";

/** The login and register cards' password box: large, with a lock; the form item supplies the rest. */
export function AuthPasswordInput(props: PasswordProps) {
  return <Input.Password size="large" prefix={<LockOutlined />} {...props} />;
}
