import { formatsOf } from './format';

// The portal's one number format (screens, charts and the indicators' PDF): the language's separators.
describe('formatsOf().number', () => {
  it.each<[number | null, string, number, string]>([
    [745481, 'es', 0, '745.481'],
    [0.85, 'es', 2, '0,85'],
    [1446.8, 'es', 3, '1446,8'],
    [1446.8, 'en', 3, '1,446.8'],
    [12345.678, 'es', 1, '12.345,7'],
    [null, 'es', 3, '—'],
  ])('writes %p in %p with %p decimals as %p', (value, language, digits, expected) => {
    expect(formatsOf(language).number(value, digits)).toBe(expected);
  });
});
