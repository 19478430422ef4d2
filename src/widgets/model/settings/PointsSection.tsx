import { Typography } from 'antd';
import { ColourField } from '../../../settings/fields';
import { useSettings } from '../../../settings/context';

/** pointConfig.hotColor, offered only for a .pcd point cloud (the panel decides when to show it). */
export function PointsSection() {
  const { t } = useSettings();
  return (
    <>
      <ColourField name={['pointConfig', 'hotColor']} label={t('modelPanel.hotColor')} />
      <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
        {t('modelPanel.hotColorHelp')}
      </Typography.Paragraph>
    </>
  );
}
