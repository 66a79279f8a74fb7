import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionResponse } from '@contracts/auth.ts';
import type { Ephemeris } from '@contracts/ephemerides.ts';
import { EphemerisUploadCard, type EphemerisObject } from '@/components/ephemerides/ephemeris-upload-card';
import { setCsrfToken } from '@/lib/csrf';
import { renderWithQueryClient } from '@/test/card-harness';
import { json } from '@/test/fetch-mock';

// TECHSAT 1B of the demo catalogue, two days every 60 s in EME2000 with 9 covariances, as
// POST /api/ephemerides answers (values as the server's integration test stores them).
function makeEphemeris(overrides: Partial<Ephemeris> = {}): Ephemeris {
  return {
    id: 7,
    noradId: 25397,
    objectId: '1998-043D',
    objectName: 'TECHSAT 1B',
    originator: 'ISA OPS',
    creationDate: '2026-11-27T07:00:00.000Z',
    importedAt: '2026-11-27T08:00:05.123Z',
    importedBy: 'alice',
    fileName: 'techsat.oem',
    format: 'KVN',
    refFrame: 'EME2000',
    usableStart: '2026-11-27T08:00:00.000Z',
    usableStop: '2026-11-29T08:00:00.000Z',
    states: 2881,
    covariances: 9,
    sha256: 'ab'.repeat(32),
    fileUrl: '/api/ephemerides/7/file',
    ...overrides,
  };
}

const OLDER = makeEphemeris({ id: 3, fileName: null, format: 'XML', importedBy: 'bob', importedAt: '2026-11-20T10:00:00.000Z', usableStart: '2026-11-20T00:00:00.000Z', usableStop: '2026-11-21T00:00:00.000Z', states: 1441, covariances: 0, fileUrl: '/api/ephemerides/3/file' });
const EPOCH_REFUSAL = 'Not a usable OEM: line 27: the epoch is earlier than the one on line 26: data lines must be in increasing time order';

interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * GET /api/auth/session as `role`, GET /api/ephemerides from `stored` (newest first, `norad`
 * filtering), and POST /api/ephemerides answered by `post` (201 storing its ephemeris by default).
 */
function mockEphemeridesApi({ role = 'operator', stored = [OLDER], post }: { role?: 'viewer' | 'operator' | 'admin'; stored?: Ephemeris[]; post?: (file: unknown) => Response } = {}) {
  const list = [...stored];
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push({ method, url: String(input), headers: (init?.headers ?? {}) as Record<string, string>, body: init?.body });
    if (url.pathname === '/api/auth/session') {
      return json(200, { authRequired: true, user: { username: role === 'viewer' ? 'victor' : 'alice', role, via: 'session' }, csrfToken: 'token-1' } satisfies SessionResponse);
    }
    if (url.pathname === '/api/ephemerides' && method === 'GET') {
      const norad = url.searchParams.get('norad');
      return json(200, { ephemerides: list.filter((e) => norad === null || e.noradId === Number(norad)) });
    }
    if (url.pathname === '/api/ephemerides' && method === 'POST') {
      const res = post ? post(init?.body) : json(201, { ephemeris: makeEphemeris(), duplicate: false });
      if (res.status === 201) list.unshift(((await res.clone().json()) as { ephemeris: Ephemeris }).ephemeris);
      return res;
    }
    return new Response('Not Found', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

function oemFile(name = 'techsat.oem', text = 'CCSDS_OEM_VERS = 3.0\n') {
  return new File([text], name, { type: '' });
}

function renderCard(object?: EphemerisObject) {
  const user = userEvent.setup();
  const view = renderWithQueryClient(<EphemerisUploadCard object={object} />);
  return { ...view, user, card: () => within(screen.getByRole('region', { name: 'Operator ephemerides' })) };
}

async function upload(user: ReturnType<typeof userEvent.setup>, file: File) {
  await user.upload(await screen.findByLabelText('OEM file'), file);
  await user.click(screen.getByRole('button', { name: 'Upload' }));
}

/** The rows of the stored ephemerides' table, as text, header first. */
async function tableRows() {
  const table = await screen.findByRole('table', { name: 'Stored ephemerides' });
  return within(table)
    .getAllByRole('row')
    .map((row) => row.textContent);
}

afterEach(() => {
  setCsrfToken(null);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('EphemerisUploadCard', () => {
  it('uploads the chosen file as it is, named, with the CSRF token, and shows what the server read and the new row', async () => {
    const { calls } = mockEphemeridesApi();
    setCsrfToken('token-1');
    const { user, card } = renderCard();
    expect(await tableRows()).toHaveLength(2);
    const upload_ = card().getByRole('button', { name: 'Upload' });
    expect(upload_).toBeDisabled();
    const file = oemFile('TECHSAT 1B #2.oem');
    await upload(user, file);

    const summary = await screen.findByRole('region', { name: 'Upload result: TECHSAT 1B #2.oem' });
    expect(summary).toHaveTextContent('TECHSAT 1B #2.oemstored');
    const fields = Object.fromEntries(within(summary).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(fields).toEqual({
      Object: 'TECHSAT 1B1998-043D',
      'NORAD ID': '25397',
      Frame: 'EME2000',
      'Usable span (UTC)': '2026-11-27 08:00:00 – 2026-11-29 08:00:00',
      States: '2,881',
      Covariances: '9',
      Originator: 'ISA OPS',
    });
    expect(within(summary).getByRole('link', { name: 'TECHSAT 1B' })).toHaveAttribute('href', '/objects/25397');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ url: '/api/ephemerides?name=TECHSAT%201B%20%232.oem', headers: { 'Content-Type': 'text/plain', 'x-csrf-token': 'token-1' }, body: file });
    // The list is read again: the new one first.
    await waitFor(async () => expect(await tableRows()).toHaveLength(3));
    const rows = await tableRows();
    expect(rows[0]).toBe('ObjectUsable start (UTC)Usable stop (UTC)StatesCovariancesImported byImported at (UTC)File');
    expect(rows[1]).toBe('TECHSAT 1B25397 · 1998-043D · EME20002026-11-27 08:00:002026-11-29 08:00:002,8819alice2026-11-27 08:00:05techsat.oemKVN');
    expect(screen.getByRole('link', { name: 'Download techsat.oem' })).toHaveAttribute('href', '/api/ephemerides/7/file');
    // The picker is cleared for the next file.
    expect(upload_).toBeDisabled();
  });

  it('sends an XML file as application/xml', async () => {
    const { calls } = mockEphemeridesApi();
    const { user } = renderCard();
    await upload(user, oemFile('techsat.xml', '<oem/>'));
    await screen.findByRole('region', { name: 'Upload result: techsat.xml' });
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/api/ephemerides?name=techsat.xml', headers: { 'Content-Type': 'application/xml' } });
  });

  it("shows the server's refusal word for word, with its line and reason, and stores nothing", async () => {
    mockEphemeridesApi({ post: () => json(400, { message: EPOCH_REFUSAL }) });
    const { user } = renderCard();
    await upload(user, oemFile('swapped.oem'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('swapped.oem was refused; nothing was stored');
    expect(within(alert).getByText(EPOCH_REFUSAL)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Upload result/ })).not.toBeInTheDocument();
    expect(await tableRows()).toHaveLength(2);
  });

  it('shows the refusal of an object outside the fleet (422), and a failed upload as such', async () => {
    let answer = () => json(422, { message: 'Not a fleet object: line 9: OBJECT_ID 1998-067A is ISS (ZARYA) (NORAD 25544), which is not in the fleet' });
    mockEphemeridesApi({ post: () => answer() });
    const { user } = renderCard();
    await upload(user, oemFile('iss.oem'));
    expect(await screen.findByRole('alert')).toHaveTextContent('iss.oem was refused; nothing was storedNot a fleet object: line 9: OBJECT_ID 1998-067A is ISS (ZARYA) (NORAD 25544), which is not in the fleet');
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await upload(user, oemFile('again.oem'));
    expect(await screen.findByRole('alert')).toHaveTextContent('again.oem could not be uploadedFailed to fetch');
  });

  it('says so when the same file is stored already, and adds no row', async () => {
    const stored = makeEphemeris({ importedBy: 'bob', importedAt: '2026-11-26T12:30:00.000Z' });
    mockEphemeridesApi({ stored: [stored], post: () => json(200, { ephemeris: stored, duplicate: true }) });
    const { user } = renderCard();
    expect(await tableRows()).toHaveLength(2);
    await upload(user, oemFile('techsat-again.oem'));
    const summary = await screen.findByRole('region', { name: 'Upload result: techsat-again.oem' });
    expect(summary).toHaveTextContent('already stored');
    expect(summary).toHaveTextContent('The same file is stored for this object already (imported by bob at 2026-11-26 12:30:00 UTC); nothing was added.');
    expect(await tableRows()).toHaveLength(2);
  });

  it('shows a viewer the stored ephemerides without the upload', async () => {
    const { calls } = mockEphemeridesApi({ role: 'viewer' });
    const { card } = renderCard();
    expect(await card().findByText('Uploading an ephemeris needs the operator role.')).toBeInTheDocument();
    expect(card().queryByLabelText('OEM file')).not.toBeInTheDocument();
    expect(card().queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
    expect(await tableRows()).toEqual([
      'ObjectUsable start (UTC)Usable stop (UTC)StatesCovariancesImported byImported at (UTC)File',
      'TECHSAT 1B25397 · 1998-043D · EME20002026-11-20 00:00:002026-11-21 00:00:001,4410bob2026-11-20 10:00:00ephemeris-3XML',
    ]);
    expect(card().getByRole('link', { name: 'Download ephemeris-3' })).toHaveAttribute('href', '/api/ephemerides/3/file');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("on a fleet object's page lists that object's ephemerides and offers the upload", async () => {
    const { calls } = mockEphemeridesApi({ stored: [OLDER, makeEphemeris({ id: 9, noradId: 40000, objectName: 'EROS B', objectId: '2006-014A' })] });
    const { card } = renderCard({ noradId: 25397, name: 'TECHSAT 1B', fleet: true });
    expect(await tableRows()).toHaveLength(2);
    expect(card().getByLabelText('OEM file')).toBeInTheDocument();
    expect(calls.find((c) => c.url.startsWith('/api/ephemerides'))?.url).toBe('/api/ephemerides?norad=25397&limit=100');
  });

  it("notes a file of another object uploaded from an object's page", async () => {
    mockEphemeridesApi({ stored: [] });
    const { user } = renderCard({ noradId: 37820, name: 'AMOS-5', fleet: true });
    expect(await screen.findByText('No ephemeris of AMOS-5 is stored.')).toBeInTheDocument();
    await upload(user, oemFile());
    const summary = await screen.findByRole('region', { name: 'Upload result: techsat.oem' });
    expect(summary).toHaveTextContent("This file is of TECHSAT 1B (NORAD 25397), not of AMOS-5: it is listed on that object's page.");
  });

  it('says that ephemerides are for fleet objects on the page of an object outside the fleet', async () => {
    mockEphemeridesApi({ stored: [] });
    const { card } = renderCard({ noradId: 25544, name: 'ISS (ZARYA)', fleet: false });
    expect(await card().findByText('No ephemeris of ISS (ZARYA) is stored.')).toBeInTheDocument();
    expect(card().getByText(/^Ephemerides are for fleet objects: ISS \(ZARYA\) is not in the fleet\./)).toBeInTheDocument();
    expect(card().getByRole('link', { name: 'The fleet is set on the Configuration page.' })).toHaveAttribute('href', '/config');
    expect(card().queryByLabelText('OEM file')).not.toBeInTheDocument();
  });

  it('says so when the list cannot be read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(500, { message: 'database unavailable' })),
    );
    const { card } = renderCard();
    expect(await card().findByText('Ephemerides could not be loaded: database unavailable')).toBeInTheDocument();
  });
});
