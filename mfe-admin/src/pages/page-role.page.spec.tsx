import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { messages, type PageRoleMatrix, type PageRoleRow } from '@planta/contracts';
import { ALL_GRANTS, mockApi, renderPage } from '@planta/ui/testing';
import PageRolePage from './page-role.page';

const MATRIX: PageRoleMatrix = {
  pages: [
    { id: 1, alias: 'machines', area: 'production', name: 'Máquinas', description: 'Equipos' },
    { id: 2, alias: 'page-roles', area: 'administration', name: 'Permisos por rol', description: '' },
  ],
  roles: [
    { id: 10, name: 'admin', description: 'Administrador', builtIn: true },
    { id: 11, name: 'user', description: 'Usuario', builtIn: true },
    { id: 12, name: 'calidad', description: 'Calidad', builtIn: false },
  ],
  grants: [
    { id: 100, page_id: 1, role_id: 10, read: true, insert: true, update: true, delete: true },
    { id: 101, page_id: 1, role_id: 11, read: true, insert: true, update: true, delete: false },
    { id: 102, page_id: 1, role_id: 12, read: false, insert: false, update: false, delete: false },
    { id: 200, page_id: 2, role_id: 10, read: true, insert: true, update: true, delete: true },
    { id: 201, page_id: 2, role_id: 11, read: false, insert: false, update: false, delete: false },
    { id: 202, page_id: 2, role_id: 12, read: false, insert: false, update: false, delete: false },
  ],
};

const ROW: PageRoleRow = {
  ...MATRIX.grants[1],
  page_name: 'Máquinas',
  page_description: 'Equipos',
  page_alias: 'machines',
  role_name: 'user',
  role_description: 'Usuario',
};

// Fluent's dialog and a table of toggles take a while under jsdom on a busy machine.
jest.setTimeout(30_000);

const render = (url: string) => renderPage(<PageRolePage />, { url, route: '/apps/page-role/:id' });
const pressed = (name: string) => screen.getByRole('button', { name }).getAttribute('aria-pressed');

describe('page-role matrix', () => {
  it('shows pages by area × roles and changes one permission with one click', async () => {
    const api = mockApi((url, init) => {
      if (url.pathname === '/api/page-role/matrix') return { status: 200, body: MATRIX };
      if (url.pathname === '/api/page-role/101' && init.method === 'PATCH') return { status: 200, body: { ...ROW, delete: true } };
      return undefined;
    });
    render('/apps/page-role/matrix');
    await screen.findByRole('button', { name: 'Eliminar · Máquinas · Operario' });
    expect(screen.getByRole('rowheader', { name: 'Producción ágil' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /calidad/ })).toBeTruthy();
    expect(pressed('Eliminar · Máquinas · Operario')).toBe('false');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Eliminar · Máquinas · Operario' })));
    await waitFor(() => expect(api.calls('PATCH', '/api/page-role/101')).toHaveLength(1));
    expect(api.calls('PATCH', '/api/page-role/101')[0].body).toEqual({ delete: true });
    expect(pressed('Eliminar · Máquinas · Operario')).toBe('true');
  });

  it('puts a refused change back and shows the reason in Spanish', async () => {
    mockApi((url, init) => {
      if (url.pathname === '/api/page-role/matrix') return { status: 200, body: MATRIX };
      if (init.method === 'PATCH') return { status: 409, body: { statusCode: 409, message: messages.pageRoleLastAdministrator, error: 'Conflict' } };
      return undefined;
    });
    render('/apps/page-role/matrix');
    const toggle = await screen.findByRole('button', { name: 'Modificar · Permisos por rol · Administrador' });
    await act(async () => fireEvent.click(toggle));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(messages.pageRoleLastAdministrator);
    expect(pressed('Modificar · Permisos por rol · Administrador')).toBe('true');
  });

  it('moves between toggles with the arrow keys, one tab stop for the grid', async () => {
    mockApi((url) => (url.pathname === '/api/page-role/matrix' ? { status: 200, body: MATRIX } : undefined));
    render('/apps/page-role/matrix');
    const first = await screen.findByRole('button', { name: 'Leer · Máquinas · Administrador' });
    expect(first.getAttribute('tabindex')).toBe('0');
    expect(screen.getByRole('button', { name: 'Crear · Máquinas · Administrador' }).getAttribute('tabindex')).toBe('-1');
    act(() => first.focus());
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Crear · Máquinas · Administrador' }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Crear · Permisos por rol · Administrador' }));
  });

  it('only shows the permissions to whoever may not change them', async () => {
    mockApi((url) => (url.pathname === '/api/page-role/matrix' ? { status: 200, body: MATRIX } : undefined));
    renderPage(<PageRolePage />, {
      url: '/apps/page-role/matrix',
      route: '/apps/page-role/:id',
      grants: { ...ALL_GRANTS, 'page-roles': { read: true, insert: false, update: false, delete: false } },
    });
    const toggle = await screen.findByRole('button', { name: 'Eliminar · Máquinas · Operario' });
    expect(toggle.getAttribute('aria-disabled')).toBe('true');
  });
});

describe('page-role permissions dialog', () => {
  it("saves the four switches ('Crear', 'Modificar', 'Eliminar') and has the 'Historial' tab", async () => {
    const api = mockApi((url, init) => {
      if (url.pathname === '/api/page-role/all') return { status: 200, body: { items: [ROW], total: 1, page: 1, pageSize: 25 } };
      if (url.pathname === '/api/page-role/101' && init.method === 'PATCH') return { status: 200, body: { ...ROW, delete: true } };
      if (url.pathname === '/api/page-role/101') return { status: 200, body: ROW };
      if (url.pathname === '/api/audit/all') return { status: 200, body: { items: [], total: 0, page: 1, pageSize: 20 } };
      return undefined;
    });
    render('/apps/page-role/101');
    const remove = await screen.findByRole('switch', { name: 'Eliminar' });
    expect(screen.getByRole('switch', { name: 'Leer' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Crear' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Modificar' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Historial' })).toBeTruthy();
    fireEvent.click(remove);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Guardar' })));
    await waitFor(() => expect(api.calls('PATCH', '/api/page-role/101')).toHaveLength(1));
    expect(api.calls('PATCH', '/api/page-role/101')[0].body).toEqual({ delete: true });
  });
});
