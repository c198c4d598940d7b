import { PROFILE_SHAPES } from '../../dieshop/profile-shapes';
import { profileMessages } from '../../dieshop/profile.messages';
import { RESOURCE_PLACES } from '../resource-places';
import { defineResource, field, type ResourceRecord } from '../../resource';

/**
 * A profile (perfil, domain.md A2.2): what the customer orders, whose die copies the die shop
 * keeps. Its critical dimensions (`profile_dimension`) are edited on its page
 * (`/api/profile/:id/dimensions`); its drawing (`drawing_file_id`) is kept by the API itself.
 */
export const profileResource = defineResource({
  name: 'profile',
  ...RESOURCE_PLACES.profile,
  page: 'dies',
  api: 'profile',
  table: 'profile',
  icon: 'ShapesRegular',
  fields: {
    code: field.text({ max: 40, required: true, upperCase: true, pattern: { regex: /^[A-Z0-9][A-Z0-9._/-]*$/, message: profileMessages.code } }),
    customer: field.text({ max: 120 }),
    description: field.text({ max: 200 }),
    shape: field.choice(PROFILE_SHAPES, { required: true, default: 'solid', message: profileMessages.shape }),
    nominal_kg_m: field.number({ max: 1000, nullable: true }),
    alloy_id: field.reference({ to: 'aluminumAlloy' }),
  },
  storedColumns: ['drawing_file_id', 'created_at'],
  display: ['code'],
  list: {
    columns: [{ field: 'code', width: 18 }, { field: 'customer', width: 28 }, { field: 'description', width: 36 }, 'shape', 'nominal_kg_m', 'alloy_id'],
    sortable: ['code', 'customer', 'shape', 'nominal_kg_m'],
    searchable: ['code', 'customer', 'description'],
    defaultSort: 'code',
    exportName: 'perfiles',
  },
  unique: [{ fields: ['code'], message: profileMessages.codeTaken }],
  example: {
    code: 'PRUEBA-4021',
    customer: 'Ventanas del Cantábrico',
    description: 'Marco de ventana corredera',
    shape: 'hollow',
    nominal_kg_m: 1.245,
  },
});

export type Profile = ResourceRecord<typeof profileResource>;
