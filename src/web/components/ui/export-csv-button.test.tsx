import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ExportCsvButton } from '@/components/ui/export-csv-button';
import { Toaster } from '@/components/ui/toaster';
import { dismissToast } from '@/hooks/use-toast';
import { columnsCsv, numericCell, type CsvColumn } from '@/lib/csv';
import { captureDownloads } from '@/test/downloads';

interface Row {
  name: string;
  missM: number;
  at: string;
}

const COLUMNS: readonly CsvColumn<Row>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Miss distance (m)', value: (r) => r.missM },
  { header: 'TCA (UTC)', value: (r) => r.at },
];

const ROWS: Row[] = [
  { name: 'OFEQ-16', missM: 123.456789012, at: '2025-03-01T12:00:00.000Z' },
  { name: '-BAD=1', missM: -0.5, at: '2025-03-02T00:00:00.000Z' },
];

afterEach(() => {
  act(() => dismissToast());
});

describe('ExportCsvButton', () => {
  it('saves the rows as {name}-YYYYMMDD-HHmm.csv: the headers, then one line per row, numbers in full', async () => {
    render(<ExportCsvButton rows={ROWS} columns={COLUMNS} name="test-list" />);
    const downloads = captureDownloads();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }));
    const csv = await downloads.csv();
    expect(csv.name).toMatch(/^test-list-\d{8}-\d{4}\.csv$/);
    expect(csv.type).toBe('text/csv;charset=utf-8');
    expect(csv.header).toEqual(['Name', 'Miss distance (m)', 'TCA (UTC)']);
    // Text a spreadsheet would run is defused; numbers are left alone.
    expect(csv.rows).toEqual([
      ['OFEQ-16', '123.456789012', '2025-03-01T12:00:00.000Z'],
      ["'-BAD=1", '-0.5', '2025-03-02T00:00:00.000Z'],
    ]);
  });

  it('is disabled for an empty list', () => {
    render(<ExportCsvButton rows={[]} columns={COLUMNS} name="test-list" />);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('loads the rows first when given a loader, and is busy meanwhile', async () => {
    let resolve: (rows: Row[]) => void = () => {};
    const load = () => new Promise<Row[]>((done) => (resolve = done));
    render(<ExportCsvButton rows={load} columns={COLUMNS} name="test-list" label="Export all" />);
    const downloads = captureDownloads();
    const button = screen.getByRole('button', { name: 'Export all' });
    await userEvent.setup().click(button);
    expect(button).toBeDisabled();
    act(() => resolve(ROWS));
    await waitFor(() => expect(downloads.files).toHaveLength(1));
    expect(button).toBeEnabled();
    expect((await downloads.csv()).rows).toHaveLength(2);
  });

  it("says so in a notification when the rows cannot be loaded, with the server's message", async () => {
    render(
      <>
        <ExportCsvButton rows={() => Promise.reject(new Error('503: {"message":"The database is unavailable"}'))} columns={COLUMNS} name="test-list" />
        <Toaster />
      </>,
    );
    const downloads = captureDownloads();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('CSV export failed')).toBeInTheDocument();
    expect(screen.getByText('The database is unavailable')).toBeInTheDocument();
    expect(downloads.files).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });
});

describe('CSV helpers', () => {
  it('columnsCsv writes only the header for no rows', () => {
    expect(columnsCsv([], COLUMNS).trimEnd()).toBe('Name,Miss distance (m),TCA (UTC)');
  });

  it("numericCell reads the API's numeric strings as numbers, '' as empty", () => {
    expect(numericCell('-34.5678')).toBe(-34.5678);
    expect(numericCell('')).toBeNull();
    expect(numericCell('abc')).toBeNull();
  });
});
