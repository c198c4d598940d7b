import type { BundleShape } from '@planta/i18n';
import type { dieshop as es } from './es';

export const dieshop: BundleShape<typeof es> = {
  correctionRecord: {
    title: 'سجل التصحيح رقم {{id}}',
    die: 'القالب',
    reason: 'السبب',
    status: 'الحالة',
    openedAt: 'فُتح في',
    closedAt: 'أُغلق في',
    reports: 'تقارير المصحِّح',
    noReports: 'لا توجد تقارير من المصحِّح لهذا التصحيح بعد.',
  },
  correctionReport: {
    title: 'تقرير التصحيح رقم {{id}}',
    die: 'القالب',
    correction: 'التصحيح',
    findings: 'الملاحظات',
    actions: 'الإجراءات المتخذة',
    createdAt: 'تاريخ التقرير',
    mismatch: 'هذا التقرير لا يخص التصحيح المذكور في الرابط.',
  },
  correctionStatus: {
    open: 'مفتوح',
    'in-progress': 'قيد التنفيذ',
    closed: 'مغلق',
  },
  load: {
    failed: 'تعذّر عرض المعلومات',
    retry: 'إعادة المحاولة',
    back: 'العودة إلى مخزون القوالب',
  },
};
