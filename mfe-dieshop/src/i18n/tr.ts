import type { BundleShape } from '@planta/i18n';
import type { dieshop as es } from './es';

export const dieshop: BundleShape<typeof es> = {
  correctionRecord: {
    title: 'Düzeltme kaydı no. {{id}}',
    die: 'Kalıp',
    reason: 'Neden',
    status: 'Durum',
    openedAt: 'Açılış tarihi',
    closedAt: 'Kapanış tarihi',
    reports: 'Düzeltmeci raporları',
    noReports: 'Bu düzeltme için henüz düzeltmeci raporu yok.',
  },
  correctionReport: {
    title: 'Düzeltme raporu no. {{id}}',
    die: 'Kalıp',
    correction: 'Düzeltme',
    findings: 'Bulgular',
    actions: 'Yapılan işlemler',
    createdAt: 'Rapor tarihi',
    mismatch: 'Bu rapor, bağlantının belirttiği düzeltmeye ait değil.',
  },
  correctionStatus: {
    open: 'Açık',
    'in-progress': 'Devam ediyor',
    closed: 'Kapalı',
  },
  load: {
    failed: 'Bilgiler gösterilemedi',
    retry: 'Yeniden dene',
    back: 'Kalıp envanterine dön',
  },
};
