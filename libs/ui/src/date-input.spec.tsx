import '../testing/jsdom.setup';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState, type ReactElement } from 'react';
import { useForm } from 'react-hook-form';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '@planta/i18n';
import { z } from 'zod';
import { DATE_PATTERN } from '@planta/contracts';
import { DateTimeField } from './date-input';
import { FormDateField, FormTimeField } from './form-fields';

const schema = z.object({ due: z.string().regex(DATE_PATTERN, 'Fecha no válida') });
type Values = z.infer<typeof schema>;

function TestForm({ onValid, initial }: { onValid: (values: Values) => void; initial: string }) {
  const { control, handleSubmit } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { due: initial } });
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate>
      <FormDateField control={control} name="due" label="Fecha de entrega" required />
      <button type="submit">Guardar</button>
    </form>
  );
}
const inProvider = (node: ReactElement) =>
  render(
    <I18nextProvider i18n={createI18n('es')}>
      <FluentProvider theme={webLightTheme}>{node}</FluentProvider>
    </I18nextProvider>,
  );

describe('the portal date field', () => {
  it('shows the ISO day as dd/mm/aaaa, reads what is typed so and hands the form the ISO day', async () => {
    const onValid = jest.fn();
    inProvider(<TestForm onValid={onValid} initial="2026-12-01" />);
    const field = screen.getByLabelText(/Fecha de entrega/) as HTMLInputElement;
    expect(field.value).toBe('01/12/2026');
    expect(field.type).toBe('text');
    expect(field.placeholder).toBe('dd/mm/aaaa');
    fireEvent.change(field, { target: { value: '15/1/2030' } });
    fireEvent.click(screen.getByText('Guardar'));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ due: '2030-01-15' }, expect.anything()));
  });

  it('says how to write a day that is none, and the form does not send it', async () => {
    const onValid = jest.fn();
    inProvider(<TestForm onValid={onValid} initial="" />);
    fireEvent.change(screen.getByLabelText(/Fecha de entrega/), { target: { value: '31/02/2030' } });
    expect(await screen.findByText('Indica una fecha dd/mm/aaaa')).toBeTruthy();
    fireEvent.click(screen.getByText('Guardar'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onValid).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/Fecha de entrega/), { target: { value: '28/02/2030' } });
    await waitFor(() => expect(screen.queryByText('Indica una fecha dd/mm/aaaa')).toBeNull());
  });

  it('offers the calendar as a labelled button', () => {
    inProvider(<TestForm onValid={jest.fn()} initial="" />);
    expect(screen.getByRole('button', { name: 'Elegir en el calendario' })).toBeTruthy();
  });

  it('takes a day and a 24-hour time for a moment', async () => {
    const seen: string[] = [];
    function Moment() {
      const [value, setValue] = useState('2026-03-12T07:05');
      seen.push(value);
      return <DateTimeField label="Entrada" value={value} onValue={setValue} />;
    }
    inProvider(<Moment />);
    expect((screen.getByLabelText('Entrada') as HTMLInputElement).value).toBe('12/03/2026');
    const time = screen.getByLabelText('Entrada (hh:mm)') as HTMLInputElement;
    expect(time.value).toBe('07:05');
    fireEvent.change(time, { target: { value: '14:30' } });
    await waitFor(() => expect(seen.at(-1)).toBe('2026-03-12T14:30'));
    fireEvent.change(time, { target: { value: '2 PM' } });
    expect(await screen.findByText('Indica una hora hh:mm, de 00:00 a 23:59')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Entrada'), { target: { value: '13/03/2026' } });
    await waitFor(() => expect(seen.at(-1)).toBe('2026-03-13T14:30'));
  });

  it('takes a time of day as text on a 24-hour clock, whatever the browser language', async () => {
    const timeSchema = z.object({ start: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Usa el formato HH:MM (24 horas)') });
    const onValid = jest.fn();
    function Shift() {
      const { control, handleSubmit } = useForm<{ start: string }>({ resolver: zodResolver(timeSchema), defaultValues: { start: '06:00' } });
      return (
        <form onSubmit={handleSubmit(onValid)} noValidate>
          <FormTimeField control={control} name="start" label="Inicio" />
          <button type="submit">Guardar</button>
        </form>
      );
    }
    inProvider(<Shift />);
    const field = screen.getByLabelText('Inicio') as HTMLInputElement;
    expect([field.type, field.value, field.placeholder]).toEqual(['text', '06:00', 'hh:mm']);
    fireEvent.change(field, { target: { value: '2 PM' } });
    fireEvent.click(screen.getByText('Guardar'));
    expect(await screen.findByText('Usa el formato HH:MM (24 horas)')).toBeTruthy();
    expect(onValid).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: '1430' } });
    fireEvent.click(screen.getByText('Guardar'));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ start: '14:30' }, expect.anything()));
  });
});
