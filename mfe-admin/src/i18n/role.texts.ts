import type { BundleShape } from '@planta/i18n';

/** Texts of the roles screen, in the four languages. */
const es = {
  role: {
    title: 'Roles',
    empty: 'No hay roles.',
    exportName: 'roles',
    newTitle: 'Nuevo rol',
    editTitle: 'Rol: {{name}}',
    fields: { name: 'Nombre', description: 'Descripción', built_in: 'Tipo', holders: 'Usuarios' },
    builtIn: 'Integrado',
    own: 'Propio',
    builtInNotice: 'Los roles integrados (admin, staff, user, guest) son comunes a todas las empresas y no se pueden modificar ni eliminar.',
    newNotice: 'Un rol nuevo no tiene ningún permiso hasta que se lo des en «Permisos por rol».',
    holdersText: 'Usuarios de la empresa que lo tienen: {{count}}',
  },
};

const en: BundleShape<typeof es> = {
  role: {
    title: 'Roles',
    empty: 'There are no roles.',
    exportName: 'roles',
    newTitle: 'New role',
    editTitle: 'Role: {{name}}',
    fields: { name: 'Name', description: 'Description', built_in: 'Kind', holders: 'Users' },
    builtIn: 'Built-in',
    own: 'Own',
    builtInNotice: 'The built-in roles (admin, staff, user, guest) are shared by every company and cannot be changed or deleted.',
    newNotice: 'A new role has no permission until you give it one in “Role permissions”.',
    holdersText: 'Users of the company who hold it: {{count}}',
  },
};

const ar: BundleShape<typeof es> = {
  role: {
    title: 'الأدوار',
    empty: 'لا توجد أدوار.',
    exportName: 'الأدوار',
    newTitle: 'دور جديد',
    editTitle: 'الدور: {{name}}',
    fields: { name: 'الاسم', description: 'الوصف', built_in: 'النوع', holders: 'المستخدمون' },
    builtIn: 'مدمج',
    own: 'خاص',
    builtInNotice: 'الأدوار المدمجة (admin وstaff وuser وguest) مشتركة بين جميع الشركات ولا يمكن تعديلها أو حذفها.',
    newNotice: 'لا يملك الدور الجديد أي صلاحية حتى تمنحه إياها في «الصلاحيات حسب الدور».',
    holdersText: 'مستخدمو الشركة الذين يحملونه: {{count}}',
  },
};

const tr: BundleShape<typeof es> = {
  role: {
    title: 'Roller',
    empty: 'Rol yok.',
    exportName: 'roller',
    newTitle: 'Yeni rol',
    editTitle: 'Rol: {{name}}',
    fields: { name: 'Ad', description: 'Açıklama', built_in: 'Tür', holders: 'Kullanıcılar' },
    builtIn: 'Yerleşik',
    own: 'Özel',
    builtInNotice: 'Yerleşik roller (admin, staff, user, guest) tüm şirketlerde ortaktır; değiştirilemez ve silinemez.',
    newNotice: 'Yeni bir rolün, “Rol izinleri” ekranında izin verilene kadar hiçbir izni yoktur.',
    holdersText: 'Bu role sahip şirket kullanıcıları: {{count}}',
  },
};

export const roleTexts = { es, en, ar, tr };
