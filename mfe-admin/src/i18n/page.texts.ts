import type { BundleShape } from '@planta/i18n';

/** Texts of the pages screen, in the four languages. */
const es = {
  page: {
    title: 'Páginas',
    empty: 'No hay páginas.',
    exportName: 'paginas',
    editTitle: 'Página: {{name}}',
    fields: { name: 'Nombre', description: 'Descripción', alias: 'Alias', area: 'Área', customised: 'Nombre propio' },
    customised: 'Personalizado',
    original: 'Original',
    catalogue: 'Nombre original: {{name}}',
    notice: 'El nombre y la descripción que escribas aquí son los de tu empresa; el alias y el área vienen del portal y no se pueden cambiar.',
    restore: 'Restaurar nombre original',
    confirmRestoreTitle: 'Restaurar nombre original',
    confirmRestore: '¿Volver al nombre «{{name}}» y a la descripción original del portal?',
    restored: 'Nombre original restaurado',
  },
};

const en: BundleShape<typeof es> = {
  page: {
    title: 'Pages',
    empty: 'There are no pages.',
    exportName: 'pages',
    editTitle: 'Page: {{name}}',
    fields: { name: 'Name', description: 'Description', alias: 'Alias', area: 'Area', customised: 'Own name' },
    customised: 'Customised',
    original: 'Original',
    catalogue: 'Original name: {{name}}',
    notice: "The name and description you write here are your company's; the alias and area come from the portal and cannot be changed.",
    restore: 'Restore original name',
    confirmRestoreTitle: 'Restore original name',
    confirmRestore: 'Go back to the name “{{name}}” and the portal’s original description?',
    restored: 'Original name restored',
  },
};

const ar: BundleShape<typeof es> = {
  page: {
    title: 'الصفحات',
    empty: 'لا توجد صفحات.',
    exportName: 'الصفحات',
    editTitle: 'الصفحة: {{name}}',
    fields: { name: 'الاسم', description: 'الوصف', alias: 'الاسم المستعار', area: 'القسم', customised: 'اسم خاص' },
    customised: 'مخصص',
    original: 'أصلي',
    catalogue: 'الاسم الأصلي: {{name}}',
    notice: 'الاسم والوصف اللذان تكتبهما هنا خاصان بشركتك؛ الاسم المستعار والقسم يأتيان من البوابة ولا يمكن تغييرهما.',
    restore: 'استعادة الاسم الأصلي',
    confirmRestoreTitle: 'استعادة الاسم الأصلي',
    confirmRestore: 'العودة إلى الاسم «{{name}}» والوصف الأصلي للبوابة؟',
    restored: 'تمت استعادة الاسم الأصلي',
  },
};

const tr: BundleShape<typeof es> = {
  page: {
    title: 'Sayfalar',
    empty: 'Sayfa yok.',
    exportName: 'sayfalar',
    editTitle: 'Sayfa: {{name}}',
    fields: { name: 'Ad', description: 'Açıklama', alias: 'Takma ad', area: 'Alan', customised: 'Özel ad' },
    customised: 'Özelleştirilmiş',
    original: 'Özgün',
    catalogue: 'Özgün ad: {{name}}',
    notice: 'Buraya yazdığınız ad ve açıklama şirketinize aittir; takma ad ve alan portaldan gelir ve değiştirilemez.',
    restore: 'Özgün adı geri yükle',
    confirmRestoreTitle: 'Özgün adı geri yükle',
    confirmRestore: '“{{name}}” adına ve portalın özgün açıklamasına dönülsün mü?',
    restored: 'Özgün ad geri yüklendi',
  },
};

export const pageTexts = { es, en, ar, tr };
