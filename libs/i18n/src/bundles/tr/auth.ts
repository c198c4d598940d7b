import type { auth as es } from '../es/auth';
import type { BundleShape } from '../types';

export const auth: BundleShape<typeof es> = {
  login: {
    title: 'HESABINIZA GİRİŞ YAPIN',
    email: 'E-posta',
    password: 'Şifre',
    showPassword: 'Şifreyi göster',
    hidePassword: 'Şifreyi gizle',
    submit: 'GİRİŞ YAP',
    noAccount: 'Hesabınız yok mu?',
    register: 'Kaydolun',
    logoAlt: 'Planta logosu',
    description: 'Ekstrüzyon tesisinin yönetiminde güvenilir, verimli ve şeffaf yol arkadaşınız.',
    detail: 'Üretim, bakım ve kalıphane tek bir yerde; her vardiya için güncel bilgilerle.',
  },
  register: {
    title: 'Hesabınızı oluşturun',
    tabs: {
      jwt: 'E-posta ve parola',
      firebase: 'Google hesabı',
      auth0: 'Kurumsal giriş (SSO)',
    },
    displayName: 'Görünen ad',
    email: 'E-posta',
    password: 'Şifre',
    confirmPassword: 'Şifreyi onayla',
    companyName: 'Şirket adı',
    submit: 'Hesap oluştur',
    haveAccount: 'Zaten hesabınız var mı?',
    toLogin: 'Giriş yapın',
    toDashboard: 'Panoya git',
    providerNotConfigured: 'Bu kayıt yöntemi bu kurulumda yapılandırılmamış. “{{fallback}}” seçeneğini kullanın veya bir yöneticiden hesap isteyin.',
    success: 'Hesabınız oluşturuldu',
    closed: 'Bu kurulumda yeni şirket kaydı kapalıdır. Şirketinizin yöneticisinden bir hesap isteyin.',
    invitation: 'Davet kodu',
  },
  logout: {
    message: 'Oturum kapatılıyor...',
    done: 'Oturum kapatıldı',
  },
  changePassword: {
    title: 'Parolanızı değiştirin',
    explanation: 'Geçici bir parolayla giriş yaptınız. Devam etmek için yeni bir parola seçin.',
    current: 'Mevcut parola (geçici olan)',
    new: 'Yeni parola',
    confirm: 'Yeni parolayı onaylayın',
    submit: 'Parolayı değiştir',
    done: 'Parolanız değiştirildi',
    signOut: 'Çıkış yap',
  },
  callback: {
    providerNotConfigured: 'Harici bir sağlayıcıyla oturum açma bu kurulumda yapılandırılmamış.',
    message: 'Erişiminiz doğrulanıyor...',
  },
};
