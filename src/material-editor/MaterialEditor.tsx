import { useEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { Alert, Button, Flex, Modal, Tabs, Tag, Typography } from 'antd';
import type { PreviewMaterialResult } from '../../shared/protocol';
import { newMaterial, type Material } from '../../shared/schema/material';
import { t } from '../../shared/i18n/editor';
import type { ThreeDHost } from '../host/types';
import { MaterialPreview, type MaterialPreviewHandle } from './MaterialPreview';
import { MaterialForm } from './form/MaterialForm';
import { FrameScriptField } from './code/FrameScriptField';
import { ShaderCodeField } from './code/ShaderCodeField';
import { useFrameScriptStatus } from './code/useFrameScriptStatus';
import { MaterialLibraryPanel } from './library/MaterialLibraryPanel';
import { loadMaterialLibrary, type LibraryItem } from './library/listing';
import { mediaOrigins, openMaterial } from './library/open';
import { LibraryError, reasonOf } from './library/errors';
import { hasCode } from './editorState';
import { pageOrigins, usePageBase } from '../host/pageBase';
import { MaterialTree } from './tree/MaterialTree';
import { PreviewModelButton, type PreviewModel } from './tree/PreviewModelButton';
import type { SceneObjectNode } from '../../shared/schema/tree';

export interface MaterialEditorProps {
  host: ThreeDHost;
  /** A library material to open at start: its .airm's media path (as materialsConfig stores it). */
  initialPath?: string;
  /** A material was saved: its .airm's media path. */
  onSaved?(path: string): void;
  /** The preview's handle (its pixels, a thumbnail), for a host that wants it and for tests. */
  previewRef?: RefObject<MaterialPreviewHandle | null>;
  className?: string;
  style?: CSSProperties;
}

const THUMBNAIL = 128;

/**
 * The material editor (spec §2): the library on the left, the preview in the middle with the code
 * editors under it, the material's properties on the right. Every edit is a new material object
 * handed to the preview, which sends at most one message a frame to its render worker.
 *
 * Code consent: a material the designer writes here runs its code at once; one opened from the
 * media library that carries code (shader code, a frame script) runs it only after "Run its code"
 * (a library file can come from anyone who can upload), except the product's own built-ins.
 */
export function MaterialEditor({ host, initialPath, onSaved, previewRef, className, style }: MaterialEditorProps) {
  const locale = host.locale;
  const [material, setMaterial] = useState<Material>(() => newMaterial({ name: t(locale, 'materialEditor.untitled') }));
  /** The material as last opened or saved: what "unsaved changes" compares with. */
  const [savedJson, setSavedJson] = useState(() => JSON.stringify(material));
  const [opened, setOpened] = useState<LibraryItem | null>(null);
  const [result, setResult] = useState<PreviewMaterialResult | null>(null);
  const [codeAllowed, setCodeAllowed] = useState(true);
  const [openFailed, setOpenFailed] = useState<string | null>(null);
  const preview = useRef<MaterialPreviewHandle>(null);
  const frameScript = useFrameScriptStatus();
  const page = usePageBase();
  // A model previewed instead of the box (spec §2): its parts in the material tree; the chosen
  // part's material is what the form edits and the preview replaces (by the material's uuid).
  const [model, setModel] = useState<PreviewModel | null>(null);
  const [nodes, setNodes] = useState<SceneObjectNode[]>([]);
  const [part, setPart] = useState<{ key: string; target: string; original: Material } | null>(null);
  /** Clear was pressed: the part shows its own material until the next edit. */
  const [cleared, setCleared] = useState(false);
  const dirty = JSON.stringify(material) !== savedJson;
  // Not the static Modal.confirm: this one takes the host's antd theme (its contrast tokens) and
  // is rendered in the editor's tree, and its buttons speak the editor's language.
  const [modal, modalHolder] = Modal.useModal();

  const edit = (next: Material) => {
    setCleared(false);
    setMaterial(next);
  };

  const changeModel = (next: PreviewModel | null) => {
    // The chosen part went with the old model; the material in the form stays.
    setModel(next);
    setNodes([]);
    setPart(null);
    setCleared(false);
  };

  const open = (next: Material, item: LibraryItem | null) => {
    setCleared(false);
    setMaterial(next);
    setOpened(item);
    setSavedJson(JSON.stringify(next));
    setResult(null);
    setCodeAllowed(!hasCode(next) || item?.builtIn === true);
  };

  const confirmDiscard = (then: () => void) => {
    if (!dirty) return then();
    void modal.confirm({
      content: t(locale, 'materialEditor.discard', { name: material.name }),
      okText: t(locale, 'materialEditor.discardOk'),
      cancelText: t(locale, 'materialEditor.keepEditing'),
      onOk: then,
    });
  };

  const startNew = () => confirmDiscard(() => open(newMaterial({ name: t(locale, 'materialEditor.untitled') }), null));

  // Opened on a library material by path (a model part's Edit): found in the listing and opened
  // as the library would; a path the library does not list (deleted, renamed) is said so.
  useEffect(() => {
    if (!initialPath) return;
    let live = true;
    void (async () => {
      try {
        const lib = await loadMaterialLibrary(host.media);
        const item = [...lib.user, ...lib.builtIn].find((i) => i.path === initialPath);
        if (!item) throw new LibraryError('library.notListed', { path: initialPath });
        const m = await openMaterial(host.media, item, locale);
        if (live) open(m, item);
      } catch (err) {
        if (live) setOpenFailed(err instanceof LibraryError ? t(locale, err.key, err.params) : reasonOf(err));
      }
    })();
    return () => {
      live = false;
    };
    // Once per path: the host's media object may be new on each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initialPath]);

  const thumbnail = async (): Promise<Blob> => {
    const handle = preview.current;
    if (!handle) throw new Error('the preview is not running');
    return handle.thumbnail(THUMBNAIL, THUMBNAIL);
  };

  const codeTabs = [
    ...(material.type === 'shader'
      ? [
          {
            key: 'shader',
            label: t(locale, 'materialEditor.shaderCode'),
            children: (
              <ShaderCodeField
                value={material.shaderCode}
                onChange={(shaderCode) => edit({ ...material, shaderCode })}
                result={result}
                locale={locale}
              />
            ),
          },
        ]
      : []),
    {
      key: 'frame',
      label: t(locale, 'materialEditor.frameScript'),
      children: (
        <FrameScriptField
          value={material.frameScript}
          onChange={(code) => edit({ ...material, frameScript: code })}
          status={frameScript.status}
          locale={locale}
        />
      ),
    },
  ];

  return (
    <Flex className={['dash3d-material-editor', className].filter(Boolean).join(' ')} style={{ height: '100%', minHeight: 0, ...style }}>
      {modalHolder}
      <aside
        aria-label={t(locale, 'materialEditor.library')}
        style={{ width: 300, flex: 'none', borderRight: '1px solid #f0f0f0', overflow: 'auto' }}
      >
        <MaterialLibraryPanel
          media={host.media}
          locale={locale}
          current={material}
          opened={opened}
          thumbnail={thumbnail}
          onOpen={(m, item) =>
            // The material on screen just saved under its name: nothing is discarded.
            JSON.stringify({ ...material, name: m.name }) === JSON.stringify(m) ? open(m, item) : confirmDiscard(() => open(m, item))
          }
          onSaved={(_m, item) => {
            // The designer's own code, just saved: it keeps running.
            setCodeAllowed(true);
            onSaved?.(item.path);
          }}
        />
      </aside>
      <section aria-label={t(locale, 'materialEditor.preview')} style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Flex align="center" gap={8} style={{ padding: '8px 12px', borderBottom: '1px solid #f0f0f0' }}>
          <Typography.Text strong ellipsis style={{ maxWidth: 240 }}>
            {material.name}
          </Typography.Text>
          {dirty ? <Tag color="orange">{t(locale, 'materialEditor.unsaved')}</Tag> : null}
          <span style={{ flex: 1 }} />
          <Button onClick={startNew}>{t(locale, 'materialEditor.new')}</Button>
        </Flex>
        {openFailed ? (
          <Alert type="error" showIcon title={openFailed} closable onClose={() => setOpenFailed(null)} style={{ margin: 8 }} />
        ) : null}
        {!codeAllowed ? (
          <Alert
            type="warning"
            showIcon
            title={t(locale, 'materialEditor.code.held')}
            action={<Button onClick={() => setCodeAllowed(true)}>{t(locale, 'materialEditor.code.run')}</Button>}
            style={{ margin: 8 }}
          />
        ) : null}
        <Flex align="center" gap={8} wrap style={{ padding: '6px 12px' }}>
          <PreviewModelButton media={host.media} value={model} onChange={changeModel} locale={locale} />
          {model ? (
            <div style={{ flex: '1 1 220px', minWidth: 0 }}>
              <MaterialTree
                nodes={nodes}
                value={part?.key ?? null}
                locale={locale}
                onSelect={(node, m) => {
                  // Editing a part starts from its own material as the model has it now.
                  confirmDiscard(() => {
                    setPart({ key: node.key, target: m.uuid, original: m });
                    open(m, null);
                  });
                }}
                onClear={() => {
                  if (!part) return;
                  setCleared(true);
                  setMaterial(part.original);
                  setSavedJson(JSON.stringify(part.original));
                }}
              />
            </div>
          ) : null}
        </Flex>
        <div style={{ flex: 1, minHeight: 200, position: 'relative' }}>
          <MaterialPreview
            ref={(h) => {
              preview.current = h;
              if (previewRef) previewRef.current = h;
            }}
            material={cleared ? null : material}
            model={model}
            target={part?.target ?? null}
            onTree={setNodes}
            locale={locale}
            scriptsAllowed={codeAllowed}
            allowedOrigins={allowedOrigins(host, page)}
            files={host.files}
            onResult={setResult}
            onEvent={frameScript.onEvent}
            onScriptsStopped={frameScript.onScriptsStopped}
          />
        </div>
        <Tabs items={codeTabs} size="small" style={{ padding: '0 12px', maxHeight: '45%', overflow: 'auto' }} />
      </section>
      <aside
        aria-label={t(locale, 'materialEditor.properties')}
        style={{ width: 360, flex: 'none', borderLeft: '1px solid #f0f0f0', overflow: 'auto', padding: 12 }}
      >
        <MaterialForm value={material} onChange={edit} media={host.media} locale={locale} />
      </aside>
    </Flex>
  );
}

/**
 * Where textures and the envMap may load from: the page (the built-in environment image) and the
 * media library's origins. `page` is null on the server and while hydrating (usePageBase).
 */
function allowedOrigins(host: ThreeDHost, page: string | null): string[] {
  return [...new Set([...pageOrigins(page), ...mediaOrigins(host.media)])];
}
