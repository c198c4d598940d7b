import { productionMessages } from '../../production.messages';
import { RESOURCE_PLACES } from '../resource-places';
import { defineResource, field, lessThan, type ResourceRecord } from '../../resource';

const temperature = () => field.number({ required: true, max: 700 });

/** An alloy and temper with its density and billet and exit temperature ranges. */
export const aluminumAlloyResource = defineResource({
  name: 'aluminumAlloy',
  ...RESOURCE_PLACES.aluminumAlloy,
  page: 'aluminum-alloys',
  api: 'aluminum-alloy',
  table: 'aluminum_alloy',
  icon: 'CubeRegular',
  fields: {
    designation: field.text({ max: 10, required: true, upperCase: true, pattern: { regex: /^\d{4}[A-Z]?$/, message: productionMessages.alloyDesignation } }),
    temper: field.text({ max: 10, required: true, upperCase: true, pattern: { regex: /^(F|O|H\d{1,3}|T\d{1,4})$/, message: productionMessages.alloyTemper } }),
    density_g_cm3: field.number({
      required: true,
      max: 10,
      checks: [{ test: (density) => density >= 2.5 && density <= 3, message: productionMessages.alloyDensity }],
    }),
    billet_temp_min_c: temperature(),
    billet_temp_max_c: temperature(),
    exit_temp_min_c: temperature(),
    exit_temp_max_c: temperature(),
  },
  display: ['designation', 'temper'],
  rules: [
    lessThan('billet_temp_min_c', 'billet_temp_max_c', productionMessages.minNotBelowMax),
    lessThan('exit_temp_min_c', 'exit_temp_max_c', productionMessages.minNotBelowMax),
  ],
  list: {
    columns: ['designation', 'temper', 'density_g_cm3', 'billet_temp_min_c', 'billet_temp_max_c', 'exit_temp_min_c', 'exit_temp_max_c'],
    sortable: ['designation', 'temper', 'density_g_cm3'],
    searchable: ['designation', 'temper'],
    defaultSort: 'designation',
    exportName: 'aleaciones',
  },
  unique: [{ fields: ['designation', 'temper'], message: productionMessages.alloyTaken }],
  example: {
    designation: '6106',
    temper: 'T6',
    density_g_cm3: 2.69,
    billet_temp_min_c: 460,
    billet_temp_max_c: 500,
    exit_temp_min_c: 510,
    exit_temp_max_c: 540,
  },
});

export type AluminumAlloy = ResourceRecord<typeof aluminumAlloyResource>;
