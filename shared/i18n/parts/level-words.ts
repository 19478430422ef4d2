import { definePart } from './define';
import { partText } from './text';

/*
 * The words of a card's level, its announcement and a space's description (issue 42), kept out of
 * the viewer's catalogue: only the parts that say them import this (the mirror's level words, the
 * alarm announcer and the scene describer, each loaded when first needed), so a viewer page's
 * script before its first frame does not carry them (the Turbopack viewer page is at 200 kB).
 */
const TEXTS = definePart(
  {
    alarm: 'in alarm',
    above: 'above {high}',
    below: 'below {low}',
    outside: 'outside {low} to {high}',
    says: '{name}: {test}',
    entered: '{card} {value}, {level}',
    more: 'and {count} more',
    models: 'Models: {list}.',
    cards: 'Data cards: {list}.',
    empty: 'Nothing placed in it yet.',
  },
  {
    alarm: '告警',
    above: '高于 {high}',
    below: '低于 {low}',
    outside: '超出 {low} 至 {high}',
    says: '{name}：当前{test}',
    entered: '{card} 为 {value}，{level}',
    more: '另有 {count} 项',
    models: '模型：{list}。',
    cards: '数据卡片：{list}。',
    empty: '尚未放置任何内容。',
  },
);

export const levelText = partText(TEXTS);
