import { definePart } from './define';
import { partText } from './text';

/**
 * Texts of the user-code consent notice (keys prefixed 'consent.'), issue 8 §1. Kept out of the
 * viewer's catalogue: only the notice imports them, and it is loaded when a document holds code
 * that waits for consent, so a viewer page's script before its first frame does not carry them.
 */
const consent = definePart(
  {
    'consent.title': 'Scripts in this document are not run',
    'consent.why': 'It was opened from a link or a file. Run its code only if you trust where it came from.',
    'consent.holds': 'It holds:',
    'consent.hook': 'script hook {name}',
    'consent.frameScript': 'frame script ({name})',
    'consent.shaderCode': 'shader code ({name})',
    'consent.spaceFrame': 'frame callbacks (api.onFrame) in the space script',
    'consent.spaceScript': 'a space script',
    'consent.run': 'Run scripts',
  },
  {
    'consent.title': '此文档中的脚本未运行',
    'consent.why': '它来自链接或文件。只有在信任其来源时才运行其中的代码。',
    'consent.holds': '其中包含：',
    'consent.hook': '脚本钩子 {name}',
    'consent.frameScript': '逐帧脚本（{name}）',
    'consent.shaderCode': '着色器代码（{name}）',
    'consent.spaceFrame': '空间脚本中的逐帧回调（api.onFrame）',
    'consent.spaceScript': '一段空间脚本',
    'consent.run': '运行脚本',
  },
);

export const consentText = partText(consent);
