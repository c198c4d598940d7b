import { fireEvent, screen, within } from '@testing-library/react';
import type { AuditEntry } from '@planta/contracts';
import { ALL_GRANTS, currentPath, mockApi, on, paged, renderPage } from '@planta/ui/testing';
import { AuditHistory } from '../components/audit-history';
import AuditPage from './audit.page';

const ENTRY: AuditEntry = {
  id: 7,
  at: '2026-11-20T08:31:00.000Z',
  actor_id: 1,
  actor_name: 'admin@norte.example',
  action: 'update',
  entity: 'user',
  entity_id: 2,
  label: 'Jorge Salinas',
  before: { position: 'Jefe de turno B', active: true },
  after: { position: 'Jefe de turno', active: false },
  address: '::ffff:10.20.1.15',
};
const SIGN_IN: AuditEntry = { ...ENTRY, id: 8, action: 'sign-in-failed', before: null, after: null, actor_id: null, actor_name: '' };

describe('the audit trail screen', () => {
  it('lists entries with their action, record and changed fields in Spanish, newest first', async () => {
    const api = mockApi(on('GET', '/api/audit/all', 200, paged([ENTRY, SIGN_IN])));
    renderPage(<AuditPage />, { route: '/apps/audit/:id', url: '/apps/audit/all' });
    await screen.findByText('Sistema');
    const rows = screen.getAllByRole('row').map((row) => row.textContent);
    expect(rows.slice(1).map((row) => row?.replace(/^.*?(admin@norte\.example|Sistema)/, '$1'))).toEqual([
      'admin@norte.exampleModificaciónUsuarioJorge SalinasActivo, Cargo',
      'SistemaInicio de sesión fallidoUsuarioJorge SalinasDesde 10.20.1.15',
    ]);
    const query = api.calls('GET', '/api/audit/all')[0].url.searchParams;
    expect([query.get('sort'), query.get('direction')]).toEqual(['at', 'desc']);
  });

  it('opens an entry with its values before and after', async () => {
    mockApi(on('GET', '/api/audit/all', 200, paged([ENTRY])), on('GET', '/api/audit/7', 200, ENTRY));
    renderPage(<AuditPage />, { route: '/apps/audit/:id', url: '/apps/audit/7' });
    const dialog = await screen.findByRole('dialog', { name: 'Entrada de auditoría' });
    const rows = await within(dialog).findAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['CampoAntesDespués', 'ActivoSíNo', 'CargoJefe de turno BJefe de turno']);
    expect(within(dialog).getByText('10.20.1.15')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    expect(currentPath()).toBe('/apps/audit/all');
  });
});

describe("a record's history tab", () => {
  it("asks for that record's entries only and pages on with 'Ver más'", async () => {
    const api = mockApi(
      on('GET', '/api/audit/all', 200, (url: URL) => (url.searchParams.get('page') === '2' ? paged([SIGN_IN], 21, 2, 20) : paged([ENTRY], 21, 1, 20))),
    );
    renderPage(<AuditHistory entity="user" entityId={2} />, { url: '/apps/users/2' });
    fireEvent.click(await screen.findByText('Ver más (1 de 21)'));
    expect(await screen.findByText('Inicio de sesión fallido')).toBeTruthy();
    const first = api.calls('GET', '/api/audit/all')[0].url.searchParams;
    expect([first.get('entity'), first.get('entity_id')]).toEqual(['user', '2']);
  });

  it('is not shown to whoever may not read the audit trail', async () => {
    const api = mockApi(on('GET', '/api/audit/all', 200, paged([ENTRY])));
    const { container } = renderPage(<AuditHistory entity="user" entityId={2} />, {
      url: '/apps/users/2',
      grants: { ...ALL_GRANTS, audit: { read: false, insert: false, update: false, delete: false } },
    });
    expect(container.textContent).toBe('/apps/users/2');
    expect(api.calls('GET', '/api/audit/all')).toHaveLength(0);
  });
});
