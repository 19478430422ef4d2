import { Modal } from 'antd';
import type { ThreeDHost } from '../host/types';
import { t } from '../../shared/i18n/editor';
import { MaterialEditor, type MaterialEditorProps } from './MaterialEditor';

export interface MaterialEditorModalProps {
  open: boolean;
  host: ThreeDHost;
  /** A library material to open (its media path, as materialsConfig stores it). */
  path?: string;
  onClose(): void;
  /** A material was saved (its .airm's media path). */
  onSaved?(path: string): void;
  /** The preview's handle while the editor is open (its mode, pixels, thumbnails), as MaterialEditor's. */
  previewRef?: MaterialEditorProps['previewRef'];
}

/**
 * The material editor in a large modal: what the playground's toolbar and a model's materials
 * section open. Unmounted when closed (destroyOnHidden), so its render worker is gone with it.
 */
export function MaterialEditorModal({ open, host, path, onClose, onSaved, previewRef }: MaterialEditorModalProps) {
  return (
    <Modal
      open={open}
      title={t(host.locale, 'materialEditor.title')}
      onCancel={onClose}
      footer={null}
      width="min(1400px, 96vw)"
      destroyOnHidden
      styles={{ body: { height: 'min(820px, 82vh)', padding: 0 } }}
      style={{ top: 24 }}
    >
      {open ? <MaterialEditor host={host} initialPath={path} onSaved={onSaved} previewRef={previewRef} /> : null}
    </Modal>
  );
}
