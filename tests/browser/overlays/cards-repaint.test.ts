import { afterEach, describe, expect, it } from 'vitest';
import { PerspectiveCamera, Scene } from 'three';
import { createCardLayer, type CardLayer } from '../../../worker/overlays/cards';
import { parseCard, type CardInput } from '../../../worker/overlays/cards/input';
import { ElementStandIn } from '../../../worker/engine/element';
import type { EngineContext } from '../../../worker/engine/context';
import { card } from './support';

/*
 * The worker's card layer draws card textures on drawn frames, not when a message arrives: values
 * changing faster than frames are drawn cost one texture drawing per card per frame, and a frame
 * draws a bounded number of them (the rest ask for the next frame), so the worker never falls
 * behind its messages. Real OffscreenCanvas 2D drawing; textureDraws counts drawings.
 */

let layer: CardLayer | null = null;
afterEach(() => {
  layer?.dispose();
  layer = null;
});

function setup() {
  let frames = 0;
  const camera = new PerspectiveCamera(45, 4 / 3, 1, 10_000);
  camera.position.set(0, 0, 600);
  const element = new ElementStandIn();
  element.setRect(400, 300);
  const ctx = {
    scene: new Scene(),
    overlay: new Scene(),
    camera,
    element,
    size: { width: 400, height: 300, pixelRatio: 1, devicePixelRatio: 1 },
    invalidate: () => frames++,
    emit: () => undefined,
  } as unknown as EngineContext;
  layer = createCardLayer(ctx);
  return { layer, framesAsked: () => frames };
}

function input(value: string, previous?: CardInput): CardInput {
  const r = parseCard(card({}, [{ label: 'T', value }]), previous);
  if (!r.ok) throw new Error(r.error);
  return r.card;
}

describe('card textures are drawn per frame', () => {
  it('many updates between two frames draw each shown card once, with its last value; a pin draws nothing', () => {
    const { layer } = setup();
    for (let v = 0; v < 10; v++) for (const id of ['a', 'b', 'c']) layer.set(id, input(String(v)));
    // Nothing is drawn when the updates arrive.
    expect(layer.stats()).toMatchObject({ total: 3, textureDraws: 0 });
    layer.place();
    // At one anchor: one card whole (drawn once, with the last value), the other two pins (not drawn).
    expect(layer.stats()).toMatchObject({ total: 3, textureDraws: 1, levels: { cards: 1, pins: 2 } });
    const rects = layer.rects();
    expect(Object.values(rects).every((r) => r.visible || r.level === 'pin')).toBe(true);
    const whole = Object.keys(rects).find((id) => rects[id]!.level === 'card')!;
    const pinned = Object.keys(rects).filter((id) => id !== whole);
    // The same content again draws nothing; a pin's new value waits for it to show whole.
    layer.set(whole, input('9'));
    layer.set(pinned[0]!, input('10'));
    layer.place();
    expect(layer.stats()).toMatchObject({ textureDraws: 1, cellDraws: 0 });
    // The whole card's new value redraws its cell only.
    layer.set(whole, input('11'));
    layer.place();
    expect(layer.stats()).toMatchObject({ textureDraws: 1, cellDraws: 1 });
  });

  it('a frame draws a bounded share of many changed cards and asks for more frames until all are drawn', async () => {
    const { layer, framesAsked } = setup();
    const count = 300;
    // Always shown whole (even on one another): every one of them needs its drawing.
    const always = (value: string) => {
      const r = parseCard(card({ levelConfig: { alwaysShow: true } }, [{ label: 'T', value }]));
      if (!r.ok) throw new Error(r.error);
      return r.card;
    };
    for (let i = 0; i < count; i++) layer.set(`c${i}`, always('1'));
    let frames = 0;
    while (layer.stats().textureDraws < count && frames < count) {
      const before = layer.stats().textureDraws;
      const asked = framesAsked();
      layer.place();
      frames++;
      expect(layer.stats().textureDraws).toBeGreaterThan(before);
      // Cards left to draw: the frame asked for the next one.
      if (layer.stats().textureDraws < count) expect(framesAsked()).toBe(asked + 1);
    }
    expect(layer.stats().textureDraws).toBe(count);
    expect(frames).toBeGreaterThan(1);
    expect(Object.values(layer.rects()).filter((r) => r.visible && r.level === 'card')).toHaveLength(count);
    // All drawn: the last frame asks for no other.
    await new Promise((r) => setTimeout(r, 250));
    layer.place();
    const asked = framesAsked();
    layer.place();
    expect(framesAsked()).toBe(asked);
  });

  it('a card off the canvas (in front of the camera, beside the view) is not drawn', () => {
    const { layer } = setup();
    const aside = parseCard(card({ meshConfig: { position: { x: -5000, y: 0, z: 0 } } }));
    if (!aside.ok) throw new Error(aside.error);
    layer.set('aside', aside.card);
    layer.set('shown', input('1'));
    layer.place();
    const rects = layer.rects();
    expect(rects.aside!.visible).toBe(false);
    expect(rects.shown!.visible).toBe(true);
  });
});
