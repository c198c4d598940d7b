import { changedValues } from './audit.service';

describe('changedValues', () => {
  it('keeps only the fields that changed, on both sides', () => {
    expect(changedValues({ name: 'Norte', tax_id: 'B1', active: true }, { name: 'Norte SA', tax_id: 'B1', active: true })).toEqual({
      before: { name: 'Norte' },
      after: { name: 'Norte SA' },
    });
  });

  it('compares arrays and objects by value, and a field that appears counts as a change', () => {
    expect(changedValues({ roles: ['user'] }, { roles: ['user'] })).toEqual({ before: null, after: null });
    expect(changedValues({ roles: ['user'] }, { roles: ['staff', 'user'], position: 'Jefe' })).toEqual({
      before: { roles: ['user'] },
      after: { roles: ['staff', 'user'], position: 'Jefe' },
    });
  });

  it('never carries a password or a token', () => {
    expect(changedValues({ password_hash: 'a', name: 'x' }, { password_hash: 'b', name: 'y', temporary_password: 'Secreta1!' })).toEqual({
      before: { name: 'x' },
      after: { name: 'y' },
    });
  });
});
