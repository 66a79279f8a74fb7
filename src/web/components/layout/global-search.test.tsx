import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const ISS = { noradId: 25544, name: 'ISS (ZARYA)', cosparId: '1998-067A', objectType: 'payload', owner: 'ISS' };
const NAUKA = { noradId: 49044, name: 'ISS (NAUKA)', cosparId: '2021-066A', objectType: 'payload', owner: 'ISS' };

function mockSearch() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/objects') {
      const q = (url.searchParams.get('q') ?? '').toUpperCase();
      const items = [NAUKA, ISS].filter((o) => o.name.includes(q) || String(o.noradId).startsWith(q));
      return json(200, { total: items.length, items });
    }
    return new Response('Not Found', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the header search', () => {
  it("focuses on '/', lists what the catalogue search finds, and opens the chosen object's page with the keyboard", async () => {
    const fetchMock = mockSearch();
    const user = userEvent.setup();
    const { location } = renderApp('/calc');
    const box = screen.getByRole('combobox', { name: 'Search objects' });
    await user.keyboard('/');
    expect(box).toHaveFocus();
    await user.keyboard('iss');
    const list = await screen.findByRole('listbox', { name: 'Objects found' });
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    expect(fetchMock).toHaveBeenCalledWith('/api/objects?q=iss&limit=8', expect.objectContaining({ method: 'GET' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['ISS (NAUKA)49044 · 2021-066A', 'ISS (ZARYA)25544 · 1998-067A']);
    expect(screen.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[1]!.id);
    await user.keyboard('{Enter}');
    expect(location.history.at(-1)).toBe('/objects/25544');
    expect(list).not.toBeInTheDocument();
    expect(box).toHaveValue('');
  });

  it("types '/' into other fields as a character, says when nothing matches, and closes on Escape", async () => {
    mockSearch();
    const user = userEvent.setup();
    renderApp('/calc');
    const box = screen.getByRole('combobox', { name: 'Search objects' });
    await user.click(box);
    await user.keyboard('zzz');
    expect(await screen.findByText('No object matches')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    // In another text field '/' is typed, not the shortcut.
    const other = screen.getAllByRole('spinbutton')[0] ?? screen.getAllByRole('textbox').find((e) => e !== box);
    if (other) {
      await user.click(other);
      await user.keyboard('/');
      expect(box).not.toHaveFocus();
    }
  });

  it('opens an object with a click', async () => {
    mockSearch();
    const user = userEvent.setup();
    const { location } = renderApp('/calc');
    await user.type(screen.getByRole('combobox', { name: 'Search objects' }), '4904');
    await user.click(await screen.findByRole('option', { name: /ISS \(NAUKA\)/ }));
    expect(location.history.at(-1)).toBe('/objects/49044');
  });
});
