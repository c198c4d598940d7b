import { stopApi } from './api-server';

export default async function globalTeardown(): Promise<void> {
  const api = globalThis.plantaE2eApi;
  globalThis.plantaE2eApi = undefined;
  if (api) await stopApi(api);
}
