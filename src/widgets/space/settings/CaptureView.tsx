import { useId } from 'react';
import { Alert, Button, Flex, Progress, Tooltip, Typography } from 'antd';
import type { Snapshot } from '../../../../shared/schema/snapshot';
import { useSettings } from '../../../settings/context';
import { useLiveSpace } from '../useLiveSpace';
import { useSnapshotCapture } from './snapshotCapture';

export interface CaptureViewProps {
  /** The space whose panel this is: its running scene is found by this id (liveSpaces). */
  spaceId: string;
  /** The default name of the next snapshot ('Snapshot 3'), unique in the list. */
  nextName(): string;
  add(snapshot: Snapshot): void;
  setImage(snapshot: Snapshot, url: string): void;
}

/**
 * The Capture current view button and what became of the last capture: progress of the
 * thumbnail's upload, then done, or the reason it failed (the snapshot is kept without a thumbnail).
 * Disabled, with a tooltip saying why, while the space is not running on the page.
 */
export function CaptureView({ spaceId, nextName, add, setImage }: CaptureViewProps) {
  const { t, media } = useSettings();
  const handle = useLiveSpace(spaceId)?.handle ?? null;
  const { state, capture, busy } = useSnapshotCapture(media, { add, setImage });
  const notRunning = t('snapshots.notRunning');
  const reasonId = useId();

  const button = (
    <Button
      block
      disabled={!handle || busy}
      loading={busy}
      aria-describedby={handle ? undefined : reasonId}
      onClick={() => handle && void capture(handle, nextName())}
    >
      {t('snapshots.capture')}
    </Button>
  );

  return (
    <Flex vertical gap={6} style={{ marginBottom: 16 }}>
      {handle ? (
        button
      ) : (
        // A disabled button gets no pointer events: the wrapper carries the tooltip, and the reason
        // is also the button's description for screen readers (a tooltip is not read out).
        <Tooltip title={notRunning}>
          <span style={{ display: 'block' }}>
            {button}
            <span id={reasonId} hidden>
              {notRunning}
            </span>
          </span>
        </Tooltip>
      )}
      <div role="status" aria-live="polite">
        {state.status === 'uploading' ? (
          <>
            <Typography.Text type="secondary">{t('snapshots.uploading', { name: state.name })}</Typography.Text>
            <Progress percent={Math.round(state.fraction * 100)} size="small" />
          </>
        ) : state.status === 'done' ? (
          <Typography.Text type="success">{t(state.key, state.params)}</Typography.Text>
        ) : state.status === 'error' ? (
          <Alert type="warning" showIcon title={t(state.key, state.params)} />
        ) : null}
      </div>
    </Flex>
  );
}
