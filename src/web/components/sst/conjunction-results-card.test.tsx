import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConjunctionResultsCard } from '@/components/sst/conjunction-results-card';
import { stubViewportHeight } from '@/test/jsdom-layout';
import { makeConjunction, makeResult } from '@/test/sst-fixtures';
import { captureDownloads } from '@/test/downloads';

const NOW = Date.parse('2025-03-01T12:00:00.000Z');

function item(pair: string) {
  return within(screen.getByRole('listitem', { name: pair }));
}

/** [label, value] of every <dt>/<dd> pair of a result item. */
function fields(pair: string) {
  return item(pair)
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
}

beforeEach(() => {
  stubViewportHeight(384);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ConjunctionResultsCard (spec §2, §9)', () => {
  it('invites running an analysis before there is a result', () => {
    render(<ConjunctionResultsCard result={null} now={NOW} />);
    const card = within(screen.getByRole('region', { name: 'Detailed Conjunction Results' }));
    expect(card.getByText('Select satellites and click Analyze Conjunctions to screen them for close approaches.')).toBeInTheDocument();
  });

  it("says 'No Conjunctions Detected' and 'Analyzed {total_objects} objects' for an empty result", () => {
    render(<ConjunctionResultsCard result={makeResult([], 49873)} now={NOW} />);
    expect(screen.getByRole('heading', { name: 'No Conjunctions Detected' })).toBeInTheDocument();
    expect(screen.getByText('Analyzed 49873 objects')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows the risk badge upper-cased, the pair, and the values in the spec formats', () => {
    render(
      <ConjunctionResultsCard
        result={makeResult([
          makeConjunction({
            secondary_object: 'COSMOS 2542',
            tca: '2025-03-02T17:30:00.000Z',
            miss_distance_km: 0.4567,
            relative_velocity_km_s: 14.5167,
            collision_probability: 0.000123456,
          }),
        ])}
        now={NOW}
      />,
    );
    // The pair reads 'primary ↔ secondary', each name a link to its object's page (issue 14).
    expect(item('OFEQ-16 ↔ COSMOS 2542').getByText((_, element) => element?.tagName === 'SPAN' && element.textContent === 'OFEQ-16 ↔ COSMOS 2542')).toBeInTheDocument();
    expect(item('OFEQ-16 ↔ COSMOS 2542').getByRole('link', { name: 'OFEQ-16' })).toHaveAttribute('href', '/objects/190016');
    expect(item('OFEQ-16 ↔ COSMOS 2542').getByText('CRITICAL')).toHaveClass('bg-red-600');
    expect(fields('OFEQ-16 ↔ COSMOS 2542')).toEqual([
      ['Time to TCA', '1д 5ч'],
      ['Distance', '0.46 km'],
      ['Velocity', '14.52 km/s'],
      ['Probability', '0.012%'],
    ]);
  });

  it('colours high orange, medium yellow and low green', () => {
    render(
      <ConjunctionResultsCard
        result={makeResult([
          makeConjunction({ secondary_object: 'A', risk_level: 'high' }),
          makeConjunction({ secondary_object: 'B', risk_level: 'medium' }),
          makeConjunction({ secondary_object: 'C', risk_level: 'low' }),
        ])}
        now={NOW}
      />,
    );
    expect(item('OFEQ-16 ↔ A').getByText('HIGH')).toHaveClass('bg-orange-500');
    expect(item('OFEQ-16 ↔ B').getByText('MEDIUM')).toHaveClass('bg-yellow-500');
    expect(item('OFEQ-16 ↔ C').getByText('LOW')).toHaveClass('bg-green-600');
  });

  it('shows the time to closest approach by the relative-time rules, with the raw fallback', () => {
    const tcas: [string, string][] = [
      ['PAST-DAYS', '2025-02-27T06:00:00.000Z'],
      ['PAST-HOURS', '2025-03-01T02:30:00.000Z'],
      ['SOON', '2025-03-01T20:15:00+00:00Z'],
      ['LATER', '2025-03-03T15:00:00.000Z'],
      ['BROKEN', '2025-03-01T99:99:99Z'],
    ];
    render(<ConjunctionResultsCard result={makeResult(tcas.map(([name, tca]) => makeConjunction({ secondary_object: name, tca })))} now={NOW} />);
    const times = tcas.map(([name]) => fields(`OFEQ-16 ↔ ${name}`)[0]?.[1]);
    expect(times).toEqual(['2д назад', '9ч назад', '8ч', '2д 3ч', '2025-03-01 99:99']);
  });

  it('treats a missing collision probability as 0', () => {
    const conjunction = { ...makeConjunction(), collision_probability: undefined as unknown as number };
    render(<ConjunctionResultsCard result={makeResult([conjunction])} now={NOW} />);
    expect(fields('OFEQ-16 ↔ COSMOS 2542')[3]).toEqual(['Probability', '0.000%']);
  });

  it('offers the CDM of each conjunction as KVN and as XML', () => {
    render(<ConjunctionResultsCard result={makeResult([makeConjunction({ cdm_url: '/api/conjunctions/job-9-1/cdm' })])} now={NOW} />);
    expect(screen.getByRole('link', { name: 'CDM (KVN) for OFEQ-16 ↔ COSMOS 2542' })).toHaveAttribute('href', '/api/conjunctions/job-9-1/cdm');
    expect(screen.getByRole('link', { name: 'CDM (XML) for OFEQ-16 ↔ COSMOS 2542' })).toHaveAttribute('href', '/api/conjunctions/job-9-1/cdm?format=xml');
  });

  it('keeps only the items in view of a large result in the DOM, and scrolls to the others', () => {
    // jsdom lays nothing out: every item measures as 124 px, as a drawn one does.
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(124);
    const conjunctions = Array.from({ length: 9000 }, (_, index) => makeConjunction({ secondary_object: `OBJECT ${index + 1}` }));
    render(<ConjunctionResultsCard result={makeResult(conjunctions)} now={NOW} />);
    const list = screen.getByRole('list', { name: 'Conjunctions' });
    const items = within(list).getAllByRole('listitem');
    expect(items.length).toBeLessThan(20);
    expect(items[0]).toHaveAttribute('aria-setsize', '9000');
    const scroller = screen.getByTestId('conjunction-list-scroll');
    Object.defineProperty(scroller, 'scrollTop', { configurable: true, value: 8000 * 132 });
    fireEvent.scroll(scroller);
    expect(screen.getByRole('listitem', { name: 'OFEQ-16 ↔ OBJECT 8001' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'OFEQ-16 ↔ OBJECT 1' })).not.toBeInTheDocument();
  });

  it('exports every conjunction of the result as CSV, values in full with their units, TCA in ISO 8601 UTC', async () => {
    const conjunctions = [makeConjunction({ id: 'job-1-a', pc_method: 'pc2d' }), makeConjunction({ id: 'job-1-b', secondary_object: 'FENGYUN 1C DEB', secondary_id: 29228, risk_level: 'low' })];
    render(<ConjunctionResultsCard result={makeResult(conjunctions)} now={NOW} />);
    const downloads = captureDownloads();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }));
    const csv = await downloads.csv();
    expect(csv.name).toMatch(/^sst-conjunctions-\d{8}-\d{4}\.csv$/);
    expect(csv.header).toEqual([
      'Conjunction ID',
      'Risk',
      'Primary',
      'Primary NORAD ID',
      'Secondary',
      'Secondary NORAD ID',
      'TCA (UTC)',
      'Miss distance (km)',
      'Radial (km)',
      'In-track (km)',
      'Cross-track (km)',
      'Relative velocity (km/s)',
      'Pc',
      'Pc method',
      'Max Pc',
      'CDM',
    ]);
    expect(csv.rows[0]).toEqual([
      'job-1-a',
      'critical',
      'OFEQ-16',
      '190016',
      'COSMOS 2542',
      '44797',
      '2025-03-02T07:04:58.000Z',
      '1.2345',
      '0.1',
      '1.2',
      '0.2',
      '14.5167',
      '0.000123456',
      'pc2d',
      '0.0005',
      conjunctions[0]!.cdm_url,
    ]);
    expect(csv.rows[1]?.slice(4, 6)).toEqual(['FENGYUN 1C DEB', '29228']);
  });

  it('has no Export CSV before a result or for an empty one', () => {
    const { rerender } = render(<ConjunctionResultsCard result={null} now={NOW} />);
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
    rerender(<ConjunctionResultsCard result={makeResult([])} now={NOW} />);
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });
});
