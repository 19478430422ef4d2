import { Descriptions, Tag } from 'antd';
import { useVariable, type VariableSource } from 'dash3d';
import type { PlaygroundKey } from '../i18n';
import { useText } from '../locale';

function Value({ variables, name }: { variables: VariableSource; name: string }) {
  const text = useText();
  const value = useVariable(variables, name);
  if (typeof value === 'boolean') {
    // A darker green than antd's 'green' preset, whose text on its tint is 3.3:1 (WCAG AA asks 4.5).
    return <Tag color={value ? '#237804' : 'default'}>{text(value ? 'playground.variables.on' : 'playground.variables.off')}</Tag>;
  }
  if (value === '') return <span style={{ color: '#6b6b6b' }}>—</span>;
  const unit = name === 'temperature' ? ' °C' : name === 'pressure' ? ' kPa' : '';
  return <span style={{ fontVariantNumeric: 'tabular-nums' }}>{`${String(value)}${unit}`}</span>;
}

/** The simulated device's variables, live: what a widget binding (e.g. the snapshot variable) sees. */
export function Variables({ variables }: { variables: VariableSource }) {
  const text = useText();
  // The variable's own name (what a binding refers to) is the label's tooltip.
  const label = (name: string) => {
    const key = `playground.variables.${name}` as PlaygroundKey;
    const t = text(key);
    return <span title={name}>{t === key ? name : t}</span>;
  };
  return (
    <Descriptions
      title={text('playground.variables.title')}
      size="small"
      column={1}
      style={{ padding: '0 12px 12px' }}
      items={variables.names().map((name) => ({ key: name, label: label(name), children: <Value variables={variables} name={name} /> }))}
    />
  );
}
