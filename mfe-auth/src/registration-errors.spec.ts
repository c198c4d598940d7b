import { ApiRequestError } from '@planta/session';
import { onSnackbar, type SnackbarMessage } from '@planta/ui';
import { applyRegistrationError } from './registration-errors';

function failure(code: string, field: string, message = `mensaje ${code}`) {
  return new ApiRequestError({ statusCode: 400, message, error: 'Bad Request', fields: { [field]: message }, codes: { [field]: code } });
}

describe('applyRegistrationError (spec 8)', () => {
  let snackbars: SnackbarMessage[];
  let stop: () => void;
  beforeEach(() => {
    snackbars = [];
    stop = onSnackbar((snackbar) => snackbars.push(snackbar));
  });
  afterEach(() => stop());

  it.each([
    ['email-already-in-use', 'email'],
    ['invalid-email', 'email'],
    ['operation-not-allowed', 'displayName'],
    ['user-not-found', 'displayName'],
    ['user-disabled', 'displayName'],
    ['weak-password', 'password'],
    ['wrong-password', 'password'],
  ])('puts %s on the %s field', (code, field) => {
    const setError = jest.fn();
    // the code decides the field, whatever key the server reported it under
    applyRegistrationError(failure(code, 'other'), setError);
    expect(setError).toHaveBeenCalledTimes(1);
    expect(setError).toHaveBeenCalledWith(field, { type: 'server', message: `mensaje ${code}` });
    expect(snackbars).toEqual([]);
  });

  it('shows invalid-api-key in a snackbar', () => {
    const setError = jest.fn();
    applyRegistrationError(failure('invalid-api-key', 'apiKey', 'Clave de API inválida'), setError);
    expect(setError).not.toHaveBeenCalled();
    expect(snackbars).toEqual([expect.objectContaining({ message: 'Clave de API inválida', variant: 'error' })]);
  });

  it('puts field messages without a code on their field', () => {
    const setError = jest.fn();
    const error = new ApiRequestError({ statusCode: 400, message: 'x', error: 'Bad Request', fields: { companyName: 'Ingresa el nombre de la empresa' } });
    applyRegistrationError(error, setError);
    expect(setError).toHaveBeenCalledWith('companyName', { type: 'server', message: 'Ingresa el nombre de la empresa' });
    expect(snackbars).toEqual([]);
  });

  it('shows anything else in a snackbar with its message', () => {
    const setError = jest.fn();
    applyRegistrationError(new ApiRequestError({ statusCode: 500, message: 'Error interno', error: 'Internal Server Error' }), setError);
    applyRegistrationError(new Error('Se cayó la red'), setError);
    expect(setError).not.toHaveBeenCalled();
    expect(snackbars.map((snackbar) => snackbar.message)).toEqual(['Error interno', 'Se cayó la red']);
  });
});
