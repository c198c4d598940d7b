import type { BundleShape } from '@planta/i18n';

/** Texts of the company's share links screen (issue 36), in the four languages. */
const es = {
  shareLinks: {
    title: 'Enlaces compartidos',
    empty: 'No hay enlaces vigentes.',
    exportName: 'enlaces-compartidos',
    columns: { resource: 'Qué abre', created_by_name: 'Creado por', created_at: 'Creado', expires_at: 'Caduca', shows: 'Muestra' },
    resources: {
      'die-summary': 'Ficha de la matriz {{label}}',
      'correction-record': 'Corrección {{label}}',
      'correction-report': 'Intento {{attempt}} de la corrección {{label}}',
    },
    gone: 'Un registro que ya no existe',
    linkTitle: 'Enlace compartido',
    revoke: 'Revocar enlace',
    notYours: 'Solo quien lo creó o quien administra los enlaces compartidos puede revocarlo.',
  },
};

const en: BundleShape<typeof es> = {
  shareLinks: {
    title: 'Shared links',
    empty: 'There are no valid links.',
    exportName: 'shared-links',
    columns: { resource: 'Opens', created_by_name: 'Created by', created_at: 'Created', expires_at: 'Expires', shows: 'Shows' },
    resources: {
      'die-summary': 'Die summary {{label}}',
      'correction-record': 'Correction {{label}}',
      'correction-report': 'Attempt {{attempt}} of correction {{label}}',
    },
    gone: 'A record that no longer exists',
    linkTitle: 'Shared link',
    revoke: 'Revoke link',
    notYours: 'Only whoever created it or whoever administers shared links may revoke it.',
  },
};

const ar: BundleShape<typeof es> = {
  shareLinks: {
    title: 'الروابط المشتركة',
    empty: 'لا توجد روابط سارية.',
    exportName: 'الروابط-المشتركة',
    columns: { resource: 'ما يفتحه', created_by_name: 'أنشأه', created_at: 'أُنشئ', expires_at: 'ينتهي', shows: 'يعرض' },
    resources: {
      'die-summary': 'بطاقة القالب {{label}}',
      'correction-record': 'التصحيح {{label}}',
      'correction-report': 'المحاولة {{attempt}} من التصحيح {{label}}',
    },
    gone: 'سجل لم يعد موجودًا',
    linkTitle: 'رابط مشترك',
    revoke: 'إلغاء الرابط',
    notYours: 'لا يمكن إلغاؤه إلا لمن أنشأه أو لمن يدير الروابط المشتركة.',
  },
};

const tr: BundleShape<typeof es> = {
  shareLinks: {
    title: 'Paylaşılan bağlantılar',
    empty: 'Geçerli bağlantı yok.',
    exportName: 'paylasilan-baglantilar',
    columns: { resource: 'Açtığı', created_by_name: 'Oluşturan', created_at: 'Oluşturulma', expires_at: 'Sona erme', shows: 'Gösterdikleri' },
    resources: {
      'die-summary': '{{label}} kalıp kartı',
      'correction-record': '{{label}} düzeltmesi',
      'correction-report': '{{label}} düzeltmesinin {{attempt}}. denemesi',
    },
    gone: 'Artık var olmayan bir kayıt',
    linkTitle: 'Paylaşılan bağlantı',
    revoke: 'Bağlantıyı iptal et',
    notYours: 'Yalnızca oluşturan kişi veya paylaşılan bağlantıları yöneten kişi iptal edebilir.',
  },
};

export const shareLinkTexts = { es, en, ar, tr };
