import { describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/schema';
import { catalogues, describeIssues, en, isMessageKey, LOCALES, t, zh_Hans, type MessageKey } from '../../../shared/i18n';
import * as editor from '../../../shared/i18n/editor';
import { en as playgroundEn } from '../../../playground/i18n/en';
import { zh_Hans as playgroundZh } from '../../../playground/i18n/zh_Hans';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

// The package's catalogue, and the playground's own (playground/i18n): the same checks for both.
const CATALOGUES: [string, Record<string, string>, Record<string, string>][] = [
  ['shared/i18n', en, zh_Hans],
  ['shared/i18n/editor', editor.editorEn, editor.editorZh_Hans],
  ['playground/i18n', playgroundEn, playgroundZh],
];

describe.each(CATALOGUES)('catalogue %s', (_, english, chinese) => {
  it('zh_Hans and en have identical key sets', () => {
    expect(Object.keys(chinese).sort()).toEqual(Object.keys(english).sort());
  });

  it('every text is translated and keeps the same placeholders', () => {
    for (const key of Object.keys(english)) {
      expect(chinese[key], key).toMatch(/[\u4e00-\u9fff]/);
      expect(chinese[key], key).not.toBe(english[key]);
      expect(placeholders(chinese[key]!), key).toEqual(placeholders(english[key]!));
    }
  });
});

describe('catalogues', () => {
  it('lists both languages', () => {
    expect(LOCALES).toEqual(['zh_Hans', 'en']);
  });

  it("the package ships none of the playground's texts, and no key is in both catalogues", () => {
    expect(Object.keys(en).filter((key) => /^(playground|session)\./.test(key))).toEqual([]);
    expect(Object.keys(playgroundEn).filter(isMessageKey)).toEqual([]);
  });

  it('every schema message key has a text in both languages', () => {
    for (const key of Object.values(MSG)) {
      expect(isMessageKey(key), key).toBe(true);
      for (const locale of LOCALES) expect(catalogues[locale][key as MessageKey], `${locale} ${key}`).toBeTruthy();
    }
  });

  it.each<[MessageKey, string, string]>([
    [MSG.range, 'Exceeding the value range', '超出取值范围'],
    [MSG.nameEmpty, 'The name cannot be empty', '名称不能为空'],
    [MSG.snapshotNameExists, 'The snapshot name already exists', '快照名称已存在'],
    [MSG.nameDuplicated, 'The name cannot be duplicated', '名称不能重复'],
    [MSG.targetMustBeFolder, 'The target file must be a folder', '目标文件必须是文件夹'],
    [MSG.sameFolderMove, 'Do not support moving within the same folder', '不支持在同一文件夹内移动'],
    [MSG.colour, 'Not a valid colour', '不是有效的颜色'],
    [MSG.invalidConfig, 'Invalid setting', '无效的设置'],
    ['ui.placeInSpace', 'Please place it in a 3D space', '请将其放置在3D空间中'],
    ['ui.doubleClickToEdit', 'double click to edit', '双击编辑'],
    ['ui.editGroup', 'Edit 3D component group', '编辑3D组件组'],
    [
      'ui.sceneError',
      'An error has occurred, possibly due to the model file being damaged or missing!',
      '发生错误，可能是模型文件损坏或丢失！',
    ],
    ['ui.loading', 'Loading…', '加载中…'],
    [
      'notice.scriptsDisabled',
      'Scripts were turned off: the scene stopped responding and was restarted',
      '脚本已关闭：场景停止响应，已重新启动',
    ],
    ['notice.restarted', 'The scene was restarted after its renderer stopped', '渲染器停止后，场景已重新启动'],
    [
      'notice.fallback',
      'Rendering on the main thread: this browser cannot render in a worker',
      '正在主线程中渲染：此浏览器无法在 Worker 中渲染',
    ],
    ['notice.contextLost', 'WebGL context lost, waiting for it to come back', 'WebGL 上下文丢失，正在等待恢复'],
    ['error.invalidConfig', 'Invalid setting', '无效的设置'],
    ['error.script', 'Script error', '脚本错误'],
  ])('%s', (key, english, chinese) => {
    expect(t('en', key)).toBe(english);
    expect(t('zh_Hans', key)).toBe(chinese);
  });
});

describe("the editor's texts (shared/i18n/editor)", () => {
  // A viewer page loads the viewer's catalogue before its first frame; the settings panels' and the
  // material editor's texts are in a catalogue of their own, which only the editor imports (issue 31).
  it("are none of the viewer's keys, and the viewer's catalogue has none of theirs", () => {
    expect(Object.keys(editor.editorEn).filter((key) => Object.prototype.hasOwnProperty.call(en, key))).toEqual([]);
    expect(Object.keys(editor.editorEn).filter(isMessageKey)).toEqual([]);
    expect(isMessageKey('settings.background')).toBe(false);
  });

  it("its t, isMessageKey and describeIssues know both catalogues' keys", () => {
    expect(editor.t('en', 'settings.background')).toBe(editor.editorEn['settings.background']);
    expect(editor.t('zh_Hans', 'settings.background')).toBe(editor.editorZh_Hans['settings.background']);
    expect(editor.t('zh_Hans', MSG.range)).toBe('超出取值范围');
    expect(editor.t('fr' as never, 'error.script')).toBe('Script error');
    expect(editor.t('en', 'no.such.key' as editor.MessageKey)).toBe('no.such.key');
    expect(editor.isMessageKey('settings.background') && editor.isMessageKey(MSG.range)).toBe(true);
    expect(editor.isMessageKey('toString')).toBe(false);
    expect(
      editor.describeIssues(
        [
          { path: 'a', message: MSG.range },
          { path: 'b', message: 'settings.background' },
          { path: 'c', message: 'zod text' },
        ],
        'zh_Hans',
      ),
    ).toEqual([
      { path: 'a', message: '超出取值范围' },
      { path: 'b', message: editor.editorZh_Hans['settings.background'] },
      { path: 'c', message: 'zod text' },
    ]);
  });
});

describe('t', () => {
  it('fills {ext}', () => {
    expect(t('en', MSG.unsupportedFormat, { ext: 'stl' })).toBe('unsupported file format not configured in the media library: stl');
    expect(t('zh_Hans', MSG.unsupportedFormat, { ext: 'stl' })).toBe('媒体库未配置的不支持的文件格式：stl');
  });

  it('leaves a placeholder without a value visible, and ignores extra params', () => {
    expect(t('en', MSG.unsupportedFormat)).toBe('unsupported file format not configured in the media library: {ext}');
    expect(t('en', MSG.unsupportedFormat, { name: 'x' })).toMatch(/\{ext\}$/);
    expect(t('en', 'upload.done', { name: 'a$&.glb' })).toBe('a$&.glb uploaded');
  });

  it('falls back to English, then to the key, for a catalogue gap at runtime', () => {
    expect(t('fr' as never, 'error.script')).toBe('Script error');
    expect(t('en', 'no.such.key' as MessageKey)).toBe('no.such.key');
  });
});

describe('describeIssues', () => {
  const issues = [
    { path: 'cameraConfig.fov', message: MSG.range },
    { path: 'widgets.0.id', message: 'Too small: expected string to have >=1 characters' },
    { path: '(root)', message: 'toString' },
  ];

  it('translates keys and passes other texts through', () => {
    expect(describeIssues(issues, 'zh_Hans')).toEqual([{ path: 'cameraConfig.fov', message: '超出取值范围' }, issues[1], issues[2]]);
    expect(describeIssues(issues, 'en')[0]).toEqual({ path: 'cameraConfig.fov', message: 'Exceeding the value range' });
    expect(describeIssues([], 'en')).toEqual([]);
  });
});
