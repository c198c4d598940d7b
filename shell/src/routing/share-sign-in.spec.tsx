import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { authRoles } from '@planta/contracts';
import { currentShare, signInWithShareToken } from '@planta/session';
import { onSnackbar } from '@planta/ui';
import { renderShell, resetSession, setUser } from '../testing/render-shell';
import { RouteGuard } from './route-guard';
import { ShareSignIn } from './share-sign-in';

jest.mock('@planta/session', () => ({
  ...jest.requireActual('@planta/session'),
  signInWithShareToken: jest.fn(),
  currentShare: jest.fn(() => null),
}));

const share = { type: 'die-summary', param: 'dieId' } as const;

/** The die summary's share route as the shell mounts it: sign-in, then the guard, then the page. */
function renderLink(path: string) {
  return renderShell(
    <Routes>
      <Route
        path="/apps/dies/dieResume/:dieId/:token"
        element={
          <ShareSignIn share={share}>
            <RouteGuard auth={authRoles.guest}>
              <p>Resumen compartido</p>
            </RouteGuard>
          </ShareSignIn>
        }
      />
      <Route path="/login" element={<p>Página de ingreso</p>} />
    </Routes>,
    { path },
  );
}

const snackbars: { message: string; variant: string }[] = [];
let stopSnackbars: () => void;
beforeEach(() => {
  resetSession();
  snackbars.length = 0;
  stopSnackbars = onSnackbar((snackbar) => snackbars.push({ message: snackbar.message, variant: snackbar.variant }));
  jest.mocked(signInWithShareToken).mockReset();
  jest.mocked(currentShare).mockReset().mockReturnValue(null);
});
afterEach(() => stopSnackbars());

describe('share links (spec 2.2, 8)', () => {
  it("signs the visitor in with the link's token before the guard decides, then shows the resource", async () => {
    jest.mocked(signInWithShareToken).mockImplementation(async () => {
      setUser(['guest']);
      return { type: 'die-summary', id: 7 };
    });
    renderLink('/apps/dies/dieResume/7/abc');
    expect(await screen.findByText('Resumen compartido')).toBeTruthy();
    expect(signInWithShareToken).toHaveBeenCalledWith('abc');
    // The visitor never signed in as a person: nobody is told 'Autenticado correctamente'.
    expect(snackbars).toEqual([]);
    expect(screen.getByText('Enlace compartido: solo lectura')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/apps/dies/dieResume/7/abc');
  });

  it('does not sign in again when the session already opens this resource', async () => {
    setUser(['guest']);
    jest.mocked(currentShare).mockReturnValue({ type: 'die-summary', id: 7 });
    renderLink('/apps/dies/dieResume/7/abc');
    expect(await screen.findByText('Resumen compartido')).toBeTruthy();
    expect(signInWithShareToken).not.toHaveBeenCalled();
    expect(snackbars).toEqual([]);
  });

  it("says 'Error intentando ingresar con el TOKEN' and goes to /login when the token is refused", async () => {
    jest.mocked(signInWithShareToken).mockRejectedValue(new Error('El enlace compartido no es válido o ya expiró'));
    renderLink('/apps/dies/dieResume/7/malo');
    expect(await screen.findByText('Página de ingreso')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(snackbars).toEqual([{ message: 'Error intentando ingresar con el TOKEN', variant: 'error' }]);
    expect(screen.queryByText('Resumen compartido')).toBeNull();
  });

  it('refuses a valid link to another resource pasted under this address', async () => {
    jest.mocked(signInWithShareToken).mockImplementation(async () => {
      setUser(['guest']);
      return { type: 'die-summary', id: 8 };
    });
    renderLink('/apps/dies/dieResume/7/abc');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(snackbars).toEqual([{ message: 'Error intentando ingresar con el TOKEN', variant: 'error' }]);
    expect(screen.queryByText('Resumen compartido')).toBeNull();
  });
});
