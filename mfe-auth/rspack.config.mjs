import { createFederatedConfig } from '@planta/rspack-config';

export default createFederatedConfig({
  name: 'mfe_auth',
  appRoot: import.meta.dirname,
  exposes: { './module': './src/module.ts' },
  devPort: 4100,
});
