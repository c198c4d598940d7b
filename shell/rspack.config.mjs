import { createFederatedConfig } from '@planta/rspack-config';

export default createFederatedConfig({ name: 'shell', appRoot: import.meta.dirname, host: true, devPort: 4200 });
