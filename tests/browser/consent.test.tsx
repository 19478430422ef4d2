import { afterEach, describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import { diffShare, mountSpace, unmountAll, waitFor, type Mounted } from './support/harness';
import { contentScene, normalBoxScript } from './support/scenes';
import { consentText } from '../../shared/i18n/parts/consent';

/*
 * Issue 8 §1: a document from a link or a file (userCode.trusted false) opens with its code off
 * and a notice naming what it holds; Run scripts (a real button, pressed here with the keyboard)
 * runs the scripts of every space of that document, remembered per content hash for the session.
 */

afterEach(unmountAll);

/** A document text no earlier test (or run in this session) has given consent to. */
const freshDocument = () => JSON.stringify({ id: crypto.randomUUID(), widgets: [] });

const scriptsOn = async (m: Mounted) => {
  try {
    return (await m.handle.stats()).scriptsEnabled && m.root.dataset.state === 'ready';
  } catch {
    return false; // restarting
  }
};

describe('consent to run the code of a document from a link', () => {
  it('opens with scripts off and a notice naming the hooks; Run scripts (keyboard) runs them', async () => {
    const document = freshDocument();
    const m = await mountSpace(contentScene, { userCode: { trusted: false, document } });
    expect((await m.handle.stats()).scriptsEnabled).toBe(false);
    // The notice is a part of its own, loaded when a document holds code.
    const notice = await waitFor(() => m.root.querySelector<HTMLElement>('.dash3d-consent'), 'the consent notice');
    expect(notice.textContent).toContain(consentText('en', 'consent.title'));
    expect(notice.textContent).toContain(consentText('en', 'consent.hook', { name: 'onReady' }));
    const without = await m.pixels();

    const button = notice.querySelector<HTMLButtonElement>('button')!;
    expect(button.textContent).toBe(consentText('en', 'consent.run'));
    await waitFor(() => !button.disabled, 'the document key');
    button.focus();
    await commands.keyDown('Enter');
    await commands.keyUp('Enter');
    await waitFor(() => scriptsOn(m), 'scripts to run');
    await m.handle.settled();
    // The box the onReady hook adds is drawn now, and the notice is gone.
    expect(diffShare(without, await m.pixels())).toBeGreaterThan(0.05);
    expect(m.root.querySelector('.dash3d-consent')).toBeNull();
  });

  it('one consent runs every space of the document, and is remembered for the session', async () => {
    const document = freshDocument();
    const a = await mountSpace(contentScene, { userCode: { trusted: false, document } });
    const b = await mountSpace(
      { ...contentScene, script: `function onModelLoaded(THREE, api, m) {}\napi => api.onFrame(() => {})` },
      { userCode: { trusted: false, document } },
    );
    const noticeB = await waitFor(() => b.root.querySelector('.dash3d-consent'), 'the consent notice');
    expect(noticeB.textContent).toContain(consentText('en', 'consent.hook', { name: 'onModelLoaded' }));
    const button = await waitFor(() => a.root.querySelector<HTMLButtonElement>('.dash3d-consent button'), 'the consent notice');
    await waitFor(() => !button.disabled, 'the document key');
    button.click();
    await waitFor(() => scriptsOn(a), 'scripts to run in the first space');
    await waitFor(() => scriptsOn(b), 'scripts to run in the second space');
    expect(b.root.querySelector('.dash3d-consent')).toBeNull();
    const stored = Object.keys(sessionStorage).filter((k) => k.startsWith('dash3d.userCode.allowed.'));
    expect(stored.length).toBeGreaterThan(0);
    a.unmount();
    b.unmount();

    // Opened again (a reload keeps sessionStorage): no question; another document asks again.
    const again = await mountSpace(contentScene, { userCode: { trusted: false, document } });
    await waitFor(() => scriptsOn(again), 'scripts to run without asking');
    expect(again.root.querySelector('.dash3d-consent')).toBeNull();
    const other = await mountSpace(contentScene, { userCode: { trusted: false, document: freshDocument() } });
    expect((await other.handle.stats()).scriptsEnabled).toBe(false);
    expect(other.root.querySelector('.dash3d-consent')).not.toBeNull();
  });

  it('a host that says nothing gets the safe side; a trusted document runs at once; the template asks nothing', async () => {
    const silent = await mountSpace({ ...contentScene, script: normalBoxScript + '\n// ' + crypto.randomUUID() }, { userCode: undefined });
    expect((await silent.handle.stats()).scriptsEnabled).toBe(false);
    expect(silent.root.querySelector('.dash3d-consent')).not.toBeNull();
    const trusted = await mountSpace(contentScene, { userCode: { trusted: true } });
    expect((await trusted.handle.stats()).scriptsEnabled).toBe(true);
    expect(trusted.root.querySelector('.dash3d-consent')).toBeNull();
    const template = await mountSpace({ ...contentScene, script: undefined }, { userCode: { trusted: false, document: freshDocument() } });
    expect(template.root.querySelector('.dash3d-consent')).toBeNull();
  });

  it('the notice speaks the designer language', async () => {
    const m = await mountSpace(contentScene, { locale: 'zh_Hans', userCode: { trusted: false, document: freshDocument() } });
    const notice = m.root.querySelector('.dash3d-consent')!;
    expect(notice.textContent).toContain('此文档中的脚本未运行');
    expect(notice.querySelector('button')?.textContent).toBe('运行脚本');
  });
});
