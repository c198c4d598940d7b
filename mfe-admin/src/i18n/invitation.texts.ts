import type { BundleShape } from '@planta/i18n';

/** Texts of the registration invitation (Empresas), in the four languages. */
const es = {
  invitation: {
    open: 'Invitar a registrar una empresa',
    title: 'Invitación para registrar una empresa',
    explain:
      'En esta instalación las empresas nuevas se registran solo por invitación. El enlace sirve una sola vez: quien lo abra podrá registrar su empresa y será su administrador.',
    days: 'Válida durante',
    validity: { d1: '24 horas', d3: '3 días', d7: '1 semana', d14: '2 semanas', d30: '30 días' },
    note: 'Nota',
    noteHint: 'Para quién es, para recordarlo (opcional)',
    create: 'Crear enlace',
    made: 'Enlace creado. Caduca el {{date}}.',
    link: 'Enlace de invitación',
    copy: 'Copiar',
    copied: 'Copiado',
    once: 'Guarda o envía el enlace ahora: por seguridad no se vuelve a mostrar.',
    close: 'Cerrar',
  },
};

const en: BundleShape<typeof es> = {
  invitation: {
    open: 'Invite a company to register',
    title: 'Invitation to register a company',
    explain:
      'On this installation new companies register by invitation only. The link works once: whoever opens it can register their company and becomes its administrator.',
    days: 'Valid for',
    validity: { d1: '24 hours', d3: '3 days', d7: '1 week', d14: '2 weeks', d30: '30 days' },
    note: 'Note',
    noteHint: 'Who it is for, to remember (optional)',
    create: 'Create link',
    made: 'Link created. It expires on {{date}}.',
    link: 'Invitation link',
    copy: 'Copy',
    copied: 'Copied',
    once: 'Keep or send the link now: for safety it is not shown again.',
    close: 'Close',
  },
};

const ar: BundleShape<typeof es> = {
  invitation: {
    open: 'دعوة شركة للتسجيل',
    title: 'دعوة لتسجيل شركة',
    explain: 'في هذا التثبيت تُسجَّل الشركات الجديدة بالدعوة فقط. الرابط يعمل مرة واحدة: من يفتحه يمكنه تسجيل شركته ويصبح مسؤولها.',
    days: 'صالحة لمدة',
    validity: { d1: '24 ساعة', d3: '3 أيام', d7: 'أسبوع واحد', d14: 'أسبوعان', d30: '30 يومًا' },
    note: 'ملاحظة',
    noteHint: 'لمن هي، للتذكير (اختياري)',
    create: 'إنشاء الرابط',
    made: 'تم إنشاء الرابط. ينتهي في {{date}}.',
    link: 'رابط الدعوة',
    copy: 'نسخ',
    copied: 'تم النسخ',
    once: 'احفظ الرابط أو أرسله الآن: لن يُعرض مرة أخرى لأسباب أمنية.',
    close: 'إغلاق',
  },
};

const tr: BundleShape<typeof es> = {
  invitation: {
    open: 'Bir şirketi kayda davet et',
    title: 'Şirket kaydı daveti',
    explain: 'Bu kurulumda yeni şirketler yalnızca davetle kaydolur. Bağlantı bir kez çalışır: açan kişi şirketini kaydedebilir ve yöneticisi olur.',
    days: 'Geçerlilik',
    validity: { d1: '24 saat', d3: '3 gün', d7: '1 hafta', d14: '2 hafta', d30: '30 gün' },
    note: 'Not',
    noteHint: 'Kimin için olduğu, hatırlamak için (isteğe bağlı)',
    create: 'Bağlantı oluştur',
    made: 'Bağlantı oluşturuldu. {{date}} tarihinde sona erer.',
    link: 'Davet bağlantısı',
    copy: 'Kopyala',
    copied: 'Kopyalandı',
    once: 'Bağlantıyı şimdi saklayın veya gönderin: güvenlik için tekrar gösterilmez.',
    close: 'Kapat',
  },
};

export const invitationTexts = { es, en, ar, tr };
