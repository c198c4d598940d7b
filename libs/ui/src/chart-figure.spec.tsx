import { wrapLabel } from './chart-figure';

// A chart's category labels share the axis: each on at most two lines of its own band.
describe('wrapLabel', () => {
  it.each<[string, number, string[]]>([
    ['Falla hidráulica', 10, ['Falla', 'hidráulica']],
    ['Mantenimiento planificado', 14, ['Mantenimiento', 'planificado']],
    ['Matriz', 10, ['Matriz']],
    ['Falla eléctrica', 20, ['Falla eléctrica']],
    ['Cambio de matriz por desgaste del puente', 12, ['Cambio de', 'matriz por…']],
    ['Electromecánica', 8, ['Electro…']],
  ])('writes %p in %p characters a line as %p', (label, perLine, lines) => {
    expect(wrapLabel(label, perLine)).toEqual(lines);
  });
});
