import { definePart } from './define';

/**
 * Texts about dashboard documents: the document limits (shared/schema/dashboard-limits.ts). The
 * `#scene=` share link is the playground's, and so are its texts (playground/i18n/parts/links.ts).
 */
export const documents = definePart(
  {
    'msg.nestingTooDeep': 'Nesting deeper than {limit} levels is not supported',
    'msg.tooManyWidgets': 'A dashboard can hold at most {limit} widgets',
    'msg.duplicateWidgetId': 'The widget id "{id}" is used more than once',
  },
  {
    'msg.nestingTooDeep': '不支持超过 {limit} 层的嵌套',
    'msg.tooManyWidgets': '一个仪表板最多只能包含 {limit} 个组件',
    'msg.duplicateWidgetId': '组件 ID“{id}”被重复使用',
  },
);
