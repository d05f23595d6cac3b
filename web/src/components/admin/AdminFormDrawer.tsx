import { Form, type FormInstance } from "antd";
import type { ReactNode } from "react";
import { FormDrawer } from "../common/FormDrawer.js";

/** An admin create/edit drawer: FormDrawer around one vertical antd Form whose save submits it. */
export function AdminFormDrawer<Values>({
  title,
  open,
  saving,
  onClose,
  testId,
  form,
  initialValues,
  onFinish,
  children,
}: {
  title: string;
  open: boolean;
  saving: boolean;
  onClose: () => void;
  testId: string;
  form: FormInstance<Values>;
  initialValues: Partial<Values>;
  onFinish: (values: Values) => void;
  children: ReactNode;
}) {
  return (
    <FormDrawer
      title={title}
      open={open}
      saving={saving}
      onClose={onClose}
      onSave={() => form.submit()}
      testId={testId}
    >
      <Form<Values> form={form} layout="vertical" preserve={false} onFinish={onFinish} initialValues={initialValues}>
        {children}
      </Form>
    </FormDrawer>
  );
}
