import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IMPORT_API, makeImportResponse, mockAlertsApi } from '@/components/alerts/alerts-fixtures';
import { CdmUploadCard } from '@/components/alerts/cdm-upload-card';
import { renderWithQueryClient } from '@/test/card-harness';
import { json } from '@/test/fetch-mock';

const KVN = 'CCSDS_CDM_VERS = 1.0\nMESSAGE_ID = A\n';

function file(name: string, text = KVN) {
  return new File([text], name, { type: '' });
}

function result(fileName: string) {
  return within(screen.getByRole('listitem', { name: fileName }));
}

function renderCard() {
  const user = userEvent.setup();
  const view = renderWithQueryClient(<CdmUploadCard />);
  return { ...view, user, input: screen.getByLabelText('CDM files') };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('CdmUploadCard', () => {
  it('POSTs each file on its own, named, as it is, with the content type of its extension', async () => {
    const fetchMock = mockAlertsApi();
    const { user, input } = renderCard();
    const files = [file('a.cdm'), file('b.xml', '<cdm/>'), file('c.json', '[]'), file('d.txt')];
    await user.upload(input, files);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(4));
    const calls = fetchMock.mock.calls.map(([url, init]) => [url, (init?.headers as Record<string, string>)['Content-Type'], init?.body, init?.credentials]);
    expect(calls).toEqual([
      [`${IMPORT_API}?name=a.cdm`, 'text/plain', files[0], 'include'],
      [`${IMPORT_API}?name=b.xml`, 'application/xml', files[1], 'include'],
      [`${IMPORT_API}?name=c.json`, 'application/json', files[2], 'include'],
      [`${IMPORT_API}?name=d.txt`, 'text/plain', files[3], 'include'],
    ]);
    expect(fetchMock.mock.calls.every(([, init]) => init?.method === 'POST')).toBe(true);
    expect(await result('d.txt').findByText('No messages found')).toBeInTheDocument();
  });

  it('encodes the file name in the query', async () => {
    const fetchMock = mockAlertsApi();
    const { user, input } = renderCard();
    await user.upload(input, file('CARA & co #1.cdm'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith(`${IMPORT_API}?name=CARA%20%26%20co%20%231.cdm`, expect.anything()));
  });

  it('shows the new, updated and merged events with links to them', async () => {
    mockAlertsApi({
      importCdm: () =>
        makeImportResponse({
          imported: [
            { index: 0, messageId: 'M-0', originator: 'CARA', conjunctionId: 'CNJ-2021-001', action: 'created', tca: '2021-03-24T15:10:47.417Z', collisionProbability: 0.0212, pcMethod: 'pc2d', riskLevel: 'critical' },
            { index: 1, messageId: 'M-1', originator: 'CARA', conjunctionId: 'CNJ-2021-002', action: 'created', tca: '2021-12-20T01:25:35.287Z', collisionProbability: 1.01e-5, pcMethod: 'pc3d', riskLevel: 'high' },
            { index: 2, messageId: 'M-2', originator: 'CARA', conjunctionId: 'CNJ-2021-003', action: 'updated', tca: '2021-12-19T18:23:17.000Z', collisionProbability: 1.3e-6, pcMethod: 'nc2d-upper-limit', riskLevel: 'medium' },
            { index: 3, messageId: 'M-3', originator: 'CSpOC', conjunctionId: 'CNJ-2026-010', action: 'merged', tca: '2026-01-02T00:00:00.000Z', collisionProbability: null, pcMethod: 'pc2d', riskLevel: 'low' },
          ],
        }),
    });
    const { user, input } = renderCard();
    await user.upload(input, file('batch.cdm'));
    expect(await result('batch.cdm').findByText('2 new, 1 updated, 1 merged')).toBeInTheDocument();
    const imported = within(result('batch.cdm').getByRole('list', { name: 'Imported' }));
    const items = imported.getAllByRole('listitem');
    expect(items).toHaveLength(4);
    // Each entry: where the message sits, the event (linked), what happened to it, its risk, Pc and method, and the message id.
    const entry = (index: number, texts: string[]) => {
      const item = within(items[index]!);
      for (const text of texts) expect(item.getByText(text)).toBeInTheDocument();
      return item;
    };
    expect(entry(0, ['Message 1', '(new)', 'CRITICAL', '2.12e-2', '2D', 'M-0']).getByRole('link', { name: 'CNJ-2021-001' })).toHaveAttribute('href', '/alerts/CNJ-2021-001');
    expect(entry(1, ['Message 2', '(new)', 'HIGH', '1.01e-5', '3D', 'M-1']).getByRole('link', { name: 'CNJ-2021-002' })).toHaveAttribute('href', '/alerts/CNJ-2021-002');
    expect(entry(2, ['Message 3', '(updated)', 'MEDIUM', '1.30e-6', '2D-Nc ≤', 'M-2']).getByRole('link', { name: 'CNJ-2021-003' })).toHaveAttribute('href', '/alerts/CNJ-2021-003');
    expect(entry(3, ['Message 4', '(merged)', 'LOW', 'M-3']).getByRole('link', { name: 'CNJ-2026-010' })).toHaveAttribute('href', '/alerts/CNJ-2026-010');
    expect(result('batch.cdm').queryByRole('alert')).not.toBeInTheDocument();
  });

  it('reports messages already stored as duplicates', async () => {
    mockAlertsApi({
      importCdm: () =>
        makeImportResponse({
          duplicates: [
            { index: 0, messageId: 'M-0', conjunctionId: 'CNJ-2021-001' },
            { index: 1, messageId: 'M-1', conjunctionId: null },
          ],
        }),
    });
    const { user, input } = renderCard();
    await user.upload(input, file('again.cdm'));
    expect(await result('again.cdm').findByText('2 duplicates')).toBeInTheDocument();
    const duplicates = within(result('again.cdm').getByRole('list', { name: 'Duplicates' })).getAllByRole('listitem');
    expect(duplicates.map((item) => item.textContent)).toEqual(['Message 1: M-0 is already stored (CNJ-2021-001)', 'Message 2: M-1 is already stored']);
    expect(within(duplicates[0]!).getByRole('link', { name: 'CNJ-2021-001' })).toHaveAttribute('href', '/alerts/CNJ-2021-001');
  });

  it('lists every rejected message with where it is and why', async () => {
    mockAlertsApi({
      importCdm: () =>
        makeImportResponse({
          imported: [{ index: 0, messageId: 'M-0', originator: 'CARA', conjunctionId: 'CNJ-2021-001', action: 'created', tca: '2021-03-24T15:10:47.417Z', collisionProbability: 0.02, pcMethod: 'pc2d', riskLevel: 'critical' }],
          rejected: [
            { index: 1, line: 58, messageId: 'M-1', reason: 'TCA is missing' },
            { index: null, line: 120, messageId: null, reason: 'Unexpected key FOO' },
            { index: 3, line: null, messageId: null, reason: 'OBJECT2 has no covariance' },
          ],
        }),
    });
    const { user, input } = renderCard();
    await user.upload(input, file('mixed.cdm'));
    expect(await result('mixed.cdm').findByText('1 new, 3 rejected')).toBeInTheDocument();
    const rejected = within(result('mixed.cdm').getByRole('list', { name: 'Rejected' })).getAllByRole('listitem');
    expect(rejected.map((item) => item.textContent)).toEqual([
      'Message 2, line 58 (M-1): TCA is missing',
      'Line 120: Unexpected key FOO',
      'Message 4: OBJECT2 has no covariance',
    ]);
  });

  it("shows the server's message for a file that holds no CDM at all (400)", async () => {
    mockAlertsApi({ importCdm: () => json(400, { message: 'No CDM found: the body is neither KVN, XML nor JSON CDMs' }) });
    const { user, input } = renderCard();
    await user.upload(input, file('hello.cdm', 'hello'));
    expect(await result('hello.cdm').findByRole('alert')).toHaveTextContent('Rejected: No CDM found: the body is neither KVN, XML nor JSON CDMs');
  });

  it('shows a network failure on its file and goes on with the next', async () => {
    let calls = 0;
    mockAlertsApi({
      importCdm: () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return makeImportResponse({ duplicates: [{ index: 0, messageId: 'A', conjunctionId: null }] });
      },
    });
    const { user, input } = renderCard();
    await user.upload(input, [file('first.cdm'), file('second.cdm')]);
    expect(await result('first.cdm').findByRole('alert')).toHaveTextContent('Upload failed: Failed to fetch');
    expect(await result('second.cdm').findByText('1 duplicate')).toBeInTheDocument();
  });

  it('shows each file as uploading until its answer comes', async () => {
    let release: (response: Response) => void = () => {};
    mockAlertsApi({ importCdm: () => new Promise<Response>((resolve) => (release = resolve)) });
    const { user, input } = renderCard();
    await user.upload(input, file('slow.cdm'));
    expect(result('slow.cdm').getByRole('status')).toHaveTextContent('Uploading…');
    release(json(200, makeImportResponse()));
    expect(await result('slow.cdm').findByText('No messages found')).toBeInTheDocument();
    expect(result('slow.cdm').queryByRole('status')).not.toBeInTheDocument();
  });

  it('reads the conjunction lists again after the uploads', async () => {
    mockAlertsApi();
    const { user, input, client } = renderCard();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    await user.upload(input, [file('a.cdm'), file('b.cdm')]);
    await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(1));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['/api/conjunctions'] });
  });

  it('takes files dropped on the drop zone', async () => {
    const fetchMock = mockAlertsApi();
    renderCard();
    const zone = screen.getByTestId('cdm-drop-zone');
    fireEvent.dragOver(zone, { dataTransfer: { files: [] } });
    expect(zone).toHaveClass('border-primary');
    fireEvent.drop(zone, { dataTransfer: { files: [file('dropped.cdm'), file('dropped.xml', '<cdm/>')] } });
    expect(zone).not.toHaveClass('border-primary');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([`${IMPORT_API}?name=dropped.cdm`, `${IMPORT_API}?name=dropped.xml`]);
    expect(await result('dropped.xml').findByText('No messages found')).toBeInTheDocument();
  });

  it('uploads the same file again when it is chosen again, newest result first', async () => {
    let calls = 0;
    mockAlertsApi({
      importCdm: () => {
        calls += 1;
        return calls === 1
          ? makeImportResponse({ imported: [{ index: 0, messageId: 'A', originator: 'CARA', conjunctionId: 'CNJ-2021-001', action: 'created', tca: '2021-03-24T15:10:47.417Z', collisionProbability: 0.02, pcMethod: 'pc2d', riskLevel: 'critical' }] })
          : makeImportResponse({ duplicates: [{ index: 0, messageId: 'A', conjunctionId: 'CNJ-2021-001' }] });
      },
    });
    const { user, input } = renderCard();
    await user.upload(input, file('one.cdm'));
    expect(await screen.findByText('1 new')).toBeInTheDocument();
    await user.upload(input, file('one.cdm'));
    expect(await screen.findByText('1 duplicate')).toBeInTheDocument();
    const results = within(screen.getByRole('list', { name: 'Upload results' })).getAllByRole('listitem', { name: 'one.cdm' });
    expect(results.map((item) => item.textContent)).toEqual([expect.stringContaining('1 duplicate'), expect.stringContaining('1 new')]);
    await user.click(screen.getByRole('button', { name: 'Clear results' }));
    expect(screen.queryByRole('list', { name: 'Upload results' })).not.toBeInTheDocument();
  });
});
