import { useCallback, useEffect, useRef, useState } from 'react';
import { Form } from 'antd';
import { markParsed, share } from '../host/parsed';
import { sameIssues, validateDraft, type IssueMap, type Parser } from './validate';
import { useLatest } from '../host/useLatest';

const NO_ISSUES: IssueMap = new Map();

/**
 * The draft behind a settings form: an antd form store validated with the schema on every change.
 * `run()` validates the draft; only a parsed value that differs from the last one sent reaches
 * `onChange`, and issues stay under their rows. A value from outside (undo, another panel, a
 * reset) replaces the draft; the echo of what this form just sent does not, so a half-typed invalid
 * value stays where the designer left it. `resetFirst` also clears fields the new value lacks.
 *
 * The draft's parse here is the main thread's one parse of an edit: what is sent is marked parsed
 * (the panel and the space take it back as it is), and the one content comparison (`share`) gives
 * it the identity of every part that did not change, so the echo is recognised by reference.
 */
export function useSchemaDraft<T>(schema: Parser<T>, value: T, onChange: (next: T) => void, resetFirst = false) {
  const [form] = Form.useForm();
  const [issues, setIssues] = useState<IssueMap>(NO_ISSUES);
  const lastValid = useRef(value);
  const onChangeRef = useLatest(onChange);

  const run = useCallback(() => {
    const result = validateDraft(schema, form.getFieldsValue(true), lastValid.current);
    setIssues((prev) => (sameIssues(prev, result.issues) ? prev : result.issues));
    if (result.next === null) return;
    const next = share(lastValid.current, result.next);
    if (next === lastValid.current) return;
    lastValid.current = next;
    markParsed(schema, next);
    onChangeRef.current(next);
  }, [form, schema, onChangeRef]);

  useEffect(() => {
    // The echo comes back as the very object sent; only a host that copies configs costs a comparison.
    if (value === lastValid.current || share(lastValid.current, value) === lastValid.current) return;
    lastValid.current = value;
    if (resetFirst) form.resetFields();
    form.setFieldsValue(value);
    setIssues(NO_ISSUES);
  }, [value, form, resetFirst]);

  return { form, issues, run };
}
