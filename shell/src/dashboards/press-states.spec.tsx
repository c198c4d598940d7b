import { screen, within } from '@testing-library/react';
import type { PressState } from '@planta/contracts';
import { renderShell, resetSession, setUser } from '../testing/render-shell';
import { PressStatesBand } from './press-states';

const NOW = new Date('2026-11-29T08:30:00.000Z');
const STATES: PressState[] = [
  {
    line_id: 3,
    line_name: 'Prensa 3 - 2750 t',
    stopped: { machine_name: 'Prensa 3', started_at: '2026-11-28T06:25:00.000Z', cause: 'hydraulic', failure_report_number: 'RF-2026-0196' },
  },
  {
    line_id: 2,
    line_name: 'Prensa 2 - 1800 t',
    stopped: { machine_name: 'Estiradora 2', started_at: '2026-11-29T08:18:00.000Z', cause: 'billet_shortage', failure_report_number: null },
  },
  { line_id: 1, line_name: 'Prensa 1 - 1450 t', stopped: null },
];

beforeEach(() => {
  resetSession();
  setUser(['admin']);
});

describe("the shop-floor display's presses", () => {
  it('shows each press in the order given, a stopped one with its cause, since when, how long, its machine and the failure report that stopped it', () => {
    renderShell(<PressStatesBand states={STATES} now={NOW} />);
    const tiles = within(screen.getByRole('list', { name: 'Estado de las prensas' })).getAllByRole('listitem');
    expect(tiles.map((tile) => tile.getAttribute('data-state'))).toEqual(['stopped', 'stopped', 'running']);
    const [byReport, byHand, running] = tiles.map((tile) => tile.textContent);
    expect(byReport).toContain('Prensa 3 - 2750 t');
    expect(byReport).toContain('Falla hidráulica');
    // Since yesterday: the day too; 26 h 5 min in all.
    expect(byReport).toMatch(/Desde .*28.* · 26 h 5 min/);
    expect(byReport).toContain('Máquina: Prensa 3');
    expect(byReport).toContain('Reporte de falla RF-2026-0196');
    expect(byHand).toContain('Falta de tocho');
    expect(byHand).toContain('· 12 min');
    expect(byHand).toContain('Máquina: Estiradora 2');
    expect(byHand).not.toContain('Reporte de falla');
    expect(running).toBe('Prensa 1 - 1450 tEn marcha');
  });
});
