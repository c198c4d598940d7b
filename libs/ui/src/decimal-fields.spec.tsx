import type { Resolver } from 'react-hook-form';
import { withDecimalFields } from './decimal-fields';

type Values = { top: unknown; rows: { value: unknown; name: string }[] };
/** A resolver that hands back what it was given, so that the test sees the converted values. */
const echo: Resolver<Values> = async (values) => ({ values, errors: {} });
const options = { fields: {}, shouldUseNativeValidation: false } as never;

describe('withDecimalFields', () => {
  it('reads top-level fields and the fields of every row of a list, and leaves the rest as typed', async () => {
    const resolver = withDecimalFields(echo, ['top', 'rows.*.value']);
    const result = await resolver(
      {
        top: '12,5',
        rows: [
          { value: '40,35', name: '7' },
          { value: 3, name: 'x' },
        ],
      },
      undefined,
      options,
    );
    expect(result.values).toEqual({
      top: 12.5,
      rows: [
        { value: 40.35, name: '7' },
        { value: 3, name: 'x' },
      ],
    });
  });

  it('refuses an unreadable number of a row on that row’s field, without changing the values given', async () => {
    const resolver = withDecimalFields(echo, ['rows.*.value']);
    const values = {
      top: 1,
      rows: [
        { value: '1', name: 'a' },
        { value: '12.5.3', name: 'b' },
      ],
    };
    const result = await resolver(values, undefined, options);
    expect(result.values).toEqual({});
    const errors = result.errors as unknown as { rows: Record<string, { value: { message: string } }> };
    expect(errors.rows[1].value.message).toEqual(expect.any(String));
    expect(errors.rows[0]).toBeUndefined();
    expect(values.rows[0].value).toBe('1');
  });
});
