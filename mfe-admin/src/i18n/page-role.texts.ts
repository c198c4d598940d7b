import type { BundleShape } from '@planta/i18n';

/** Texts of the page-role permissions screen (spec 2.4): the table, the permissions dialog and the matrix. */
const es = {
  pageRole: {
    title: 'Permisos por rol',
    empty: 'No hay permisos que mostrar.',
    exportName: 'permisos-por-rol',
    views: { label: 'Vista', table: 'Tabla', matrix: 'Matriz' },
    columns: {
      page_name: 'Página',
      page_description: 'Descripción',
      page_alias: 'Alias',
      role_name: 'Rol',
      role_description: 'Descripción del rol',
      grants: 'Permisos',
    },
    actions: { read: 'Leer', insert: 'Crear', update: 'Modificar', delete: 'Eliminar' },
    /** One letter per action in the matrix cells. */
    letters: { read: 'L', insert: 'C', update: 'M', delete: 'E' },
    none: 'Ninguno',
    dialog: {
      title: 'Permisos de {{role}} en {{page}}',
      tabs: { grants: 'Permisos', history: 'Historial' },
      readOnly: 'Solo puedes consultar estos permisos.',
    },
    matrix: {
      caption: 'Permisos de cada rol en cada página',
      search: 'Buscar página',
      page: 'Página',
      builtIn: 'Rol del sistema',
      own: 'Rol propio de la empresa',
      legend: 'L: leer · C: crear · M: modificar · E: eliminar',
      toggle: '{{action}} · {{page}} · {{role}}',
      noRow: 'Sin permiso definido',
      noPages: 'Ninguna página coincide con la búsqueda.',
      failed: 'No se guardó el cambio: {{message}}',
    },
  },
};

const en: BundleShape<typeof es> = {
  pageRole: {
    title: 'Role permissions',
    empty: 'There are no permissions to show.',
    exportName: 'role-permissions',
    views: { label: 'View', table: 'Table', matrix: 'Matrix' },
    columns: {
      page_name: 'Page',
      page_description: 'Description',
      page_alias: 'Alias',
      role_name: 'Role',
      role_description: 'Role description',
      grants: 'Permissions',
    },
    actions: { read: 'Read', insert: 'Create', update: 'Edit', delete: 'Delete' },
    letters: { read: 'R', insert: 'C', update: 'E', delete: 'D' },
    none: 'None',
    dialog: {
      title: 'Permissions of {{role}} on {{page}}',
      tabs: { grants: 'Permissions', history: 'History' },
      readOnly: 'You can only view these permissions.',
    },
    matrix: {
      caption: 'Permissions of each role on each page',
      search: 'Search page',
      page: 'Page',
      builtIn: 'System role',
      own: "Company's own role",
      legend: 'R: read · C: create · E: edit · D: delete',
      toggle: '{{action}} · {{page}} · {{role}}',
      noRow: 'No permission defined',
      noPages: 'No page matches the search.',
      failed: 'The change was not saved: {{message}}',
    },
  },
};

const ar: BundleShape<typeof es> = {
  pageRole: {
    title: 'صلاحيات الأدوار',
    empty: 'لا توجد صلاحيات لعرضها.',
    exportName: 'role-permissions',
    views: { label: 'العرض', table: 'جدول', matrix: 'مصفوفة' },
    columns: {
      page_name: 'الصفحة',
      page_description: 'الوصف',
      page_alias: 'الاسم المستعار',
      role_name: 'الدور',
      role_description: 'وصف الدور',
      grants: 'الصلاحيات',
    },
    actions: { read: 'قراءة', insert: 'إنشاء', update: 'تعديل', delete: 'حذف' },
    letters: { read: 'ق', insert: 'إ', update: 'ت', delete: 'ح' },
    none: 'لا شيء',
    dialog: {
      title: 'صلاحيات {{role}} في {{page}}',
      tabs: { grants: 'الصلاحيات', history: 'السجل' },
      readOnly: 'يمكنك عرض هذه الصلاحيات فقط.',
    },
    matrix: {
      caption: 'صلاحيات كل دور في كل صفحة',
      search: 'البحث عن صفحة',
      page: 'الصفحة',
      builtIn: 'دور النظام',
      own: 'دور خاص بالشركة',
      legend: 'ق: قراءة · إ: إنشاء · ت: تعديل · ح: حذف',
      toggle: '{{action}} · {{page}} · {{role}}',
      noRow: 'لا توجد صلاحية محددة',
      noPages: 'لا توجد صفحة تطابق البحث.',
      failed: 'لم يُحفظ التغيير: {{message}}',
    },
  },
};

const tr: BundleShape<typeof es> = {
  pageRole: {
    title: 'Rol izinleri',
    empty: 'Gösterilecek izin yok.',
    exportName: 'rol-izinleri',
    views: { label: 'Görünüm', table: 'Tablo', matrix: 'Matris' },
    columns: {
      page_name: 'Sayfa',
      page_description: 'Açıklama',
      page_alias: 'Takma ad',
      role_name: 'Rol',
      role_description: 'Rol açıklaması',
      grants: 'İzinler',
    },
    actions: { read: 'Okuma', insert: 'Oluşturma', update: 'Düzenleme', delete: 'Silme' },
    letters: { read: 'O', insert: 'Y', update: 'D', delete: 'S' },
    none: 'Yok',
    dialog: {
      title: '{{role}} rolünün {{page}} izinleri',
      tabs: { grants: 'İzinler', history: 'Geçmiş' },
      readOnly: 'Bu izinleri yalnızca görüntüleyebilirsiniz.',
    },
    matrix: {
      caption: 'Her rolün her sayfadaki izinleri',
      search: 'Sayfa ara',
      page: 'Sayfa',
      builtIn: 'Sistem rolü',
      own: 'Şirkete özel rol',
      legend: 'O: okuma · Y: oluşturma · D: düzenleme · S: silme',
      toggle: '{{action}} · {{page}} · {{role}}',
      noRow: 'Tanımlı izin yok',
      noPages: 'Aramayla eşleşen sayfa yok.',
      failed: 'Değişiklik kaydedilmedi: {{message}}',
    },
  },
};

export const pageRoleTexts = { es, en, ar, tr };
