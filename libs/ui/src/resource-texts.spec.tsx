import { createI18n, registerBundles } from '@planta/i18n';
import { resourceTexts } from './resource-texts';

describe('resourceTexts', () => {
  const i18n = createI18n('es');
  registerBundles(
    'plant',
    {
      es: {
        machine: {
          title: 'Máquinas',
          fields: { name: 'Nombre' },
          hints: { name: 'Como la llama la planta' },
          enums: { type: { billetFurnace: 'Horno de tochos' } },
        },
      },
      en: {
        machine: {
          title: 'Machines',
          fields: { name: 'Name' },
          hints: { name: 'As the plant calls it' },
          enums: { type: { billetFurnace: 'Billet furnace' } },
        },
      },
      ar: {
        machine: {
          title: 'Machines',
          fields: { name: 'Name' },
          hints: { name: 'As the plant calls it' },
          enums: { type: { billetFurnace: 'Billet furnace' } },
        },
      },
      tr: {
        machine: {
          title: 'Machines',
          fields: { name: 'Name' },
          hints: { name: 'As the plant calls it' },
          enums: { type: { billetFurnace: 'Billet furnace' } },
        },
      },
    },
    i18n,
  );
  const texts = resourceTexts(i18n.t, { area: 'production' as never, name: 'machine' }, (key) => i18n.exists(key));
  const plant = resourceTexts(i18n.getFixedT('es'), { area: 'plant' as never, name: 'machine' }, (key) => i18n.exists(key));

  it('reads the texts of the key scheme in the area namespace', () => {
    expect(plant.title()).toBe('Máquinas');
    expect(plant.field('name')).toBe('Nombre');
    expect(plant.value('type', 'billet-furnace')).toBe('Horno de tochos');
  });
  it('leaves out a hint that is not written, and never shows a key', () => {
    expect(plant.hint('name')).toBe('Como la llama la planta');
    expect(plant.hint('model')).toBeUndefined();
    expect(texts.hint('name')).toBeUndefined();
  });
  it('falls back to the common placeholders, and shows a code without a text as it is', () => {
    expect(plant.placeholder('line_id', false)).toBe('Ninguno');
    expect(plant.placeholder('type', true)).toBe('Elige una opción');
    expect(plant.value('micron_class', 'AA15')).toBe('AA15');
  });
});
