import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubViewportHeight } from '@/test/jsdom-layout';
import { SATELLITE_ROW_HEIGHT, SatelliteList } from '@/components/sst/satellite-list';
import { manyRecords } from '@/test/sst-fixtures';

const CATALOGUE = manyRecords(50_000);

function rows() {
  return within(screen.getByRole('list', { name: 'Satellites' })).getAllByRole('listitem');
}

beforeEach(() => {
  stubViewportHeight(256);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('SatelliteList (virtualised)', () => {
  it('renders only the rows in view of 50,000, each knowing its place in the whole list', () => {
    render(<SatelliteList satellites={CATALOGUE} selected={new Set()} onToggle={() => {}} />);
    const shown = rows();
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(30);
    expect(shown[0]).toHaveAttribute('aria-posinset', '1');
    expect(shown[0]).toHaveAttribute('aria-setsize', '50000');
    expect(screen.getByRole('list', { name: 'Satellites' })).toHaveStyle({ height: `${50_000 * SATELLITE_ROW_HEIGHT}px` });
  });

  it('renders the rows at the scroll position', () => {
    render(<SatelliteList satellites={CATALOGUE} selected={new Set()} onToggle={() => {}} />);
    const scroller = screen.getByTestId('satellite-list-scroll');
    Object.defineProperty(scroller, 'scrollTop', { configurable: true, value: 40_000 * SATELLITE_ROW_HEIGHT });
    fireEvent.scroll(scroller);
    expect(screen.getByRole('checkbox', { name: 'OBJECT 40001' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'OBJECT 1' })).not.toBeInTheDocument();
    const positions = rows().map((row) => Number(row.getAttribute('aria-posinset')));
    expect(Math.min(...positions)).toBeGreaterThan(39_900);
  });

  it('shows the selection and reports the toggled id once per click', async () => {
    const onToggle = vi.fn();
    render(<SatelliteList satellites={CATALOGUE} selected={new Set([2])} onToggle={onToggle} />);
    expect(screen.getByRole('checkbox', { name: 'OBJECT 2' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'OBJECT 1' })).not.toBeChecked();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'OBJECT 3' }));
    expect(onToggle.mock.calls).toEqual([[3]]);
    await user.click(within(rows()[3]!).getByText('NORAD 4'));
    expect(onToggle.mock.calls).toEqual([[3], [4]]);
  });

  it("links each name to the object's page (issue 14); a click on the name opens it rather than toggling", async () => {
    const onToggle = vi.fn();
    render(<SatelliteList satellites={CATALOGUE} selected={new Set()} onToggle={onToggle} />);
    const link = within(rows()[2]!).getByRole('link', { name: 'OBJECT 3' });
    expect(link).toHaveAttribute('href', '/objects/3');
    await userEvent.setup().click(link);
    expect(onToggle).not.toHaveBeenCalled();
  });

  it('toggles with the keyboard: Space on a focused checkbox', async () => {
    const onToggle = vi.fn();
    render(<SatelliteList satellites={CATALOGUE} selected={new Set()} onToggle={onToggle} />);
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'OBJECT 1' })).toHaveFocus();
    await user.keyboard(' ');
    expect(onToggle.mock.calls).toEqual([[1]]);
  });
});
