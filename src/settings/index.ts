/** Settings building blocks: a schema-validated antd Form and the field rows (src/settings/fields). */
export { SchemaForm, type SchemaFormProps } from './SchemaForm';
export { useSettings, useFieldMeta, FieldPrefix, type SettingsContextValue } from './context';
export { validateDraft, type IssueMap } from './validate';
export { schemaAt, numberRange, type FieldPath, type NumberRange } from './schemaPath';
export * from './fields';
export { ShowWhen, SubGroup } from './layout';
