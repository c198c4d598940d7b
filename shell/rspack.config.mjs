import { createFederatedConfig, DEV_PORTS } from '@planta/rspack-config';

export default createFederatedConfig({ name: 'shell', appRoot: import.meta.dirname, host: true, devPort: DEV_PORTS.shell });
