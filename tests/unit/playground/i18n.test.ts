import { describe, expect, it } from 'vitest';
import { MSG, type SchemaIssue } from '../../../shared/schema';
import { describeIssues, isTextKey, t, type TextKey } from '../../../playground/i18n';

// The playground's texts left the package's catalogue; what the page shows must not change.
describe('playground texts', () => {
  it('reads its own keys, with placeholders, in both languages', () => {
    expect(t('en', 'playground.saved', { name: 'Plant' })).toBe('Saved "Plant"');
    expect(t('zh_Hans', 'playground.saved', { name: 'Plant' })).toBe('已保存“Plant”');
    expect(t('en', 'playground.materialEditor')).toBe('Material editor');
    expect(t('zh_Hans', 'session.signedIn')).toBe('已登录');
  });

  it("reads the plug-in's keys from the plug-in", () => {
    expect(t('en', 'ui.loading')).toBe('Loading…');
    expect(t('zh_Hans', MSG.unsupportedFormat, { ext: 'stl' })).toBe('媒体库未配置的不支持的文件格式：stl');
  });

  it('falls back as the plug-in does: English for a catalogue gap, then the key; a missing value stays visible', () => {
    expect(t('fr' as never, 'playground.example.tag')).toBe('Example');
    expect(t('en', 'no.such.key' as TextKey)).toBe('no.such.key');
    expect(t('en', 'playground.saveFailed')).toBe('Saving failed: {reason}');
    expect(t('en', 'playground.saved', { name: 'a$&b' })).toBe('Saved "a$&b"');
  });

  it('knows both kinds of key', () => {
    expect(['session.error.unauthorized', 'playground.title', 'error.script', 'Not a key'].map(isTextKey)).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it("describes load issues carrying the playground's keys and the plug-in's", () => {
    const issues: SchemaIssue[] = [
      { path: 'scene', message: 'playground.error.sceneTooLarge', params: { limit: 10 } },
      { path: '(root)', message: 'session.error.unauthorized' },
      { path: 'widgets.0', message: 'msg.duplicateWidgetId', params: { id: 'm1' } },
      { path: 'widgets.1.id', message: 'Too small: expected string to have >=1 characters' },
    ];
    expect(describeIssues(issues, 'en')).toEqual([
      { path: 'scene', message: 'The linked document unpacks to more than 10 MB and was not opened' },
      { path: '(root)', message: 'Not signed in, or the session has ended: sign in again (see the notice at the top)' },
      { path: 'widgets.0', message: 'The widget id "m1" is used more than once' },
      issues[3],
    ]);
    expect(describeIssues(issues, 'zh_Hans')[0]).toEqual({ path: 'scene', message: '链接中的文档解压后超过 10 MB，未打开' });
  });
});
