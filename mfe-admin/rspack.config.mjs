import { createFederatedConfig } from '@planta/rspack-config';

export default createFederatedConfig({
  name: 'mfe_admin',
  appRoot: import.meta.dirname,
  exposes: { './module': './src/module.ts' },
  devPort: 4104,
});
