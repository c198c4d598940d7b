import { listQuerySchema } from './common.schema';
import { labelMatchesOf, normalizeSearchText, parseLabelMatches, sortOrderOf } from './list-search';

const status = {
  key: 'status',
  labels: [
    { value: 'in_service', label: 'En servicio' },
    { value: 'maintenance', label: 'En mantenimiento' },
    { value: 'stopped', label: 'Detenida' },
  ],
};
const shift = { key: 'name', labels: undefined };
const days = { key: 'days', labels: [{ value: 3, label: 'Miércoles' }] };

describe('list search as the user reads the screen', () => {
  it('ignores accents and case', () => {
    expect(normalizeSearchText(' Líneas de Extrusión ')).toBe('lineas de extrusion');
    expect(normalizeSearchText('MAÑANA')).toBe(normalizeSearchText('manana'));
    expect(normalizeSearchText('Tráfico')).toBe('trafico');
  });

  it('matches the shown label of a stored value, not its code', () => {
    expect(labelMatchesOf('mantenimiento', [status, shift])).toBe('status:maintenance');
    expect(labelMatchesOf('EN ', [status])).toBe('status:in_service,status:maintenance,status:stopped');
    expect(labelMatchesOf('miercoles', [status, days])).toBe('days:3');
    expect(labelMatchesOf('servicio técnico', [status])).toBeUndefined();
    expect(labelMatchesOf('   ', [status])).toBeUndefined();
  });

  it('sorts a column by its labels in the user language', () => {
    expect(sortOrderOf(status.labels, 'es')).toBe('stopped,maintenance,in_service');
    expect(sortOrderOf([], 'es')).toBeUndefined();
  });

  it('the list query accepts what the client sends and refuses anything else', () => {
    const sent = listQuerySchema.parse({ search: 'en', labelMatches: 'status:in_service,days:3', sortOrder: 'stopped,in_service' });
    expect(parseLabelMatches(sent.labelMatches)).toEqual([
      { field: 'status', value: 'in_service' },
      { field: 'days', value: '3' },
    ]);
    for (const labelMatches of ['status', 'status:', 'Status:x', "status:x'; drop", 'a:b,,c:d']) {
      expect(listQuerySchema.safeParse({ labelMatches }).success).toBe(false);
    }
    expect(listQuerySchema.safeParse({ sortOrder: 'a b' }).success).toBe(false);
  });
});
