import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TabBar, useTabs } from './TabBar';

const TABS = ['a', 'b', 'c'] as const;
type Key = (typeof TABS)[number];

function Harness({ tabs = TABS }: { tabs?: readonly Key[] }) {
  const [tab, setTab] = useState<Key>('a');
  return (
    <>
      <TabBar
        tabs={tabs}
        active={tab}
        onSelect={setTab}
        label="Sections"
        tabId={(k) => `t-${k}`}
        panelId={(k) => `p-${k}`}
        testId={(k) => `tab-${k}`}
      >
        {(k) => `Tab ${k.toUpperCase()}`}
      </TabBar>
      <div role="tabpanel" id={`p-${tab}`} aria-labelledby={`t-${tab}`} data-testid="panel">
        {tab}
      </div>
    </>
  );
}

const tab = (k: Key) => screen.getByTestId(`tab-${k}`);

describe('TabBar (one tab bar for every page with tabs)', () => {
  it('names the tab list, ties each tab to its panel and keeps only the selected tab in the Tab order', () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Sections' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Tab B' })).toBe(tab('b'));
    expect(tab('a').getAttribute('aria-selected')).toBe('true');
    expect(tab('a').getAttribute('aria-controls')).toBe('p-a');
    expect(tab('a').id).toBe('t-a');
    expect([tab('a').tabIndex, tab('b').tabIndex, tab('c').tabIndex]).toEqual([0, -1, -1]);
    fireEvent.click(tab('c'));
    expect(tab('c').getAttribute('aria-selected')).toBe('true');
    expect(tab('a').getAttribute('aria-selected')).toBe('false');
    expect(screen.getByRole('tabpanel', { name: 'Tab C' }).textContent).toBe('c');
  });

  it('moves and selects with the arrow keys (wrapping), Home and End, and moves the focus with it', () => {
    render(<Harness />);
    fireEvent.keyDown(tab('a'), { key: 'ArrowLeft' });
    expect(tab('c').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('c'));
    fireEvent.keyDown(tab('c'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('a'));
    fireEvent.keyDown(tab('a'), { key: 'End' });
    expect(document.activeElement).toBe(tab('c'));
    fireEvent.keyDown(tab('c'), { key: 'Home' });
    expect(tab('a').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('a'));
  });

  it('leaves other keys alone', () => {
    render(<Harness tabs={['a', 'b']} />);
    const e = fireEvent.keyDown(tab('a'), { key: 'Enter' });
    expect(e).toBe(true);
    expect(tab('a').getAttribute('aria-selected')).toBe('true');
  });

  it('useTabs gives the bar and its one panel matching ids: the panel is named by the selected tab', () => {
    function Owned() {
      const tabs = useTabs<Key>('b');
      return (
        <>
          <TabBar tabs={TABS} {...tabs.bar} label="Owned" testId={(k) => `tab-${k}`}>
            {(k) => `Tab ${k.toUpperCase()}`}
          </TabBar>
          <div {...tabs.panel}>{tabs.tab}</div>
        </>
      );
    }
    render(<Owned />);
    expect(screen.getByRole('tabpanel', { name: 'Tab B' }).textContent).toBe('b');
    expect(tab('b').getAttribute('aria-controls')).toBe(screen.getByRole('tabpanel').id);
    fireEvent.keyDown(tab('b'), { key: 'ArrowRight' });
    const panel = screen.getByRole('tabpanel', { name: 'Tab C' });
    expect(panel.textContent).toBe('c');
    expect(tab('c').getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.tabIndex).toBe(0);
  });
});
