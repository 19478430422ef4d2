import { Alert, Button, Flex } from 'antd';
import type { SchemaIssue } from 'dash3d';
import { describeIssues } from '../i18n';
import { useLocale, useText } from '../locale';

export interface LoadFailure {
  issues: SchemaIssue[];
  /** Where the document came from: the address's scene parameter or a saved dashboard id. */
  source: { kind: 'scene' } | { kind: 'saved'; id: string };
}

/**
 * A dashboard that cannot be opened is shown as what is wrong with it, field by field. It is not
 * replaced by an empty one: the designer decides (retry, or start a new dashboard under a new id,
 * which leaves the stored document as it is).
 */
export function LoadIssues({ failure, onRetry, onStartNew }: { failure: LoadFailure; onRetry(): void; onStartNew(): void }) {
  const text = useText();
  const locale = useLocale();
  const source =
    failure.source.kind === 'scene'
      ? text('playground.error.sourceScene')
      : text('playground.error.sourceSaved', { id: failure.source.id });
  return (
    <div style={{ padding: 24, maxWidth: 820 }}>
      <Alert
        type="error"
        showIcon
        role="alert"
        className="dash3d-load-issues"
        title={text('playground.error.title')}
        description={
          <>
            <p style={{ marginTop: 0 }}>{text('playground.error.source', { source })}</p>
            <ul style={{ paddingLeft: 18 }}>
              {describeIssues(failure.issues, locale).map((issue, i) => (
                <li key={i}>
                  <code>{issue.path}</code>: {issue.message}
                </li>
              ))}
            </ul>
            <Flex gap={8}>
              {failure.source.kind === 'saved' ? <Button onClick={onRetry}>{text('playground.error.retry')}</Button> : null}
              <Button type="primary" onClick={onStartNew}>
                {text('playground.error.startNew')}
              </Button>
            </Flex>
          </>
        }
      />
    </div>
  );
}
