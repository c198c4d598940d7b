import { productionMessages } from '../../production.messages';
import { RESOURCE_PLACES } from '../resource-places';
import { defineResource, field, type ResourceRecord } from '../../resource';

export const FINISH_TYPES = ['mill', 'anodised', 'powder-coated'] as const;

export const ANODISING_CLASSES = ['AA5', 'AA10', 'AA15', 'AA20', 'AA25'] as const;

/** Mill, anodised (colour, micron class) or powder coated (RAL colour). */
export const finishResource = defineResource({
  name: 'finish',
  ...RESOURCE_PLACES.finish,
  page: 'finishes',
  api: 'finish',
  table: 'finish',
  icon: 'PaintBrushRegular',
  fields: {
    name: field.text({ max: 80, required: true }),
    type: field.choice(FINISH_TYPES, { required: true, message: 'Elige el tipo de acabado' }),
    colour: field.text({ max: 60, required: true, requiredMessage: productionMessages.anodisedColour, when: { type: ['anodised'] } }),
    micron_class: field.choice(ANODISING_CLASSES, { nullable: true, required: true, message: productionMessages.anodisedClass, when: { type: ['anodised'] } }),
    ral_colour: field.text({
      max: 20,
      upperCase: true,
      pattern: { regex: /^(RAL \d{4})?$/, message: productionMessages.ralColour },
      required: true,
      requiredMessage: productionMessages.ralColour,
      when: { type: ['powder-coated'] },
    }),
  },
  display: ['name'],
  list: {
    columns: [{ field: 'name', width: 24 }, 'type', 'colour', 'micron_class', 'ral_colour'],
    sortable: ['name', 'type'],
    searchable: ['name', 'type', 'colour', 'ral_colour'],
    defaultSort: 'name',
    exportName: 'acabados',
  },
  unique: [{ fields: ['name'], message: productionMessages.finishNameTaken }],
  example: { name: 'Lacado rojo', type: 'powder-coated', ral_colour: 'ral 3000' },
});

export type Finish = ResourceRecord<typeof finishResource>;
