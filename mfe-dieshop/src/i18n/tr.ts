import type { BundleShape } from '@planta/i18n';
import type { dieshop as es } from './es';

export const dieshop: BundleShape<typeof es> = {
  load: {
    failed: 'Bilgiler gösterilemedi',
    retry: 'Yeniden dene',
    back: 'Kalıp envanterine dön',
  },
};
