import { useRef, type KeyboardEvent } from 'react';
import type { LibraryItem } from './listing';

export interface LibraryGridProps {
  label: string;
  items: readonly LibraryItem[];
  /** Path of the selected item (the one the action bar acts on). */
  selected: string | null;
  /** The item open in the editor, marked in the grid. */
  openedPath: string | null;
  emptyText: string;
  onSelect(item: LibraryItem): void;
  onOpen(item: LibraryItem): void;
}

/** Tiles per row, for Up/Down: the grid lays out fixed-width tiles, so the count follows its width. */
function columnsOf(list: HTMLElement | null): number {
  const tiles = list ? [...list.querySelectorAll<HTMLElement>('[role="option"]')] : [];
  if (tiles.length < 2) return 1;
  const top = tiles[0]!.offsetTop;
  const n = tiles.findIndex((el) => el.offsetTop !== top);
  return n === -1 ? tiles.length : n;
}

/**
 * Thumbnails with names as a listbox: one tab stop (the selected tile), arrows move the selection
 * (Up/Down by a row), Home/End jump, Enter or a double click opens.
 */
export function LibraryGrid({ label, items, selected, openedPath, emptyText, onSelect, onOpen }: LibraryGridProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const index = items.findIndex((i) => i.path === selected);
  const focusAt = (i: number) => {
    const item = items[Math.max(0, Math.min(items.length - 1, i))];
    if (!item) return;
    onSelect(item);
    // After React marks it selected; the element exists already (same list).
    listRef.current?.querySelector<HTMLElement>(`[data-path="${CSS.escape(item.path)}"]`)?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const cols = columnsOf(listRef.current);
    const at = index === -1 ? 0 : index;
    const moves: Record<string, number> = {
      ArrowRight: at + 1,
      ArrowLeft: at - 1,
      ArrowDown: at + cols,
      ArrowUp: at - cols,
      Home: 0,
      End: items.length - 1,
    };
    if (e.key in moves) {
      e.preventDefault();
      focusAt(moves[e.key]!);
    } else if (e.key === 'Enter' && items[at]) {
      e.preventDefault();
      onOpen(items[at]);
    }
  };
  if (items.length === 0) return <div className="dash3d-library-empty">{emptyText}</div>;
  return (
    <div
      ref={listRef}
      role="listbox"
      aria-label={label}
      onKeyDown={onKeyDown}
      style={{ display: 'flex', flexWrap: 'wrap', gap: 8, padding: 4 }}
    >
      {items.map((item, i) => {
        const isSelected = item.path === selected;
        return (
          <div
            key={item.path}
            role="option"
            aria-selected={isSelected}
            data-path={item.path}
            data-opened={item.path === openedPath || undefined}
            tabIndex={isSelected || (index === -1 && i === 0) ? 0 : -1}
            onClick={() => onSelect(item)}
            onDoubleClick={() => onOpen(item)}
            title={item.name}
            style={{
              width: 88,
              padding: 4,
              borderRadius: 4,
              cursor: 'pointer',
              outlineOffset: 1,
              border: `2px solid ${isSelected ? '#1677ff' : item.path === openedPath ? '#91caff' : 'transparent'}`,
            }}
          >
            <img src={item.thumbnail} alt="" width={76} height={76} style={{ display: 'block', objectFit: 'cover', background: '#222' }} />
            <div
              className="dash3d-library-name"
              style={{ fontSize: 12, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {item.name}
            </div>
          </div>
        );
      })}
    </div>
  );
}
