import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Form } from 'antd';
import { t, type Locale } from '../../shared/i18n';
import type { MediaAccess } from '../host/types';
import { SettingsProvider, type SettingsContextValue } from './context';
import type { FieldPath } from './schemaPath';
import { sameIssues, validateDraft, type IssueMap, type Parser } from './validate';

export interface SchemaFormProps<T> {
  /** The whole config's schema: validates every change and gives the rows their ranges. */
  schema: Parser<T>;
  /** The current (valid) config. */
  value: T;
  /** Called only with a config that parsed; it is the parsed value (defaults filled). */
  onChange(next: T): void;
  locale: Locale;
  media?: MediaAccess;
  /** Prefixes input ids, so two panels on one page never share a label target. */
  name: string;
  /** Rows that do not belong to a field (called with the issues, e.g. to mark groups). */
  children: ReactNode | ((issues: IssueMap) => ReactNode);
}

const NO_ISSUES: IssueMap = new Map();

/**
 * An antd Form whose store is the draft config. Each change validates the whole draft with the
 * schema: issues show under their rows in the current language, and `onChange` receives only a
 * valid config (see validateDraft: invalid values are held back, the rest goes through).
 */
export function SchemaForm<T>({ schema, value, onChange, locale, media, name, children }: SchemaFormProps<T>) {
  const [form] = Form.useForm();
  const [issues, setIssues] = useState<IssueMap>(NO_ISSUES);
  const lastValid = useRef(value);
  const lastJson = useRef(JSON.stringify(value));
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const run = useCallback(() => {
    const draft = form.getFieldsValue(true);
    const result = validateDraft(schema, draft, lastValid.current);
    setIssues((prev) => (sameIssues(prev, result.issues) ? prev : result.issues));
    if (result.next === null) return;
    const json = JSON.stringify(result.next);
    if (json === lastJson.current) return;
    lastJson.current = json;
    lastValid.current = result.next;
    onChangeRef.current(result.next);
  }, [form, schema]);

  // A config from outside (undo, another editor, a reload) replaces the draft; the echo of what
  // this form just sent does not, so a half-typed invalid value stays where the designer left it.
  useEffect(() => {
    const json = JSON.stringify(value);
    if (json === lastJson.current) return;
    lastJson.current = json;
    lastValid.current = value;
    form.setFieldsValue(value as object);
    setIssues(NO_ISSUES);
  }, [value, form]);

  const ctx = useMemo<SettingsContextValue>(
    () => ({
      locale,
      media,
      schema,
      issues,
      setValue(path: FieldPath, v: unknown) {
        form.setFieldValue(path, v);
        run();
      },
    }),
    [locale, media, schema, issues, form, run],
  );

  return (
    <SettingsProvider value={ctx}>
      <Form form={form} name={name} layout="vertical" colon={false} size="small" initialValues={value as object} onValuesChange={run}>
        {issues.size > 0 ? (
          <Alert type="error" showIcon style={{ marginBottom: 12 }} title={t(locale, 'settings.invalidSummary', { count: issues.size })} />
        ) : null}
        {typeof children === 'function' ? children(issues) : children}
      </Form>
    </SettingsProvider>
  );
}
