import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { GroupWidget } from '../../../src/widgets/group/GroupWidget';
import { GroupSettings } from '../../../src/widgets/group/GroupSettings';
import { GroupConfigSchema, type GroupConfig } from '../../../shared/schema/group';
import { waitFor } from '../support/harness';
import { clickSteady } from '../support/click';
import { fakeHost, mount, unmountWidgets } from './support';

afterEach(unmountWidgets);

const config = GroupConfigSchema.parse({ layoutWidth: 320, layoutHeight: 180 });
const child = (
  <div data-testid="inner" style={{ width: '100%', height: '100%', background: '#3a6' }}>
    gauge
  </div>
);

const modal = () => document.querySelector<HTMLElement>('.dash3d-group-modal .ant-modal');
const modalOpen = () => {
  const m = modal();
  return !!m && getComputedStyle(m).display !== 'none' && m.getBoundingClientRect().width > 0;
};
/** The modal's opening animation is over: nothing animating in it, and its box the same two frames apart. */
const modalStill = async () => {
  const m = modal();
  if (!m || m.getAnimations({ subtree: true }).length > 0) return false;
  const a = m.getBoundingClientRect();
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const b = m.getBoundingClientRect();
  return m.getAnimations({ subtree: true }).length === 0 && a.left === b.left && a.top === b.top && a.width === b.width;
};

describe('the 3D component group widget', () => {
  it.each([
    ['en', 'double click to edit', 'Edit 3D component group'],
    ['zh_Hans', '双击编辑', '编辑3D组件组'],
  ] as const)(
    'edit mode (%s): hover shows the mask, a double click opens the modal with the children, no footer',
    async (locale, hint, title) => {
      const r = mount(
        <GroupWidget id="g1" config={config} host={fakeHost({ locale })}>
          {child}
        </GroupWidget>,
      );
      const mask = r.container.querySelector<HTMLElement>('.dash3d-group__mask')!;
      expect(mask.textContent).toBe('');
      await userEvent.hover(mask);
      await waitFor(() => mask.textContent === hint, 'the hover text');
      await userEvent.unhover(mask);
      await waitFor(() => mask.textContent === '', 'the text gone after hover');

      await userEvent.dblClick(mask);
      await waitFor(modalOpen, 'the modal to open');
      const dialog = modal()!;
      expect(dialog.querySelector('.ant-modal-title')!.textContent).toBe(title);
      expect(dialog.querySelector('.ant-modal-footer')).toBeNull();
      // The children move into the modal, at the inner layout's size.
      const inner = dialog.querySelector<HTMLElement>('[data-testid="inner"]')!;
      expect(inner).not.toBeNull();
      // Layout sizes: the opening animation scales the dialog, which the client rect would include.
      expect([inner.offsetWidth, inner.offsetHeight]).toEqual([320, 180]);
      expect(r.container.querySelector('[data-testid="inner"]')).toBeNull();
    },
  );

  it('clicking the mask keeps the modal open; Escape and the close button close it', async () => {
    const r = mount(
      <GroupWidget id="g1" config={config} host={fakeHost()}>
        {child}
      </GroupWidget>,
    );
    const mask = r.container.querySelector<HTMLElement>('.dash3d-group__mask')!;
    await userEvent.dblClick(mask);
    await waitFor(modalOpen, 'the modal to open');
    // A real click on the dimmed area, in the top-left corner, far from the dialog.
    const wrap = document.querySelector<HTMLElement>('.dash3d-group-modal .ant-modal-wrap')!;
    await userEvent.click(wrap, { position: { x: 5, y: 5 } });
    await new Promise((r) => setTimeout(r, 400));
    expect(modalOpen()).toBe(true);

    await userEvent.keyboard('{Escape}');
    await waitFor(() => !modalOpen(), 'Escape to close the modal');
    await waitFor(() => r.container.querySelector('[data-testid="inner"]'), 'the children back in the normal view');

    await userEvent.dblClick(mask);
    await waitFor(modalOpen, 'the modal to open again');
    await clickSteady(modal()!.querySelector<HTMLElement>('.ant-modal-close')!);
    await waitFor(() => !modalOpen(), 'the close button to close the modal');
  });

  it('the keyboard opens it too: Enter on the focused group', async () => {
    const r = mount(
      <GroupWidget id="g1" config={config} host={fakeHost()}>
        {child}
      </GroupWidget>,
    );
    const mask = r.container.querySelector<HTMLElement>('.dash3d-group__mask')!;
    mask.focus();
    expect(mask.getAttribute('aria-label')).toBe('Edit 3D component group');
    await userEvent.keyboard('{Enter}');
    await waitFor(modalOpen, 'Enter to open the modal');
  });

  it('the title bar drags the modal', async () => {
    const r = mount(
      <GroupWidget id="g1" config={config} host={fakeHost()}>
        {child}
      </GroupWidget>,
    );
    await userEvent.dblClick(r.container.querySelector<HTMLElement>('.dash3d-group__mask')!);
    await waitFor(modalOpen, 'the modal to open');
    // Let the opening animation end, so only the drag moves the dialog.
    await waitFor(modalStill, 'the opening animation to end', 10_000);
    const handle = modal()!.querySelector<HTMLElement>('.dash3d-group-modal__handle')!;
    const wrap = document.querySelector<HTMLElement>('.dash3d-group-modal .ant-modal-wrap')!;
    const start = handle.getBoundingClientRect();
    expect(start.left).toBeGreaterThan(100);
    // Grab the handle 10,5 px into it and drop at 40,40 of the (full-viewport) wrap.
    await userEvent.dragAndDrop(handle, wrap, { sourcePosition: { x: 10, y: 5 }, targetPosition: { x: 40, y: 40 } });
    const w = wrap.getBoundingClientRect();
    await waitFor(() => {
      const now = handle.getBoundingClientRect();
      return Math.abs(now.left - (w.left + 30)) < 2 && Math.abs(now.top - (w.top + 35)) < 2;
    }, 'the handle to follow the pointer');
  });

  it('preview mode: no mask, no modal, just the children', () => {
    const r = mount(
      <GroupWidget id="g1" config={config} host={fakeHost({ mode: 'preview' })}>
        {child}
      </GroupWidget>,
    );
    expect(r.container.querySelector('.dash3d-group__mask')).toBeNull();
    expect(r.container.querySelector('[data-testid="inner"]')).not.toBeNull();
  });
});

describe('the component group settings', () => {
  it('edits the inner layout size, in the host language, and the view follows', async () => {
    const host = fakeHost({ locale: 'zh_Hans' });
    function Owner() {
      const [c, setC] = useState<GroupConfig>(config);
      return (
        <>
          <GroupSettings id="g1" config={c} host={host} onChange={setC} />
          <GroupWidget id="g1" config={c} host={host}>
            {child}
          </GroupWidget>
        </>
      );
    }
    const r = mount(<Owner />, { width: 500, height: 900 });
    expect(r.container.textContent).toContain('布局宽度（像素）');
    const width = r.container.querySelector<HTMLInputElement>('input[id$="layoutWidth"]')!;
    await userEvent.clear(width);
    await userEvent.type(width, '260');
    await waitFor(() => r.container.querySelector<HTMLElement>('.dash3d-group')?.offsetWidth === 260, 'the group at the new width');
  });
});
