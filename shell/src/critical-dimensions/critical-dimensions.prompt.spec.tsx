import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { productionMessages, type RunningOrderDie } from '@planta/contracts';
import { onSnackbar } from '@planta/ui';
import { mockApi, on, type } from '@planta/ui/testing';
import { renderShell, resetSession, setUser } from '../testing/render-shell';
import { CriticalDimensionsPrompt } from './critical-dimensions.prompt';

const PATH = '/api/orders/getActiveTimerOrders';
const MINUTE = 60_000;

const running = (id: number, startedMinutesAgo: number, reference: string, tolerances: RunningOrderDie['tolerances']): RunningOrderDie => ({
  id,
  active_timer: true,
  // A few seconds into the minute: the mark is reached, and stays reached while the test runs.
  start_extrusion_time: new Date(Date.now() - startedMinutesAgo * MINUTE - 5_000).toISOString(),
  dies_model_order_die_reference: reference,
  dies_model_order_copy_number: 1,
  tolerances,
  paused: false,
  paused_since: null,
  pause_cause: null,
  paused_ms: 0,
  running_ms: startedMinutesAgo * MINUTE + 5_000,
});

beforeEach(() => {
  resetSession();
  localStorage.clear();
});

describe('critical-dimensions prompt', () => {
  it("asks at the first running extrusion's mark only, showing the profile's nominal and tolerance of A and B before typing", async () => {
    const api = mockApi(
      on('GET', PATH, 200, [
        running(11, 10, 'EN-1042', [
          { label: 'A', nominal_mm: 25.4, tol_minus_mm: 0.1, tol_plus_mm: 0.15 },
          { label: 'B', nominal_mm: 3.2, tol_minus_mm: 0.05, tol_plus_mm: 0.05 },
        ]),
        // The second run is at its mark too: spec 4 asks about the first one only ('Mi extrusión' has the others).
        running(12, 20, 'EN-2000', []),
      ]),
    );
    setUser(['user'], { id: 7 });
    renderShell(<CriticalDimensionsPrompt />);

    const dialog = await screen.findByRole('alertdialog', { name: 'Dimensiones criticas' });
    expect(dialog.textContent).toContain('La matriz EN-1042-1 lleva 10 minutos en extrusión.');
    expect(dialog.textContent).not.toContain('EN-2000');
    const fieldA = within(dialog).getByLabelText(/Dimensión A \(mm\)/) as HTMLInputElement;
    const fieldB = within(dialog).getByLabelText(/Dimensión B \(mm\)/) as HTMLInputElement;
    expect([fieldA.value, fieldB.value]).toEqual(['', '']);
    // Each hint is the field's description: read with the field, before anything is typed.
    const described = (field: HTMLElement) =>
      (field.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
    expect(described(fieldA)).toContain('Nominal 25,40 mm (−0,10 / +0,15)');
    expect(described(fieldB)).toContain('Nominal 3,20 mm (−0,05 / +0,05)');
    expect(api.calls('GET', PATH)[0].url.searchParams.get('userId')).toBe('7');
  });

  it('says so when the profile has no nominal for a dimension', async () => {
    mockApi(on('GET', PATH, 200, [running(21, 10, 'EN-3000', [{ label: 'A', nominal_mm: 40, tol_minus_mm: 0.2, tol_plus_mm: 0.2 }])]));
    setUser(['user'], { id: 7 });
    renderShell(<CriticalDimensionsPrompt />);
    const dialog = await screen.findByRole('alertdialog', { name: 'Dimensiones criticas' });
    expect(dialog.textContent).toContain('Nominal 40,00 mm (−0,20 / +0,20)');
    expect(dialog.textContent).toContain('Sin nominal en el perfil');
  });
  it('closes when its run turns out paused: a check refused because the press stopped shows the reason, and the prompt asks no more', async () => {
    const message = productionMessages.checkWhilePaused('Falla hidráulica');
    let stopped = false;
    const api = mockApi(
      on('GET', PATH, 200, () => {
        const run = running(41, 10, 'EN-4000', []);
        return [stopped ? { ...run, paused: true, paused_since: new Date().toISOString(), pause_cause: 'hydraulic', paused_ms: 60_000 } : run];
      }),
      on('POST', '/api/orders/saveDieCriticalDimension', 409, () => {
        stopped = true;
        return { statusCode: 409, message, fields: { order_dies_id: message } };
      }),
    );
    const told: string[] = [];
    const stopListening = onSnackbar((snackbar) => told.push(snackbar.message));
    setUser(['user'], { id: 7 });
    renderShell(<CriticalDimensionsPrompt />);
    const dialog = await screen.findByRole('alertdialog', { name: 'Dimensiones criticas' });
    type(within(dialog).getByLabelText(/Dimensión A \(mm\)/), '25,4');
    type(within(dialog).getByLabelText(/Dimensión B \(mm\)/), '3,2');
    const save = within(dialog).getByRole('button', { name: 'Guardar', hidden: true });
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(told).toContain(message));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull());
    expect(api.calls('GET', PATH).length).toBeGreaterThanOrEqual(2);
    stopListening();
  });
});
