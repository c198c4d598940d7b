import { createFederatedConfig, DEV_PORTS } from '@planta/rspack-config';

export default createFederatedConfig({
  name: 'mfe_admin',
  appRoot: import.meta.dirname,
  exposes: { './module': './src/module.ts' },
  devPort: DEV_PORTS.mfe_admin,
});
