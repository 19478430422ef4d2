import type { Snapshot } from '../../../shared/schema/snapshot';
import { t, type Locale } from '../../../shared/i18n';

/**
 * snapshotConfig.showBar: the saved camera views as a row of buttons at the bottom of the scene.
 * Choosing one moves the camera there; the buttons are ordinary buttons, so Tab and Enter work.
 */
export function SnapshotBar({
  list,
  active,
  onSelect,
  locale,
}: {
  list: Snapshot[];
  locale: Locale;
  active: string | null;
  onSelect(snapshot: Snapshot): void;
}) {
  if (!list.length) return null;
  return (
    <div
      role="toolbar"
      aria-label={t(locale, 'ui.snapshots')}
      className="dash3d-snapshots"
      style={{
        position: 'absolute',
        left: '50%',
        bottom: 8,
        transform: 'translateX(-50%)',
        display: 'flex',
        gap: 6,
        maxWidth: '90%',
        overflowX: 'auto',
        padding: 4,
        background: 'rgba(0,0,0,0.45)',
        borderRadius: 6,
      }}
    >
      {list.map((s) => (
        <button
          key={s.name}
          type="button"
          aria-pressed={active === s.name}
          onClick={() => onSelect(s)}
          title={s.name}
          style={{
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            gap: 2,
            padding: 4,
            minWidth: 64,
            border: active === s.name ? '1px solid #4096ff' : '1px solid transparent',
            borderRadius: 4,
            background: 'rgba(255,255,255,0.08)',
            color: '#fff',
            font: '12px sans-serif',
            cursor: 'pointer',
          }}
        >
          {s.img ? <img src={s.img} alt="" style={{ width: 64, height: 40, objectFit: 'cover', borderRadius: 2 }} /> : null}
          <span>{s.name}</span>
        </button>
      ))}
    </div>
  );
}
