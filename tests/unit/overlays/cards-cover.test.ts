import { describe, expect, it } from 'vitest';
import { createCoverGrid } from '../../../worker/overlays/cards/cover';

/*
 * Card bodies behind enough nearer, nearly opaque bodies are not drawn (worker/overlays/cards/cover.ts):
 * cards are offered near to far; what a body may still show is the bounds of its screen cells that
 * fewer than four nearer bodies cover.
 */
const rect = (minX: number, minY: number, maxX: number, maxY: number) => ({ minX, minY, maxX, maxY });

describe('card bodies covered by nearer ones', () => {
  it('a body under four nearer bodies is not drawn; under three it is, whole', () => {
    const grid = createCoverGrid();
    grid.reset(400, 300);
    const body = rect(100, 100, 230, 172);
    for (let i = 0; i < 3; i++) {
      expect(grid.visible(body)).toEqual(body);
      grid.add(rect(90, 90, 240, 180));
    }
    expect(grid.visible(body)).toEqual(body);
    grid.add(rect(90, 90, 240, 180));
    expect(grid.visible(body)).toBeNull();
    // A new frame starts uncovered.
    grid.reset(400, 300);
    expect(grid.visible(body)).toEqual(body);
  });

  it('a farther body sticking out above the nearer ones is drawn over the part that sticks out (whole cells)', () => {
    const grid = createCoverGrid();
    grid.reset(400, 300);
    for (let i = 0; i < 4; i++) grid.add(rect(96, 120, 248, 200));
    const part = grid.visible(rect(100, 100, 230, 172));
    expect(part).toEqual(rect(100, 100, 230, 120));
  });

  it('a cell covered only in part does not count as covered', () => {
    const grid = createCoverGrid();
    grid.reset(400, 300);
    // Inside bodies that miss the body's last column of cells by a few pixels.
    for (let i = 0; i < 8; i++) grid.add(rect(96, 96, 226, 176));
    const part = grid.visible(rect(100, 100, 230, 172));
    expect(part).not.toBeNull();
    expect(part!.maxX).toBe(230);
    expect(part!.minX).toBeGreaterThanOrEqual(216);
  });
});
