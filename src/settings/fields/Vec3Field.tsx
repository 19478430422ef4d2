import { useId, type ReactNode } from 'react';
import { Col, Row, Typography } from 'antd';
import { useSettings } from '../context';
import type { FieldPath, NumberRange } from '../schemaPath';
import { NumberField } from './NumberField';

export interface Vec3FieldProps {
  name: FieldPath;
  /** The group's title (already translated): 'Camera position', 'Target' … */
  label: ReactNode;
  /** Overrides the schema's range for all three axes. */
  range?: NumberRange & { slider?: boolean };
}

const AXES = [
  ['x', 'ui.axisX'],
  ['y', 'ui.axisY'],
  ['z', 'ui.axisZ'],
] as const;

/** The 3D coordinate field group (spec §3): x, y, z titled X axis, Y axis, Z axis, side by side. */
export function Vec3Field({ name, label, range }: Vec3FieldProps) {
  const { t } = useSettings();
  const titleId = useId();
  return (
    <div role="group" aria-labelledby={titleId} style={{ marginBottom: 4 }}>
      <Typography.Text id={titleId} style={{ display: 'block', marginBottom: 4 }}>
        {label}
      </Typography.Text>
      <Row gutter={8}>
        {AXES.map(([axis, key]) => (
          <Col span={8} key={axis}>
            <NumberField name={[...name, axis]} label={t(key)} range={{ slider: false, ...range }} />
          </Col>
        ))}
      </Row>
    </div>
  );
}
