import type { auth as es } from '../es/auth';
import type { BundleShape } from '../types';

export const auth: BundleShape<typeof es> = {
  login: {
    title: 'سجّل الدخول إلى حسابك',
    email: 'البريد الإلكتروني',
    password: 'كلمة المرور',
    showPassword: 'إظهار كلمة المرور',
    hidePassword: 'إخفاء كلمة المرور',
    submit: 'دخول',
    noAccount: 'ليس لديك حساب؟',
    register: 'أنشئ حسابًا',
    logoAlt: 'شعار Planta',
    description: 'شريكك الموثوق والمنتج والشفاف في إدارة مصنع البثق.',
    detail: 'الإنتاج والصيانة وورشة القوالب في مكان واحد، مع معلومات محدّثة لكل وردية.',
  },
  register: {
    title: 'أنشئ حسابك',
    tabs: {
      jwt: 'البريد وكلمة المرور',
      firebase: 'حساب Google',
      auth0: 'الدخول المؤسسي (SSO)',
    },
    displayName: 'الاسم المعروض',
    email: 'البريد الإلكتروني',
    password: 'كلمة المرور',
    confirmPassword: 'تأكيد كلمة المرور',
    companyName: 'اسم الشركة',
    submit: 'إنشاء حساب',
    haveAccount: 'لديك حساب بالفعل؟',
    toLogin: 'سجّل الدخول',
    toDashboard: 'الانتقال إلى لوحة المعلومات',
    providerNotConfigured: 'طريقة التسجيل هذه غير مهيأة في هذا التثبيت. استخدم «{{fallback}}» أو اطلب حسابًا من المسؤول.',
    success: 'تم إنشاء حسابك بنجاح',
    closed: 'تسجيل الشركات الجديدة مغلق في هذا التثبيت. اطلب حسابًا من مسؤول شركتك.',
    invitation: 'رمز الدعوة',
  },
  logout: {
    message: 'جارٍ تسجيل الخروج...',
    done: 'تم تسجيل الخروج',
  },
  changePassword: {
    title: 'غيّر كلمة المرور',
    explanation: 'دخلت بكلمة مرور مؤقتة. اختر كلمة مرور جديدة للمتابعة.',
    current: 'كلمة المرور الحالية (المؤقتة)',
    new: 'كلمة المرور الجديدة',
    confirm: 'تأكيد كلمة المرور الجديدة',
    submit: 'تغيير كلمة المرور',
    done: 'تم تغيير كلمة المرور بنجاح',
    signOut: 'تسجيل الخروج',
  },
  callback: {
    providerNotConfigured: 'تسجيل الدخول عبر مزوّد خارجي غير مُعدّ في هذا التثبيت.',
    message: 'جارٍ التحقق من صلاحية الدخول...',
  },
};
