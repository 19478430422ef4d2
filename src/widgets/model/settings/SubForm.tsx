import { useMemo, type ReactNode } from 'react';
import { Form } from 'antd';
import { FieldPrefix, SettingsProvider, useSettings, type SettingsContextValue } from '../../../settings/context';
import type { FieldPath } from '../../../settings/schemaPath';
import type { Parser } from '../../../settings/validate';
import { useSchemaDraft } from '../../../settings/useSchemaDraft';

interface SubFormProps<T> {
  /** The entry's schema (MeshConfigSchema, AnimationSchema): ranges, defaults and messages. */
  schema: Parser<T>;
  /** The entry as stored, or the schema's defaults while there is none. */
  value: T;
  /** Only ever a valid entry; the first change of an entry that was not stored creates it. */
  onChange(next: T): void;
  /** Prefixes input ids, unique on the page. */
  name: string;
  children: ReactNode;
}

/**
 * A form for ONE entry of a keyed collection (a part of treeConfig, a clip of animationConfig)
 * nested in the panel's SchemaForm. Why not bind the rows to the panel's form directly: an entry
 * that is not stored yet would show empty rows (or, if its defaults were put in the draft, every
 * other change would silently store it). Here the rows show the schema's defaults and nothing is
 * written until the designer changes one. Also, the panel's form cannot read ranges through a
 * z.record, while this one reads them from the entry's own schema.
 *
 * Validation works as in SchemaForm: an invalid value shows the schema's message under its row
 * and is held back; only a parsed entry reaches `onChange`. `component={false}`: no nested <form>.
 */
export function SubForm<T>({ schema, value, onChange, name, children }: SubFormProps<T>) {
  const outer = useSettings();
  const { form, issues, run } = useSchemaDraft(schema, value, onChange, true);

  const ctx = useMemo<SettingsContextValue>(
    () => ({
      locale: outer.locale,
      media: outer.media,
      schema,
      issues,
      setValue(path: FieldPath, v: unknown) {
        form.setFieldValue(path, v);
        run();
      },
    }),
    [outer.locale, outer.media, schema, issues, form, run],
  );

  return (
    <SettingsProvider value={ctx}>
      {/* Paths inside are relative to the entry, whatever list the panel put it in. */}
      <FieldPrefix path={[]}>
        <Form
          form={form}
          component={false}
          name={name}
          layout="vertical"
          colon={false}
          size="small"
          initialValues={value as object}
          onValuesChange={run}
        >
          {children}
        </Form>
      </FieldPrefix>
    </SettingsProvider>
  );
}
