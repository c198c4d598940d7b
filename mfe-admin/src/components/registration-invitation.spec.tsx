import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ALL_GRANTS, mockApi, on, renderPage } from '@planta/ui/testing';
import { RegistrationInvitation } from './registration-invitation';

const INVITATION = { code: 'abc', expires_at: '2026-12-01T10:00:00.000Z', link: 'http://localhost/register?invitation=abc' };

describe("'Invitar a registrar una empresa'", () => {
  it('makes a one-time link for the chosen days and shows it once', async () => {
    const api = mockApi(on('GET', '/api/auth/registration', 200, { mode: 'invitation' }), on('POST', '/api/auth/registration/invitation', 200, INVITATION));
    renderPage(<RegistrationInvitation />, { url: '/apps/company/all' });
    fireEvent.click(await screen.findByText('Invitar a registrar una empresa'));
    fireEvent.change(await screen.findByLabelText(/^Válida durante/), { target: { value: '14' } });
    fireEvent.change(screen.getByLabelText(/^Nota/), { target: { value: 'Anodizados del Este' } });
    fireEvent.click(screen.getByText('Crear enlace'));
    expect(await screen.findByDisplayValue(INVITATION.link)).toBeTruthy();
    expect(api.calls('POST', '/api/auth/registration/invitation')[0].body).toEqual({ days: 14, note: 'Anodizados del Este' });
  });

  it('is not offered when registration is open or closed, nor without the grant', async () => {
    const api = mockApi(on('GET', '/api/auth/registration', 200, { mode: 'open' }));
    const { unmount } = renderPage(<RegistrationInvitation />, { url: '/apps/company/all' });
    await waitFor(() => expect(api.calls('GET', '/api/auth/registration')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Invitar a registrar una empresa')).toBeNull();
    unmount();

    const refused = mockApi(on('GET', '/api/auth/registration', 200, { mode: 'invitation' }));
    renderPage(<RegistrationInvitation />, {
      url: '/apps/company/all',
      grants: { ...ALL_GRANTS, companies: { read: true, insert: false, update: true, delete: false } },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Invitar a registrar una empresa')).toBeNull();
    expect(refused.calls('GET', '/api/auth/registration')).toHaveLength(0);
  });
});
