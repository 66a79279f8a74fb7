import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STALE_NAMED, StaleNotice } from '@/components/sst/stale-notice';

const stale = (norad: string, ageDays: number, primary = false) => ({ norad, name: `OBJECT ${norad}`, epoch: '2023-07-12T03:18:49.430Z', age_days: ageDays, primary });

describe('StaleNotice (issue 30)', () => {
  it('says nothing when every set was screened', () => {
    const { container } = render(<StaleNotice stale={[]} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('names the stale objects, oldest first, with their epoch and age, linked to their pages', () => {
    render(<StaleNotice stale={[stale('48256', 1054.86), stale('A0001', 31.04)]} />);
    const note = screen.getByRole('note', { name: 'Stale element sets' });
    expect(note).toHaveTextContent('2 objects were not screened: their element sets are too far from the window for SGP4 (MAX_ELEMENT_AGE_DAYS).');
    const items = within(note).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'OBJECT 48256 (48256): epoch 2023-07-12, 1054.9 days from the window',
      'OBJECT A0001 (A0001): epoch 2023-07-12, 31.0 days from the window',
    ]);
    expect(within(items[1]!).getByRole('link', { name: 'OBJECT A0001' })).toHaveAttribute('href', '/objects/100001');
  });

  it('names the analysed satellites first and says no conjunction of theirs is known', () => {
    const others = Array.from({ length: 8 }, (_, i) => stale(String(10_000 + i), 100 - i));
    render(<StaleNotice stale={[...others, stale('190013', 40.2, true)]} />);
    const note = screen.getByRole('note', { name: 'Stale element sets' });
    expect(note).toHaveTextContent('9 objects were not screened: their element sets are too far from the window for SGP4 (MAX_ELEMENT_AGE_DAYS). One of them is an analysed satellite: no conjunction of it is known.');
    const items = within(note).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('OBJECT 190013 (190013): epoch 2023-07-12, 40.2 days from the window (analysed)');
    expect(items.slice(1).map((li) => li.textContent?.slice(0, 12))).toEqual(['OBJECT 10000', 'OBJECT 10001', 'OBJECT 10002', 'OBJECT 10003']);
    expect(note).toHaveTextContent('and 4 more, in the analysis result (stale_objects).');
  });

  it(`names the first ${STALE_NAMED} and counts the rest`, () => {
    render(<StaleNotice stale={Array.from({ length: 8 }, (_, i) => stale(String(10_000 + i), 100 - i))} />);
    const note = screen.getByRole('note', { name: 'Stale element sets' });
    expect(within(note).getAllByRole('listitem')).toHaveLength(STALE_NAMED);
    expect(note).toHaveTextContent('and 3 more, in the analysis result (stale_objects).');
  });
});
