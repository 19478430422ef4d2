import { useId } from 'react';
import type { PreviewMaterialResult, ShaderFault } from '../../../shared/protocol';
import { t, type Locale } from '../../../shared/i18n/editor';
import { CodeEditor } from './CodeEditor';

export interface ShaderCodeFieldProps {
  value: string;
  onChange(value: string): void;
  /** The newest answer of <MaterialPreview onResult>: a refused shader says why, and where. */
  result: PreviewMaterialResult | null | undefined;
  locale: Locale;
}

/** A shader fault in the designer's language: the stage, the line (in the shaderCode text when known), the driver's message. */
export function describeShaderFault(fault: ShaderFault, locale: Locale): string {
  const stage = t(locale, `code.stage.${fault.stage}`);
  const message = fault.message;
  if (fault.line !== null) return t(locale, 'code.error.at', { stage, line: fault.line, message });
  if (fault.shaderLine !== null) return t(locale, 'code.error.atShader', { stage, line: fault.shaderLine, message });
  return t(locale, 'code.error.noLine', { stage, message });
}

/**
 * The shader material's code (spec §4: a function body returning { vertexShader, fragmentShader,
 * uniforms }), its template strings highlighted as GLSL. When the preview refuses it (the JavaScript
 * threw, the GLSL did not compile; the last good material stays on screen) the error is shown under
 * the editor, and as a diagnostic on its line in the editor with the same words.
 */
export function ShaderCodeField({ value, onChange, result, locale }: ShaderCodeFieldProps) {
  const errorId = useId();
  const refused = result && !result.ok ? result : null;
  const fault = refused?.shader ?? null;
  const text = fault ? describeShaderFault(fault, locale) : refused?.issues.find((i) => i.path === 'shaderCode')?.message;
  return (
    <div className="dash3d-shader-code-field">
      <div style={{ fontWeight: 600, marginBottom: 4 }}>{t(locale, 'code.shader.label')}</div>
      <CodeEditor
        value={value}
        onChange={onChange}
        label={t(locale, 'code.shader.label')}
        kind="shaderCode"
        errorLine={fault?.line ?? null}
        errorMessage={text}
        errorMessageId={text ? errorId : undefined}
        rows={14}
        locale={locale}
      />
      {text ? (
        <div
          id={errorId}
          role="alert"
          className="dash3d-code-error"
          data-line={fault?.line ?? undefined}
          style={{ color: '#cf1322', marginTop: 4, whiteSpace: 'pre-wrap' }}
        >
          <strong>{t(locale, 'code.error.title')}</strong> {text}
        </div>
      ) : null}
    </div>
  );
}
