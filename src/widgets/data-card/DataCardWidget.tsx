import { useState } from 'react';
import type { VariableSource, WidgetViewProps } from '../../host/types';
import { useParsedConfig } from '../../host/useParsedConfig';
import { useVariable } from '../../host/useVariable';
import { CardConfigSchema, type CardConfig, type DataItem } from '../../../shared/schema/card';
import { PackageStyle } from '../../host/PackageStyle';
import { CARD_CSS } from './cardCss';
import { useJoinSpace } from '../space/useLiveSpace';
import { useSpace } from '../space/SpaceContext';
import { boundVariable, clipText, formatValue } from './cardText';
import { CardInSpace } from './CardInSpace';

const format = (value: unknown) => clipText(formatValue(value));

function Item({ item, variables }: { item: DataItem; variables: VariableSource }) {
  const name = boundVariable(item.value);
  const live = useVariable(variables, name);
  return (
    <div className="dash3d-card__item" data-bound={name ?? undefined}>
      <span className="dash3d-card__label">{clipText(item.label)}</span>
      <span className="dash3d-card__value">{format(name ? live : item.value)}</span>
    </div>
  );
}

/**
 * The 3D data card (spec §3). Inside a 3D space the space's render worker draws it, pinned to its
 * point of the scene, and the DOM keeps only its mirror for screen readers and the keyboard
 * (CardInSpace). Outside any space it is the DOM card below. Both show the same text (cardText.ts).
 */
export function DataCardWidget(props: WidgetViewProps<CardConfig>) {
  useJoinSpace(props.id);
  const space = useSpace();
  return space ? <CardInSpace {...props} space={space} /> : <DomCard {...props} />;
}

/**
 * The data card as DOM, where no space draws it. Layout, as we read the spec's fields:
 * - cardConfig.cardWidth is the card's width; lineWidth x lineHeight is the leader line's box,
 *   drawn from the anchor (its bottom-left corner) to the card's bottom-left corner.
 * - dataConfig.lineCount is how many data items share one row (1, 2 or 3 columns).
 * - A value written `{{variable}}` shows that host variable live; any other value is shown as given.
 * The class names are the theme selectors of shared/schema/card.ts, so a host theme styles them.
 */
function DomCard({ id, config, host, onWidgetEvent }: WidgetViewProps<CardConfig>) {
  const [hover, setHover] = useState(false);
  const [focus, setFocus] = useState(false);
  const { cardConfig, dataConfig } = useParsedConfig(CardConfigSchema, config);
  const columns = Number(dataConfig.lineCount);
  const { cardWidth, lineWidth, lineHeight } = cardConfig;
  const active = hover || focus;
  return (
    <div className="dash3d-card-widget" style={{ position: 'relative', width: lineWidth + cardWidth, pointerEvents: 'auto' }}>
      <PackageStyle name="card" css={CARD_CSS} />
      <div
        className={active ? 'dash3d-card dash3d-card--active' : 'dash3d-card'}
        tabIndex={0}
        role="group"
        style={{ width: cardWidth, marginLeft: lineWidth, boxSizing: 'border-box' }}
        onPointerEnter={() => setHover(true)}
        onPointerLeave={() => setHover(false)}
        onFocus={() => setFocus(true)}
        onClick={() => onWidgetEvent?.('click', { id })}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onWidgetEvent?.('click', { id });
        }}
        onBlur={() => setFocus(false)}
      >
        <div className="dash3d-card__grid" style={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
          {dataConfig.dataList.map((item, i) => (
            <Item key={i} item={item} variables={host.variables} />
          ))}
        </div>
      </div>
      <svg className="dash3d-card__line" width={lineWidth} height={lineHeight} aria-hidden="true" style={{ display: 'block' }}>
        <line x1={0} y1={lineHeight} x2={lineWidth} y2={0} stroke="currentColor" strokeWidth={1} />
      </svg>
    </div>
  );
}
