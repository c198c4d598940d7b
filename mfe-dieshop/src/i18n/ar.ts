import type { BundleShape } from '@planta/i18n';
import type { dieshop as es } from './es';

export const dieshop: BundleShape<typeof es> = {
  load: {
    failed: 'تعذّر عرض المعلومات',
    retry: 'إعادة المحاولة',
    back: 'العودة إلى مخزون القوالب',
  },
};
