import { issuesToFields } from './error.schema';
import { loginRequestSchema, registerRequestSchema } from './auth.schema';
import { messages } from './messages';

const loginFields = (input: unknown) => {
  const result = loginRequestSchema.safeParse(input);
  return result.success ? {} : issuesToFields(result.error.issues);
};

describe('login rules (spec 5)', () => {
  it('gives the first failing message per field, in Spanish, exactly as specified', () => {
    expect(loginFields({ email: '', password: '' })).toEqual({ email: messages.required, password: messages.required });
    expect(loginFields({ email: 'a@b', password: 'abc' })).toEqual({ email: 'El tamaño minimo es 4', password: 'El tamaño mínimo es 4' });
    expect(loginFields({ email: 'not-an-email', password: 'abcd' })).toEqual({ email: 'El formato del correo es incorrecto' });
    expect(loginFields({})).toEqual({ email: messages.required, password: messages.required });
  });

  it('accepts a valid pair and trims the email', () => {
    expect(loginRequestSchema.parse({ email: ' jefe@norte.example ', password: 'Planta2026!' })).toEqual({
      email: 'jefe@norte.example',
      password: 'Planta2026!',
    });
  });
});

describe('registration rules', () => {
  const valid = { displayName: 'Ana Pérez', email: 'ana@example.com', password: 'segura123', passwordConfirm: 'segura123', companyName: 'Aluminios Andinos' };
  const fields = (input: unknown) => {
    const result = registerRequestSchema.safeParse(input);
    return result.success ? {} : issuesToFields(result.error.issues);
  };

  it('accepts a complete registration', () => {
    expect(fields(valid)).toEqual({});
  });

  it('uses the spec texts for display name, email and confirmation, and 8 characters for passwords', () => {
    expect(fields({ ...valid, displayName: 'Ana' })).toEqual({ displayName: 'El nombre debe tener al menos 4 caracteres' });
    expect(fields({ ...valid, email: 'ana' })).toEqual({ email: 'Ingresa un correo válido' });
    expect(fields({ ...valid, password: 'corta12', passwordConfirm: 'corta12' })).toEqual({ password: messages.weakPassword });
    expect(fields({ ...valid, passwordConfirm: 'otra1234' })).toEqual({ passwordConfirm: 'Las contraseñas no coinciden' });
    expect(fields({ ...valid, companyName: '  ' })).toEqual({ companyName: messages.companyNameRequired });
  });
});
