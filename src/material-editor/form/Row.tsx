import type { ReactNode } from 'react';
import { Form } from 'antd';

/** One labelled row; an error (already translated) is shown under it, in red, and read with it. */
export function Row({ label, error, id, children }: { label: string; error?: string | null; id: string; children: ReactNode }) {
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      style={{ marginBottom: 12 }}
      {...(error ? { validateStatus: 'error' as const, help: <span role="alert">{error}</span> } : {})}
    >
      {children}
    </Form.Item>
  );
}
