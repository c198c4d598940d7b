import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UploadDetail, UploadRow } from '@planta/contracts';
import { ALL_GRANTS, mockApi, on, paged, renderPage } from '@planta/ui/testing';
import UploadListPage from './upload-list.page';
import UploadReviewPage from './upload-review.page';

const ROW: UploadRow = {
  id: 7,
  file_name: 'certificado-0457.pdf',
  kind: 'pdf',
  status: 'review',
  doc_type: 'nitriding_certificate',
  supplier: 'Nitruraciones del Norte',
  dies: '4521-2, 4522-1',
  confidence: 0.72,
  page_count: 1,
  uploaded_by_name: 'Marta Ruiz',
  uploaded_at: '2025-03-14T09:30:00Z',
};

const box = { x: 0.1, y: 0.1, width: 0.2, height: 0.03 };
const DETAIL: UploadDetail = {
  ...ROW,
  content_type: 'application/pdf',
  size_bytes: 1200,
  proposed_type: 'nitriding_certificate',
  type_confidence: 0.94,
  error: null,
  progress: null,
  processing_ms: 850,
  pages: [{ number: 1, width: 595, height: 842, ocr: false, image: true }],
  fields: [
    { key: 'certificate_number', value: 'CN-2025-0457', confidence: 0.97, page: 1, box, label: 'Nº Certificado' },
    { key: 'supplier', value: 'Nitruraciones del Norte', confidence: 0.95, page: 1, box, label: 'Proveedor' },
    { key: 'date_out', value: '2025-03-14', confidence: 0.9, page: 1, box, label: 'Fecha salida' },
  ],
  rows: [
    [
      { key: 'die_reference', value: '4521-Z', confidence: 0.5, page: 1, box, label: 'Matriz' },
      { key: 'hardness_hv', value: '1050', confidence: 0.93, page: 1, box, label: 'Dureza sup.' },
      { key: 'case_depth_mm', value: '0.12', confidence: 0.92, page: 1, box, label: 'Capa' },
    ],
  ],
  candidates: { '0': [{ die_id: 3, label: '4521-2', state: 'nitriding', score: 0.88 }] },
  values: null,
  duplicate_of: null,
  confirmed_by_name: null,
  confirmed_at: null,
  discard_reason: null,
  links: [],
  audit: [],
  upload_limit_mb: 2,
};

describe('uploads list', () => {
  it('shows each document with its type, dies, state and confidence, filters by state and opens the review', async () => {
    const api = mockApi(on('GET', '/api/upload/all', 200, (url: URL) => (url.searchParams.get('status') === 'processing' ? paged([], 0) : paged([ROW]))));
    renderPage(<UploadListPage />, { url: '/apps/ia-agent/list' });
    const row = (await screen.findByText('certificado-0457.pdf')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Certificado de nitrurado')).toBeTruthy();
    expect(within(row).getByText('4521-2, 4522-1')).toBeTruthy();
    expect(within(row).getByText('Para revisar')).toBeTruthy();
    expect(within(row).getByText(/media · 72/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cargar documento' })).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Estado' }), { target: { value: 'confirmed' } });
    await waitFor(() => expect(api.calls('GET', '/api/upload/all').some((call) => call.url.searchParams.get('status') === 'confirmed')).toBe(true));
    fireEvent.click(screen.getByText('certificado-0457.pdf'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/apps/ia-agent/upload/7'));
  });

  it('offers no upload without insert on smart-upload', async () => {
    mockApi(on('GET', '/api/upload/all', 200, paged([ROW])));
    renderPage(<UploadListPage />, {
      url: '/apps/ia-agent/list',
      grants: { ...ALL_GRANTS, 'smart-upload': { read: true, insert: false, update: false, delete: false } },
    });
    await screen.findByText('certificado-0457.pdf');
    expect(screen.queryByRole('button', { name: 'Cargar documento' })).toBeNull();
  });
});

describe('upload review (domain.md D3)', () => {
  it('shows the values as typed here, offers the catalogue candidates, and puts the API field errors on their fields', async () => {
    const api = mockApi(
      on('GET', '/api/upload/7', 200, DETAIL),
      on('POST', '/api/upload/7/confirm', 400, {
        statusCode: 400,
        message: 'Revisa los datos',
        error: 'Bad Request',
        fields: { 'rows.0.hardness_hv': 'La dureza debe estar entre 100 y 2000 HV' },
      }),
    );
    renderPage(<UploadReviewPage />, { route: '/apps/ia-agent/upload/:id', url: '/apps/ia-agent/upload/7' });
    const depth = await screen.findByDisplayValue('0,12');
    expect(depth).toBeTruthy();
    expect(screen.getByDisplayValue('14/03/2025')).toBeTruthy();
    expect(screen.getByText('En el documento: «Dureza sup.»')).toBeTruthy();
    // The unsure die is outlined and listed first; its best candidate is one click away.
    expect(screen.getByTestId('field-rows.0.die_reference').getAttribute('data-attention')).toBe('low');
    fireEvent.click(screen.getByRole('button', { name: /4521-2 · En nitrurado · 88/ }));
    expect(screen.getByDisplayValue('4521-2')).toBeTruthy();
    fireEvent.change(depth, { target: { value: '0,15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar y guardar' }));
    await screen.findByText('La dureza debe estar entre 100 y 2000 HV');
    const sent = api.calls('POST', '/api/upload/7/confirm')[0].body as { doc_type: string; fields: Record<string, unknown>; rows: Record<string, unknown>[] };
    expect(sent.doc_type).toBe('nitriding_certificate');
    expect(sent.fields).toMatchObject({ certificate_number: 'CN-2025-0457', date_out: '2025-03-14' });
    expect(sent.rows).toEqual([{ die_reference: '4521-2', hardness_hv: '1050', case_depth_mm: '0.15', core_hardness_hrc: null }]);
  });

  it('is read only once confirmed, with the records made and the audit', async () => {
    mockApi(
      on('GET', '/api/upload/7', 200, {
        ...DETAIL,
        status: 'confirmed',
        confirmed_by_name: 'Marta Ruiz',
        confirmed_at: '2025-03-14T10:00:00Z',
        links: [{ entity: 'nitriding_batch', entity_id: 12, label: 'NT-2025-0012', action: 'created' }],
        audit: [
          {
            field_key: 'case_depth_mm',
            row_index: 0,
            extracted: '0.12',
            confirmed: '0.15',
            corrected: true,
            user_name: 'Marta Ruiz',
            at: '2025-03-14T10:00:00Z',
          },
          { field_key: 'process', row_index: null, extracted: 'gas', confirmed: 'gas', corrected: false, user_name: 'Marta Ruiz', at: '2025-03-14T10:00:00Z' },
        ],
      }),
    );
    renderPage(<UploadReviewPage />, { route: '/apps/ia-agent/upload/:id', url: '/apps/ia-agent/upload/7' });
    expect(await screen.findByText(/Confirmado por Marta Ruiz/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'NT-2025-0012' }).getAttribute('href')).toBe('/apps/die-nitruring-confirm/12');
    const audit = screen.getByRole('table', { name: 'Auditoría' });
    expect(within(audit).getByText('Profundidad de capa (fila 1)')).toBeTruthy();
    expect(within(audit).getByText('0,15')).toBeTruthy();
    expect(within(audit).getByText('Sí')).toBeTruthy();
    // A choice reads through its label, not its code.
    expect(within(audit).getAllByText('Gaseoso')).toHaveLength(2);
    expect(within(audit).queryByText('gas')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirmar y guardar' })).toBeNull();
  });
});
