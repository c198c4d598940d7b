import { companyCreateSchema, companyUpdateSchema, isTimeZoneName, timeZoneNames } from './company-admin.schema';
import { messages } from './messages';

describe('time zones of a company', () => {
  it('takes IANA names spelled exactly, and refuses offsets, abbreviations in other case and inventions', () => {
    for (const name of ['Europe/Madrid', 'Atlantic/Canary', 'UTC', 'America/Argentina/Buenos_Aires', 'Etc/GMT+3']) expect(isTimeZoneName(name)).toBe(true);
    for (const name of ['europe/madrid', 'Mars/Olympus_Mons', '+01:00', '', 'Europe/', '../etc/passwd']) expect(isTimeZoneName(name)).toBe(false);
  });

  it('offers every zone of the runtime, UTC among them, for the searchable list', () => {
    const names = timeZoneNames();
    expect(names).toContain('UTC');
    expect(names).toContain('Europe/Madrid');
    expect(names.every(isTimeZoneName)).toBe(true);
  });
});

describe('company input', () => {
  it('fills the defaults of a new company: Europe/Madrid, euros and 2 MB', () => {
    expect(companyCreateSchema.parse({ name: ' Laminados ' })).toEqual({
      name: 'Laminados',
      tax_id: '',
      address: '',
      time_zone: 'Europe/Madrid',
      currency: 'EUR',
      upload_limit_mb: 2,
    });
  });

  it('takes a currency as its ISO 4217 code of a currency that exists', () => {
    expect(companyUpdateSchema.parse({ currency: ' USD ' })).toEqual({ currency: 'USD' });
    for (const currency of ['usd', 'EURO', 'XQZ', '']) {
      const result = companyUpdateSchema.safeParse({ currency });
      expect([currency, result.success ? null : result.error.issues[0].message]).toEqual([currency, messages.invalidCurrency]);
    }
  });

  it('keeps the upload limit between 1 and 100 whole MB, and a change to what it names', () => {
    for (const upload_limit_mb of [0, 101, 2.5, '5']) {
      const result = companyUpdateSchema.safeParse({ upload_limit_mb });
      expect(result.success ? null : result.error.issues[0].message).toBe(messages.uploadLimitRange);
    }
    expect(companyUpdateSchema.parse({ active: false })).toEqual({ active: false });
  });
});
