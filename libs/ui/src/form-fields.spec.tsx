import '../testing/jsdom.setup';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ApiRequestError } from '@planta/session';
import { applyServerFieldErrors, fieldErrorText, FormNumberField, FormSelect, FormTextField, REQUIRED_TEXT } from './form-fields';

const schema = z.object({
  name: z.string().trim().min(1, REQUIRED_TEXT),
  tonnage: z.coerce.number({ error: 'Debe ser un número mayor que cero' }).positive('Debe ser un número mayor que cero'),
  kind: z.enum(['press', 'saw'], { error: 'Elige el tipo' }),
});
type Input = z.input<typeof schema>;
type Output = z.output<typeof schema>;

function TestForm({ onValid, serverError }: { onValid: (values: Output) => void; serverError?: unknown }) {
  const { control, handleSubmit, setError } = useForm<Input, unknown, Output>({
    mode: 'onTouched',
    resolver: zodResolver(schema),
    defaultValues: { name: '', tonnage: '', kind: '' as never },
  });
  useEffect(() => {
    if (serverError) applyServerFieldErrors(serverError, setError);
  }, [serverError, setError]);
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate>
      <FormTextField control={control} name="name" label="Nombre" required />
      <FormNumberField control={control} name="tonnage" label="Tonelaje (t)" required />
      <FormSelect
        control={control}
        name="kind"
        label="Tipo"
        required
        options={[
          { value: 'press', label: 'Prensa' },
          { value: 'saw', label: 'Sierra' },
        ]}
      />
      <button type="submit">Guardar</button>
    </form>
  );
}
const renderForm = (props: Parameters<typeof TestForm>[0]) =>
  render(
    <FluentProvider theme={webLightTheme}>
      <TestForm {...props} />
    </FluentProvider>,
  );

describe('form fields', () => {
  it('shows the schema messages as helper text on submit and nothing before', async () => {
    const onValid = jest.fn();
    renderForm({ onValid });
    expect(screen.queryByText(REQUIRED_TEXT)).toBeNull();
    fireEvent.click(screen.getByText('Guardar'));
    expect(await screen.findByText(REQUIRED_TEXT)).toBeTruthy();
    expect(screen.getByText('Debe ser un número mayor que cero')).toBeTruthy();
    expect(screen.getByText('Elige el tipo')).toBeTruthy();
    expect(onValid).not.toHaveBeenCalled();
  });

  it('binds Fluent inputs through Controller: typed values reach the submit, coerced', async () => {
    const onValid = jest.fn();
    renderForm({ onValid });
    fireEvent.change(screen.getByLabelText(/^Nombre/), { target: { value: ' Prensa 1 ' } });
    fireEvent.change(screen.getByLabelText(/^Tonelaje/), { target: { value: '2500' } });
    fireEvent.change(screen.getByLabelText(/^Tipo/), { target: { value: 'saw' } });
    expect((screen.getByLabelText(/^Nombre/) as HTMLInputElement).value).toBe(' Prensa 1 ');
    fireEvent.click(screen.getByText('Guardar'));
    await waitFor(() => expect(onValid).toHaveBeenCalled());
    expect(onValid.mock.calls[0][0]).toEqual({ name: 'Prensa 1', tonnage: 2500, kind: 'saw' });
  });

  it('shows an error once a required field was touched and left empty', async () => {
    renderForm({ onValid: jest.fn() });
    const name = screen.getByLabelText(/^Nombre/);
    fireEvent.focus(name);
    fireEvent.blur(name);
    expect(await screen.findByText(REQUIRED_TEXT)).toBeTruthy();
  });

  it('puts the API field errors on their fields', async () => {
    const error = new ApiRequestError({
      statusCode: 400,
      message: 'Los datos enviados no son válidos',
      error: 'Bad Request',
      fields: { name: 'Ya existe una línea con ese nombre' },
    });
    renderForm({ onValid: jest.fn(), serverError: error });
    expect(await screen.findByText('Ya existe una línea con ese nombre')).toBeTruthy();
  });
});

describe('fieldErrorText (spec 5)', () => {
  it('shows a message when there is one, or required-and-not-pristine-and-empty', () => {
    expect(fieldErrorText({ error: { type: 'x', message: 'Mal' }, isDirty: false, isTouched: false })).toBe('Mal');
    expect(fieldErrorText({ error: undefined, isDirty: false, isTouched: false }, { required: true, value: '' })).toBeUndefined();
    expect(fieldErrorText({ error: undefined, isDirty: true, isTouched: false }, { required: true, value: '' })).toBe(REQUIRED_TEXT);
    expect(fieldErrorText({ error: undefined, isDirty: false, isTouched: true }, { required: true, value: '' })).toBe(REQUIRED_TEXT);
    expect(fieldErrorText({ error: undefined, isDirty: true, isTouched: true }, { required: true, value: 'x' })).toBeUndefined();
    expect(fieldErrorText({ error: undefined, isDirty: true, isTouched: true }, { required: false, value: '' })).toBeUndefined();
  });
});

describe('applyServerFieldErrors', () => {
  it('maps each field, skips unknown ones and answers what it set', () => {
    const setError = jest.fn();
    const error = new ApiRequestError({ statusCode: 400, message: 'x', error: 'Bad Request', fields: { name: 'A', other: 'B', _: 'C' } });
    expect(applyServerFieldErrors(error, setError, ['name', 'tonnage'])).toEqual(['name']);
    expect(setError).toHaveBeenCalledTimes(1);
    expect(setError).toHaveBeenCalledWith('name', { type: 'server', message: 'A' }, { shouldFocus: true });
  });

  it('does nothing for errors without fields', () => {
    const setError = jest.fn();
    expect(applyServerFieldErrors(new Error('boom'), setError)).toEqual([]);
    expect(applyServerFieldErrors(null, setError)).toEqual([]);
    expect(setError).not.toHaveBeenCalled();
  });
});
