import { useState } from 'react';
import { Button, Form } from 'antd';
import { ColourField, ImageField, NumberField, SelectField, SwitchField } from '../../../settings/fields';
import { ShowWhen, SubGroup } from '../../../settings/layout';
import { errorProps, useFieldMeta, useSettings } from '../../../settings/context';
import { CodeEditor } from '../../../material-editor/code/CodeEditor';
import type { Locale } from '../../../../shared/i18n/editor';
import { ENVIRONMENT_TYPES, RESOLUTION_MODES } from '../../../../shared/schema/scene';
import { SCRIPT_TEMPLATE } from '../../../../shared/schema/space';
import { useScriptError } from '../useLiveSpace';

/** The smaller groups of the space's settings: one or a few rows each. */

export function EnvironmentSection() {
  const { t } = useSettings();
  return (
    <>
      <SwitchField name={['environmentConfig', 'enable']} label={t('settings.enable')} />
      <SelectField
        name={['environmentConfig', 'type']}
        label={t('settings.environmentType')}
        options={ENVIRONMENT_TYPES.map((v) => ({ value: v, label: t(`settings.env.${v}`) }))}
      />
    </>
  );
}

export function RenderSection() {
  const { t } = useSettings();
  const MODE = ['renderConfig', 'resolution'];
  return (
    <>
      <SelectField
        name={['renderConfig', 'outputEncoding']}
        label={t('settings.outputEncoding')}
        options={(['sRGBEncoding', 'LinearEncoding'] as const).map((v) => ({ value: v, label: t(`settings.encoding.${v}`) }))}
      />
      <SelectField
        name={MODE}
        label={t('settings.resolution')}
        options={RESOLUTION_MODES.map((v) => ({ value: v, label: t(`settings.resolution.${v}`) }))}
      />
      <ShowWhen path={MODE} is={(v) => v !== 'fixed'}>
        <NumberField name={['renderConfig', 'targetFps']} label={t('settings.targetFps')} range={{ step: 1 }} />
      </ShowWhen>
      <ShowWhen path={MODE} is={(v) => v === 'fixed'}>
        <NumberField name={['renderConfig', 'pixelRatio']} label={t('settings.pixelRatio')} range={{ step: 0.25 }} />
      </ShowWhen>
    </>
  );
}

export function PostProcessingSection() {
  const { t } = useSettings();
  const B = ['composerConfig', 'unrealBloom'];
  return (
    <SubGroup title={t('settings.bloom')}>
      <SwitchField name={[...B, 'enable']} label={t('settings.enable')} />
      <NumberField name={[...B, 'strength']} label={t('settings.strength')} />
      <NumberField name={[...B, 'radius']} label={t('settings.radius')} />
      <NumberField name={[...B, 'threshold']} label={t('settings.threshold')} />
    </SubGroup>
  );
}

export function HelpersSection() {
  const { t } = useSettings();
  const G = ['helperConfig', 'gridConfig'];
  const A = ['helperConfig', 'axesConfig'];
  return (
    <>
      <SubGroup title={t('settings.grid')}>
        <SwitchField name={[...G, 'enable']} label={t('settings.enable')} />
        <NumberField name={[...G, 'size']} label={t('settings.size')} range={{ step: 100 }} />
        <NumberField name={[...G, 'divisions']} label={t('settings.divisions')} range={{ slider: false }} />
        <ColourField name={[...G, 'colorCenterLine']} label={t('settings.colorCenterLine')} />
        <ColourField name={[...G, 'colorGrid']} label={t('settings.colorGrid')} />
      </SubGroup>
      <SubGroup title={t('settings.axes')}>
        <SwitchField name={[...A, 'enable']} label={t('settings.enable')} />
        <NumberField name={[...A, 'size']} label={t('settings.size')} range={{ step: 100 }} />
      </SubGroup>
    </>
  );
}

export function LoadingSection() {
  const { t } = useSettings();
  return (
    <>
      <ImageField name={['loadingConfig', 'img']} label={t('settings.loadingImg')} />
      <NumberField name={['loadingConfig', 'width']} label={t('settings.width')} range={{ step: 10 }} />
      <NumberField name={['loadingConfig', 'height']} label={t('settings.height')} range={{ step: 10 }} />
      <ColourField name={['loadingConfig', 'backgroundColor']} label={t('settings.loadingBackground')} />
    </>
  );
}

/**
 * The script in a code editor that hands it over on blur, not on each keystroke: a half-typed
 * script is never run (each run restarts the hooks). A value changed from outside (the reset
 * below, an undo in the host) replaces the draft, during render so no frame shows the old one.
 */
function CommitCode({
  value = '',
  onChange,
  id,
  label,
  locale,
  spaceId,
}: {
  value?: string;
  onChange?(v: string): void;
  id?: string;
  label: string;
  locale: Locale;
  spaceId: string;
}) {
  const [draft, setDraft] = useState(value);
  const [given, setGiven] = useState(value);
  if (given !== value) {
    setGiven(value);
    setDraft(value);
  }
  // The running script's newest error, on its line (while the draft is the script that ran).
  const error = useScriptError(spaceId);
  const shown = error && draft === value ? error : null;
  return (
    <CodeEditor
      value={draft}
      onChange={setDraft}
      onBlur={() => draft !== value && onChange?.(draft)}
      id={id}
      label={label}
      kind="spaceScript"
      rows={14}
      locale={locale}
      errorLine={shown?.line ?? null}
      errorMessage={shown ? `${shown.hook}: ${shown.message}` : undefined}
    />
  );
}

/** The container script (spec §2 template): JavaScript with THREE and the hook API completed. Committed on blur. */
export function ScriptSection({ spaceId }: { spaceId: string }) {
  const { t, setValue, locale } = useSettings();
  const meta = useFieldMeta(['script']);
  const label = t('settings.script');
  return (
    <>
      <Form.Item name={['script']} label={label} {...errorProps(meta.error)}>
        <CommitCode label={label} locale={locale} spaceId={spaceId} />
      </Form.Item>
      <Button size="small" onClick={() => setValue?.(['script'], SCRIPT_TEMPLATE)}>
        {t('settings.resetTemplate')}
      </Button>
    </>
  );
}
