import type { ValueTransformer } from 'typeorm';

/** PostgreSQL numeric arrives as text; the API speaks numbers. */
export const numeric: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null || value === undefined ? null : Number(value)),
};
