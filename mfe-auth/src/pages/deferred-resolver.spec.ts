import type { Resolver } from 'react-hook-form';
import { deferredResolver } from './deferred-resolver';

type Form = { email: string; password: string };
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Form>>[2];
const valid: Resolver<Form> = async (values) => ({ values, errors: {} });

describe('deferredResolver', () => {
  it('says an untouched form is not valid yet without downloading its rules', async () => {
    const load = jest.fn(async () => valid);
    const { resolver } = deferredResolver(load);
    const result = await resolver({ email: '', password: '' }, undefined, options);
    expect(Object.keys(result.errors)).toEqual(['root']);
    expect(load).not.toHaveBeenCalled();
  });

  it('downloads the rules once, at the first value typed, and answers with them', async () => {
    const load = jest.fn(async () => valid);
    const { resolver } = deferredResolver(load);
    await expect(resolver({ email: 'ana@planta.test', password: '' }, undefined, options)).resolves.toEqual({
      values: { email: 'ana@planta.test', password: '' },
      errors: {},
    });
    // Emptied again, the rules (now at hand) still decide.
    await expect(resolver({ email: '', password: '' }, undefined, options)).resolves.toEqual({ values: { email: '', password: '' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('preloads on request, and tries again after a failed download', async () => {
    const load = jest.fn<Promise<Resolver<Form>>, []>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(valid);
    const { resolver, preload } = deferredResolver(load);
    preload();
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(load).toHaveBeenCalledTimes(1);
    await expect(resolver({ email: 'a', password: '' }, undefined, options)).resolves.toMatchObject({ errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
