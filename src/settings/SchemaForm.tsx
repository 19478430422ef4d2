import { useMemo, type ReactNode } from 'react';
import { Alert, Form } from 'antd';
import { t, type Locale } from '../../shared/i18n/editor';
import type { MediaAccess } from '../host/types';
import { SettingsProvider, type SettingsContextValue } from './context';
import type { FieldPath } from './schemaPath';
import type { SchemaIssue } from '../../shared/schema/common';
import { issueMap, type IssueMap, type Parser } from './validate';
import { useSchemaDraft } from './useSchemaDraft';

export interface SchemaFormProps<T> {
  /** The whole config's schema: validates every change and gives the rows their ranges. */
  schema: Parser<T>;
  /** The current (valid) config. */
  value: T;
  /**
   * Issues of the config as the host stored it, when it did not parse (`value` is then what could
   * be made of it, and the scene keeps its last good config): shown like the draft's own, which
   * take their place at the same path, until a valid config is stored.
   */
  storedIssues?: readonly SchemaIssue[];
  /** Called only with a config that parsed; it is the parsed value (defaults filled). */
  onChange(next: T): void;
  locale: Locale;
  media?: MediaAccess;
  /** Prefixes input ids, so two panels on one page never share a label target. */
  name: string;
  children: ReactNode;
}

/**
 * An antd Form whose store is the draft config. Each change validates the whole draft with the
 * schema: issues show under their rows in the current language, and `onChange` receives only a
 * valid config (see validateDraft: invalid values are held back, the rest goes through).
 */
export function SchemaForm<T>({ schema, value, storedIssues, onChange, locale, media, name, children }: SchemaFormProps<T>) {
  const { form, issues: draftIssues, run } = useSchemaDraft(schema, value, onChange);
  const issues = useMemo<IssueMap>(
    () => (storedIssues?.length ? new Map([...issueMap(storedIssues), ...draftIssues]) : draftIssues),
    [storedIssues, draftIssues],
  );

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
        {children}
      </Form>
    </SettingsProvider>
  );
}
