import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import {
  DIE_TRANSITIONS,
  dieCopyCreateSchema,
  dieCopyUpdateSchema,
  type DieCopy,
  type DieCopyCreate,
  type DieCopyUpdate,
  type DieState,
  type DieType,
  type DieshopSettings,
} from '@planta/contracts';
import { currentLanguage, inputNumber, withDecimalFields } from '@planta/ui';

/** Where the die shop's screens live (spec 2.2; `/apps/die/:id` edits a copy). */
export const DIE_INVENTORY_PATH = '/apps/dies/all';
export const DIE_NEW_PATH = '/apps/die/new';
export const dieEditPath = (id: number) => `/apps/die/${id}`;
export const dieSummaryPath = (id: number) => `/apps/dies/dieResume/${id}`;

/**
 * The states 'Mover a…' offers from a state: the moves of DIE_TRANSITIONS that are the die shop's
 * to make by hand. A die enters the press when its run starts, and scrapping has its own action
 * with a reason.
 */
export function manualMoveTargets(from: DieState): DieState[] {
  return DIE_TRANSITIONS[from].filter((to) => to !== 'press' && to !== 'scrapped');
}

/** Whether 'Dar de baja' can apply to a die in this state (never from the press, never twice). */
export const mayBeScrapped = (state: DieState): boolean => DIE_TRANSITIONS[state].includes('scrapped');

/** The colour of a state's chip: where the die is in its life at a glance. */
export const DIE_STATE_COLOURS: Record<DieState, 'brand' | 'danger' | 'important' | 'informative' | 'severe' | 'subtle' | 'success' | 'warning'> = {
  new: 'informative',
  in_stock: 'success',
  enlistment: 'brand',
  oven: 'severe',
  press: 'important',
  cleaning: 'warning',
  correction: 'danger',
  trial: 'brand',
  nitriding: 'warning',
  scrapped: 'subtle',
};

/** The numbers of the form, as typed (a decimal comma or point). */
export const DIE_NUMBER_FIELDS = [
  'copy_number',
  'cavities',
  'diameter_mm',
  'thickness_mm',
  'cost',
  'nitriding_every_billets',
  'nitriding_every_kg',
  'expected_life_kg',
] as const;
/** Fields that may be left empty: sent as null. */
const NULLABLE_FIELDS = [
  'diameter_mm',
  'thickness_mm',
  'cost',
  'nitriding_every_billets',
  'nitriding_every_kg',
  'expected_life_kg',
  'received_at',
  'profile_id',
] as const;

/** What the reception and edit form holds: texts as typed, numbers as typed text, the profile's id or null. */
export interface DieCopyFormValues {
  die_reference: string;
  copy_number: string;
  description: string;
  profile_id: number | null;
  die_type: DieType | '';
  cavities: string;
  diameter_mm: string;
  thickness_mm: string;
  steel: string;
  supplier: string;
  supplier_ref: string;
  received_at: string;
  cost: string;
  location: string;
  nitriding_every_billets: string;
  nitriding_every_kg: string;
  expected_life_kg: string;
}
export type DieCopyFormField = keyof DieCopyFormValues;
export const DIE_FORM_FIELDS = Object.keys({
  die_reference: 0,
  copy_number: 0,
  description: 0,
  profile_id: 0,
  die_type: 0,
  cavities: 0,
  diameter_mm: 0,
  thickness_mm: 0,
  steel: 0,
  supplier: 0,
  supplier_ref: 0,
  received_at: 0,
  cost: 0,
  location: 0,
  nitriding_every_billets: 0,
  nitriding_every_kg: 0,
  expected_life_kg: 0,
} satisfies Record<DieCopyFormField, 0>) as DieCopyFormField[];

/** A copy being received: one cavity, today's date. */
export function emptyDieCopyValues(today = new Date().toISOString().slice(0, 10)): DieCopyFormValues {
  return {
    die_reference: '',
    copy_number: '',
    description: '',
    profile_id: null,
    die_type: '',
    cavities: '1',
    diameter_mm: '',
    thickness_mm: '',
    steel: '',
    supplier: '',
    supplier_ref: '',
    received_at: today,
    cost: '',
    location: '',
    nitriding_every_billets: '',
    nitriding_every_kg: '',
    expected_life_kg: '',
  };
}

/** A stored copy as the form shows it (numbers in the user's language). */
export function dieCopyFormValues(die: DieCopy, language = currentLanguage()): DieCopyFormValues {
  const number = (value: number | null) => inputNumber(value, language);
  return {
    die_reference: die.die_reference,
    copy_number: String(die.copy_number),
    description: die.description,
    profile_id: die.profile_id,
    die_type: die.die_type,
    cavities: String(die.cavities),
    diameter_mm: number(die.diameter_mm),
    thickness_mm: number(die.thickness_mm),
    steel: die.steel,
    supplier: die.supplier,
    supplier_ref: die.supplier_ref,
    received_at: die.received_at ? die.received_at.slice(0, 10) : '',
    cost: number(die.cost),
    location: die.location,
    nitriding_every_billets: number(die.nitriding_every_billets),
    nitriding_every_kg: number(die.nitriding_every_kg),
    expected_life_kg: number(die.expected_life_kg),
  };
}

/**
 * The form's resolver: the contracts' own schema (creation or edit), so a rule and its Spanish
 * message are the API's. Empty optional fields are null; typed numbers are read as the language
 * writes them. An edit sends neither the reference nor the copy number (they stay).
 */
export function dieCopyResolver(isNew: boolean): Resolver<DieCopyFormValues, unknown, DieCopyCreate | DieCopyUpdate> {
  const schema = isNew ? dieCopyCreateSchema : dieCopyUpdateSchema;
  const check = withDecimalFields(zodResolver(schema as never) as unknown as Resolver<DieCopyFormValues, unknown, DieCopyCreate>, DIE_NUMBER_FIELDS);
  return (values, context, options) => {
    const normalised: Record<string, unknown> = { ...values };
    for (const name of NULLABLE_FIELDS) if (normalised[name] === '' || normalised[name] === undefined) normalised[name] = null;
    if (normalised.die_type === '') normalised.die_type = undefined;
    if (!isNew) {
      delete normalised.die_reference;
      delete normalised.copy_number;
    }
    return check(normalised as unknown as DieCopyFormValues, context, options);
  };
}

/** The family's thresholds for a die type, as the form's hints show them. */
export function familyDefaults(settings: DieshopSettings | null, dieType: DieType | ''): DieshopSettings['families'][number] | null {
  if (!settings || !dieType) return null;
  return settings.families.find((family) => family.die_type === dieType) ?? null;
}

/** The profiles the dies already name, by code (the picker's choices until the profiles' own list exists). */
export function profileOptionsOf(dies: readonly Pick<DieCopy, 'profile_id' | 'profile_code'>[]): { value: number; label: string }[] {
  const byId = new Map<number, string>();
  for (const die of dies) if (die.profile_id !== null && die.profile_code) byId.set(die.profile_id, die.profile_code);
  return [...byId].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
}
