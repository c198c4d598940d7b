import type { BundleShape } from '@planta/i18n';
import type { dieshop as es } from './es';

export const dieshop: BundleShape<typeof es> = {
  load: {
    failed: 'The information could not be shown',
    retry: 'Retry',
    back: 'Back to the die inventory',
  },
};
