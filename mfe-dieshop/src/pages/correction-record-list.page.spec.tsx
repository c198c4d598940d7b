import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi, on, paged, renderPage } from '@planta/ui/testing';
import CorrectionRecordListPage from './correction-record-list.page';
import { ROW } from './correction.fixtures';

describe('correction records list', () => {
  it('lists the records with their state, corrector and overdue mark, and filters the overdue ones', async () => {
    const overdue = { ...ROW, id: 8, number: 'NC-2026-0008', overdue: true, status: 'assigned' as const };
    const api = mockApi(
      on('GET', '/api/correction-people', 200, { correctors: [{ id: 5, name: 'Andrés Olmedo' }], mentionable: [] }),
      on('GET', '/api/correction-record/all', 200, (url: URL) => (url.searchParams.get('overdue') === 'true' ? paged([overdue]) : paged([ROW, overdue]))),
    );
    renderPage(<CorrectionRecordListPage />, { route: '/apps/correction-record/:id', url: '/apps/correction-record/all' });
    const row = (await screen.findByText('NC-2026-0008')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Vencida')).toBeTruthy();
    expect(within(row).getByText('Asignada')).toBeTruthy();
    expect(within(row).getByText('Andrés Olmedo')).toBeTruthy();
    expect(screen.getByText('NC-2026-0007')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Vencidas' }), { target: { value: 'true' } });
    await waitFor(() => expect(screen.queryByText('NC-2026-0007')).toBeNull());
    expect(api.calls('GET', '/api/correction-record/all').at(-1)?.url.searchParams.get('overdue')).toBe('true');
    fireEvent.click(screen.getByText('NC-2026-0008'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/apps/correction-record/8'));
  });
});
