import { describe, expect, it } from 'vitest';
import { files, importCycles, importGraph } from './import-graph';

/*
 * No import runs back up (ARCHITECTURE.md examples 14 and 17; docs/architecture.md draws the
 * layers): the worker's rooms in an explicit order, worker/models' own rooms as its data flows,
 * and no circle of files anywhere in src/, shared/ or worker/.
 */

/**
 * The worker's layers from the ground up. A file may import its own layer and any layer on a
 * lower level; a layer on the same level is a sibling and stays apart (models and features know
 * nothing of each other). First match wins; every worker file must match one (a new folder takes
 * its place here on purpose).
 */
const WORKER_LAYERS: { level: number; name: string; files: RegExp }[] = [
  // Which URLs the worker may request at all (issue 8): every fetch goes through it, util's image loader included.
  { level: 0, name: 'url policy', files: /^worker\/engine\/urls\.ts$/ },
  // Small helpers over three.js (colours, images, frames).
  { level: 1, name: 'util', files: /^worker\/util\// },
  // The ground: the context every feature gets, the surface it draws on, loop, view, element stand-in, user-code switch.
  { level: 2, name: 'ground', files: /^worker\/engine\// },
  // User code: compile, run, catch (the space's script runner stands on the ground's context).
  { level: 3, name: 'scripting', files: /^worker\/scripting\// },
  // A three material from a Material entity, and the material preview.
  { level: 4, name: 'materials', files: /^worker\/materials\// },
  // What a space holds: model widgets (which wear materials) and the scene's features, side by side.
  { level: 5, name: 'models', files: /^worker\/models\// },
  { level: 5, name: 'features', files: /^worker\/features\// },
  // Data cards and component groups, hidden by the models in front of them.
  { level: 6, name: 'overlays', files: /^worker\/overlays\// },
  // The composition root: what builds and runs one space (engine, stage, and what joins two rooms).
  { level: 7, name: 'space', files: /^worker\/space\// },
  // The worker's entry (and its first import, boot.ts) and the API object every call enters by.
  { level: 8, name: 'entry', files: /^worker\/(api|index|boot)\.ts$/ },
];
const workerLayerOf = (f: string) => WORKER_LAYERS.find((l) => l.files.test(f));

/**
 * worker/models as the data flows (ARCHITECTURE.md example 14): a load pipeline (fetch -> parse
 * worker -> a parser per format -> pack -> unpack -> upload) in one room, what acts on a loaded
 * model in another, the model widget on top joining them, and a floor of shared types both stand
 * on. Each layer lists the layers of worker/models it may import; anything else is an arrow running
 * back up (or across). First match wins.
 */
const MODEL_LAYERS: { name: string; files: RegExp; may: string[] }[] = [
  {
    name: 'model widget',
    files: /^worker\/models\/(node|node-features|registry)\.ts$/,
    may: ['model widget', 'features', 'load', 'load steps', 'floor'],
  },
  { name: 'features', files: /^worker\/models\/features\//, may: ['features', 'floor'] },
  { name: 'load', files: /^worker\/models\/load\/index\.ts$/, may: ['parse worker', 'transfer', 'load steps', 'floor'] },
  { name: 'parse worker', files: /^worker\/models\/load\/parse\//, may: ['parse worker', 'formats', 'transfer', 'load steps', 'floor'] },
  { name: 'formats', files: /^worker\/models\/load\/formats\//, may: ['formats', 'load steps', 'floor'] },
  // The packed form knows no format, no parser and no fetch: only the model it carries.
  { name: 'transfer', files: /^worker\/models\/load\/transfer\//, may: ['transfer', 'floor'] },
  { name: 'load steps', files: /^worker\/models\/load\/[^/]+$/, may: ['load steps', 'floor'] },
  // types.ts, dispose.ts, raycast.ts: what both rooms share. A new file here is floor too.
  { name: 'floor', files: /^worker\/models\/[^/]+$/, may: ['floor'] },
];
const modelLayerOf = (f: string) => MODEL_LAYERS.find((l) => l.files.test(f));

/** Arrows the levels allow that still must not be drawn. */
const FORBIDDEN: { from: RegExp; to: RegExp; why: string }[] = [
  { from: /^worker\/features\//, to: /^worker\/materials\//, why: "the scene's features know no material" },
];

/** The import arrows that break the layering, as "from -> to (why)". */
function layeringViolations(graph: Map<string, string[]>): string[] {
  const out: string[] = [];
  for (const [from, targets] of graph) {
    for (const to of targets) {
      const a = workerLayerOf(from);
      const b = workerLayerOf(to);
      if (a && b && a.name !== b.name && b.level >= a.level) out.push(`${from} -> ${to} (${a.name} may not import ${b.name})`);
      const ma = from.startsWith('worker/models/') ? modelLayerOf(from) : undefined;
      const mb = to.startsWith('worker/models/') ? modelLayerOf(to) : undefined;
      if (ma && mb && !ma.may.includes(mb.name)) out.push(`${from} -> ${to} (${ma.name} may not import ${mb.name})`);
      for (const rule of FORBIDDEN) if (rule.from.test(from) && rule.to.test(to)) out.push(`${from} -> ${to} (${rule.why})`);
    }
  }
  return out;
}

describe('worker layering: no import runs back up (ARCHITECTURE.md examples 14 and 17)', () => {
  const graph = importGraph(['worker', 'shared']);

  it('sees the imports it judges (the graph is read, not empty)', () => {
    expect(graph.get('worker/models/node.ts')).toEqual(
      expect.arrayContaining(['worker/models/load/index.ts', 'worker/models/node-features.ts', 'worker/models/types.ts']),
    );
    expect(graph.get('worker/models/node-features.ts')).toContain('worker/models/features/index.ts');
    expect(graph.get('worker/space/stage.ts')).toEqual(expect.arrayContaining(['worker/engine/surface.ts', 'worker/features/index.ts']));
    // Dynamic imports count: the load pipeline's lazily loaded parts.
    expect(graph.get('worker/models/load/index.ts')).toContain('worker/models/load/parse/client.ts');
    expect([...graph.values()].flat().filter((t) => t.endsWith('(not found)'))).toEqual([]);
  });

  it('every worker source file has its place in the layers', () => {
    expect(files('worker').filter((f) => !f.endsWith('.d.ts') && !workerLayerOf(f))).toEqual([]);
  });

  it('every relative import in worker/ goes down the layers (and inside worker/models, the allowed way)', () => {
    expect(layeringViolations(graph)).toEqual([]);
  });

  it('the checks catch an arrow back up, across siblings and inside worker/models', () => {
    const bad = new Map([
      ['worker/engine/context.ts', ['worker/space/stage.ts', 'worker/engine/view.ts', 'worker/util/frames.ts']],
      ['worker/engine/loop.ts', ['worker/scripting/hooks.ts']],
      ['worker/util/images.ts', ['worker/engine/urls.ts', 'worker/engine/loop.ts']],
      ['worker/models/features/parts.ts', ['worker/features/fog.ts', 'worker/materials/build.ts']],
      ['worker/features/background.ts', ['worker/materials/build.ts']],
      ['worker/materials/build.ts', ['worker/models/types.ts']],
      ['worker/overlays/cards/index.ts', ['worker/models/raycast.ts', 'worker/space/engine.ts']],
      ['worker/space/engine.ts', ['worker/api.ts', 'worker/overlays/kept.ts']],
      ['worker/models/load/transfer/pack.ts', ['worker/models/load/formats/gltf.ts']],
      ['worker/models/types.ts', ['worker/models/load/job.ts']],
    ]);
    expect(layeringViolations(bad)).toEqual([
      'worker/engine/context.ts -> worker/space/stage.ts (ground may not import space)',
      'worker/engine/loop.ts -> worker/scripting/hooks.ts (ground may not import scripting)',
      'worker/util/images.ts -> worker/engine/loop.ts (util may not import ground)',
      'worker/models/features/parts.ts -> worker/features/fog.ts (models may not import features)',
      "worker/features/background.ts -> worker/materials/build.ts (the scene's features know no material)",
      'worker/materials/build.ts -> worker/models/types.ts (materials may not import models)',
      'worker/overlays/cards/index.ts -> worker/space/engine.ts (overlays may not import space)',
      'worker/space/engine.ts -> worker/api.ts (space may not import entry)',
      'worker/models/load/transfer/pack.ts -> worker/models/load/formats/gltf.ts (transfer may not import formats)',
      'worker/models/types.ts -> worker/models/load/job.ts (floor may not import load steps)',
    ]);
  });
});

/**
 * No circle of files in src/, shared/ or worker/: a file's imports can be read before it, and a
 * folder's picture has arrows one way. Type-only imports count too: a circle of types is still a
 * knot the next change has to untie, and TypeScript resolves it only because types vanish.
 */
describe('no import cycles', () => {
  const graph = importGraph(['src', 'shared', 'worker']);

  it('reads the main thread too (.tsx files, index files, type-only and lazy imports)', () => {
    expect(graph.get('src/widgets/model/ModelWidget.tsx')).toContain('src/widgets/space/useLiveSpace.ts');
    expect(graph.get('src/material-editor/code/CodeEditor.tsx')).toContain('src/material-editor/code/cm/CodeMirrorEditor.tsx');
    expect([...graph.values()].flat().filter((t) => t.endsWith('(not found)'))).toEqual([]);
  });

  it('src/, shared/ and worker/ have none', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it('the check finds a circle, the long way round too', () => {
    const bad = new Map([
      ['src/widgets/space/liveSpaces.ts', ['src/widgets/space/ThreeDSpace.tsx']],
      ['src/widgets/space/ThreeDSpace.tsx', ['src/widgets/space/useSpaceEngine.ts']],
      ['src/widgets/space/useSpaceEngine.ts', ['src/widgets/space/liveSpaces.ts', 'shared/protocol.ts']],
      ['worker/models/node.ts', ['worker/models/features/picking.ts']],
      ['worker/models/features/picking.ts', ['worker/models/node.ts']],
      ['shared/protocol.ts', []],
    ]);
    expect(importCycles(bad)).toEqual([
      ['src/widgets/space/ThreeDSpace.tsx', 'src/widgets/space/liveSpaces.ts', 'src/widgets/space/useSpaceEngine.ts'],
      ['worker/models/features/picking.ts', 'worker/models/node.ts'],
    ]);
  });
});
