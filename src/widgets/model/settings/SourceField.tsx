import type { ComponentProps } from 'react';
import { Form } from 'antd';
import type { ModelConfig } from '../../../../shared/schema/model';
import { ModelUploadField } from '../ModelUploadField';

type Src = ModelConfig['src'];

/** Spec §4: the tree selector shows once a file is uploaded. */
export const hasFiles = (src: Src) => src.fileList.length > 0 || src.filePath !== '';

/** The wrapped field's own props: this field only adds the tree flag. */
type Props = ComponentProps<typeof ModelUploadField>;

/**
 * The upload field, keeping `tree.visible` (spec §3 "tree hidden" by default) equal to "a file is
 * uploaded": the flag is the stored form of spec §4's rule, so it changes in the same config
 * change as the files. The panel itself decides from the files, so a stored config whose flag
 * disagrees (written by hand, or by an older panel) still shows the selector when it has files.
 */
export function SourceField({ onChange, ...rest }: Props) {
  const form = Form.useFormInstance();
  return (
    <ModelUploadField
      {...rest}
      onChange={(next) => {
        // Set silently before the field's own change, which validates and sends both together.
        form.setFieldValue(['tree', 'visible'], hasFiles(next));
        onChange?.(next);
      }}
    />
  );
}
