import { DIE_STATES, dieCopyMessages, type DieCopy, type DieshopSettings } from '@planta/contracts';
import {
  dieCopyFormValues,
  dieCopyResolver,
  emptyDieCopyValues,
  familyDefaults,
  manualMoveTargets,
  mayBeScrapped,
  profileOptionsOf,
  type DieCopyFormValues,
} from './die-copy.model';

const resolve = (isNew: boolean, values: Partial<DieCopyFormValues>) =>
  dieCopyResolver(isNew)({ ...emptyDieCopyValues('2026-11-23'), ...values }, undefined, { fields: {}, shouldUseNativeValidation: false });

describe("'Mover a…' targets", () => {
  it('never offer the press (a run puts it there) nor scrapping (its own action)', () => {
    for (const state of DIE_STATES) {
      expect(manualMoveTargets(state)).not.toContain('press');
      expect(manualMoveTargets(state)).not.toContain('scrapped');
    }
    expect(manualMoveTargets('in_stock')).toEqual(['enlistment', 'correction', 'nitriding']);
    expect(manualMoveTargets('press')).toEqual(['cleaning']);
    expect(manualMoveTargets('scrapped')).toEqual([]);
  });
  it('scrapping applies from anywhere but the press and a scrapped die', () => {
    expect(mayBeScrapped('cleaning')).toBe(true);
    expect(mayBeScrapped('press')).toBe(false);
    expect(mayBeScrapped('scrapped')).toBe(false);
  });
});

describe('die copy form', () => {
  it('sends a reception with empty optional numbers as null and typed decimals read as numbers', async () => {
    const result = await resolve(true, { die_reference: 'M-2040', copy_number: '3', die_type: 'hollow', diameter_mm: '228,6', cost: '' });
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({
      die_reference: 'M-2040',
      copy_number: 3,
      die_type: 'hollow',
      cavities: 1,
      diameter_mm: 228.6,
      cost: null,
      nitriding_every_kg: null,
      received_at: '2026-11-23',
      profile_id: null,
    });
  });
  it("refuses with the contracts' Spanish messages", async () => {
    const result = await resolve(true, { die_reference: 'M 20', copy_number: '0', die_type: '', cavities: '30', nitriding_every_billets: '-5' });
    expect(result.errors).toMatchObject({
      die_reference: { message: dieCopyMessages.reference },
      copy_number: { message: dieCopyMessages.copyNumber },
      die_type: { message: dieCopyMessages.dieType },
      cavities: { message: dieCopyMessages.cavities },
      nitriding_every_billets: { message: dieCopyMessages.billets },
    });
  });
  it('leaves the reference and copy number out of an edit', async () => {
    const result = await resolve(false, { die_reference: 'anything at all', copy_number: '', die_type: 'solid' });
    expect(result.errors).toEqual({});
    expect(result.values).not.toHaveProperty('die_reference');
    expect(result.values).not.toHaveProperty('copy_number');
  });
  it('shows a stored copy with its numbers as the language writes them', () => {
    const die = {
      die_reference: 'M-1',
      copy_number: 2,
      description: '',
      profile_id: 4,
      die_type: 'solid',
      cavities: 2,
      diameter_mm: 180.5,
    } as Partial<DieCopy>;
    const values = dieCopyFormValues(
      {
        ...die,
        thickness_mm: null,
        steel: 'H13',
        supplier: '',
        supplier_ref: '',
        received_at: '2026-01-05',
        cost: 1200,
        location: 'E-3',
        nitriding_every_billets: null,
        nitriding_every_kg: 40000,
        expected_life_kg: null,
      } as DieCopy,
      'es',
    );
    expect(values).toMatchObject({
      copy_number: '2',
      cavities: '2',
      diameter_mm: '180,5',
      thickness_mm: '',
      cost: '1200',
      nitriding_every_kg: '40000',
      received_at: '2026-01-05',
    });
  });
});

describe('form hints and choices', () => {
  it("reads a die type's family thresholds", () => {
    const settings = {
      families: [
        { die_type: 'solid', nitriding_every_billets: 800, nitriding_every_kg: null, expected_life_kg: null },
        { die_type: 'hollow', nitriding_every_billets: null, nitriding_every_kg: 30000, expected_life_kg: 500000 },
      ],
    } as unknown as DieshopSettings;
    expect(familyDefaults(settings, 'hollow')?.nitriding_every_kg).toBe(30000);
    expect(familyDefaults(settings, '')).toBeNull();
    expect(familyDefaults(null, 'solid')).toBeNull();
  });
  it('offers each profile the dies name once, by code', () => {
    expect(
      profileOptionsOf([
        { profile_id: 2, profile_code: 'P-20' },
        { profile_id: 1, profile_code: 'P-10' },
        { profile_id: 2, profile_code: 'P-20' },
        { profile_id: null, profile_code: null },
      ]),
    ).toEqual([
      { value: 1, label: 'P-10' },
      { value: 2, label: 'P-20' },
    ]);
  });
});
