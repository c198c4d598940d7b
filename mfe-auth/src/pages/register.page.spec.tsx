import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { messages } from '@planta/contracts';
import { signOut } from '@planta/session';
import { onSnackbar, type SnackbarMessage } from '@planta/ui';
import { currentPath, mockApi, mockFetch, on, renderPage } from '@planta/ui/testing';
import { authResponse } from '../testing/auth-response';
import RegisterPage from './register.page';

const input = (label: RegExp) => screen.getByLabelText(label);
const submit = () => screen.getByRole('button', { name: 'Crear cuenta' }) as HTMLButtonElement;
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
/** The Fluent Field (label, input and its validation message) around an input. */
const fieldOf = (element: HTMLElement) => element.closest('.fui-Field') as HTMLElement;

function fillValidForm(overrides: Partial<Record<'displayName' | 'email' | 'password' | 'passwordConfirm' | 'companyName', string>> = {}) {
  const values = {
    displayName: 'Ana Pérez',
    email: 'ana@planta.test',
    password: 'secreto123',
    passwordConfirm: 'secreto123',
    companyName: 'Aluminios del Norte',
    ...overrides,
  };
  type(input(/^Nombre para mostrar/), values.displayName);
  type(input(/^Correo(?! y)/), values.email);
  type(input(/^Contraseña/), values.password);
  type(input(/^Confirmar contraseña/), values.passwordConfirm);
  type(input(/^Nombre de la empresa/), values.companyName);
  return values;
}

describe('RegisterPage', () => {
  let snackbars: SnackbarMessage[];
  let stop: () => void;

  beforeEach(() => {
    snackbars = [];
    stop = onSnackbar((snackbar) => snackbars.push(snackbar));
  });
  afterEach(() => {
    stop();
    signOut();
    localStorage.clear();
  });

  it('shows the three sign-up tabs with JWT selected, and links to login and to the dashboard', () => {
    renderPage(<RegisterPage />, { url: '/register' });
    expect(screen.getAllByRole('tab')).toHaveLength(3);
    const [jwt, firebase, auth0] = ['Correo y contraseña', 'Cuenta de Google', 'Acceso corporativo (SSO)'].map((name) => screen.getByRole('tab', { name }));
    expect(jwt.getAttribute('aria-selected')).toBe('true');
    expect(firebase.getAttribute('aria-selected')).toBe('false');
    expect(auth0.getAttribute('aria-selected')).toBe('false');
    expect(screen.getByRole('link', { name: 'Ingresa' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Ir al tablero' }).getAttribute('href')).toBe('/apps/dashboards/welcome');
  });

  it('keeps the submit button disabled until the whole form is valid', async () => {
    renderPage(<RegisterPage />, { url: '/register' });
    expect(submit().disabled).toBe(true);
    fillValidForm({ companyName: '' });
    await waitFor(() => expect(fieldOf(input(/^Nombre de la empresa/)).textContent).not.toContain(messages.companyNameRequired));
    expect(submit().disabled).toBe(true);
    type(input(/^Nombre de la empresa/), 'Aluminios del Norte');
    await waitFor(() => expect(submit().disabled).toBe(false));
  });

  it("says 'Las contraseñas no coinciden' on the confirmation field", async () => {
    renderPage(<RegisterPage />, { url: '/register' });
    fillValidForm({ passwordConfirm: 'otraclave123' });
    const confirm = input(/^Confirmar contraseña/);
    await waitFor(() => expect(fieldOf(confirm).textContent).toContain('Las contraseñas no coinciden'));
    expect(submit().disabled).toBe(true);
  });

  it('shows the shared schema messages for display name and email', async () => {
    renderPage(<RegisterPage />, { url: '/register' });
    type(input(/^Nombre para mostrar/), 'Ana');
    type(input(/^Correo(?! y)/), 'ana@');
    expect(await screen.findByText('El nombre debe tener al menos 4 caracteres')).toBeTruthy();
    expect(await screen.findByText('Ingresa un correo válido')).toBeTruthy();
  });

  it('puts a 409 email-already-in-use on the email field, not in a snackbar', async () => {
    const fetchMock = mockApi(
      on('GET', '/api/auth/registration', 200, { mode: 'open' }),
      on('POST', '/api/auth/register', 409, {
        statusCode: 409,
        message: messages.emailInUse,
        error: 'Conflict',
        fields: { email: messages.emailInUse },
        codes: { email: 'email-already-in-use' },
      }),
    );
    renderPage(<RegisterPage />, { url: '/register' });
    const sent = fillValidForm();
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());
    const email = input(/^Correo(?! y)/);
    await waitFor(() => expect(fieldOf(email).textContent).toContain('El correo ya está en uso'));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(within(fieldOf(input(/^Nombre para mostrar/))).queryByText('El correo ya está en uso')).toBeNull();
    expect(snackbars).toEqual([]);
    expect(currentPath()).toBe('/register');
    expect(fetchMock.calls('POST', '/api/auth/register').map((sentCall) => sentCall.body)).toEqual([{ ...sent, invitation: '' }]);
  });

  it('signs the new admin in and goes to the remembered URL', async () => {
    mockApi(on('GET', '/api/auth/registration', 200, { mode: 'open' }), on('POST', '/api/auth/register', 201, authResponse()));
    renderPage(<RegisterPage />, { url: '/register', remembered: '/apps/company/all' });
    fillValidForm();
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());
    await waitFor(() => expect(currentPath()).toBe('/apps/company/all'));
    expect(localStorage.getItem('jwt_access_token')).toBe('header.payload.signature');
    expect(snackbars.map((snackbar) => snackbar.variant)).toEqual(['success']);
  });

  it.each([
    ['Cuenta de Google', 'Esta forma de registro no está configurada en esta instalación. Usa «Correo y contraseña» o pide una cuenta a un administrador.'],
    [
      'Acceso corporativo (SSO)',
      'Esta forma de registro no está configurada en esta instalación. Usa «Correo y contraseña» o pide una cuenta a un administrador.',
    ],
  ])('the %s tab says the provider is not configured and offers no sign-up', (tab, text) => {
    const fetchMock = mockFetch(500);
    renderPage(<RegisterPage />, { url: '/register' });
    expect(screen.queryByText(text)).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: tab }));
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Crear cuenta' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(fetchMock.calls('POST', '/api/auth/register')).toEqual([]);
  });

  it('says registration is closed, with no form, when the installation closed it', async () => {
    mockApi(on('GET', '/api/auth/registration', 200, { mode: 'closed' }));
    renderPage(<RegisterPage />, { url: '/register' });
    expect(
      await screen.findByText('El registro de nuevas empresas está cerrado en esta instalación. Pide una cuenta al administrador de tu empresa.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Crear cuenta' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ingresa' })).toBeTruthy();
  });

  it('by invitation: asks for the code, filled in from the invitation link, and sends it', async () => {
    const fetchMock = mockApi(
      on('GET', '/api/auth/registration', 200, { mode: 'invitation' }),
      on('POST', '/api/auth/register', 403, {
        statusCode: 403,
        message: messages.invitationInvalid,
        error: 'Forbidden',
        fields: { invitation: messages.invitationInvalid },
      }),
    );
    renderPage(<RegisterPage />, { url: '/register?invitation=abc123', route: '/register' });
    const code = (await screen.findByLabelText(/^Código de invitación/)) as HTMLInputElement;
    expect(code.value).toBe('abc123');
    fillValidForm();
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());
    await waitFor(() => expect(fieldOf(code).textContent).toContain(messages.invitationInvalid));
    expect(fetchMock.calls('POST', '/api/auth/register')[0].body).toMatchObject({ invitation: 'abc123' });
    type(code, '');
    await waitFor(() => expect(submit().disabled).toBe(true));
  }, 15_000);
});
