import { fireEvent, screen, waitFor } from '@testing-library/react';
import { messages } from '@planta/contracts';
import { signOut } from '@planta/session';
import { onSnackbar, type SnackbarMessage } from '@planta/ui';
import { currentPath, mockFetch, renderPage } from '@planta/ui/testing';
import { authResponse } from '../testing/auth-response';
import LoginPage from './login.page';

const email = () => screen.getByLabelText(/^Correo/);
const password = () => screen.getByLabelText(/^Contraseña/);
const submit = () => screen.getByRole('button', { name: 'INGRESAR' }) as HTMLButtonElement;
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

describe('LoginPage', () => {
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

  it('keeps INGRESAR disabled until the form is valid', async () => {
    renderPage(<LoginPage />, { url: '/login' });
    expect(screen.getByText('INGRESA A TU CUENTA')).toBeTruthy();
    expect(submit().disabled).toBe(true);
    type(email(), 'ana@planta.test');
    await waitFor(() => expect(email().getAttribute('aria-invalid')).not.toBe('true'));
    expect(submit().disabled).toBe(true);
    type(password(), 'secreto');
    await waitFor(() => expect(submit().disabled).toBe(false));
    type(password(), 'abc');
    await waitFor(() => expect(submit().disabled).toBe(true));
  });

  it.each([
    ['email', 'a@b', messages.emailMinLength, 'El tamaño minimo es 4'],
    ['email', 'abcdef', messages.emailFormat, 'El formato del correo es incorrecto'],
    ['password', 'abc', messages.passwordMinLength, 'El tamaño mínimo es 4'],
  ])('shows the spec 5 message for an invalid %s (%s)', async (field, value, message, quoted) => {
    expect(message).toBe(quoted);
    renderPage(<LoginPage />, { url: '/login' });
    expect(screen.queryByText(quoted)).toBeNull();
    type(field === 'email' ? email() : password(), value);
    expect(await screen.findByText(quoted)).toBeTruthy();
  });

  it('shows the service message of a 401 in a top snackbar for 2 seconds and stays on the page', async () => {
    const fetchMock = mockFetch(401, { statusCode: 401, message: 'Correo o contraseña incorrectos', error: 'Unauthorized' });
    renderPage(<LoginPage />, { url: '/login', remembered: '/apps/machine/all' });
    type(email(), 'ana@planta.test');
    type(password(), 'incorrecta');
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());
    await waitFor(() => expect(snackbars).toHaveLength(1));
    expect(snackbars[0]).toEqual({ message: 'Correo o contraseña incorrectos', variant: 'error', position: 'top', autoHideMs: 2000 });
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/login', expect.objectContaining({ method: 'POST' }));
    expect(currentPath()).toBe('/login');
  });

  it('signs in and goes to the remembered URL', async () => {
    const fetchMock = mockFetch(200, authResponse());
    renderPage(<LoginPage />, { url: '/login', remembered: '/apps/machine/all' });
    type(email(), 'ana@planta.test');
    type(password(), 'secreto');
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());
    await waitFor(() => expect(currentPath()).toBe('/apps/machine/all'));
    expect(JSON.parse(fetchMock.mock.calls[0][1].body as string)).toEqual({ email: 'ana@planta.test', password: 'secreto' });
    expect(localStorage.getItem('jwt_access_token')).toBe('header.payload.signature');
    expect(snackbars).toEqual([]);
  });
});
