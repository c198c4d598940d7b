import type { common as es } from '../es/common';
import type { BundleShape } from '../types';

export const common: BundleShape<typeof es> = {
  loading: 'جارٍ التحميل...',
  actions: {
    save: 'حفظ',
    cancel: 'إلغاء',
    close: 'إغلاق',
    delete: 'حذف',
    edit: 'تعديل',
    new: 'جديد',
    add: 'إضافة',
    search: 'بحث',
    exportExcel: 'تصدير إلى Excel',
    retry: 'إعادة المحاولة',
    back: 'رجوع',
    confirm: 'تأكيد',
    accept: 'موافق',
    clear: 'مسح',
    refresh: 'تحديث',
    view: 'عرض',
    send: 'إرسال',
  },
  words: {
    yes: 'نعم',
    no: 'لا',
    actions: 'الإجراءات',
    noData: 'لا توجد بيانات',
    all: 'الكل',
    name: 'الاسم',
    description: 'الوصف',
    date: 'التاريخ',
    status: 'الحالة',
  },
  table: {
    rowsPerPage: 'عدد الصفوف في الصفحة',
    noData: 'لا توجد بيانات',
    searchPlaceholder: 'بحث...',
    range: '{{from}}–{{to}} من {{count}}',
    firstPage: 'الصفحة الأولى',
    previousPage: 'الصفحة السابقة',
    nextPage: 'الصفحة التالية',
    lastPage: 'الصفحة الأخيرة',
    sortAscending: 'ترتيب تصاعدي',
    sortDescending: 'ترتيب تنازلي',
  },
  confirmDelete: {
    title: 'حذف السجل',
    message: 'هل أنت متأكد من حذف هذا السجل؟ لا يمكن التراجع عن هذا الإجراء.',
  },
  chipSelect: {
    noOptions: 'صِف العنصر',
  },
  upload: {
    choose: 'اختيار ملف',
    dropHere: 'اسحب ملفًا وأفلته هنا',
    maxSize: 'الحد الأقصى المسموح به للحجم هو {{n}} ميغابايت',
  },
  feedback: {
    saved: 'تم حفظ التغييرات',
    deleted: 'تم حذف السجل',
  },
  errors: {
    forbidden: 'ليست لديك صلاحية لتنفيذ هذا الإجراء',
    network: 'تعذّر الاتصال بالخادم. تحقّق من اتصالك وحاول مرة أخرى.',
    unexpected: 'حدث خطأ غير متوقع. حاول مرة أخرى.',
    notFound: 'غير موجود',
  },
  landing: {
    soon: 'ستتوفر هذه الشاشة قريبًا، وستجد هنا بيانات شركتك.',
  },
};
