import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { MAIN_ENTRIES, declarationOf } from '../../../scripts/package/entries.mjs';
import * as root from '../../../src/index';
import * as space from '../../../src/entries/space';
import * as editor from '../../../src/entries/editor';
import * as materialEditor from '../../../src/entries/material-editor';
import { WIDGET_VIEWS } from '../../../src/widgets/views';
import { createThreeDPlugin } from '../../../src/plugin';
import { WIDGET_TYPES } from '../../../shared/schema/dashboard';
import { MSG } from '../../../shared/schema/common';

/** The texts' functions: the root's know every key, dash3d/space's the viewer's. */
const TEXTS = ['t', 'isMessageKey', 'describeIssues'];

/*
 * The package's main-thread entries (issue 31): `dash3d` as since 0.1, and the subpaths a host
 * imports only what a page shows from. One list (scripts/package/entries.mjs) drives the build and
 * the declarations; package.json's exports and the declarations' tsconfig must name the same files.
 */

const project = (rel: string) => new URL(`../../../${rel}`, import.meta.url);
const pkg = JSON.parse(await readFile(project('package.json'), 'utf8')) as {
  exports: Record<string, { types: string; default: string } | string>;
  main: string;
  module: string;
};

describe('the entries', () => {
  it("package.json's exports name each entry's file and declarations, and main/module the root's (for resolvers that skip exports)", () => {
    for (const [name, source] of Object.entries(MAIN_ENTRIES)) {
      const key = name === 'index' ? '.' : `./${name}`;
      expect(pkg.exports[key], key).toEqual({ types: `./dist/types/${declarationOf(source)}`, default: `./dist/${name}.js` });
    }
    expect([pkg.main, pkg.module]).toEqual(['./dist/index.js', './dist/index.js']);
  });

  it("the declarations' tsconfig emits every entry", async () => {
    const config = await readFile(project('scripts/package/tsconfig.types.json'), 'utf8');
    for (const source of Object.values(MAIN_ENTRIES)) expect(config).toContain(`"../../${source}"`);
  });

  it('the root exports everything each subpath does, the same things (the texts: a superset)', () => {
    for (const [name, sub] of Object.entries({ space, editor, 'material-editor': materialEditor })) {
      expect(
        Object.keys(sub).filter((k) => !(k in root)),
        name,
      ).toEqual([]);
      for (const k of Object.keys(sub))
        if (k in root && !TEXTS.includes(k))
          expect((root as Record<string, unknown>)[k], `${name}: ${k}`).toBe((sub as Record<string, unknown>)[k]);
    }
    // dash3d/space's texts are the viewer's (a viewer page loads no editor text); the root's know
    // the settings panels' and the material editor's keys too (shared/i18n/editor.ts), and say the
    // same for the viewer's.
    for (const key of ['ui.loading', 'error.script', MSG.range] as const) {
      expect(root.t('zh_Hans', key)).toBe(space.t('zh_Hans', key));
      expect(root.isMessageKey(key)).toBe(true);
    }
    expect(root.describeIssues([{ path: 'a', message: MSG.range }], 'en')).toEqual(
      space.describeIssues([{ path: 'a', message: MSG.range }], 'en'),
    );
    expect([space.isMessageKey('settings.background'), root.isMessageKey('settings.background')]).toEqual([false, true]);
    expect(root.t('en', 'settings.background')).not.toBe('settings.background');
  });

  it('dash3d/space has the views the descriptors carry, by type, and nothing of the editor', () => {
    const views = new Map(
      createThreeDPlugin({ hasPermission: () => true, supportsLayoutInheritance: true } as never).widgets.map((w) => [w.type, w.View]),
    );
    for (const type of WIDGET_TYPES) expect(WIDGET_VIEWS[type], type).toBe(views.get(type));
    expect(Object.keys(space)).not.toContain('createThreeDPlugin');
    expect(Object.keys(space).filter((k) => /Material|upload|listCatalog/i.test(k))).toEqual([]);
  });
});
