import { definePart } from '../define';

/** The example dashboard the media service seeds on its first start (server/example.mjs). */
export const example = definePart(
  {
    'playground.example.open': 'Open the example',
    'playground.example.tag': 'Example',
  },
  {
    'playground.example.open': '打开示例',
    'playground.example.tag': '示例',
  },
);
